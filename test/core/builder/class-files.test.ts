import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { classFiles } from "../../../core/builder/class-files.js";

describe("the custom classes' files the Builder reports", () => {
  it("finds each class_name's module as the loader would, says which file to write when there is none, and leaves out a name the loader refuses", () => {
    const dir = mkdtempSync(join(tmpdir(), "sluice-class-files-"));
    try {
      mkdirSync(join(dir, "source_acme"));
      writeFileSync(join(dir, "source_acme", "components.js"), "export class Pages {}\n");
      const resolved = {
        streams: [
          { retriever: { paginator: { pagination_strategy: { type: "CustomPaginationStrategy", class_name: "source_acme.components.Pages" } } } },
          { retriever: { requester: { authenticator: { type: "CustomAuthenticator", class_name: "source_acme.auth.Signer" } } } },
        ],
        other: { class_name: "../../etc/passwd.X" },
      };
      assert.deepEqual(classFiles(resolved, dir), {
        "source_acme.components.Pages": { found: join("source_acme", "components.js"), expected: join("source_acme", "components.ts") },
        "source_acme.auth.Signer": { expected: join("source_acme", "auth.ts") },
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
