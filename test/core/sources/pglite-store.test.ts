import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after } from "node:test";
import { PGliteDatabase } from "../../../core/sources/pglite-database.js";
import { storeContract } from "./support/store-contract.js";

const dir = mkdtempSync(join(tmpdir(), "sluice-pglite-"));
after(() => rmSync(dir, { recursive: true, force: true }));

storeContract({ name: "PGlite", database: () => new PGliteDatabase(join(dir, "db")) });
