// The pieces doc-examples.test.ts is built from, on made-up pages: what they accept and what they refuse.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { docBlocks, type DocBlock } from "./doc-blocks.js";
import { checkManifestBlock } from "./doc-manifests.js";
import { DocPageRunner } from "./doc-page-runner.js";
import { parseDocTestMarker } from "./doc-test-marker.js";

const dir = mkdtempSync(join(tmpdir(), "sluice-doc-harness-"));
after(() => rmSync(dir, { recursive: true, force: true }));

function block(text: string, marker: string): DocBlock {
  return { file: "docs/x.md", line: 3, lang: "yaml", text, marker: parseDocTestMarker(marker, "docs/x.md:2") };
}

describe("doc blocks and markers", () => {
  it("finds backtick and tilde fences, indented ones in lists, with their line and the marker before them", () => {
    const page = "# T\n\n<!-- docs-test: exit 1 -->\n```sh\nfalse\n```\n\n- item:\n\n  ```yaml\n  a: 1\n  ```\n~~~text\n```\n~~~\n";
    const blocks = docBlocks(page, "docs/x.md");
    assert.deepEqual(
      blocks.map((b) => [b.line, b.lang, b.text, b.marker]),
      [
        [4, "sh", "false\n", { exit: 1 }],
        [10, "yaml", "a: 1\n", {}],
        [13, "text", "```\n", {}],
      ],
    );
  });

  it("refuses an unknown clause, a skip without a reason, a fence never closed, naming the line", () => {
    assert.throws(() => parseDocTestMarker("<!-- docs-test: fragmnt of X -->", "docs/x.md:7"), /docs\/x\.md:7: unknown docs-test clause "fragmnt of X"/);
    assert.throws(() => parseDocTestMarker("<!-- docs-test: skip: docker -->", "docs/x.md:7"), /needs a reason of a few words/);
    assert.throws(() => parseDocTestMarker("<!-- docs-test: config: {nope} -->", "docs/x.md:7"), /takes a JSON object/);
    assert.throws(() => docBlocks("```sh\necho\n", "docs/x.md"), /docs\/x\.md:1: a fenced block is never closed/);
  });

  it("a clause the block's language ignores fails the block instead of doing nothing", async () => {
    const runner = new DocPageRunner(dir, () => "http://127.0.0.1:1", () => []);
    const outcome = await runner.check(block("paginator: { type: NoPagination }\n", "<!-- docs-test: fragment of SimpleRetriever; exit 1 -->"));
    assert.match(outcome.problems.join("\n"), /clause "exit" means nothing for a `yaml` block/);
  });

  it("reads clauses in any order, the rest-of-line ones last", () => {
    assert.deepEqual(parseDocTestMarker('<!-- docs-test: fragment of HttpRequester; into previous; config: {"a": 1} -->', "x"), {
      fragmentOf: "HttpRequester",
      intoPrevious: true,
      config: { a: 1 },
    });
  });
});

describe("manifest blocks", () => {
  it("a fragment is validated inside the minimal manifest: a valid one passes, an unknown field fails with its path", async () => {
    const good = await checkManifestBlock(block("authenticator: { type: BearerAuthenticator, api_token: \"{{ config['k'] }}\" }\n", "<!-- docs-test: fragment of HttpRequester; config: {\"k\": \"a-token\"} -->"), { dir });
    assert.deepEqual(good.problems, []);
    const typo = await checkManifestBlock(block("pagination_strategy: { type: PageIncrement, page_sise: 10 }\n", "<!-- docs-test: fragment of DefaultPaginator -->"), { dir });
    assert.match(typo.problems.join("\n"), /MANIFEST_UNKNOWN_FIELD.*page_sise/);
  });

  it("a block marked refused must be refused with exactly that code", async () => {
    const wrong = "authenticator: { type: ApiKeyAuthenticator, api_token: x }\n";
    const refused = await checkManifestBlock(block(wrong, "<!-- docs-test: fragment of HttpRequester; refused AUTH_DEFINITION_INVALID -->"), { dir });
    assert.deepEqual(refused.problems, []);
    const otherCode = await checkManifestBlock(block(wrong, "<!-- docs-test: fragment of HttpRequester; refused MANIFEST_INVALID -->"), { dir });
    assert.match(otherCode.problems.join("\n"), /marked "refused MANIFEST_INVALID", but Sluice reported:\n.*AUTH_DEFINITION_INVALID/);
    const accepted = await checkManifestBlock(block("authenticator: { type: NoAuth }\n", "<!-- docs-test: fragment of HttpRequester; refused MANIFEST_INVALID -->"), { dir });
    assert.match(accepted.problems.join("\n"), /but Sluice accepted it/);
  });

  it("a block that is neither a whole manifest nor marked a fragment fails and says how to mark it", async () => {
    const result = await checkManifestBlock(block("paginator: { type: NoPagination }\n", ""), { dir });
    assert.match(result.problems.join("\n"), /not a whole manifest.*fragment of TYPE/);
  });

  it("each YAML document of a block is an example; duplicate keys are invalid YAML", async () => {
    const twoDocs = await checkManifestBlock(block("paginator: { type: NoPagination }\n---\npaginator: { type: NoPaginatio }\n", "<!-- docs-test: fragment of SimpleRetriever -->"), { dir });
    assert.equal(twoDocs.problems.length, 1);
    assert.match(twoDocs.problems[0]!, /^document 2: .*NoPaginatio/);
    const duplicate = await checkManifestBlock(block("paginator: {}\npaginator: {}\n", "<!-- docs-test: fragment of SimpleRetriever -->"), { dir });
    assert.match(duplicate.problems.join("\n"), /not valid YAML/);
  });
});
