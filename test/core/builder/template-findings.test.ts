import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { templateSyntaxFindings } from "../../../core/builder/template-findings.js";
import { SourcePositions } from "../../../core/manifest/source-positions.js";

const TEXT = `definitions:
  requester:
    type: HttpRequester
    request_headers:
      X-Page: "{{ next_page_token['next_page_token' }}"
streams:
  - name: "{{ not a template"
    retriever:
      requester:
        $ref: "#/definitions/requester"
        request_parameters:
          status: "{% if config.x %}"
          plain: active
          fine: "{{ config['status'] }}"
`;

describe("template syntax errors of the Builder's fields", () => {
  const positions = SourcePositions.parse(TEXT);
  const fields = {
    "streams[0].name": "{{ not a template",
    "streams[0].retriever.requester.request_parameters": { status: "{% if config.x %}", plain: "active", fine: "{{ config['status'] }}" },
    "streams[0].retriever.requester.request_headers": { "X-Page": "{{ next_page_token['next_page_token' }}" },
  };

  it("reports each broken template with the engine's message where it is written, names and plain strings left alone", () => {
    const found = templateSyntaxFindings(fields, positions, []);
    assert.deepEqual(
      found.map((f) => [f.code, f.path, f.usedAt, f.line]),
      [
        ["TEMPLATE_SYNTAX", "streams[0].retriever.requester.request_parameters.status", undefined, 12],
        ["TEMPLATE_SYNTAX", 'definitions.requester.request_headers["X-Page"]', 'streams[0].retriever.requester.request_headers["X-Page"]', 5],
      ],
    );
    assert.match(found[0]!.message, /^Template "\{% if config\.x %\}" is not valid Jinja/);
  });

  it("does not repeat what the validator found when it built the connector", () => {
    const known = [{ severity: "error" as const, code: "TEMPLATE_SYNTAX", path: 'definitions.requester.request_headers["X-Page"]', message: "from the build" }];
    assert.deepEqual(templateSyntaxFindings(fields, positions, known).map((f) => f.path), ["streams[0].retriever.requester.request_parameters.status"]);
  });
});
