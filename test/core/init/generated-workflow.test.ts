/**
 * The CI workflow `sluice init` writes (issue 36, item 6) installs the Sluice the connector was made with,
 * pinned, never a bare package name a registry may give to anyone: its commands parse, the pinned install
 * is the running package, and with a registry install the tarball is checked against the integrity its
 * lockfile recorded before npm sees it (run with `curl` and `npm` stand-ins that record what they get).
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { parse } from "yaml";
import { scaffoldConnector } from "../../../core/init/scaffold-connector.js";
import { runningSluiceInstall, type SluiceInstall } from "../../../core/init/sluice-install.js";

const root = mkdtempSync(join(tmpdir(), "sluice-workflow-"));
after(() => rmSync(root, { recursive: true, force: true }));

/** The `run` commands of the generated workflow's job, parsed as YAML. */
function runSteps(install?: SluiceInstall): string[] {
  const files = scaffoldConnector({ name: "acme", auth: "bearer", pagination: "offset", url: "https://api.example.com/v1", ...(install ? { sluiceInstall: install } : {}) });
  const workflow = parse(files[".github/workflows/connector-test.yml"]!) as { jobs: { replay: { steps: Array<{ run?: string }> } } };
  return workflow.jobs.replay.steps.flatMap((step) => (step.run ? [step.run] : []));
}

describe("the CI workflow sluice init writes", () => {
  const pkg = JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "..", "package.json"), "utf8")) as { name: string; version: string };

  it("installs the running Sluice pinned (here a source checkout: its version's tarball), never a bare name", () => {
    assert.deepEqual(runningSluiceInstall(), { name: pkg.name, version: pkg.version });
    const steps = runSteps();
    assert.deepEqual(steps, [`npm install -g ./${pkg.name}-${pkg.version}.tgz`, "node --test tests/"]);
    for (const step of steps) {
      assert.doesNotMatch(step, /npm install -g sluice\b(?!-)/);
      assert.equal(spawnSync("bash", ["-n", "-c", step]).status, 0, `does not parse: ${step}`);
    }
  });

  describe("installed from a registry", () => {
    const tarball = Buffer.from("the real sluice tarball");
    const integrity = `sha512-${createHash("sha512").update(tarball).digest("base64")}`;
    const resolved = "https://registry.example.com/sluice/-/sluice-0.1.0.tgz";
    // An install tree as npm leaves it: the package, and the hidden lockfile with its resolved URL and integrity.
    const modules = join(root, "prefix", "lib", "node_modules");
    mkdirSync(join(modules, "sluice"), { recursive: true });
    writeFileSync(join(modules, "sluice", "package.json"), JSON.stringify({ name: "sluice", version: "0.1.0" }));
    writeFileSync(join(modules, ".package-lock.json"), JSON.stringify({ packages: { "node_modules/sluice": { version: "0.1.0", resolved, integrity } } }));

    /** Runs the install step in a fresh folder with stand-ins: `curl` writes `served`, `npm` records its arguments. */
    function runInstall(step: string, served: Buffer): { status: number | null; stderr: string; npm: string } {
      const work = mkdtempSync(join(root, "ci-"));
      const bin = join(work, "bin");
      mkdirSync(bin);
      writeFileSync(join(work, "served"), served);
      writeFileSync(join(bin, "curl"), `#!/bin/sh\nwhile [ "$1" != "-o" ]; do shift; done\ncp "${join(work, "served")}" "$2"\n`);
      writeFileSync(join(bin, "npm"), `#!/bin/sh\necho "$@" > "${join(work, "npm-args")}"\n`);
      chmodSync(join(bin, "curl"), 0o755);
      chmodSync(join(bin, "npm"), 0o755);
      const run = spawnSync("bash", ["-e", "-c", step], { cwd: work, encoding: "utf8", env: { PATH: `${bin}:${process.env.PATH}` } });
      let npm = "";
      try {
        npm = readFileSync(join(work, "npm-args"), "utf8").trim();
      } catch {
        npm = "";
      }
      return { status: run.status, stderr: run.stderr, npm };
    }

    it("pins the version, URL and integrity the install's lockfile recorded", () => {
      assert.deepEqual(runningSluiceInstall(join(modules, "sluice")), { name: "sluice", version: "0.1.0", resolved, integrity });
    });

    it("installs the downloaded tarball only after its integrity matched", () => {
      const [install] = runSteps(runningSluiceInstall(join(modules, "sluice")));
      assert.ok(install!.includes(resolved) && install!.includes(integrity));
      const ok = runInstall(install!, tarball);
      assert.equal(ok.status, 0, ok.stderr);
      assert.equal(ok.npm, "install -g ./sluice-0.1.0.tgz");
    });

    it("stops before npm when the tarball is another one (a name registered by someone else)", () => {
      const [install] = runSteps(runningSluiceInstall(join(modules, "sluice")));
      const other = runInstall(install!, Buffer.from("whoever registered the name"));
      assert.notEqual(other.status, 0);
      assert.match(other.stderr, /is not the Sluice this connector was made with/);
      assert.equal(other.npm, "", "npm was never called");
    });
  });
});
