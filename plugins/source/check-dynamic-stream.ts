import { SluiceError, Type, defineComponent, jsonSchema, type CheckResult, type ComponentFactory, type ConnectionCheck, type Stream } from "../../sdk/index.js";
import { readFirstPage } from "./check-stream.js";

/**
 * `CheckDynamicStream`: for a connector whose streams are mostly dynamic (made per table or per
 * report), the config works when the connector has streams and the first `stream_count` of them (static
 * streams first, then dynamic ones in the order they were made) each read their first page. With
 * `use_check_availability: false`, having streams is enough (the listing request already succeeded).
 *
 * @example
 * check:
 *   type: CheckDynamicStream
 *   stream_count: 1
 */
export const CheckDynamicStreamComponent: ComponentFactory<ConnectionCheck> = defineComponent({
  type: "CheckDynamicStream",
  kind: "check",
  description: "Checks the config by reading the first page of the first streams, dynamic ones included",
  schema: Type.Object({
    stream_count: Type.Integer({ minimum: 0 }),
    use_check_availability: Type.Optional(Type.Boolean()),
    config_overrides: Type.Optional(jsonSchema<Record<string, unknown>>({ type: "object" })),
  }),
  build(def) {
    return {
      async check(streams: ReadonlyMap<string, Stream>, signal?: AbortSignal): Promise<CheckResult> {
        if (streams.size === 0) return { ok: false, message: "The connector has no streams to check (the components resolver found none)" };
        if (def.use_check_availability === false) return { ok: true };
        for (const stream of [...streams.values()].slice(0, def.stream_count)) {
          try {
            await readFirstPage(stream, signal);
          } catch (error) {
            return { ok: false, message: `Stream '${stream.name}': ${error instanceof SluiceError ? error.describe() : String(error)}` };
          }
        }
        return { ok: true };
      },
    };
  },
});
