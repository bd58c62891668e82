import type { ComponentFactory, Paginator } from "../../sdk/index.js";

/**
 * `NoPagination`: one request per stream (or per partition); the default when a retriever has no
 * `paginator`.
 *
 * @example
 * retriever:
 *   type: SimpleRetriever
 *   paginator: { type: NoPagination }
 */
export class NoPagination implements Paginator {
  initialToken(): unknown {
    return undefined;
  }

  nextPageToken(): unknown {
    return undefined;
  }

  pagePath(): string | undefined {
    return undefined;
  }

  applyToRequest(): void {}
}

/** The `NoPagination` component. */
export const NoPaginationComponent: ComponentFactory<NoPagination> = {
  type: "NoPagination",
  kind: "paginator",
  description: "Reads a single page",
  schema: { type: "object", properties: {} },
  build: () => new NoPagination(),
};
