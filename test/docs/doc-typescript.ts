import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "../..");

/**
 * The names TypeScript examples use without defining them (the reader's own values: a config, a
 * connector, their storage functions). Declared once for every example; an example that needs another
 * name adds it here, with the type the reader's value has.
 */
const EXAMPLE_GLOBALS = `
import type { Connector, ConnectorConfig, ConsentRequest, Sluice } from "sluice";
declare global {
  const config: ConnectorConfig;
  const newConfig: ConnectorConfig;
  const accountA: ConnectorConfig;
  const accountA2: ConnectorConfig;
  const manifest: Record<string, unknown>;
  const sluice: Sluice;
  const connector: Connector;
  const connectionId: string;
  const db: { saveConfig(id: string, config: ConnectorConfig): Promise<void> };
  const session: { oauth: ConsentRequest };
  const callbackUrl: URL;
  const state: { updated_at: string };
  function redirect(url: string): void;
  function store(config: ConnectorConfig): Promise<void>;
  function save(stream: string, record: Record<string, unknown>): void;
  function write(page: readonly Record<string, unknown>[]): void;
  function done(record: Record<string, unknown>): boolean;
  function handle(record: Record<string, unknown>): void;
  function loadState(): Record<string, unknown> | undefined;
  function saveState(state: Record<string, unknown> | undefined): void;
  let saved: Record<string, Record<string, unknown> | undefined>;
}
export {};
`;

/**
 * The folder (under the examples' folder) where a `repo file PATH` example is written, at PATH: tsc's
 * `rootDirs` lays it over the checkout, so its relative imports (`../form-declaration.js`) resolve to the
 * repository's own modules, as they would in the file the example shows.
 */
export const REPO_SHADOW = "repo";

/** One TypeScript (or JavaScript) example written out for the type-check. */
export interface TypedExample {
  /** Where the example is written (absolute). */
  path: string;
  /** The Markdown line of its first content line. */
  line: number;
  file: string;
}

/**
 * Type-checks every example in one `tsc --noEmit` run over `dir` (the examples' folders), with
 * `sluice`, `sluice/sdk` and `sluice/python` resolving to this checkout's entry points, `strict`.
 * JavaScript examples are parsed, not type-checked. Returns each example's errors, as
 * `docs/x.md:LINE: TS2345 message` (empty: it type-checks).
 *
 * @example
 * const errors = typeCheckExamples(dir, examples); // Map { example => ["docs/sdk.md:44: TS2304 Cannot find name 'x'."] }
 */
export function typeCheckExamples(dir: string, examples: TypedExample[]): Map<TypedExample, string[]> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "example-globals.d.ts"), EXAMPLE_GLOBALS);
  const paths = { sluice: ["core/index.ts"], "sluice/sdk": ["sdk/index.ts"], "sluice/python": ["python/index.ts"] };
  const tsconfig = {
    compilerOptions: {
      target: "ES2022",
      module: "NodeNext",
      moduleResolution: "NodeNext",
      lib: ["ES2023"],
      types: ["node"],
      typeRoots: [join(ROOT, "node_modules/@types")],
      strict: true,
      noImplicitOverride: true,
      experimentalDecorators: true,
      skipLibCheck: true,
      allowImportingTsExtensions: true,
      allowJs: true,
      checkJs: false,
      noEmit: true,
      baseUrl: ROOT,
      rootDirs: [ROOT, join(dir, REPO_SHADOW)],
      paths: Object.fromEntries(Object.entries(paths).map(([name, [path]]) => [name, [join(ROOT, path!)]])),
    },
    files: [join(dir, "example-globals.d.ts"), ...examples.map((e) => e.path)],
  };
  writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }));
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(tsconfig, null, 2));
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  const run = spawnSync(process.execPath, [tsc, "--noEmit", "--pretty", "false", "-p", join(dir, "tsconfig.json")], { cwd: dir, encoding: "utf8" });
  const errors = new Map(examples.map((e) => [e, [] as string[]]));
  const byPath = new Map(examples.map((e) => [resolve(e.path), e]));
  const unplaced: string[] = [];
  for (const diagnostic of `${run.stdout}${run.stderr}`.split(/\n(?=\S)/).filter((l) => l.trim())) {
    const at = /^(.*?)\((\d+),(\d+)\): error (TS\d+): ([\s\S]*)$/.exec(diagnostic);
    const example = at ? byPath.get(resolve(dir, at[1]!)) : undefined;
    if (at && example) errors.get(example)!.push(`${example.file}:${example.line + Number(at[2]) - 1}: ${at[4]} ${at[5]!.trim()}`);
    else unplaced.push(diagnostic);
  }
  if (unplaced.length || (run.status !== 0 && [...errors.values()].every((e) => e.length === 0))) {
    throw new Error(`tsc over the docs' examples failed outside any example (${relative(ROOT, dir)}):\n${unplaced.join("\n")}\n${run.error ?? ""}`);
  }
  return errors;
}

/** Writes `text` to `path`, creating its folder. */
export function writeExample(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}
