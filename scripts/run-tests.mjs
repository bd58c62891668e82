// Runs every test file under test/ (except the browser tests, `npm run test:browser`) with Node's test
// runner through tsx. Node 20's `--test` takes no glob, so the files are listed here.
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const root = join(import.meta.dirname, "..");
// test/postgres/ needs a Postgres server (scripts/test-postgres.sh), test/image/ podman (scripts/test-image.sh).
const skipFolders = new Set(["browser", "bench", "postgres", "image", "node_modules"]);
const only = process.argv.slice(2);
const files = [];
(function collect(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (!skipFolders.has(name)) collect(path);
    } else if (name.endsWith(".test.ts")) files.push(relative(root, path));
  }
})(join(root, only.length ? "" : "test"));
// Two files run at a time; the longest starts first so that it is not the one still running alone at
// the end (the docs' examples run every fenced block of every page, by far the longest file).
const LONGEST_FIRST = ["test/docs/doc-examples.test.ts"];
const ordered = [...LONGEST_FIRST.filter((file) => files.includes(file)), ...files.filter((file) => !LONGEST_FIRST.includes(file))];
const chosen = only.length ? only : ordered;
const result = spawnSync(process.execPath, ["--import", "tsx", "--test", "--test-concurrency=2", ...chosen], { cwd: root, stdio: "inherit" });
process.exit(result.status ?? 1);
