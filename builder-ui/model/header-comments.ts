import type { ManifestModel } from "./manifest-model.js";

/**
 * Keeps the scaffold's header comments true: the leading comment block `sluice init` and the Builder
 * write names the connector's authentication and pagination (`# Authentication: Bearer token: ...`);
 * after a method is chosen in the page, its line names the chosen one. Only a line of that leading
 * block is rewritten, and only when it is there; a manifest without it is left as it is.
 *
 * @example
 * withHeaderComment(model, "Authentication", "API Key").text.split("\n")[2] // "# Authentication: API Key (chosen in the Builder)"
 */
export function withHeaderComment(model: ManifestModel, topic: "Authentication" | "Pagination", summary: string): ManifestModel {
  const lines = model.text.split("\n");
  const header = lines.findIndex((line) => !line.startsWith("#"));
  const end = header === -1 ? lines.length : header;
  const index = lines.slice(0, end).findIndex((line) => line.startsWith(`# ${topic}: `));
  if (index === -1) return model;
  const next = `# ${topic}: ${summary} (chosen in the Builder)`;
  if (lines[index] === next) return model;
  lines[index] = next;
  return model.withText(lines.join("\n"));
}
