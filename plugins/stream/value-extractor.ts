import { Interpolator, RecordExtractor, type BuildContext, type ComponentDefinition, type HttpResponse } from "../../sdk/index.js";
import { valuesAt } from "../../python/index.js";

/**
 * The extractor of a job's status or download targets. A `DpathExtractor` there yields the values at
 * its `field_path` whatever their type (a status string, a list of URLs), as the kit's does; a record
 * extractor elsewhere yields only objects. Any other extractor (a custom one) is built as it is.
 *
 * @example
 * const status = await valueExtractor(def.status_extractor, `${ctx.path}.status_extractor`, ctx);
 * [...status.extract(response)]; // ["IN_PROGRESS"]
 */
export async function valueExtractor(def: ComponentDefinition, path: string, ctx: BuildContext): Promise<RecordExtractor> {
  if (def.type !== "DpathExtractor") return ctx.buildChild<RecordExtractor>(def, path);
  const interpolator = ctx.get(Interpolator);
  const fieldPath = Array.isArray(def.field_path) ? def.field_path : [];
  const segments = fieldPath.map((segment, i) => interpolator.compile(String(segment), { path: `${path}.field_path[${i}]` }));
  return new (class extends RecordExtractor {
    *extract(response: HttpResponse): Iterable<unknown> {
      const keys = segments.map((segment) => segment.render({ config: ctx.config, parameters: ctx.parameters }));
      for (const document of response.documents()) {
        for (const value of keys.length === 0 ? [document] : valuesAt(document, keys)) {
          if (Array.isArray(value)) yield* value;
          else if (value !== undefined && value !== null && value !== "") yield value;
        }
      }
    }
  })();
}
