import assert from "node:assert/strict";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { keyFiles, readKeyFile, SecretKey, writeKeyFile } from "../../../../core/sources/secret-key.js";
import { openKeyring } from "../../../../core/sources/secret-keyring.js";
import type { SqlDatabase } from "../../../../core/sources/sql-database.js";
import { SqlSourceStore } from "../../../../core/sources/sql-source-store.js";

/** A backend under test: a fresh database handle on the same data each call. */
export interface StoreBackend {
  name: string;
  database(): SqlDatabase;
}

const SECRETS = ["sk-live-4f9a8b7c6d5e", "cs-0a1b2c3d4e5f", "rt-first-9e8d7c6b5a"];

export function sampleConfig(): Record<string, any> {
  return { base_url: "https://api.example.com", api_key: SECRETS[0], credentials: { client_id: "cid", client_secret: SECRETS[1], refresh_token: SECRETS[2] } };
}
const SAMPLE_PATHS = [["api_key"], ["credentials", "client_secret"], ["credentials", "refresh_token"]];

/** Every cell of every sluice_ table, as Postgres prints it (bytea as hex, jsonb as text). */
export async function dumpTables(db: SqlDatabase): Promise<string> {
  return db.transaction(async (tx) => {
    const tables = await tx.query<{ tablename: string }>("SELECT tablename FROM pg_tables WHERE tablename LIKE 'sluice_%' ORDER BY tablename");
    const parts: string[] = [];
    for (const { tablename } of tables) {
      const rows = await tx.query<{ row: string }>(`SELECT t::text AS row FROM ${tablename} t`);
      parts.push(...rows.map((r) => r.row));
    }
    return parts.join("\n");
  });
}

/**
 * The behaviour every SQL backend of the source store must have; run on PGlite by `npm test` and on a
 * real Postgres server by scripts/test-postgres.sh.
 */
