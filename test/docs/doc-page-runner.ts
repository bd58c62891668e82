import { mkdirSync, writeFileSync, cpSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { stringify } from "yaml";
import { demoConfig } from "../../examples/demo/demo-config.js";
import { DEMO_OAUTH_CLIENT } from "../../examples/demo-api/routes/oauth-server.js";
import { demoOAuthManifest } from "../e2e/oauth-consent-manifest.js";
import { loadManifest, SEARCH_PLACES } from "../../core/manifest/load-manifest.js";
import type { DocBlock } from "./doc-blocks.js";
import type { DocTestMarker } from "./doc-test-marker.js";
import { decodedMismatch } from "./doc-decoded.js";
import { checkManifestBlock } from "./doc-manifests.js";
import { consoleSteps, DocShell, outputMismatch, synopsisProblems, type ShellRun } from "./doc-shell.js";

const ROOT = resolve(import.meta.dirname, "../..");
const SHELL = new Set(["sh", "bash", "shell"]);
const MANIFEST = new Set(["yaml", "yml", "json"]);
export const TYPED = new Set(["ts", "typescript", "js", "javascript"]);
/** Blocks that are not code: an illustration, or the output of the shell block before them. */
const SHOWN = new Set(["text", "xml"]);
const CONFIG_FILES = new Set(SEARCH_PLACES.filter((p) => !p.startsWith("manifest.") && p !== "package.json"));

/** How a block was checked: its problems (empty: it holds), or why it was not run. */
export interface BlockOutcome {
  problems: string[];
  skipped?: string;
  /** Not code (an illustration): shown as is. */
  notCode?: boolean;
}

/**
 * Runs the blocks of one page in order, in the page's folder: manifests validated, shell blocks run
 * against the demo API (their shown output compared), config files loaded. TypeScript blocks are
 * type-checked together beforehand (see doc-typescript.ts); their errors come in `typeErrors`.
 *
 * @example
 * const page = new DocPageRunner(folder, () => demo.url, typeErrors);
 * for (const block of blocks) assert.deepEqual((await page.check(block)).problems, []);
 */
export class DocPageRunner {
  private shell?: DocShell;
  private previousManifest?: Record<string, unknown>;
  private lastRun?: { block: DocBlock; run: ShellRun };
  private previousBlock?: DocBlock;

  constructor(
    private readonly folder: string,
    private readonly demoUrl: () => string,
    private readonly typeErrors: (block: DocBlock) => string[],
  ) {}

  async check(block: DocBlock): Promise<BlockOutcome> {
    const lastRun = this.lastRun;
    this.lastRun = undefined;
    const previous = this.previousBlock;
    this.previousBlock = block;
    if (block.marker.skip !== undefined) return { problems: [], skipped: block.marker.skip };
    const misplaced = misplacedClauses(block);
    if (misplaced.length) return { problems: misplaced };
    if (block.marker.decodedBy) {
      if (!previous) return { problems: ["decoded from previous: there is no previous block"] };
      const mismatch = await decodedMismatch(block.marker.decodedBy, previous.text, previous.lang, block.text);
      return { problems: mismatch ? [mismatch] : [] };
    }
    if (SHELL.has(block.lang)) return { problems: await this.shellBlock(block) };
    if (block.lang === "console") return { problems: await this.consoleBlock(block) };
    if (MANIFEST.has(block.lang)) return { problems: await this.dataBlock(block) };
    if (TYPED.has(block.lang)) return { problems: this.typeErrors(block) };
    if (SHOWN.has(block.lang)) {
      if (!lastRun) return { problems: [], notCode: true };
      const mismatch = outputMismatch(this.shellOf().localize(block.text), lastRun.run.output);
      return { problems: mismatch ? [`the output of the block at line ${lastRun.block.line}: ${mismatch}`] : [] };
    }
    if (block.lang === "") return { problems: ["the fence has no language: write ```text for an illustration or shown output, or the example's language (sh, console, yaml, json, ts)"] };
    return { problems: [`the docs test has no runner for \`${block.lang}\` blocks: mark it <!-- docs-test: skip: REASON --> or add one in test/docs/`] };
  }

  /** Stops what the page's shell blocks started. */
  close(): void {
    this.shell?.close();
  }

  private shellOf(): DocShell {
    if (!this.shell) {
      // The reader's connector folder: the demo connector, with configs for the running demo API, and in
      // oauth-app/ a connector behind the demo API's OAuth server with only the OAuth app's credentials.
      cpSync(join(ROOT, "examples/demo/manifest.yaml"), join(this.folder, "manifest.yaml"));
      mkdirSync(join(this.folder, "secrets"), { recursive: true });
      for (const file of ["config.json", "secrets/config.json"]) writeFileSync(join(this.folder, file), JSON.stringify(demoConfig(this.demoUrl()), null, 2));
      mkdirSync(join(this.folder, "oauth-app"), { recursive: true });
      writeFileSync(join(this.folder, "oauth-app/manifest.yaml"), stringify(demoOAuthManifest({ pkce: true })));
      const client = { base_url: this.demoUrl(), credentials: { auth_type: "oauth2.0", client_id: DEMO_OAUTH_CLIENT.id, client_secret: DEMO_OAUTH_CLIENT.secret } };
      writeFileSync(join(this.folder, "oauth-app/client.json"), JSON.stringify(client, null, 2));
      this.shell = new DocShell(this.folder, Number(new URL(this.demoUrl()).port));
    }
    return this.shell;
  }

  private async shellBlock(block: DocBlock): Promise<string[]> {
    if (block.marker.synopsis) return synopsisProblems(block.text);
    const shell = this.shellOf();
    if (block.marker.background) {
      await shell.start(block);
      return [];
    }
    const run = await shell.run(block);
    this.lastRun = { block, run };
    const expected = block.marker.exit ?? 0;
    return run.code === expected ? [] : [`exited with ${run.code}, expected ${expected}:\n${block.text}--- printed:\n${run.output}`];
  }

  private async consoleBlock(block: DocBlock): Promise<string[]> {
    const problems: string[] = [];
    for (const step of consoleSteps(block.text)) {
      const run = await this.shellOf().run({ ...block, text: `${step.command}\n` });
      if (run.code !== (block.marker.exit ?? 0)) problems.push(`$ ${step.command}\nexited with ${run.code}:\n${run.output}`);
      const mismatch = outputMismatch(step.output, run.output);
      if (mismatch) problems.push(`$ ${step.command}\n${mismatch}`);
    }
    return problems;
  }

  private async dataBlock(block: DocBlock): Promise<string[]> {
    if (block.marker.file && CONFIG_FILES.has(basename(block.marker.file))) return configFileProblems(block, join(this.folder, `.config-check-${block.line}`));
    if (block.lang === "json" && !block.marker.fragmentOf && !block.marker.refused) {
      let value: unknown;
      try {
        value = JSON.parse(block.text);
      } catch (error) {
        return [`not valid JSON: ${(error as Error).message}`];
      }
      // JSON that is not a manifest (a state, a slice, a record) is data: that it parses is the check.
      if ((value as { type?: unknown }).type !== "DeclarativeSource") return [];
    }
    const result = await checkManifestBlock(block, { dir: this.folder, previous: this.previousManifest });
    if (result.problems.length === 0 && !block.marker.refused) this.previousManifest = result.manifests.at(-1);
    return result.problems;
  }
}

/** Which block languages each marker clause means something for (`file` and `skip`: any). */
const CLAUSE_LANGS: Partial<Record<keyof DocTestMarker, ReadonlySet<string>>> = {
  fragmentOf: MANIFEST,
  intoPrevious: MANIFEST,
  refused: MANIFEST,
  config: MANIFEST,
  schemaOnly: MANIFEST,
  plugin: MANIFEST,
  decodedBy: new Set(["json"]),
  exit: new Set([...SHELL, "console"]),
  setup: new Set([...SHELL, "console"]),
  inRepo: new Set([...SHELL, "console"]),
  background: SHELL,
  synopsis: SHELL,
  consent: new Set([...SHELL, "console"]),
};

/** Clauses the block's language ignores: a marker that would silently do nothing is an error. */
function misplacedClauses(block: DocBlock): string[] {
  return (Object.keys(block.marker) as Array<keyof DocTestMarker>)
    .filter((clause) => CLAUSE_LANGS[clause] && !CLAUSE_LANGS[clause].has(block.lang))
    .map((clause) => `the docs-test clause "${clause}" means nothing for a \`${block.lang || "(no language)"}\` block (it applies to ${[...CLAUSE_LANGS[clause]!].join(", ")} blocks)`);
}

/**
 * A Sluice config file (`.sluicerc.yaml`...) loaded by the real config loader (cosmiconfig), in a folder
 * of its own beside a manifest: the loader must find it, read the manifest it names and list its plugins.
 */
async function configFileProblems(block: DocBlock, dir: string): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, basename(block.marker.file!)), block.text);
  writeFileSync(join(dir, "manifest.yaml"), "version: 6.0.0\ntype: DeclarativeSource\nstreams: []\n");
  try {
    const loaded = await loadManifest({ searchFrom: dir });
    if (loaded.file !== join(dir, "manifest.yaml")) return [`the config loader read ${loaded.file}, not the manifest the config names`];
    return [];
  } catch (error) {
    return [`the config loader refused it: ${(error as Error).message}`];
  }
}
