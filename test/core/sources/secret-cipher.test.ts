import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { openSecret, sealSecret, secretContext } from "../../../core/sources/secret-cipher.js";
import { SecretKey } from "../../../core/sources/secret-key.js";

describe("AES-256-GCM sealing of secrets", () => {
  const key = SecretKey.generate("test");
  const here = secretContext("acme", '["credentials","refresh_token"]');

  it("opens what it sealed, keeping the value's JSON type, with a fresh nonce each time", () => {
    const a = sealSecret(key, here, { n: 1, s: "rt-123" });
    const b = sealSecret(key, here, { n: 1, s: "rt-123" });
    assert.deepEqual(openSecret(key, here, a, "x"), { n: 1, s: "rt-123" });
    assert.equal(a.nonce.length, 12);
    assert.notDeepEqual(a.nonce, b.nonce);
    assert.notDeepEqual(a.ciphertext, b.ciphertext);
    assert.ok(!a.ciphertext.toString("latin1").includes("rt-123"));
  });

  it("refuses a ciphertext moved to another field or another source", () => {
    const sealed = sealSecret(key, here, "rt-123");
    assert.throws(() => openSecret(key, secretContext("acme", '["api_key"]'), sealed, "x"), { code: "SECRET_DECRYPT_FAILED" });
    assert.throws(() => openSecret(key, secretContext("other", '["credentials","refresh_token"]'), sealed, "x"), { code: "SECRET_DECRYPT_FAILED" });
  });

  it("refuses an altered ciphertext", () => {
    const sealed = sealSecret(key, here, "rt-123");
    sealed.ciphertext[0]! ^= 1;
    assert.throws(() => openSecret(key, here, sealed, "x"), { code: "SECRET_DECRYPT_FAILED" });
  });

  it("names both key ids, never the keys, when the key is the wrong one", () => {
    const sealed = sealSecret(key, here, "rt-123");
    const other = SecretKey.generate("SLUICE_SECRET_KEY");
    assert.throws(() => openSecret(other, here, sealed, "x"), (error: Error & { code: string; describe(): string }) => {
      assert.equal(error.code, "SECRET_KEY_MISMATCH");
      assert.match(error.describe(), new RegExp(`${key.id}[\\s\\S]*${other.id}`));
      assert.ok(!error.describe().includes(key.toBase64()) && !error.describe().includes(other.toBase64()));
      return true;
    });
  });
});
