import type { Logger } from "../../sdk/index.js";
import type { LoadedManifest } from "./load-manifest.js";
import type { ManifestProblem } from "./validate-manifest.js";

/**
 * Logs a manifest's warnings, one line per place they are written (a shared definition's typo once),
 * with `file:line:column` when the manifest came from a YAML or JSON file.
 *
 * @example
 * // warn  manifest.yaml:14:11 streams[0].retriever.paginator.pagination_strategy.stop_conditon: CursorPagination has no field 'stop_conditon' (did you mean 'stop_condition'?); it is ignored
 */
export async function logWarnings(logger: Logger, source: LoadedManifest, warnings: readonly ManifestProblem[]): Promise<void> {
  // Imported here, not at start: placing a warning parses the file with the yaml package, which a manifest without warnings never needs.
  const { formatLocation, locateFindings, sourcePositionsOf } = await import("./source-positions.js");
  const positions = await sourcePositionsOf(source);
  for (const warning of locateFindings(positions, warnings, { key: true })) {
    logger.warn(`${formatLocation(source.file, warning.position)} ${warning.position.sourcePath}: ${warning.message}`);
  }
}
