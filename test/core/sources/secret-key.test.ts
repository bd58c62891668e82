import assert from "node:assert/strict";
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { loadSecretKey, SecretKey } from "../../../core/sources/secret-key.js";

const home = mkdtempSync(join(tmpdir(), "sluice-key-"));
after(() => rmSync(home, { recursive: true, force: true }));

describe("the secret key", () => {
  it("takes SLUICE_SECRET_KEY when set", async () => {
    const key = SecretKey.generate("x");
    const loaded = await loadSecretKey({ env: { SLUICE_SECRET_KEY: key.toBase64() }, home: join(home, "unused") });
    assert.equal(loaded.id, key.id);
    assert.equal(loaded.origin, "SLUICE_SECRET_KEY");
  });

  it("refuses a SLUICE_SECRET_KEY that is not 32 bytes of base64, without echoing it", async () => {
    await assert.rejects(loadSecretKey({ env: { SLUICE_SECRET_KEY: Buffer.alloc(16).toString("base64") }, home }), (e: Error & { code: string; found: string }) => e.code === "SECRET_KEY_INVALID" && e.found === "16 bytes");
    await assert.rejects(loadSecretKey({ env: { SLUICE_SECRET_KEY: "not a key!" }, home }), (e: Error & { code: string; describe(): string }) => e.code === "SECRET_KEY_INVALID" && !e.describe().includes("not a key!"));
  });

  it("creates a 0600 key file on first use, in a 0700 home, and reads the same key afterwards", async () => {
    const dir = join(home, "fresh");
    const keys = await Promise.all([1, 2, 3].map(() => loadSecretKey({ env: {}, home: dir })));
    assert.equal(new Set(keys.map((k) => k.id)).size, 1, "concurrent first uses agree on one key");
    assert.equal(statSync(join(dir, "secret.key")).mode & 0o777, 0o600);
    assert.equal(statSync(dir).mode & 0o777, 0o700);
    assert.equal(Buffer.from(readFileSync(join(dir, "secret.key"), "utf8").trim(), "base64").length, 32);
    assert.equal((await loadSecretKey({ env: {}, home: dir })).id, keys[0]!.id);
  });

  it("refuses a key file others can read", async () => {
    const dir = join(home, "loose");
    await loadSecretKey({ env: {}, home: dir });
    chmodSync(join(dir, "secret.key"), 0o644);
    await assert.rejects(loadSecretKey({ env: {}, home: dir }), { code: "SECRET_KEY_FILE_UNSAFE" });
  });
});
