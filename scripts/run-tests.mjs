// Runs every test file under test/ (except the browser tests, `npm run test:browser`) with Node's test
// runner through tsx, in one TAP stream with one summary.
//
// Starting a process and loading the library through tsx costs about 2 s of CPU, more than most test
// files spend on their tests, so files share processes: the runner writes a few group entries, each
// importing its share of the files one after the other, and hands those to `node --test` (two at a time).
// A group entry holds every test back until all of its files are loaded, so each file's root-level
// `before` hooks run before its tests and its `after` hooks after them, as when it runs alone.
// A file runs in a process of its own when it changes what the other files would see (see ALONE_WHEN).
//
// `node scripts/run-tests.mjs test/a.test.ts test/b.test.ts` runs the named files, each in its own process.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";

const root = join(import.meta.dirname, "..");
// test/postgres/ needs a Postgres server and minutes of CPU (scripts/test-postgres.sh), test/image/ podman
// (scripts/test-image.sh).
const skipFolders = new Set(["browser", "bench", "postgres", "image", "node_modules"]);
const GROUPS = 10;
// The docs' examples are the longest file by far: alone, and started first so that they do not finish last.
const LONGEST = "test/docs/doc-examples.test.ts";
// Root-level each-hooks would run around every test of the group; process-wide settings and globals
// would reach the other files.
const ALONE_WHEN = [
  { reason: "root-level beforeEach/afterEach", pattern: /^(beforeEach|afterEach)\(/m },
  { reason: "sets or deletes an environment variable", pattern: /process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env/ },
  { reason: "changes the working directory", pattern: /process\.chdir\(/ },
  { reason: "listens to process events", pattern: /process\.(on|once)\(/ },
  { reason: "assigns a global", pattern: /globalThis(\.\w+|\[[^\]]+\])\s*=[^=]/ },
];

function collectTestFiles(dir, into = []) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (!skipFolders.has(name)) collectTestFiles(path, into);
    } else if (name.endsWith(".test.ts")) into.push(relative(root, path));
  }
  return into;
}

function mustRunAlone(file) {
  const text = readFileSync(join(root, file), "utf8");
  return file === LONGEST || ALONE_WHEN.some((rule) => rule.pattern.test(text));
}

/** Splits the files into `count` groups of about equal source size (a rough measure of their work). */
function balancedGroups(files, count) {
  const groups = Array.from({ length: Math.min(count, files.length) }, () => ({ files: [], bytes: 0 }));
  const sized = files.map((file) => ({ file, bytes: statSync(join(root, file)).size })).sort((a, b) => b.bytes - a.bytes);
  for (const { file, bytes } of sized) {
    const lightest = groups.reduce((best, group) => (group.bytes < best.bytes ? group : best));
    lightest.files.push(file);
    lightest.bytes += bytes;
  }
  return groups.map((group) => group.files.sort());
}

/** A group entry: loads its files in order (a file that fails to load becomes a failing test) before any test runs. */
function groupEntry(files) {
  const urls = files.map((file) => pathToFileURL(join(root, file)).href);
  return `import { before, test } from "node:test";
let release;
before(() => new Promise((resolve) => { release = resolve; }));
for (const url of ${JSON.stringify(urls, null, 2)}) {
  try {
    await import(url);
  } catch (error) {
    test(\`\${url} loads\`, () => { throw error; });
  }
}
release?.();
`;
}

function runNodeTest(entries) {
  const args = ["--import", "tsx", "--test", "--test-concurrency=2", ...entries];
  return spawnSync(process.execPath, args, { cwd: root, stdio: "inherit" }).status ?? 1;
}

const named = process.argv.slice(2);
if (named.length) process.exit(runNodeTest(named));

const files = collectTestFiles(join(root, "test"));
const alone = files.filter(mustRunAlone);
const shared = files.filter((file) => !alone.includes(file));
const folder = mkdtempSync(join(tmpdir(), "sluice-test-groups-"));
try {
  const groups = balancedGroups(shared, GROUPS).map((groupFiles, index) => {
    const entry = join(folder, `group-${String(index + 1).padStart(2, "0")}.test.mjs`);
    writeFileSync(entry, groupEntry(groupFiles));
    return entry;
  });
  const first = alone.filter((file) => file === LONGEST);
  const rest = alone.filter((file) => file !== LONGEST);
  console.log(`# ${files.length} test files: ${shared.length} in ${groups.length} shared processes, ${alone.length} alone`);
  process.exitCode = runNodeTest([...first, ...groups, ...rest]);
} finally {
  rmSync(folder, { recursive: true, force: true });
}
