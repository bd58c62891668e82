import {
  readRecords,
  SluiceError,
  Type,
  componentSchema,
  defineComponent,
  type CheckResult,
  type ComponentFactory,
  type ConnectionCheck,
  type Stream,
} from "../../sdk/index.js";
import type { DynamicStreamCheck } from "./dynamic-stream-check-config.js";

/**
 * `CheckStream`: the config works when each named stream can read its first page, and (with
 * `dynamic_streams_check_configs`) the first streams of the named dynamic definitions.
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
    dynamic_streams_check_configs: Type.Optional(Type.Array(componentSchema("dynamic_stream_check"))),
  }),
  fieldDefaults: { dynamic_streams_check_configs: "DynamicStreamCheckConfig" },
  async build(def, ctx) {
    const names = def.stream_names ?? [];
    const dynamicChecks = await Promise.all((def.dynamic_streams_check_configs ?? []).map((c, i) => ctx.buildChild<DynamicStreamCheck>(c, `${ctx.path}.dynamic_streams_check_configs[${i}]`)));
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
        for (const { dynamicStreamName, streamCount } of dynamicChecks) {
          const generated = [...streams.values()].filter((s) => s.dynamicStreamName === dynamicStreamName);
          if (generated.length === 0) return { ok: false, message: `Dynamic stream ${dynamicStreamName} is not found in manifest.` };
          for (const stream of generated.slice(0, streamCount)) {
            try {
              await readFirstPage(stream, signal);
            } catch (error) {
              return { ok: false, message: `Dynamic Stream ${stream.name} is not available: ${error instanceof SluiceError ? error.describe() : String(error)}` };
            }
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
