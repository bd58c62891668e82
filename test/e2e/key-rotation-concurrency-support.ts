import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { stringify } from "yaml";
import { createSluice } from "../../core/index.js";
import { authManifest, rotatingOAuth } from "./auth-cli-support.js";
import { runSluice } from "./sources-concurrency-support.js";

/** What the rotation test needs of a backend: the environment of one fresh, empty store. */
export interface RotationBackend {
  name: string;
  env(): Promise<NodeJS.ProcessEnv>;
}

/**
 * The attack of issue 22: 2, 4 and 8 `sluice sources rotate-key` processes at once. Each must succeed
 * (the second waits for the first and rotates the key it left), no `secret.key.next` is left behind,
 * and afterwards every source opens with every secret it had, in a new process and in this one.
 */
export function concurrentKeyRotations(backend: RotationBackend): void {
  describe(`concurrent key rotations on ${backend.name}`, () => {
    for (const processes of [2, 4, 8]) {
      it(`${processes} rotate-key processes at once lose no secret: every source reads afterwards`, async () => {
        const home = mkdtempSync(join(tmpdir(), "sluice-rotations-"));
        try {
          const env = { PATH: process.env.PATH, HOME: home, SLUICE_HOME: home, ...(await backend.env()) };
          const credentials = { type: "object", properties: { client_id: { type: "string" }, client_secret: { type: "string", airbyte_secret: true }, refresh_token: { type: "string", airbyte_secret: true } } };
          writeFileSync(join(home, "manifest.yaml"), stringify(authManifest(rotatingOAuth("http://127.0.0.1:9/oauth/token"), [], { credentials })));
          const configs = Array.from({ length: 3 }, (_, i) => ({ base_url: "http://127.0.0.1:9", credentials: { client_id: `cid-${i}`, client_secret: `cs-secret-${processes}-${i}`, refresh_token: `rt-secret-${processes}-${i}` } }));
          const sluice = createSluice({ sources: { env } });
          for (const [i, config] of configs.entries()) await sluice.sources.add({ name: `source-${i}`, manifest: join(home, "manifest.yaml"), config });
          await sluice.close();

          const runs = await Promise.all(Array.from({ length: processes }, () => runSluice(["sources", "rotate-key"], env)));
          for (const [i, run] of runs.entries()) assert.equal(run.code, 0, `rotation ${i + 1} of ${processes} failed:\n${run.stderr}`);
          assert.equal(existsSync(join(home, "secret.key.next")), false, "no next key is left behind");

          const keyIds = runs.map((run) => /under the new key (\w+)/.exec(run.stdout)?.[1]);
          assert.equal(new Set(keyIds).size, processes, "each rotation made its own key, one after another");
          for (const [i, config] of configs.entries()) {
            const reopened = createSluice({ sources: { env } });
            assert.deepEqual((await reopened.sources.open(`source-${i}`)).record.config, config);
            await reopened.close();
          }
        } finally {
          rmSync(home, { recursive: true, force: true });
        }
      });
    }
  });
}
