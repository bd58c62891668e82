import { CustomCodeError, HttpClient, readRecords, type BuildContext, type ComponentDefinition, type PythonCallbacks, type RequestOption, type Stream } from "../../../sdk/index.js";

/** What a built `ParentStreamConfig` gives a Python router: the stream Sluice reads, and how its value reaches the child's requests. */
export interface PythonParentStream {
  readonly stream: Stream;
  readonly partitionField: string;
  readonly requestOption?: RequestOption;
}

/**
 * Built parent streams, per connector (its HTTP client: a manifest object connected twice, as a host that
 * builds with one client and reads with another, gets each connector's own parents) and per definition.
 */
const builtPerClient = new WeakMap<object, WeakMap<ComponentDefinition, Promise<PythonParentStream[]>>>();

function configsOf(def: object): Record<string, unknown>[] | undefined {
  const configs = (def as Record<string, unknown>).parent_stream_configs;
  return Array.isArray(configs) ? (configs as Record<string, unknown>[]) : undefined;
}

/**
 * The parent streams of a Python `SubstreamPartitionRouter` subclass (`parent_stream_configs`), built
 * once per definition and connector by Sluice's own `ParentStreamConfig` (their responses cached, as the kit caches a
 * parent's), or undefined when the definition has none.
 *
 * @example
 * const parents = await pythonParentStreams(def, ctx); // [{ stream, partitionField: "board_id", requestOption }]
 */
export function pythonParentStreams(def: ComponentDefinition, ctx: BuildContext): Promise<PythonParentStream[]> | undefined {
  const configs = configsOf(def);
  if (!configs) return undefined;
  const client = ctx.get(HttpClient);
  let built = builtPerClient.get(client);
  if (!built) builtPerClient.set(client, (built = new WeakMap()));
  let parents = built.get(def);
  if (!parents) {
    parents = Promise.all(configs.map((config, i) => ctx.buildChild<PythonParentStream>(
      { ...config, type: "ParentStreamConfig" }, `${ctx.path}.parent_stream_configs[${i}]`)));
    built.set(def, parents);
  }
  return parents;
}

/**
 * The fields a Python router is constructed with: each parent stream's definition replaced by a
 * `SluiceParentStream` marker the package builds into a stand-in whose `read_records()` asks Sluice.
 *
 * @example
 * pythonParentStreamFields({ parent_stream_configs: [{ stream: { name: "boards", ... }, parent_key: "id", partition_field: "board_id" }] })
 * // { parent_stream_configs: [{ stream: { type: "SluiceParentStream", index: 0, name: "boards" }, parent_key: "id", partition_field: "board_id" }] }
 */
export function pythonParentStreamFields(fields: Record<string, unknown>): Record<string, unknown> {
  const configs = configsOf(fields);
  if (!configs) return fields;
  return {
    ...fields,
    parent_stream_configs: configs.map((config, index) => {
      const stream = config.stream as Record<string, unknown> | undefined;
      return { type: "ParentStreamConfig", ...config, stream: { type: "SluiceParentStream", index, name: String(stream?.name ?? "") } };
    }),
  };
}

/**
 * The `parent_records` callback: every record of parent stream `index`, read by Sluice's engine (its
 * requester, paginator, error handler, HTTP client), answered in one list.
 *
 * @example
 * callbacks.parentRecords = pythonParentRecordsCallback(def, ctx);
 */
export function pythonParentRecordsCallback(def: ComponentDefinition, ctx: BuildContext): PythonCallbacks["parentRecords"] {
  if (!configsOf(def)) return undefined;
  return async (index, options) => {
    const parents = await pythonParentStreams(def, ctx)!;
    const parent = parents[index];
    if (!parent) {
      throw new CustomCodeError("PYTHON_BRIDGE_FAILED", `The Python child asked for the records of parent stream ${index}, and ${ctx.path} has ${parents.length}`, {
        where: { manifestPath: `${ctx.path}.parent_stream_configs` },
      });
    }
    const records: unknown[] = [];
    for await (const record of readRecords(parent.stream, { signal: options?.signal })) records.push(record);
    return records;
  };
}
