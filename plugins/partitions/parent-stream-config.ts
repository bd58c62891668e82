import {
  Interpolator,
  Logger,
  ManifestError,
  Type,
  componentSchema,
  defineComponent,
  type ComponentFactory,
  type RequestOption,
  type Stream,
} from "../../sdk/index.js";
import { keyPath } from "../../python/dpath.js";
import { withResponseCache } from "../shared/parent-stream-cache.js";

/**
 * A built `ParentStreamConfig`: which parent stream to read, which field of its records identifies a
 * partition, and the slice key it goes under.
 *
 * @example
 * config.parentKey;       // ["id"]
 * config.partitionField;  // "parent_id"
 */
export interface ParentStreamConfig {
  readonly kind: "parent_stream_config";
  /** The parent stream (built from its own `DeclarativeStream` definition). */
  readonly stream: Stream;
  /** `parent_key` as path segments (`fields/parent` -> `["fields", "parent"]`). */
  readonly parentKey: readonly string[];
  /** The slice key holding the parent's value (`partition_field`). */
  readonly partitionField: string;
  readonly requestOption?: RequestOption;
  /** `extra_fields`: paths in the parent record copied into the slice's `extra_fields`, keyed by the dotted path. */
  readonly extraFields: readonly (readonly string[])[];
  readonly incrementalDependency: boolean;
}

/**
 * `ParentStreamConfig`: one parent of a `SubstreamPartitionRouter`. `parent_key` is a field of the
 * parent's records (a `/`-separated path reaches nested fields); `partition_field` names it in the slice.
 * `parent_key`, `partition_field` and each `extra_fields` segment may use `config` and `parameters`.
 * A `stream` without `type` is a `DeclarativeStream`; a `request_option` without `type` is a `RequestOption`.
 * `incremental_dependency` is accepted, but the parent is always read in full (docs/partitions.md).
 * `lazy_read_pointer` is accepted; the child's first page is still requested from the API.
 *
 * @example
 * parent_stream_configs:
 *   - type: ParentStreamConfig
 *     stream: { $ref: "#/definitions/streams/issues" }
 *     parent_key: id
 *     partition_field: issue_id               # {{ stream_partition.issue_id }}
 *     extra_fields: [[fields, summary]]       # {{ stream_slice.extra_fields['fields.summary'] }}
 */
export const ParentStreamConfigComponent: ComponentFactory<ParentStreamConfig> = defineComponent({
  type: "ParentStreamConfig",
  kind: "parent_stream_config",
  description: "A parent stream of a SubstreamPartitionRouter",
  examples: [{ stream: "#/definitions/projects_stream", parent_key: "id", partition_field: "project_id" }],
  fieldDefaults: { stream: "DeclarativeStream", request_option: "RequestOption" },
  schema: Type.Object({
    stream: componentSchema("stream"),
    parent_key: Type.String(),
    partition_field: Type.String(),
    request_option: Type.Optional(componentSchema("request_option")),
    incremental_dependency: Type.Optional(Type.Boolean()),
    lazy_read_pointer: Type.Optional(Type.Array(Type.String())),
    extra_fields: Type.Optional(Type.Array(Type.Array(Type.String()))),
  }),
  async build(def, ctx) {
    const interpolator = ctx.get(Interpolator);
    const scope = { config: ctx.config, parameters: ctx.parameters };
    const text = (template: unknown, path: string) => {
      const value = interpolator.compile(String(template), { path }).eval(scope);
      return value === null || value === undefined ? "" : String(value);
    };
    const pointer = def.lazy_read_pointer ?? [];
    if (pointer.some((segment) => segment.includes("*"))) {
      throw new ManifestError("MANIFEST_INVALID", "lazy_read_pointer takes a direct path, without '*' wildcards", {
        where: { manifestPath: `${ctx.path}.lazy_read_pointer` },
        expected: "field names, e.g. [comments, data]",
        found: JSON.stringify(pointer),
      });
    }
    if (pointer.length > 0) {
      ctx.get(Logger).warn("lazy_read_pointer is not supported: the child stream's first page is requested from the API", { manifestPath: `${ctx.path}.lazy_read_pointer` });
    }
    const extra = def.extra_fields ?? [];
    return {
      kind: "parent_stream_config",
      // The kit turns on the response cache of every parent stream: a child reuses the pages the read already fetched.
      stream: await ctx.buildChild<Stream>(withResponseCache(def.stream), `${ctx.path}.stream`),
      parentKey: keyPath(text(def.parent_key, `${ctx.path}.parent_key`)),
      partitionField: text(def.partition_field, `${ctx.path}.partition_field`),
      requestOption: await ctx.build<RequestOption | undefined>("request_option"),
      extraFields: extra.map((path, i) => path.map((segment, j) => text(segment, `${ctx.path}.extra_fields[${i}][${j}]`))),
      incrementalDependency: def.incremental_dependency === true,
    };
  },
});
