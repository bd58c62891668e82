/**
 * What a `<!-- docs-test: ... -->` comment before a fenced block says about how the docs test runs it
 * (docs/contributing.md, "Examples in the docs", is the authors' guide). Clauses are separated by `;`; `skip:`,
 * `schema only:`, `config:` and `setup:` take the rest of the comment.
 *
 * @example
 * <!-- docs-test: fragment of DeclarativeStream -->
 * <!-- docs-test: fragment of HttpRequester; config: {"credentials": {"auth_type": "api_key"}} -->
 * <!-- docs-test: refused MANIFEST_INVALID -->
 * <!-- docs-test: file source_reports/components.ts -->
 * <!-- docs-test: repo file builder-ui/forms/pagination/page-increment.ts -->
 * <!-- docs-test: exit 1; setup: cp config.json acme.json -->
 * <!-- docs-test: skip: runs docker, which CI machines do not have -->
 */
export interface DocTestMarker {
  /** Not run, and why (required, at least a few words). */
  skip?: string;
  /** A YAML/JSON block that is part of a manifest: the type of the object its fields belong to. */
  fragmentOf?: string;
  /** A JSON block that is what this decoder makes of the previous block (a body): read and compared. */
  decodedBy?: string;
  /** The end user's config a manifest block is built with (default `{}`), as inline JSON. */
  config?: Record<string, unknown>;
  /** Validated by the schema only, not built, and why (building needs what a config cannot give here, e.g. a PEM key). */
  schemaOnly?: string;
  /** A page file (a `file` block) that is a Sluice plugin: the manifest is validated with it registered. */
  plugin?: string;
  /** The fragment goes into the manifest of the page's previous manifest block, not the minimal one. */
  intoPrevious?: boolean;
  /** The manifest is deliberately wrong: it must be refused with this error code. */
  refused?: string;
  /** The block is also a file of the page's folder, at this relative path (a TS module, a state file...). */
  file?: string;
  /** A TypeScript block type-checked as this repository file (its relative imports resolve into the checkout). */
  repoFile?: string;
  /** A shell block's expected exit code (default 0). */
  exit?: number;
  /** A shell block that keeps running (a server): started, awaited until it prints, stopped after the page. */
  background?: boolean;
  /** A shell block run as from the repository root: the repository's files are linked into the page's folder. */
  inRepo?: boolean;
  /** Shell commands run before the block, not shown to the reader. */
  setup?: string;
  /** A shell block that asks for OAuth consent: the test plays the user, allowing the consent URL it prints. */
  consent?: boolean;
  /** A shell block of command forms (`[--flag ...]`): each command's flags are checked against its `--help`. */
  synopsis?: boolean;
}

const PREFIX = /^<!--\s*docs-test:\s*(.*?)\s*-->$/;

/**
 * The marker in `line` (a Markdown line), `{}` when it is not a `docs-test` comment; throws, naming
 * `where`, on a clause it does not know.
 *
 * @example
 * parseDocTestMarker("<!-- docs-test: exit 1 -->", "docs/x.md:4") // { exit: 1 }
 */
export function parseDocTestMarker(line: string, where: string): DocTestMarker {
  if (!line.startsWith("<!--") || !/docs-test/.test(line)) return {};
  const match = PREFIX.exec(line);
  if (!match) throw new Error(`${where}: a docs-test comment must read <!-- docs-test: CLAUSE; CLAUSE --> on one line, found: ${line}`);
  const marker: DocTestMarker = {};
  let rest = match[1]!;
  while (rest) {
    const tail = /^(skip|setup|schema only|config):\s*(.*)$/.exec(rest);
    if (tail) {
      if (tail[1] === "skip") marker.skip = tail[2]!;
      else if (tail[1] === "schema only") marker.schemaOnly = tail[2]!;
      else if (tail[1] === "setup") marker.setup = tail[2]!;
      else marker.config = parseConfig(tail[2]!, where);
      break;
    }
    const end = rest.indexOf(";");
    const clause = (end < 0 ? rest : rest.slice(0, end)).trim();
    rest = end < 0 ? "" : rest.slice(end + 1).trim();
    applyClause(marker, clause, where);
  }
  for (const [clause, reason] of [["skip", marker.skip], ["schema only", marker.schemaOnly]] as const) {
    if (reason !== undefined && reason.split(/\s+/).filter(Boolean).length < 3) {
      throw new Error(`${where}: "${clause}:" needs a reason of a few words (why this block cannot run here), found: "${reason}"`);
    }
  }
  return marker;
}

function parseConfig(text: string, where: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value === "object" && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new Error(`${where}: "config:" takes a JSON object, found: ${text}`);
}

function applyClause(marker: DocTestMarker, clause: string, where: string): void {
  let m: RegExpExecArray | null;
  if ((m = /^fragment of ([A-Za-z]\w*)$/.exec(clause))) marker.fragmentOf = m[1]!;
  else if (clause === "into previous") marker.intoPrevious = true;
  else if ((m = /^decoded from previous by ([A-Za-z]\w*)$/.exec(clause))) marker.decodedBy = m[1]!;
  else if ((m = /^plugin (\S+)$/.exec(clause))) marker.plugin = m[1]!;
  else if ((m = /^refused ([A-Z][A-Z0-9_]+)$/.exec(clause))) marker.refused = m[1]!;
  else if ((m = /^file (\S+)$/.exec(clause))) marker.file = m[1]!;
  else if ((m = /^repo file (\S+)$/.exec(clause))) marker.repoFile = m[1]!;
  else if ((m = /^exit (\d+)$/.exec(clause))) marker.exit = Number(m[1]);
  else if (clause === "background") marker.background = true;
  else if (clause === "in repo") marker.inRepo = true;
  else if (clause === "synopsis") marker.synopsis = true;
  else if (clause === "consent") marker.consent = true;
  else {
    throw new Error(
      `${where}: unknown docs-test clause "${clause}" (known: skip: REASON, schema only: REASON, config: JSON, fragment of TYPE, into previous, decoded from previous by TYPE, plugin PATH, refused CODE, file PATH, repo file PATH, exit N, background, in repo, synopsis, consent, setup: COMMANDS)`,
    );
  }
}
