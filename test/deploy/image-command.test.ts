import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { EXCLUDED_FROM_IMAGE } from "../../core/image/stage-image-context.js";
import { IMAGE_PYTHON_PACKAGES, imageBuildArgs, imageNaming } from "../../core/image/build-image.js";
import { runSluice } from "../support/run-sluice.js";
import { dockerfileLines, finalStage, readDockerfile, readDockerignore } from "./docker-context.js";

const ROOT = join(import.meta.dirname, "..", "..");

describe("sluice image (the build itself runs in scripts/test-image.sh)", () => {
  let work: string;
  let connector: string;
  before(() => {
    work = mkdtempSync(join(tmpdir(), "sluice-image-cmd-"));
    connector = join(work, "source-things");
    cpSync(join(ROOT, "examples", "demo"), connector, { recursive: true });
    mkdirSync(join(connector, "secrets"), { recursive: true });
    writeFileSync(join(connector, "secrets", "config.json"), "{}");
    writeFileSync(join(connector, ".env"), "TOKEN=x");
    writeFileSync(join(connector, "config.json.lock"), "");
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  /** The staged context folder named by a --dry-run's command line (its last word). */
  function stagedFrom(stdout: string): string {
    return stdout.trim().split("\n").at(-1)!.split(" ").at(-1)!;
  }

  it("--dry-run stages Sluice and the connector folder (credentials left out) and prints the build command", async () => {
    const run = await runSluice(["image", connector, "--engine", "podman", "--name", "acme/source-things", "--version", "1.0.0", "--dry-run"], work);
    assert.equal(run.code, 0, run.stderr);
    const staged = stagedFrom(run.stdout);
    try {
      assert.equal(run.stdout, `# build context staged in ${staged} (remove it when done)\npodman build -f ${join(ROOT, "deploy", "connector.Dockerfile")} --build-arg CONNECTOR_IMAGE_NAME=acme/source-things --build-arg CONNECTOR_VERSION=1.0.0 -t acme/source-things:1.0.0 ${staged}\n`);
      assert.equal(run.stderr, "");
      assert.deepEqual(readdirSync(staged).sort(), ["connector", "sluice"]);
      assert.ok(existsSync(join(staged, "sluice", "dist", "core", "index.js")) && existsSync(join(staged, "sluice", "bin", "sluice.js")));
      assert.ok(!existsSync(join(staged, "sluice", "node_modules")) && !existsSync(join(staged, "sluice", "core")), "no dependencies or sources of Sluice");
      assert.ok(existsSync(join(staged, "connector", "manifest.yaml")));
      for (const secret of ["secrets", ".env", "config.json.lock"]) assert.ok(!existsSync(join(staged, "connector", secret)), `${secret} was staged`);
      assert.ok(existsSync(join(connector, "secrets", "config.json")), "the connector folder is left as it was");
    } finally {
      rmSync(staged, { recursive: true, force: true });
    }
  });

  it("--sluice puts a packed tarball's Sluice in the context instead of the running one", async () => {
    const pkg = join(work, "pack", "package");
    mkdirSync(join(pkg, "dist", "core"), { recursive: true });
    mkdirSync(join(pkg, "bin"), { recursive: true });
    writeFileSync(join(pkg, "package.json"), JSON.stringify({ name: "sluice", version: "9.9.9" }));
    writeFileSync(join(pkg, "dist", "core", "index.js"), "export {};\n");
    writeFileSync(join(pkg, "bin", "sluice.js"), "#!/usr/bin/env node\n");
    execFileSync("tar", ["-czf", join(work, "sluice-9.9.9.tgz"), "-C", join(work, "pack"), "package"]);
    const run = await runSluice(["image", connector, "--engine", "docker", "--sluice", "sluice-9.9.9.tgz", "--dry-run"], work);
    assert.equal(run.code, 0, run.stderr);
    const staged = stagedFrom(run.stdout);
    try {
      assert.equal(JSON.parse(readFileSync(join(staged, "sluice", "package.json"), "utf8")).version, "9.9.9");
      assert.match(run.stdout, /\ndocker build .* -t sluice\/source-things:dev /);
    } finally {
      rmSync(staged, { recursive: true, force: true });
    }
  });

  it("a tarball that is not Sluice is refused, naming what it holds", async () => {
    const pkg = join(work, "other", "package");
    mkdirSync(pkg, { recursive: true });
    writeFileSync(join(pkg, "package.json"), JSON.stringify({ name: "left-pad" }));
    execFileSync("tar", ["-czf", join(work, "left-pad.tgz"), "-C", join(work, "other"), "package"]);
    const run = await runSluice(["image", connector, "--sluice", "left-pad.tgz", "--dry-run"], work);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /IMAGE_SLUICE_PACKAGE_INVALID[\s\S]*found: package "left-pad"/);
  });

  it("a folder with no manifest is refused before anything is staged", async () => {
    const empty = join(work, "empty");
    mkdirSync(empty);
    writeFileSync(join(empty, "notes.txt"), "");
    const run = await runSluice(["image", empty, "--dry-run"], work);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /holds no connector manifest \[IMAGE_CONNECTOR_INVALID\][\s\S]*found: notes\.txt/);
  });

  it("a tag names the image and its version labels unless --name and --version say otherwise", () => {
    assert.deepEqual(imageNaming({ connector: "/x/source-things", tag: "registry:5000/acme/things:2.1" }), { name: "registry:5000/acme/things", version: "2.1", tag: "registry:5000/acme/things:2.1" });
    assert.deepEqual(imageNaming({ connector: "/x/source-things" }), { name: "sluice/source-things", version: "dev", tag: "sluice/source-things:dev" });
    assert.deepEqual(imageNaming({ connector: "/x/Things", tag: "registry:5000/things" }), { name: "registry:5000/things", version: "dev", tag: "registry:5000/things" });
  });
});

