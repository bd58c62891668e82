import {
  Authenticator,
  ManifestError,
  Type,
  defineComponent,
  injectRequestValue,
  type ComponentFactory,
  type OutgoingRequest,
} from "../../sdk/index.js";
import { authServices, compileField, renderCredential, requireCredential, readsConfig } from "./auth-context.js";

/**
 * `BasicHttpAuthenticator`: HTTP Basic authentication (RFC 7617), as Zendesk, Jira and Twilio use it:
 * `Authorization: Basic base64(utf8(username:password))`. The password defaults to empty (`user:`),
 * which is how APIs that take the API key as the username (Stripe, Chargebee) expect it.
 *
 * @example
 * authenticator:
 *   type: BasicHttpAuthenticator
 *   username: "{{ config['email'] }}/token"
 *   password: "{{ config['api_token'] }}"
 * # -> Authorization: Basic am9lQGV4YW1wbGUuY29tL3Rva2VuOnNlY3JldA==
 */
export class BasicHttpAuthenticator extends Authenticator {
  constructor(private readonly headerValue: string) {
    super();
  }

  override apply(request: OutgoingRequest): void {
    injectRequestValue(request, "header", "Authorization", this.headerValue, "BasicHttpAuthenticator");
  }
}

/** The `BasicHttpAuthenticator` component. */
export const BasicHttpAuthenticatorComponent: ComponentFactory<BasicHttpAuthenticator> = defineComponent({
  type: "BasicHttpAuthenticator",
  kind: "authenticator",
  description: "HTTP Basic authentication with a username and an optional password",
  examples: [{ username: "{{ config['username'] }}", password: "{{ config['password'] }}" }],
  schema: Type.Object({
    type: Type.Optional(Type.Literal("BasicHttpAuthenticator")),
    username: Type.String(),
    password: Type.Optional(Type.String()),
  }),
  shared: true,
  build(def, ctx) {
    if (def.username === undefined) {
      throw new ManifestError("AUTH_DEFINITION_INVALID", "BasicHttpAuthenticator needs a username", { where: { manifestPath: ctx.path }, expected: "username", found: "nothing" });
    }
    const { secrets } = authServices(ctx);
    const usernameTemplate = compileField(ctx, def, "username");
    // The password may be empty (an API key sent as the username, Stripe's way); the username may not.
    const username = requireCredential(renderCredential(usernameTemplate, ctx.config, ctx.parameters), usernameTemplate, ctx, "BasicHttpAuthenticator.username");
    const passwordTemplate = compileField(ctx, def, "password");
    const password = renderCredential(passwordTemplate, ctx.config, ctx.parameters);
    const encoded = Buffer.from(`${username}:${password}`, "utf8").toString("base64");
    secrets.add(password);
    secrets.add(encoded);
    return readsConfig(new BasicHttpAuthenticator(`Basic ${encoded}`), usernameTemplate, passwordTemplate);
  },
});
