import { Authenticator, Secrets, type BuildContext, type ComponentFactory } from "../../sdk/index.js";
import { customComponent } from "./custom-component.js";
import { CustomAuthenticatorAdapter, type AuthenticatorStyle } from "./custom-authenticator-adapter.js";
import { hasMember } from "./describe-class.js";
import { PythonAuthenticator } from "./python/python-authenticator.js";

const PYTHON_MEMBERS = ["get_auth_header", "auth_header", "token", "get_request_params", "get_request_body_data", "get_request_body_json"];

/**
 * `CustomAuthenticator`: an authenticator written by the connector author, named by `class_name`
 * and loaded from the connector folder. The class extends `Authenticator` from `sluice/sdk` (or is
 * a Python-style port of the kit's `DeclarativeAuthenticator`); it is constructed with its other
 * fields, `config` and `parameters`, once per connector (all streams share it). Runs custom code:
 * refused when the host does not trust it.
 *
 * Modelled on Railz's short-lived token (`source_railz.components.ShortLivedTokenAuthenticator`).
 *
 * @example
 * authenticator:
 *   type: CustomAuthenticator
 *   class_name: source_acme.components.AcmeAuth
 *   header: X-Acme-Key
 */
export const CustomAuthenticatorComponent: ComponentFactory<Authenticator> = customComponent<Authenticator>({
  type: "CustomAuthenticator",
  kind: "authenticator",
  description: "An authenticator class from the connector folder, named by class_name",
  base: Authenticator,
  baseName: "Authenticator",
  methods: ["apply"],
  alternative: "(or a Python-style class with get_auth_header or auth_header and token)",
  shared: true,
  python: (remote, _loaded, ctx) => new PythonAuthenticator(remote, secretsOf(ctx)),
  accept(cls) {
    const style = authenticatorStyle(cls);
    if (!style) return undefined;
    // The authenticator serves every stream, so its errors carry no stream of their own.
    return (instance, loaded, ctx) =>
      new CustomAuthenticatorAdapter(instance, { className: loaded.className, style, where: { ...loaded.where, stream: undefined }, secrets: secretsOf(ctx) });
  },
});

function authenticatorStyle(cls: Function): AuthenticatorStyle | undefined {
  if (cls.prototype instanceof Authenticator && hasMember(cls, "apply")) return "typescript";
  if (!(cls.prototype instanceof Authenticator) && PYTHON_MEMBERS.some((name) => hasMember(cls, name))) return "python";
  return undefined;
}

// A host without a secrets registry (a bare test container) still gets a working authenticator.
export function secretsOf(ctx: BuildContext): Secrets | undefined {
  try {
    return ctx.get(Secrets);
  } catch {
    return undefined;
  }
}
