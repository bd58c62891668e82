/**
 * What `docker build` would see, without a Docker daemon: the Dockerfile's instructions (ARG defaults,
 * ENV, COPY sources, ENTRYPOINT, LABEL keys) and the .dockerignore rules, matched the way Docker
 * matches them (Go filepath.Match per segment, `**` for any number of segments, `!` re-includes, the
 * last matching rule wins).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

export interface Dockerfile {
  args: Map<string, string>;
  env: Map<string, string>;
  /** Sources of COPY instructions that read the build context (not `--from=`), variables left as written. */
  copies: string[];
  entrypoint: string[];
  labels: string[];
}

/** The instructions of a Dockerfile, continuation lines joined, comments and blank lines dropped. */
export function dockerfileLines(root: string, file = "Dockerfile"): string[] {
  const text = readFileSync(join(root, file), "utf8").replace(/\\\r?\n/g, " ");
  return text.split("\n").map((l) => l.trim().replace(/\s+/g, " ")).filter((l) => l !== "" && !l.startsWith("#"));
}

/** The instructions of the final (runtime) stage: everything after the last FROM. */
export function finalStage(root: string, file = "Dockerfile"): string[] {
  const lines = dockerfileLines(root, file);
  return lines.slice(lines.findLastIndex((l) => /^FROM /i.test(l)) + 1);
}

/** Reads the Dockerfile's instructions. */
export function readDockerfile(root: string, file = "Dockerfile"): Dockerfile {
  const result: Dockerfile = { args: new Map(), env: new Map(), copies: [], entrypoint: [], labels: [] };
  for (const line of dockerfileLines(root, file)) {
    const [instruction = "", ...rest] = line.split(/\s+/);
    const body = line.slice(instruction.length).trim();
    switch (instruction.toUpperCase()) {
      case "ARG": {
        const [name = "", value = ""] = body.split("=", 2);
        if (!result.args.has(name) || value) result.args.set(name, value);
        break;
      }
      case "ENV":
        for (const [, name, value] of body.matchAll(/(\w+)=("[^"]*"|\S+)/g)) result.env.set(name!, value!.replace(/^"|"$/g, ""));
        break;
      case "COPY":
        if (!rest.some((r) => r.startsWith("--from="))) result.copies.push(...rest.filter((r) => !r.startsWith("--")).slice(0, -1));
        break;
      case "ENTRYPOINT":
        result.entrypoint = JSON.parse(body) as string[];
        break;
      case "LABEL":
        for (const [, key] of body.matchAll(/([\w.-]+)=/g)) result.labels.push(key!);
        break;
    }
  }
  return result;
}

/** A .dockerignore, as a predicate over context-relative paths (`core/index.ts`, `examples/demo/secrets/config.json`). */
export function readDockerignore(root: string): (path: string) => boolean {
  const rules = readFileSync(join(root, ".dockerignore"), "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("#"))
    .map((l) => ({ exclude: !l.startsWith("!"), pattern: toRegExp(l.replace(/^!/, "").replace(/^\/+|\/+$/g, "")) }));
  return (path) => {
    let excluded = false;
    const segments = path.split("/");
    // A rule matching a parent folder excludes everything below it.
    for (let i = 1; i <= segments.length; i++) {
      const prefix = segments.slice(0, i).join("/");
      for (const rule of rules) if (rule.pattern.test(prefix)) excluded = rule.exclude;
    }
    return excluded;
  };
}

function toRegExp(pattern: string): RegExp {
  let source = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === "*" && pattern[i + 1] === "*") {
      source += pattern[i + 2] === "/" ? "(?:.*/)?" : ".*";
      i += pattern[i + 2] === "/" ? 2 : 1;
    } else if (c === "*") source += "[^/]*";
    else if (c === "?") source += "[^/]";
    else source += c.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`);
}
