import {
  ConfigError,
  Interpolator,
  ManifestError,
  Type,
  defineComponent,
  type CompiledTemplate,
  type ComponentFactory,
  type ConnectorConfig,
} from "../../sdk/index.js";
import { parseDatetime } from "../../python/datetime-format.js";
import { PyDateTime } from "../../python/datetime.js";
import { pyStr } from "../../python/str.js";

/** The format a MinMaxDatetime uses when neither it nor its cursor names one (the kit's default). */
const DEFAULT_MIN_MAX_FORMAT = "%Y-%m-%dT%H:%M:%S.%f%z";

/** What a {@link MinMaxDatetime} is made of. */
interface MinMaxDatetimeParts {
  datetime: CompiledTemplate;
  datetimeFormat?: string;
  minDatetime?: CompiledTemplate;
  maxDatetime?: CompiledTemplate;
  config: ConnectorConfig;
  parameters: Record<string, unknown>;
  /** The manifest path, for errors. */
  path: string;
}

/**
 * A datetime from a template, kept between an optional minimum and maximum (the kit's `MinMaxDatetime`).
 * All three are parsed with `datetime_format`, which, when unset, is the cursor's `datetime_format`
 * (else `%Y-%m-%dT%H:%M:%S.%f%z`). The templates see `config` and `parameters` and the date macros.
 *
 * @example
 * start_datetime:
 *   type: MinMaxDatetime
 *   datetime: "{{ config['start_date'] }}"
 *   datetime_format: "%Y-%m-%d"
 *   min_datetime: "2020-01-01"
 */
export class MinMaxDatetime {
  /** The format the values are parsed with; the cursor sets it when the manifest leaves it out. */
  datetimeFormat: string | undefined;
  private readonly parts: MinMaxDatetimeParts;

  constructor(parts: MinMaxDatetimeParts) {
    this.parts = parts;
    this.datetimeFormat = parts.datetimeFormat || undefined;
  }

  /** Evaluates the datetime now (macros such as `now_utc()` read the injected clock). */
  get(): PyDateTime {
    const format = this.datetimeFormat || DEFAULT_MIN_MAX_FORMAT;
    let value = this.evaluate(this.parts.datetime, "datetime", format);
    const min = this.parts.minDatetime && pyStr(this.evalTemplate(this.parts.minDatetime));
    if (min) value = PyDateTime.max(value, this.parse(min, "min_datetime", format));
    const max = this.parts.maxDatetime && pyStr(this.evalTemplate(this.parts.maxDatetime));
    if (max) value = PyDateTime.min(value, this.parse(max, "max_datetime", format));
    return value;
  }

  private evaluate(template: CompiledTemplate, field: string, format: string): PyDateTime {
    return this.parse(pyStr(this.evalTemplate(template)), field, format);
  }

  private evalTemplate(template: CompiledTemplate): unknown {
    return template.eval({ config: this.parts.config, parameters: this.parts.parameters });
  }

  private parse(text: string, field: string, format: string): PyDateTime {
    try {
      return parseDatetime(text, format);
    } catch (error) {
      throw new ConfigError("INCREMENTAL_DATETIME_INVALID", `The ${field} '${text}' does not match the datetime format '${format}'`, {
        where: { manifestPath: `${this.parts.path}.${field}` },
        expected: `a datetime in the format ${format}`,
        found: JSON.stringify(text),
        cause: error,
      });
    }
  }
}

/**
 * `MinMaxDatetime`: see {@link MinMaxDatetime}. A DatetimeBasedCursor's `start_datetime` and `end_datetime`
 * may be one of these or a plain string template.
 *
 * @example
 * end_datetime: { type: MinMaxDatetime, datetime: "{{ now_utc().strftime('%Y-%m-%dT%H:%M:%SZ') }}", max_datetime: "{{ config['end_date'] }}" }
 */
export const MinMaxDatetimeComponent: ComponentFactory<MinMaxDatetime> = defineComponent({
  type: "MinMaxDatetime",
  kind: "min_max_datetime",
  description: "A datetime from a template, kept between a minimum and a maximum",
  schema: Type.Object({
    datetime: Type.String(),
    datetime_format: Type.Optional(Type.String()),
    min_datetime: Type.Optional(Type.String()),
    max_datetime: Type.Optional(Type.String()),
  }),
  build(def, ctx) {
    if (typeof def.datetime !== "string") {
      throw new ManifestError("MANIFEST_INVALID", "A MinMaxDatetime needs a datetime", { where: { manifestPath: `${ctx.path}.datetime` }, expected: "a string or template", found: JSON.stringify(def.datetime) ?? "nothing" });
    }
    const interpolator = ctx.get(Interpolator);
    const compile = (field: "datetime" | "min_datetime" | "max_datetime") => {
      const value = def[field];
      return typeof value === "string" && value !== "" ? interpolator.compile(value, { path: `${ctx.path}.${field}`, names: [] }) : undefined;
    };
    return new MinMaxDatetime({
      datetime: compile("datetime") ?? interpolator.compile("", { path: `${ctx.path}.datetime`, names: [] }),
      datetimeFormat: typeof def.datetime_format === "string" ? def.datetime_format : undefined,
      minDatetime: compile("min_datetime"),
      maxDatetime: compile("max_datetime"),
      config: ctx.config,
      parameters: ctx.parameters,
      path: ctx.path,
    });
  },
});
