import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { authenticatorDifferences, authenticatorPlaces, differsFromShared, linkPlace, sharedAuthenticators, sharePlace, unlinkPlace, writtenPlace } from "../../../builder-ui/model/linked-authenticators.js";
import { ManifestModel } from "../../../builder-ui/model/manifest-model.js";

const TEXT = `definitions:
  auth:
    type: BearerAuthenticator
    api_token: "{{ config['api_key'] }}"
  session:
    type: SessionTokenAuthenticator
    login_requester:
      url_base: https://x/login
      authenticator: "#/definitions/auth"
streams:
  - name: users
    retriever:
      requester:
        authenticator:
          $ref: "#/definitions/auth"
  - name: orders
    retriever:
      requester:
        authenticator: { type: BearerAuthenticator, api_token: "{{ config['orders_key'] }}" }
      partition_router:
        type: SubstreamPartitionRouter
        parent_stream_configs:
          - stream:
              retriever:
                requester:
                  authenticator: "#/definitions/auth"
`;

describe("linked authenticators", () => {
  const model = ManifestModel.parse(TEXT);
  const places = authenticatorPlaces(model);

  it("finds every place an authenticator serves, what it authenticates, and what it links to", () => {
    assert.deepEqual(
      places.map((p) => [p.role, p.linkedTo?.join("/")]),
      [
        ["Session login (definitions.session.login_requester)", "definitions/auth"],
        ["Data requests of stream users", "definitions/auth"],
        ["Data requests of stream orders", undefined],
        ["Parent stream requests of stream orders", "definitions/auth"],
      ],
    );
    assert.deepEqual(
      sharedAuthenticators(model, places).map((s) => s.join(".")),
      ["definitions.auth", "definitions.session"],
    );
  });

  it("linking a differing place keeps, as asked, the shared values or the place's (which then apply to every linked place)", () => {
    const orders = places[2]!;
    assert.ok(differsFromShared(model, orders, ["definitions", "auth"]));
    assert.deepEqual(authenticatorDifferences(model, orders, ["definitions", "auth"]), [{ path: "api_token", shared: "{{ config['api_key'] }}", own: "{{ config['orders_key'] }}" }]);
    const keptShared = linkPlace(model, orders, ["definitions", "auth"], "shared");
    assert.deepEqual(keptShared.valueAt(orders.segments), { $ref: "#/definitions/auth" });
    assert.equal(keptShared.valueAt(["definitions", "auth", "api_token"]), "{{ config['api_key'] }}");
    const keptLocal = linkPlace(model, orders, ["definitions", "auth"], "local");
    assert.equal(keptLocal.valueAt(["definitions", "auth", "api_token"]), "{{ config['orders_key'] }}");
    assert.deepEqual(keptLocal.valueAt(orders.segments), { $ref: "#/definitions/auth" });
  });

  it("unlinking writes a local copy that a change to the definition no longer reaches", () => {
    const users = places[1]!;
    const local = unlinkPlace(model, users);
    assert.deepEqual(local.valueAt(users.segments), { type: "BearerAuthenticator", api_token: "{{ config['api_key'] }}" });
    assert.ok(!authenticatorPlaces(local)[1]!.linkedTo);
    assert.equal(unlinkPlace(model, places[2]!), model, "a local place stays as it is");
  });

  it("a place holding only a reference leads to the definition the form edits; a component stays where it is", () => {
    assert.deepEqual(writtenPlace(model, ["streams", 0, "retriever", "requester", "authenticator"]), ["definitions", "auth"]);
    assert.deepEqual(writtenPlace(model, ["definitions", "session", "login_requester", "authenticator"]), ["definitions", "auth"]);
    assert.deepEqual(writtenPlace(model, ["streams", 1, "retriever", "requester", "authenticator"]), ["streams", 1, "retriever", "requester", "authenticator"]);
  });

  it("shares a local place's authenticator under a free definitions name and links the place to it", () => {
    const { model: next, definition } = sharePlace(model, places[2]!);
    assert.deepEqual(definition, ["definitions", "authenticator"]);
    assert.deepEqual(next.valueAt(definition), { type: "BearerAuthenticator", api_token: "{{ config['orders_key'] }}" });
    assert.deepEqual(next.valueAt(places[2]!.segments), { $ref: "#/definitions/authenticator" });
    assert.deepEqual(sharePlace(next, authenticatorPlaces(next)[2]!).definition, ["definitions", "authenticator_2"]);
  });
});
