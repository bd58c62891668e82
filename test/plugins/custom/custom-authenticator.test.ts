import { test, after } from "node:test";
import assert from "node:assert/strict";
import { CustomAuthenticatorComponent } from "../../../plugins/custom/custom-authenticator.js";
import { Authenticator, AuthenticationError, CustomCodeError, type OutgoingRequest } from "../../../sdk/index.js";
import { tempConnector, type TempConnector } from "../../core/loader/temp-connector.js";
import { customBuildContext } from "./build-context.js";

let folder: TempConnector;
after(() => folder?.remove());

const FILES: Record<string, string> = {
  "components.ts": `
import { Authenticator, AuthenticationError, injectRequestValue, type OutgoingRequest } from "sluice/sdk";
export class HeaderKey extends Authenticator {
  refreshed = 0;
  constructor(private readonly options: { header: string; config: { api_key: string } }) { super(); }
  apply(request: OutgoingRequest) { injectRequestValue(request, "header", this.options.header, this.options.config.api_key, "HeaderKey"); }
  override async onUnauthorized() { this.refreshed += 1; return true; }
}
export class Failing extends Authenticator {
  async apply(): Promise<void> { throw new TypeError("token endpoint unreachable"); }
}
export class Refusing extends Authenticator {
  apply(): void { throw new AuthenticationError("AUTH_INVALID_GRANT", "grant refused"); }
}
export class WireSigner extends Authenticator {
  apply() {}
  override beforeSend(request: { url: string; headers: Record<string, string> }, context: { attempt: number }) {
    request.headers["X-Signed"] = "attempt-" + context.attempt + " " + new URL(request.url).pathname;
  }
}
export class Empty extends Authenticator {}
export class NotAuth { apply() {} }
`,
  "source_port/components.js": `
export class ShortLivedToken {
  constructor(options) { this.options = options; }
  get auth_header() { return "X-Token"; }
  get token() { return "tok-" + this.options.config.api_key; }
  get_request_params() { return { account: this.options.account }; }
}
export class HeaderDict {
  get_auth_header() { return { Authorization: "Custom abc" }; }
  get_request_body_json() { return { client: "sluice" }; }
}
`,
};

async function build(def: Record<string, unknown>, overrides = {}): Promise<Authenticator> {
  folder ??= await tempConnector(FILES);
  return CustomAuthenticatorComponent.build({ type: "CustomAuthenticator", class_name: "", ...def }, customBuildContext(folder.dir, overrides)) as Promise<Authenticator>;
}
const request = (): OutgoingRequest => ({ method: "GET", url: "http://127.0.0.1/x", params: {}, headers: {} });

test("the factory is shared by all streams and marked as running custom code", () => {
  assert.equal(CustomAuthenticatorComponent.shared, true);
  assert.equal(CustomAuthenticatorComponent.runsCustomCode, true);
});

test("a TypeScript authenticator is built with its fields and config and signs requests", async () => {
  const auth = await build({ class_name: "components.HeaderKey", header: "X-Acme" });
  assert.ok(auth instanceof Authenticator);
  const r = request();
  await auth.apply(r);
  assert.deepEqual(r.headers, { "X-Acme": "k" });
  assert.equal(await auth.onUnauthorized(r), true);
});

test("an error thrown by apply names the class and keeps the original as cause", async () => {
  const auth = await build({ class_name: "components.Failing" });
  await assert.rejects(async () => auth.apply(request()), (error: unknown) => {
    assert.ok(error instanceof CustomCodeError);
    assert.equal(error.code, "CUSTOM_CODE_FAILED");
    assert.match(error.message, /components\.Failing\.apply threw: token endpoint unreachable/);
    assert.equal(error.where.component, "components.Failing");
    assert.ok(error.cause instanceof TypeError);
    return true;
  });
});

test("a Sluice error thrown on purpose keeps its code and gains the class name", async () => {
  const auth = await build({ class_name: "components.Refusing" });
  await assert.rejects(async () => auth.apply(request()), (error: unknown) => {
    assert.ok(error instanceof AuthenticationError);
    assert.equal(error.code, "AUTH_INVALID_GRANT");
    assert.equal(error.where.component, "components.Refusing");
    return true;
  });
});

test("a class that does not extend Authenticator is refused, and one without apply is incomplete", async () => {
  await assert.rejects(build({ class_name: "components.NotAuth" }), { code: "CUSTOM_CLASS_WRONG_BASE", found: "NotAuth (extends nothing)" });
  await assert.rejects(build({ class_name: "components.Empty" }), { code: "CUSTOM_CLASS_INCOMPLETE" });
});

test("a Python-style authenticator (auth_header, token, get_request_params) is adapted", async () => {
  const auth = await build({ class_name: "source_port.components.ShortLivedToken", account: "acme" });
  const r = request();
  await auth.apply(r);
  assert.deepEqual(r.headers, { "X-Token": "tok-k" });
  assert.deepEqual(r.params, { account: "acme" });
  assert.equal(await auth.onUnauthorized(r), false);
});

test("a Python-style get_auth_header and body JSON are applied", async () => {
  const auth = await build({ class_name: "source_port.components.HeaderDict" });
  const r = request();
  await auth.apply(r);
  assert.deepEqual(r.headers, { Authorization: "Custom abc" });
  assert.deepEqual(r.bodyJson, { client: "sluice" });
});

test("a TypeScript authenticator's beforeSend step is kept behind the adapter (and absent when the class has none)", async () => {
  const signer = await build({ class_name: "components.WireSigner" });
  const wire = { method: "GET", url: "http://127.0.0.1/orders?a=1", headers: {} as Record<string, string> };
  await signer.beforeSend!(wire, { attempt: 2, hop: 0 });
  assert.equal(wire.headers["X-Signed"], "attempt-2 /orders");
  const plain = await build({ class_name: "components.HeaderKey", header: "X-Acme" });
  assert.equal(plain.beforeSend, undefined);
});
