import { ConfigError, Type, defineComponent, jsonSchema, type Authenticator, type ComponentFactory } from "../../sdk/index.js";
import { valueAtPath } from "../../python/dpath.js";

/**
 * `SelectiveAuthenticator`: lets the end user choose how to authenticate, by a value in the config,
 * as connectors that accept either an API key or OAuth (Zendesk, HubSpot) do. The chosen
 * authenticator is the one used; any method may be nested, session tokens included.
 *
 * @example
 * authenticator:
 *   type: SelectiveAuthenticator
 *   authenticator_selection_path: [credentials, auth_type]
 *   authenticators:
 *     api_key: "#/definitions/api_key_authenticator"
 *     oauth2.0: "#/definitions/oauth_authenticator"
 * # config: { "credentials": { "auth_type": "api_key", "api_key": "..." } }
 */
export const SelectiveAuthenticatorComponent: ComponentFactory<Authenticator> = defineComponent({
  type: "SelectiveAuthenticator",
  kind: "authenticator",
  description: "Uses one of several authenticators, chosen by a value in the config",
  schema: Type.Object({
    type: Type.Optional(Type.Literal("SelectiveAuthenticator")),
    authenticator_selection_path: Type.Array(Type.String(), { minItems: 1 }),
    authenticators: jsonSchema<Record<string, unknown>>({ type: "object", additionalProperties: { "x-sluice-kind": ["authenticator"] } }),
  }),
  shared: true,
  async build(def, ctx) {
    const path = def.authenticator_selection_path;
    const choices = def.authenticators ?? {};
    const names = Object.keys(choices);
    const value = valueAtPath(ctx.config, path);
    if (value === undefined) {
      throw new ConfigError("AUTH_SELECTION_PATH_MISSING", `The config has no value at ${path.join(".")}, which chooses the authentication method`, {
        where: { manifestPath: `${ctx.path}.authenticator_selection_path` },
        expected: `one of ${names.map((n) => JSON.stringify(n)).join(", ")} at ${path.join(".")}`,
        found: "nothing",
      });
    }
    const key = pythonStr(value);
    if (!(key in choices)) {
      throw new ConfigError("AUTH_SELECTION_UNKNOWN", `The config chooses the authentication method ${JSON.stringify(key)}, which this connector does not have`, {
        where: { manifestPath: `${ctx.path}.authenticators` },
        expected: `one of ${names.map((n) => JSON.stringify(n)).join(", ")} at ${path.join(".")}`,
        found: JSON.stringify(key),
      });
    }
    return ctx.buildChild<Authenticator>(choices[key], `${ctx.path}.authenticators.${key}`);
  },
});

/** The config value as the kit's `str()` renders it (`true` -> `True`), to look up the choice. */
function pythonStr(value: unknown): string {
  if (value === true) return "True";
  if (value === false) return "False";
  if (value === null) return "None";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}
