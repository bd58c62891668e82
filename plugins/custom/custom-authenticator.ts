import { Authenticator, Secrets, type BuildContext, type ComponentFactory } from "../../sdk/index.js";
import { constructCustom, incomplete, loadCustomClass, wrongBase } from "./load-custom-class.js";
import { customConstructorOptions } from "./constructor-options.js";
import { CustomAuthenticatorAdapter, type AuthenticatorStyle } from "./custom-authenticator-adapter.js";
import { hasMember } from "./describe-class.js";

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
export const CustomAuthenticatorComponent: ComponentFactory<Authenticator> = {
  type: "CustomAuthenticator",
  kind: "authenticator",
  description: "An authenticator class from the connector folder, named by class_name",
  schema: {
    type: "object",
    required: ["class_name"],
    properties: { class_name: { type: "string" } },
    additionalProperties: true,
  },
  shared: true,
  runsCustomCode: true,
  async build(def, ctx) {
    const loaded = await loadCustomClass(def, ctx);
    const style = authenticatorStyle(loaded.cls);
    if (!style) {
      if (loaded.cls.prototype instanceof Authenticator) throw incomplete(loaded, "apply");
      throw wrongBase(loaded, "Authenticator", "(or a Python-style class with get_auth_header or auth_header and token)");
    }
    const inner = constructCustom(loaded, await customConstructorOptions(def, ctx));
    // The authenticator serves every stream, so its errors carry no stream of their own.
    const where = { ...loaded.where, stream: undefined };
    return new CustomAuthenticatorAdapter(inner, { className: loaded.className, style, where, secrets: secretsOf(ctx) });
  },
};

function authenticatorStyle(cls: Function): AuthenticatorStyle | undefined {
  if (cls.prototype instanceof Authenticator && hasMember(cls, "apply")) return "typescript";
  if (!(cls.prototype instanceof Authenticator) && PYTHON_MEMBERS.some((name) => hasMember(cls, name))) return "python";
  return undefined;
}

// A host without a secrets registry (a bare test container) still gets a working authenticator.
function secretsOf(ctx: BuildContext): Secrets | undefined {
  try {
    return ctx.get(Secrets);
  } catch {
    return undefined;
  }
}