describe("an image of a connector with Python components", () => {
  it("gets Debian's Python and the kit's modules as a build argument; a connector without .py files gets none", () => {
    const dir = mkdtempSync(join(tmpdir(), "sluice-image-python-"));
    try {
      writeFileSync(join(dir, "manifest.yaml"), "version: 6.0.0\n");
      const context = { dir: "/ctx", dockerfile: "/ctx/Dockerfile" };
      assert.ok(!imageBuildArgs(context, { connector: dir }).some((arg) => arg.startsWith("PYTHON_PACKAGES=")));
      mkdirSync(join(dir, "source_things"));
      writeFileSync(join(dir, "source_things", "components.py"), "class Pager:\n    pass\n");
      assert.ok(imageBuildArgs(context, { connector: dir }).includes(`PYTHON_PACKAGES=${IMAGE_PYTHON_PACKAGES}`));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("both Dockerfiles install PYTHON_PACKAGES when given and copy the Python package", () => {
    for (const file of ["Dockerfile", "deploy/connector.Dockerfile"]) {
      const stage = finalStage(ROOT, file === "Dockerfile" ? undefined : file);
      assert.ok(stage.some((line) => line.startsWith("COPY ") && line.endsWith(" python-kit")), file);
      assert.ok(stage.some((line) => line.startsWith("RUN ") && line.includes("${PYTHON_PACKAGES}")), file);
    }
  });
});

describe("the two Dockerfiles stay in step", () => {
  it("deploy/connector.Dockerfile's runtime stage matches the repository's: environment, user, entrypoint, labels", () => {
    const kept = (lines: string[]) => lines.filter((l) => /^(ENV|USER|ENTRYPOINT|WORKDIR|RUN ln) /.test(l));
    assert.deepEqual(kept(finalStage(ROOT, "deploy/connector.Dockerfile")), kept(finalStage(ROOT)));
    const repository = readDockerfile(ROOT);
    const shipped = readDockerfile(ROOT, "deploy/connector.Dockerfile");
    assert.deepEqual(shipped.labels, repository.labels);
    assert.equal(shipped.args.get("NODE_IMAGE"), repository.args.get("NODE_IMAGE"));
    assert.ok(finalStage(ROOT, "deploy/connector.Dockerfile").includes("COPY connector /airbyte/connector"));
  });

  it("what sluice image leaves out of a connector folder, the repository's .dockerignore leaves out too", () => {
    const ignored = readDockerignore(ROOT);
    for (const name of EXCLUDED_FROM_IMAGE) {
      const example = `examples/demo/${name.replace("*", "config.json").replace(".*", ".local")}`;
      assert.equal(ignored(example), true, `${example} (left out by sluice image) would be in the repository's build context`);
    }
  });

  it("the repository's build stage copies every local module scripts/build.mjs imports (the build once failed without one of them)", () => {
    const seen = new Set<string>();
    const pending = ["scripts/build.mjs"];
    while (pending.length) {
      const file = pending.pop()!;
      seen.add(file);
      for (const [, spec] of readFileSync(join(ROOT, file), "utf8").matchAll(/^import\s[^"']*["'](\.{1,2}\/[^"']+)["']/gm)) {
        const target = join(file, "..", spec!);
        if (!seen.has(target)) pending.push(target);
      }
    }
    const copies = dockerfileLines(ROOT).filter((l) => l.startsWith("COPY ") && !l.includes("--from="));
    for (const file of seen) {
      assert.ok(copies.some((c) => c.split(" ").slice(1, -1).some((source) => file === source || file.startsWith(`${source}/`))), `the Dockerfile's build stage does not COPY ${file}`);
    }
    assert.ok(seen.has("scripts/bundle-library.mjs"), [...seen].join(", "));
  });
});
