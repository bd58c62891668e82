import {
  Authenticator,
  Type,
  defineComponent,
  injectRequestValue,
  type ComponentFactory,
  type OutgoingRequest,
} from "../../sdk/index.js";
import { authServices, compileField, renderCredential, requireCredential, readsConfig } from "./auth-context.js";

/**
 * `BearerAuthenticator`: a static token in `Authorization: Bearer <token>` (RFC 6750), as GitHub
 * personal access tokens, Notion and Airtable use it. An empty token sends `Bearer ` as the kit does.
 *
 * @example
 * authenticator:
 *   type: BearerAuthenticator
 *   api_token: "{{ config['api_key'] }}"
 */
export class BearerAuthenticator extends Authenticator {
  constructor(private readonly headerValue: string) {
    super();
  }

  override apply(request: OutgoingRequest): void {
    injectRequestValue(request, "header", "Authorization", this.headerValue, "BearerAuthenticator");
  }
}

/** The `BearerAuthenticator` component. */
export const BearerAuthenticatorComponent: ComponentFactory<BearerAuthenticator> = defineComponent({
  type: "BearerAuthenticator",
  kind: "authenticator",
  description: "A static token sent as Authorization: Bearer <token>",
  examples: [{ api_token: "{{ config['api_key'] }}" }],
  schema: Type.Object({
    type: Type.Optional(Type.Literal("BearerAuthenticator")),
    api_token: Type.String(),
  }),
  shared: true,
  build(def, ctx) {
    const template = compileField(ctx, def, "api_token");
    const token = requireCredential(renderCredential(template, ctx.config, ctx.parameters), template, ctx, "BearerAuthenticator.api_token");
    authServices(ctx).secrets.add(token);
    return readsConfig(new BearerAuthenticator(`Bearer ${token}`), template);
  },
});
