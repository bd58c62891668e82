import {
  Authenticator,
  ManifestError,
  Type,
  componentSchema,
  defineComponent,
  injectRequestValue,
  type ComponentFactory,
  type OutgoingRequest,
  type RequestOption,
} from "../../sdk/index.js";
import { authServices, compileField, renderCredential, requireCredential, readsConfig } from "./auth-context.js";

/**
 * `ApiKeyAuthenticator`: a static key put where the API wants it: a header (`X-Api-Key`, as
 * SendGrid or Klaviyo), a query parameter (`?api_key=`, as the NASA API), a form field or a (nested)
 * JSON body field. No prefix is added; put one in `api_token` (`"Token token={{ config['api_key'] }}"`).
 * The deprecated `header: X` means `inject_into: { inject_into: header, field_name: X }`.
 *
 * @example
 * authenticator:
 *   type: ApiKeyAuthenticator
 *   api_token: "{{ config['api_key'] }}"
 *   inject_into: { type: RequestOption, inject_into: request_parameter, field_name: api_key }
 */
export class ApiKeyAuthenticator extends Authenticator {
  constructor(private readonly token: string, private readonly inject: (request: OutgoingRequest, token: string) => void) {
    super();
  }

  override apply(request: OutgoingRequest): void {
    this.inject(request, this.token);
  }
}

/** The `ApiKeyAuthenticator` component. */
export const ApiKeyAuthenticatorComponent: ComponentFactory<ApiKeyAuthenticator> = defineComponent({
  type: "ApiKeyAuthenticator",
  kind: "authenticator",
  description: "A static API key in a header, query parameter, form field or JSON body field",
  examples: [{ api_token: "{{ config['api_key'] }}", inject_into: { type: "RequestOption", inject_into: "header", field_name: "X-Api-Key" } }],
  schema: Type.Object({
    type: Type.Optional(Type.Literal("ApiKeyAuthenticator")),
    api_token: Type.Optional(Type.String()),
    header: Type.Optional(Type.String()),
    inject_into: Type.Optional(componentSchema("request_option")),
  }),
  fieldDefaults: { inject_into: "RequestOption" },
  shared: true,
  async build(def, ctx) {
    const hasHeader = def.header !== undefined && def.header !== null;
    const hasOption = def.inject_into !== undefined && def.inject_into !== null;
    if (hasHeader === hasOption) {
      throw new ManifestError(
        "AUTH_DEFINITION_INVALID",
        hasHeader ? "ApiKeyAuthenticator sets both inject_into and the deprecated header; remove header" : "ApiKeyAuthenticator needs inject_into (or the deprecated header)",
        { where: { manifestPath: ctx.path }, expected: "exactly one of inject_into, header", found: hasHeader ? "both" : "neither" },
      );
    }
    const template = compileField(ctx, def, "api_token");
    const token = requireCredential(renderCredential(template, ctx.config, ctx.parameters), template, ctx, "ApiKeyAuthenticator.api_token");
    authServices(ctx).secrets.add(token);
    if (hasHeader) {
      const name = renderCredential(compileField(ctx, def, "header"), ctx.config, ctx.parameters);
      return readsConfig(new ApiKeyAuthenticator(token, (request, value) => injectRequestValue(request, "header", name, value, "ApiKeyAuthenticator")), template);
    }
    const option = await ctx.build<RequestOption>("inject_into");
    return readsConfig(new ApiKeyAuthenticator(token, (request, value) => option.inject(request, value)), template);
  },
});
