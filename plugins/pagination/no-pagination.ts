import {
  Type,
  defineComponent,
  type ComponentFactory,
  type PageFacts,
  type OutgoingRequest,
  type Paginator,
} from "../../sdk/index.js";

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
  readonly readsRecords = false;

  readonly initialToken: unknown = undefined;

  nextPageToken(_page: PageFacts): unknown {
    return undefined;
  }

  stopReason(): string {
    return "NoPagination: the stream reads one page";
  }

  pagePath(_token: unknown): string | undefined {
    return undefined;
  }

  applyToRequest(_request: OutgoingRequest, _token: unknown): void {}
}

/** The `NoPagination` component. */
export const NoPaginationComponent: ComponentFactory<NoPagination> = defineComponent({
  type: "NoPagination",
  kind: "paginator",
  description: "Reads a single page",
  examples: [{}],
  schema: Type.Object({}),
  build: () => new NoPagination(),
});
