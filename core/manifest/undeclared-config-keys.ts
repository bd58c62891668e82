import { configKeysRead } from "../../templates/index.js";
import { joinPath } from "../../pure/manifest-path.js";
import type { ManifestProblem } from "./validate-manifest.js";
import { nearestMatch } from "../../pure/nearest-match.js";
import { isInlineSchemaBody } from "./inline-schema-body.js";

/** Parts of a manifest that hold no templates rendered against the config. */
const SKIPPED = new Set(["spec", "definitions", "schemas", "metadata", "$parameters"]);

/**
 * The config keys templates read that the spec does not declare: `config['secretkey']` where the spec says
 * `secret_key` renders empty and sends an empty credential. A warning, not an error: real manifests read
 * optional keys the spec leaves out on purpose. Each key is reported once, where it is first read, with
 * the nearest declared key. A manifest without a spec, or whose spec declares no properties, is not checked.
 *
 * @example
 * findUndeclaredConfigKeys(manifest)
 * // [{ path: "definitions.authenticator.username",
 * //    message: "reads config['secretkey'], which the spec does not declare (did you mean 'secret_key'?); it renders empty unless the config has it" }]
 */
export function findUndeclaredConfigKeys(manifest: Record<string, unknown>): ManifestProblem[] {
  const spec = manifest.spec as { connection_specification?: { properties?: Record<string, unknown> } } | undefined;
  const declared = Object.keys(spec?.connection_specification?.properties ?? {});
  if (declared.length === 0) return [];
  const first = new Map<string, { path: string; count: number }>();
  const visit = (value: unknown, path: string): void => {
    if (typeof value === "string") {
      for (const key of configKeysRead(value)) {
        if (declared.includes(key)) continue;
        const seen = first.get(key);
        if (seen) seen.count++;
        else first.set(key, { path, count: 1 });
      }
    } else if (Array.isArray(value)) value.forEach((item, i) => visit(item, joinPath(path, i)));
    else if (value && typeof value === "object") {
      for (const [key, child] of Object.entries(value)) if (!(path === "" && SKIPPED.has(key)) && key !== "$parameters" && !isInlineSchemaBody(value as Record<string, unknown>, key)) visit(child, joinPath(path, key));
    }
  };
  visit(manifest, "");
  return [...first].map(([key, { path, count }]) => {
    const near = nearestMatch(key, declared);
    const elsewhere = count > 1 ? ` (and ${count - 1} more place${count > 2 ? "s" : ""})` : "";
    return {
      path,
      message: `reads config['${key}']${elsewhere}, which the spec does not declare${near ? ` (did you mean '${near}'?)` : ""}; it renders empty unless the config has it`,
      expected: near ? `'${near}'` : `a key the spec declares: ${declared.join(", ")}`,
      found: `'${key}'`,
    };
  });
}
