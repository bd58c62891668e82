import type { ErrorLocation } from "../errors/sluice-error.js";
import { serviceToken } from "./service-token.js";

/**
 * What a component factory asks the {@link CustomCodeLoader} for: the class named by a manifest's
 * `class_name`, looked up in the connector's own folder.
 *
 * @example
 * { className: "source_acme.components.AcmePagination", connectorDir: "/connectors/acme", where: { manifestPath: "streams[0].retriever.paginator.pagination_strategy" } }
 */
export interface CustomClassRequest {
  /** The manifest's `class_name`, dotted identifiers only, e.g. `source_acme.components.AcmePagination`. */
  className: string;
  /** The folder of the manifest; the class's file must sit inside it (symlinks resolved). */
  connectorDir: string;
  /** Where the class is named, for error messages. */
  where?: ErrorLocation;
}

/**
 * A class loaded from a connector folder. Its constructor receives one options object (the
 * definition's other fields, `config` and `parameters`).
 *
 * @example
 * const { value: Strategy, file } = await loader.loadClass(request);
 * const strategy = new Strategy({ step: 2, config, parameters });
 */
export interface LoadedClass {
  /** The exported class, not yet checked against any base class. */
  readonly value: new (options: Record<string, unknown>) => unknown;
  /** The real path of the module it came from. */
  readonly file: string;
  /**
   * Set when the module is a `.py` file: the class runs in Python (through the `PythonRuntime`), and
   * `value` is a stand-in that refuses to be constructed.
   */
  readonly python?: { readonly module: string; readonly className: string };
}

/**
 * Loads custom classes named by `class_name` (TypeScript or JavaScript, no build step), with the
 * Python kit's naming rules and Sluice's confinement rules. A module imports the running Sluice's
 * own SDK as `sluice/sdk`. When the host does not trust custom code, `trusted` is false and
 * `loadClass` refuses before anything is loaded.
 *
 * @example
 * // in a plugin's factory
 * const loader = ctx.get(CustomCodeLoader);
 * const { value: Strategy } = await loader.loadClass({ className: String(def.class_name), connectorDir: ctx.connectorDir!, where: { manifestPath: ctx.path } });
 */
export interface CustomCodeLoader {
  /** Whether this host runs code named by a manifest. */
  readonly trusted: boolean;
  /** Resolves, loads and returns the class; throws a `CustomCodeError` that lists the files tried. */
  loadClass(request: CustomClassRequest): Promise<LoadedClass>;
}

/** The DI token of the {@link CustomCodeLoader}. */
export const CustomCodeLoader = serviceToken<CustomCodeLoader>("sluice.CustomCodeLoader");
