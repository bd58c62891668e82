import { cpSync, existsSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";

/**
 * The folder of a manifest's saved Python components: `../airbyte-components/<manifest name>/` beside
 * the manifests' folder (the corpus's layout), when it exists.
 *
 * @example
 * componentsFolder("/work/shared/corpus/airbyte-manifests/source-adjust.yaml"); // "/work/shared/corpus/airbyte-components/source-adjust"
 */
export function componentsFolder(manifestFile: string): string | undefined {
  const name = basename(manifestFile).replace(/\.ya?ml$/, "");
  const folder = join(dirname(manifestFile), "..", "airbyte-components", name);
  return existsSync(folder) ? folder : undefined;
}

/**
 * A connector folder for a corpus manifest with Python components, outside the repository: a temp
 * folder named after the connector's package (`source_adjust`, from its `class_name`s), holding a copy
 * of the saved files and the manifest as `manifest.yaml`, so `source_adjust.components.X` finds
 * `components.py`, and `pkgutil.get_data("source_asana", "manifest.yaml")` the manifest, as they would
 * in the connector's own package. The corpus itself is never written.
 *
 * @example
 * stageComponents("/work/shared/corpus/airbyte-components/source-adjust", manifest, "/work/shared/corpus/airbyte-manifests/source-adjust.yaml");
 * // "/tmp/sluice-corpus-py-XXXX/source_adjust"
 */
export function stageComponents(folder: string, manifest: Record<string, unknown>, manifestFile: string): string {
  const packageName = packageOf(manifest) ?? basename(folder).replace(/-/g, "_");
  const dir = join(mkdtempSync(join(tmpdir(), "sluice-corpus-py-")), packageName);
  mkdirSync(dir);
  cpSync(folder, dir, { recursive: true });
  if (!existsSync(join(dir, "manifest.yaml"))) cpSync(manifestFile, join(dir, "manifest.yaml"));
  return dir;
}

/** The connector package its `class_name`s name (`source_adjust`), other than `source_declarative_manifest`. */
function packageOf(manifest: Record<string, unknown>): string | undefined {
  const names = [...JSON.stringify(manifest).matchAll(/"class_name":"(source_[A-Za-z0-9_]+)\./g)].map((m) => m[1]!);
  return names.find((name) => name !== "source_declarative_manifest");
}
