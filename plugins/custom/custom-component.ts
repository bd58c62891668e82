import type { BuildContext, ComponentDefinition, ComponentFactory, PythonObject } from "../../sdk/index.js";
import { customConstructorOptions } from "./constructor-options.js";
import { hasMember } from "./describe-class.js";
import { guardInstance } from "./guard-instance.js";
import { constructPython, pythonKindUnsupported } from "./python/construct-python.js";
import { constructCustom, incomplete, loadCustomClass, wrongBase, type LoadedCustomClass } from "./load-custom-class.js";

/** An abstract or concrete class, as the SDK's base classes are. */
type BaseClass<T> = abstract new (...args: never[]) => T;

/**
 * One `Custom*` component type: which SDK base class its classes extend and which methods they must
 * define. {@link customComponent} turns it into a component factory.
 *
 * @example
 * const CustomRecordFilter = customComponent({
 *   type: "CustomRecordFilter", kind: "record_filter", base: RecordFilter, baseName: "RecordFilter", methods: ["keep"],
 *   description: "A record filter class from the connector folder, named by class_name",
 * });
 */
interface CustomKind<T> {
  /** The manifest type, e.g. `CustomRecordFilter`. */
  type: string;
  /** The kind of component, e.g. `record_filter`. */
  kind: string;
  description: string;
  /** The SDK base class the custom class must extend. */
  base: BaseClass<T>;
  /** Its name as imported from `sluice/sdk`, for errors. */
  baseName: string;
  /** The methods that do the work, which the class must define. */
  methods: readonly string[];
  /** One instance per distinct definition per connector (authenticators). */
  shared?: boolean;
  /**
   * How a loaded class becomes the component (optional): return a function that wraps the constructed
   * instance, or undefined when the class does not fit (then the usual "extends"/"defines" errors are
   * raised). Without it, a class extending `base` with every one of `methods` is used through a guard
   * that names the class in every error.
   */
  accept?(cls: Function): ((instance: unknown, loaded: LoadedCustomClass, ctx: BuildContext) => T) | undefined;
  /** What else `accept` takes, for the "does not extend" error, e.g. "(or a Python-style class with next_page_token)". */
  alternative?: string;
  /**
   * How a Python class (a `.py` module, constructed in the Python child) becomes the component; without
   * it the kind refuses Python classes (`CUSTOM_CLASS_WRONG_BASE`).
   */
  python?(remote: PythonObject, loaded: LoadedCustomClass, ctx: BuildContext, def: ComponentDefinition): T | Promise<T>;
}

/**
 * A component factory for a `Custom*` type: the class named by `class_name` is loaded from the connector
 * folder through the `CustomCodeLoader` service (refused when the host does not trust custom code), checked
 * against its SDK base class, constructed with its definition's other fields plus `config` and
 * `parameters` (fields holding component definitions built first), and guarded. Every `Custom*` type of
 * Sluice goes through here.
 */
export function customComponent<T>(spec: CustomKind<T>): ComponentFactory<T> {
  return {
    type: spec.type,
    kind: spec.kind,
    description: spec.description,
    schema: { type: "object", required: ["class_name"], properties: { class_name: { type: "string" } }, additionalProperties: true },
    ...(spec.shared ? { shared: true } : {}),
    runsCustomCode: true,
    async build(def, ctx) {
      const loaded = await loadCustomClass(def, ctx);
      if (loaded.python) {
        if (!spec.python) throw pythonKindUnsupported(loaded, spec.type);
        return spec.python(await constructPython(loaded, def, ctx), loaded, ctx, def);
      }
      const use = spec.accept ? spec.accept(loaded.cls) : defaultAccept(spec, loaded.cls);
      if (!use) {
        const extendsBase = loaded.cls.prototype instanceof (spec.base as Function);
        if (extendsBase) throw incomplete(loaded, spec.methods.filter((m) => !hasMember(loaded.cls, m)).join(", ") || spec.methods.join(", "));
        throw wrongBase(loaded, spec.baseName, spec.alternative);
      }
      const instance = constructCustom(loaded, await customConstructorOptions(def, ctx));
      return use(instance, loaded, ctx);
    },
  };
}

function defaultAccept<T>(spec: CustomKind<T>, cls: Function): ((instance: unknown, loaded: LoadedCustomClass) => T) | undefined {
  if (!(cls.prototype instanceof (spec.base as Function)) || !spec.methods.every((m) => hasMember(cls, m))) return undefined;
  return (instance, loaded) => guardInstance(instance as T & object, { className: loaded.className, where: loaded.where });
}