export function storeContract(backend: StoreBackend): void {
  const key = SecretKey.generate("SLUICE_SECRET_KEY");
  const env = { SLUICE_SECRET_KEY: key.toBase64() };
  const home = mkdtempSync(join(tmpdir(), "sluice-store-home-"));
  const open = (withEnv: NodeJS.ProcessEnv = env) => new SqlSourceStore(backend.database(), () => openKeyring({ env: withEnv, home }));

  describe(`the source store on ${backend.name}`, () => {
    it("stores a source and gives it back whole, with no secret in any table", async () => {
      const store = open();
      await store.create({ name: "acme", manifest: { path: "/srv/acme/manifest.yaml" }, config: sampleConfig(), secretPaths: SAMPLE_PATHS });
      const loaded = await store.load("acme");
      assert.deepEqual(loaded.config, sampleConfig());
      assert.deepEqual(loaded.manifest, { path: "/srv/acme/manifest.yaml" });
      assert.deepEqual(loaded.secretPaths.map((p) => p.join(".")).sort(), ["api_key", "credentials.client_secret", "credentials.refresh_token"]);
      const summary = (await store.list()).find((s) => s.name === "acme");
      assert.equal(summary?.secretCount, 3);
      assert.equal(summary?.manifestPath, "/srv/acme/manifest.yaml");
      const dump = await dumpTables(backend.database());
      assert.match(dump, /api\.example\.com/, "the plain part is stored in the clear");
      for (const secret of SECRETS) {
        assert.ok(!dump.includes(secret), `${secret} in plaintext`);
        assert.ok(!dump.includes(Buffer.from(secret).toString("hex")), `${secret} as hex`);
      }
      await store.close();
    });

    it("keeps an integer past 2^53 exact, in the plain part and in a secret", async () => {
      const store = open();
      const config = { account_id: 9007199254740993n, api_key: 2n ** 70n, plain: 1.5 };
      await store.create({ name: "big-ints", manifest: { path: "/srv/big/manifest.yaml" }, config, secretPaths: [["api_key"]] });
      const loaded = await store.load("big-ints");
      assert.deepEqual(loaded.config, config);
    });

    it("refuses a taken name and names the stored sources for an unknown one", async () => {
      const store = open();
      await assert.rejects(store.create({ name: "acme", manifest: { path: "/x" }, config: {}, secretPaths: [] }), { code: "SOURCE_EXISTS" });
      await assert.rejects(store.load("acmee"), (e: Error & { code: string; expected: string }) => e.code === "SOURCE_NOT_FOUND" && e.expected.includes("acme"));
      await store.close();
    });

    it("commits a write-back encrypted, and every written value becomes a secret", async () => {
      const store = open();
      const committed = await store.updateConfig("acme", (config: Record<string, any>) => {
        config.credentials.refresh_token = "rt-second-1a2b3c4d";
        config.credentials.access_token = "at-fresh-5e6f7a8b";
        config.credentials.token_expiry_date = "2030-01-01T00:00:00Z";
      });
      assert.equal(committed.credentials && (committed.credentials as Record<string, unknown>).refresh_token, "rt-second-1a2b3c4d");
      const again = await open().load("acme");
      assert.equal((again.config.credentials as Record<string, unknown>).access_token, "at-fresh-5e6f7a8b");
      assert.ok(again.secretPaths.some((p) => p.join(".") === "credentials.token_expiry_date"));
      const dump = await dumpTables(backend.database());
      for (const value of ["rt-second-1a2b3c4d", "at-fresh-5e6f7a8b", "2030-01-01T00:00:00Z"]) assert.ok(!dump.includes(value), `${value} in plaintext`);
      await store.close();
    });

    it("keeps the committed config when only the manifest is replaced (a token rotated meanwhile is not lost)", async () => {
      const store = open();
      await store.updateConfig("acme", (config: Record<string, any>) => void (config.credentials.refresh_token = "rt-rotated-meanwhile-77"));
      await store.replace("acme", { manifest: { path: "/srv/acme-v2/manifest.yaml" }, secretPaths: [] });
      const loaded = await store.load("acme");
      assert.equal((loaded.config.credentials as Record<string, unknown>).refresh_token, "rt-rotated-meanwhile-77");
      assert.deepEqual(loaded.manifest, { path: "/srv/acme-v2/manifest.yaml" });
      assert.ok(loaded.secretPaths.some((p) => p.join(".") === "credentials.refresh_token"), "secret paths are kept");
      await store.close();
    });

    it("serializes concurrent changes of one source across store instances (no lost update)", async () => {
      const stores = [open(), open()];
      await stores[0]!.updateConfig("acme", (config) => void (config.counter = 0));
      await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          stores[i % 2]!.updateConfig("acme", async (config) => {
            const seen = Number(config.counter);
            await new Promise((resolve) => setTimeout(resolve, 15)); // a token request takes a while
            config.counter = seen + 1;
          }),
        ),
      );
      assert.equal((await stores[0]!.load("acme")).config.counter, 6);
      await Promise.all(stores.map((s) => s.close()));
    });

    it("refuses a ciphertext moved to another field instead of using it", async () => {
      const store = open();
      await store.create({ name: "moved", manifest: { path: "/x" }, config: { a: "secret-a-1234", b: "secret-b-5678" }, secretPaths: [["a"], ["b"]] });
      await backend.database().transaction(async (tx) => {
        await tx.query(`UPDATE sluice_source_secrets SET ciphertext = (SELECT ciphertext FROM sluice_source_secrets WHERE source = 'moved' AND path = '["a"]'), nonce = (SELECT nonce FROM sluice_source_secrets WHERE source = 'moved' AND path = '["a"]') WHERE source = 'moved' AND path = '["b"]'`);
      });
      await assert.rejects(store.load("moved"), { code: "SECRET_DECRYPT_FAILED" });
      assert.equal(await store.remove("moved"), true);
      assert.equal(await store.remove("moved"), false);
      await store.close();
    });

    it("refuses the wrong key with a coded error, never garbage", async () => {
      const wrong = open({ SLUICE_SECRET_KEY: SecretKey.generate("x").toBase64() });
      await assert.rejects(wrong.load("acme"), { code: "SECRET_KEY_MISMATCH" });
      await wrong.close();
    });

    it("rotates the key: every source stays readable, the old key no longer opens the store", async () => {
      const before = await open().load("acme");
      const next = SecretKey.generate("SLUICE_NEW_SECRET_KEY");
      const rotating = open({ ...env, SLUICE_NEW_SECRET_KEY: next.toBase64() });
      const report = await rotating.rotateKey();
      assert.equal(report.keyId, next.id);
      assert.ok(report.secrets >= 6 && report.sources >= 1);
      const after = open({ SLUICE_SECRET_KEY: next.toBase64() });
      assert.deepEqual((await after.load("acme")).config, before.config);
      await assert.rejects(open().load("acme"), { code: "SECRET_KEY_MISMATCH" });
      // Back to the first key, so the other tests keep it.
      await open({ SLUICE_SECRET_KEY: next.toBase64(), SLUICE_NEW_SECRET_KEY: key.toBase64() }).rotateKey();
      await Promise.all([rotating.close(), after.close()]);
    });

    it("finishes a key rotation that committed but died before replacing the key file", async () => {
      const fileHome = mkdtempSync(join(tmpdir(), "sluice-store-rotate-"));
      // A store of its own: the rotation test needs the key in a file, and this backend may already hold another key's secrets.
      const db = backend.database();
      await db.transaction(async (tx) => void (await tx.query("DELETE FROM sluice_meta WHERE key = 'key_id'"), await tx.query("DELETE FROM sluice_sources")));
      const store = new SqlSourceStore(db, () => openKeyring({ env: {}, home: fileHome }));
      await store.create({ name: "acme", manifest: { path: "/x" }, config: sampleConfig(), secretPaths: SAMPLE_PATHS });
      const next = SecretKey.generate("next");
      await writeKeyFile(keyFiles(fileHome).next, next, "w");
      await store.reseal(next); // ... and the process dies here
      const reopened = new SqlSourceStore(backend.database(), () => openKeyring({ env: {}, home: fileHome }));
      assert.deepEqual((await reopened.load("acme")).config, sampleConfig());
      const rotated = new SqlSourceStore(backend.database(), () => openKeyring({ env: {}, home: fileHome }));
      assert.deepEqual((await rotated.load("acme")).config, sampleConfig(), "the next key is now the key file");
      const running = new SqlSourceStore(backend.database(), () => openKeyring({ env: {}, home: fileHome }));
      await running.list(); // a process that loaded the key before the rotation below
      const report = await rotated.rotateKey();
      assert.notEqual(report.keyId, next.id);
      assert.deepEqual((await running.load("acme")).config, sampleConfig(), "a running process picks up the rotated key file");
      assert.deepEqual((await new SqlSourceStore(backend.database(), () => openKeyring({ env: {}, home: fileHome })).load("acme")).config, sampleConfig());
      await Promise.all([store.close(), reopened.close(), rotated.close(), running.close()]);
    });

    it("removes a next key left by a rotation killed before its commit, and rotates past it", async () => {
      const fileHome = mkdtempSync(join(tmpdir(), "sluice-store-stale-next-"));
      const db = backend.database();
      await db.transaction(async (tx) => void (await tx.query("DELETE FROM sluice_meta WHERE key = 'key_id'"), await tx.query("DELETE FROM sluice_sources")));
      const store = new SqlSourceStore(db, () => openKeyring({ env: {}, home: fileHome }));
      await store.create({ name: "acme", manifest: { path: "/x" }, config: sampleConfig(), secretPaths: SAMPLE_PATHS });
      await writeKeyFile(keyFiles(fileHome).next, SecretKey.generate("killed"), "w"); // saved, then killed before the reseal
      const started = new SqlSourceStore(backend.database(), () => openKeyring({ env: {}, home: fileHome }));
      assert.deepEqual((await started.load("acme")).config, sampleConfig());
      assert.equal(existsSync(keyFiles(fileHome).next), false, "the stale next key is gone: the current key opens the store");
      await writeKeyFile(keyFiles(fileHome).next, SecretKey.generate("killed"), "w");
      const report = await new SqlSourceStore(backend.database(), () => openKeyring({ env: {}, home: fileHome })).rotateKey();
      assert.equal((await readKeyFile(keyFiles(fileHome).current))?.id, report.keyId);
      assert.deepEqual((await new SqlSourceStore(backend.database(), () => openKeyring({ env: {}, home: fileHome })).load("acme")).config, sampleConfig());
      await Promise.all([store.close(), started.close()]);
    });

    it("refuses a schema written by a newer Sluice", async () => {
      await backend.database().transaction(async (tx) => void (await tx.query("INSERT INTO sluice_migrations (version, name) VALUES (999, 'future')")));
      await assert.rejects(open().list(), { code: "SOURCE_STORE_TOO_NEW" });
      await backend.database().transaction(async (tx) => void (await tx.query("DELETE FROM sluice_migrations WHERE version = 999")));
    });
  });
}
