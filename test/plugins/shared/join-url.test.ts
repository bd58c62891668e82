import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { joinUrl } from "../../../plugins/shared/join-url.js";
import { startLoopback } from "../../support/loopback.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";

interface GoldenCase {
  url_base: string;
  path: string;
  kind: "path" | "page_path";
  url: string;
}

/** The kit's results, made by Python's urllib.parse.urljoin (scripts/url-join-golden/generate.py). */
const golden = JSON.parse(readFileSync(new URL("./url-join-golden.json", import.meta.url), "utf8")) as { cases: GoldenCase[] };

/** What the requester does before joining: the kit's `path.lstrip("/")` (a RequestPath token is not stripped). */
const requesterPath = (c: GoldenCase) => (c.kind === "path" ? c.path.replace(/^\/+/, "") : c.path);

describe("joining url_base and path as the kit does (Python's urljoin)", () => {
  for (const c of golden.cases) {
    it(`${JSON.stringify(c.url_base)} + ${c.kind === "path" ? "path" : "RequestPath token"} ${JSON.stringify(c.path)} -> ${c.url}`, () => {
      assert.equal(joinUrl(c.url_base, requesterPath(c)), c.url);
    });
  }

  it("covers the cases the issue names (paperform's double slash, a//b, an empty path, a full URL in path)", () => {
    const paths = golden.cases.map((c) => `${c.url_base}|${c.path}`);
    for (const needed of ["https://api.paperform.co//v1|/forms", "https://api.example.com/v1|a//b", "https://api.example.com/v1|", "https://api.example.com/v1|https://other.example.com/x/y"]) {
      assert.ok(paths.includes(needed), needed);
    }
  });
});

describe("the requester's URL (paperform: url_base https://api.paperform.co//v1, path /forms)", () => {
  it("requests /v1/forms, as the kit does, not //v1/forms", async () => {
    const api = await startLoopback(() => ({ body: { data: [{ id: 1 }] } }));
    try {
      const connector = await createSluice({ logLevel: "error" }).connect({ manifest: oneStreamManifest({ urlBase: `${api.url}//v1`, path: "/forms" }), config: {} });
      for await (const _record of connector.read("items")) break;
      assert.equal(api.requests[0]!.url.pathname, "/v1/forms");
    } finally {
      await api.close();
    }
  });
});
