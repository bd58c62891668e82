import {
  readRecords,
  SluiceError,
  Type,
  defineComponent,
  jsonSchema,
  type CheckResult,
  type ComponentFactory,
  type ConnectionCheck,
  type Stream,
} from "../../sdk/index.js";

/**
 * `CheckStream`: the config works when each named stream can read its first page.
 *
 * @example
 * check: { type: CheckStream, stream_names: [users] }
 */
export const CheckStreamComponent: ComponentFactory<ConnectionCheck> = defineComponent({
  type: "CheckStream",
  kind: "check",
  description: "Checks the config by reading the first page of some streams",
  examples: [{ stream_names: ["users"] }],
  schema: Type.Object({
    stream_names: Type.Optional(Type.Array(Type.String())),
    dynamic_streams_check_configs: Type.Optional(jsonSchema<unknown[]>({ type: "array" })),
  }),
  build(def) {
    const names = def.stream_names ?? [];
    return {
      async check(streams: ReadonlyMap<string, Stream>, signal?: AbortSignal): Promise<CheckResult> {
        const chosen = names.length > 0 ? names : [...streams.keys()].slice(0, 1);
        for (const name of chosen) {
          const stream = streams.get(name);
          if (!stream) return { ok: false, message: `The check names stream '${name}', which the manifest does not define (streams: ${[...streams.keys()].join(", ")})` };
          try {
            await readFirstPage(stream, signal);
          } catch (error) {
            return { ok: false, message: error instanceof SluiceError ? error.describe() : String(error) };
          }
        }
        return { ok: true };
      },
    };
  },
});

const FIRST_PAGE_DONE = Symbol("first page done");

/** Reads until the first record or the end of the first page, whichever comes first; never a second page. */
export async function readFirstPage(stream: Stream, signal?: AbortSignal): Promise<void> {
  try {
    const records = readRecords(stream, {
      signal,
      onPage() {
        throw FIRST_PAGE_DONE;
      },
    });
    for await (const _record of records) break;
  } catch (error) {
    if (error !== FIRST_PAGE_DONE) throw error;
  }
}
