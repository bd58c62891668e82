import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { withHeaderComment } from "../../../builder-ui/model/header-comments.js";
import { ManifestModel } from "../../../builder-ui/model/manifest-model.js";

const SCAFFOLD = "# x: a Sluice connector\n# Authentication: Bearer token: Authorization: Bearer <api_key>\n# Pagination: Offset: ?limit=100\nversion: 6.0.0\n# Authentication: a later comment\n";

describe("the scaffold's header comments", () => {
  it("name the method chosen, in the leading comment block only", () => {
    const next = withHeaderComment(ManifestModel.parse(SCAFFOLD), "Authentication", "API Key");
    assert.equal(next.text, SCAFFOLD.replace("Bearer token: Authorization: Bearer <api_key>", "API Key (chosen in the Builder)"));
    assert.match(withHeaderComment(next, "Pagination", "Page Increment").text, /^# Pagination: Page Increment \(chosen in the Builder\)$/m);
  });

  it("leave a manifest without them as it is", () => {
    const model = ManifestModel.parse("version: 6.0.0\n# Authentication: not a header\n");
    assert.equal(withHeaderComment(model, "Authentication", "API Key"), model);
  });
});
