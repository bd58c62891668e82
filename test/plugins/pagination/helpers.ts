/**
 * Test helpers for the pagination plugin: a small in-memory HttpResponse and a BuildContext that
 * builds components from the built-in factories, with the real interpolator.
 */
import { createInterpolator } from "../../../templates/index.js";
import { Interpolator, jsonDocuments, type BuildContext, type ComponentDefinition, type ComponentFactory, type DataRecord, type HttpResponse, type LinkEntry, type PageFacts } from "../../../sdk/index.js";
import { RequestOptionComponent } from "../../../plugins/http/request-option.js";
import { RequestPathComponent } from "../../../plugins/http/request-path.js";
import { CursorPaginationComponent } from "../../../plugins/pagination/cursor-pagination.js";
import { DefaultPaginatorComponent } from "../../../plugins/pagination/default-paginator.js";
import { NoPaginationComponent } from "../../../plugins/pagination/no-pagination.js";
import { OffsetIncrementComponent } from "../../../plugins/pagination/offset-increment.js";
import { PageIncrementComponent } from "../../../plugins/pagination/page-increment.js";

/** A response made in memory: a body (object, array or raw text), headers and parsed links. */
export function fakeResponse(body: unknown, headers: Record<string, string> = {}, links: Record<string, LinkEntry> = {}): HttpResponse {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  let parsed: { value: unknown } | undefined;
  return {
    status: 200,
    url: "http://127.0.0.1/test",
    headers: {
      get: (name) => Object.entries(headers).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1] ?? null,
      entries: () => Object.entries(headers),
    },
    links,
    json: () => (parsed ??= { value: JSON.parse(text) }).value,
    text: () => text,
    bytes: () => Buffer.from(text),
    documents: () => jsonDocuments((parsed ??= { value: JSON.parse(text) }).value),
  };
}

const factories: ComponentFactory[] = [
  RequestOptionComponent,
  RequestPathComponent,
  DefaultPaginatorComponent,
  NoPaginationComponent,
  OffsetIncrementComponent,
  PageIncrementComponent,
  CursorPaginationComponent,
];

/** Builds a component definition the way the engine does (default types by field, children built on demand). */
export async function buildComponent<T>(
  definition: Record<string, unknown>,
  options: { config?: Record<string, unknown>; path?: string } = {},
): Promise<T> {
  const interpolator = createInterpolator();
  const build = async (def: Record<string, unknown>, path: string, defaultType?: string): Promise<unknown> => {
    const type = (def.type as string | undefined) ?? defaultType;
    const factory = factories.find((f) => f.type === type);
    if (!factory) throw new Error(`no factory for ${String(type)} at ${path}`);
    const ctx: BuildContext = {
      path,
      config: options.config ?? {},
      parameters: (def.$parameters as Record<string, unknown> | undefined) ?? {},
      build: async <C>(field: string) => {
        const child = def[field] as Record<string, unknown> | undefined;
        return (child === undefined ? undefined : await build(child, `${path}.${field}`, factory.fieldDefaults?.[field])) as C;
      },
      buildChild: async <C>(child: unknown, childPath: string) => (await build(child as Record<string, unknown>, childPath)) as C,
      buildGenerated: () => Promise.reject(new Error("generated definitions are not built in pagination tests")),
      get: <S>(token: symbol) => {
        if (token === Interpolator) return interpolator as S;
        throw new Error(`no service ${String(token)}`);
      },
      optional: () => undefined,
    };
    return factory.build({ type: type!, ...def } as ComponentDefinition, ctx);
  };
  return (await build(definition, options.path ?? "streams[0].retriever.paginator")) as T;
}

/**
 * The facts of a page for `nextPageToken` / `stopReason`, from the kit's positional values: the raw
 * count is the count unless `extra` says otherwise.
 *
 * @example
 * strategy.nextPageToken(facts(fakeResponse({}), 2, undefined, 4, { rawCount: 3 }))
 */
export function facts(response: HttpResponse, count: number, lastRecord?: DataRecord, lastToken?: unknown, extra: Partial<PageFacts> = {}): PageFacts {
  return { response, count, rawCount: count, lastRecord, lastToken, ...extra };
}
