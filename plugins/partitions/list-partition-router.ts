import {
  ConfigError,
  Interpolator,
  Type,
  componentSchema,
  defineComponent,
  jsonSchema,
  makeSlice,
  type ComponentFactory,
  type OutgoingRequest,
  type RequestOption,
  type StreamSlice,
  type StreamSlicer,
} from "../../sdk/index.js";
import { injectPartitionValue } from "../shared/partition-option.js";

/** What a {@link ListPartitionRouter} is made of. */
interface ListPartitionRouterParts {
  /** The slice key each value is read under (`cursor_field`, evaluated once). */
  cursorField: string;
  /** The values, or the reason they are not a list (reported when the stream is read, as in the kit). */
  values: unknown[] | { invalid: string; found: string };
  requestOption?: RequestOption;
  /** The manifest path, for errors. */
  path: string;
}

/**
 * `ListPartitionRouter`: one slice per listed value, under `cursor_field` (`{{ stream_partition.repository }}`
 * in the requester's templates); `request_option` also sends the value in each request. `values` is a
 * list, or a template over `config` that evaluates to a list (evaluated once, when the connector is built).
 *
 * @example
 * # GitHub issues of each repository the end user lists in the config
 * retriever:
 *   requester: { path: "/repos/{{ stream_partition.repository }}/issues" }
 *   partition_router:
 *     type: ListPartitionRouter
 *     values: "{{ config['repositories'] }}"      # ["octo/hello", "octo/world"]
 *     cursor_field: repository
 *     request_option: { type: RequestOption, inject_into: header, field_name: X-Repository }   # optional
 */
export class ListPartitionRouter implements StreamSlicer {
  constructor(private readonly parts: ListPartitionRouterParts) {}

  get partitionFields(): readonly string[] {
    return [this.parts.cursorField];
  }

  async *slices(): AsyncGenerator<StreamSlice> {
    const { values, cursorField, path } = this.parts;
    if (!Array.isArray(values)) {
      throw new ConfigError("PARTITION_VALUES_INVALID", `ListPartitionRouter values ${values.invalid}`, {
        failureType: "config_error",
        where: { manifestPath: `${path}.values` },
        expected: "a list of values (e.g. the config field holding an array)",
        found: values.found,
      });
    }
    for (const value of values) yield makeSlice({ [cursorField]: value }, {});
  }

  applyToRequest(request: OutgoingRequest, slice: StreamSlice): void {
    injectPartitionValue(request, this.parts.requestOption, slice, this.parts.cursorField);
  }
}

/** The manifest component; see {@link ListPartitionRouter}. */
export const ListPartitionRouterComponent: ComponentFactory<ListPartitionRouter> = defineComponent({
  type: "ListPartitionRouter",
  kind: "partition_router",
  description: "One slice per value of a list",
  examples: [{ cursor_field: "board_id", values: ["1", "2"], request_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "board" } }],
  fieldDefaults: { request_option: "RequestOption" },
  schema: Type.Object({
    cursor_field: Type.String(),
    values: Type.Union([Type.String(), Type.Array(jsonSchema<string | number | boolean>({ type: ["string", "number", "boolean"] }))]),
    request_option: Type.Optional(componentSchema("request_option")),
  }),
  async build(def, ctx) {
    const interpolator = ctx.get(Interpolator);
    const scope = { config: ctx.config, parameters: ctx.parameters };
    const cursorField = String(interpolator.compile(String(def.cursor_field), { path: `${ctx.path}.cursor_field` }).eval(scope));
    const values = Array.isArray(def.values)
      ? def.values.map(asPythonString)
      : checkList(interpolator.compile(String(def.values), { path: `${ctx.path}.values` }).eval(scope));
    const requestOption = await ctx.build<RequestOption | undefined>("request_option");
    return new ListPartitionRouter({ cursorField, values, requestOption, path: ctx.path });
  },
});

/**
 * The kit's model declares the listed values as strings, and pydantic turns a number or boolean
 * written in the manifest into its Python text (`2024` -> "2024", `true` -> "True").
 */
function asPythonString(value: unknown): unknown {
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "number") return String(value);
  return value;
}

/**
 * An evaluated `values` template must give a list. An empty result gives no slices, as in the kit;
 * other non-lists are refused, where the kit would iterate a string's characters or crash.
 */
function checkList(value: unknown): ListPartitionRouterParts["values"] {
  if (Array.isArray(value)) return value;
  if (value === "") return [];
  if (value === null || value === undefined) return { invalid: "evaluated to None", found: "None (is the config field missing?)" };
  const kind = typeof value === "string" ? "a string" : typeof value === "object" ? "a mapping" : `a ${typeof value}`;
  return { invalid: `evaluated to ${kind}, not a list`, found: kind };
}
