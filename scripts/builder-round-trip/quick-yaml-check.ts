import { isDeepStrictEqual } from "node:util";
import { readYamlQuickly } from "../../core/manifest/quick-yaml.js";

/** How the CLI's quick YAML reader (core/manifest/quick-yaml.ts) fared over the corpus texts. */
export interface QuickYamlTally {
  texts: number;
  read: number;
  declined: number;
  failures: string[];
}

export function quickYamlTally(): QuickYamlTally {
  return { texts: 0, read: 0, declined: 0, failures: [] };
}

/**
 * One text read by the quick reader against the yaml package's whole parse of it: the same values, in the
 * same key order, or declined (then the yaml package reads it, as `sluice` does).
 *
 * @example
 * await checkQuickYaml("source-acme.yaml", text, wholeParse.manifest, tally);
 */
export async function checkQuickYaml(label: string, text: string, whole: Record<string, unknown>, tally: QuickYamlTally): Promise<void> {
  tally.texts++;
  const quick = await readYamlQuickly(text);
  if (quick === undefined) tally.declined++;
  else if (isDeepStrictEqual(quick, whole) && isDeepStrictEqual(keyOrder(quick), keyOrder(whole))) tally.read++;
  else tally.failures.push(`${label}: the quick YAML reader gives other values than the yaml package`);
}

export function quickYamlSummary(tally: QuickYamlTally): string {
  return `  Quick YAML reading (sluice's commands): ${tally.read}/${tally.texts} texts read the same as the yaml package, ${tally.declined} left to it, ${tally.failures.length} different`;
}

/** Every object's keys in order, depth first: isDeepStrictEqual ignores key order. */
function keyOrder(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) keyOrder(item, out);
  else if (value !== null && typeof value === "object") for (const [key, item] of Object.entries(value)) out.push(key), keyOrder(item, out);
  return out;
}
