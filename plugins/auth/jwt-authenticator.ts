import {
  Interpolator,
  ManifestError,
  TokenSource,
  Type,
  componentSchema,
  defineComponent,
  injectRequestValue,
  jsonSchema,
  type BuildContext,
  type ComponentFactory,
  type Definition,
  type OutgoingRequest,
  type RequestOption,
} from "../../sdk/index.js";
import { authServices, compileField, renderCredential } from "./auth-context.js";
import { JWT_ALGORITHMS, createJwtSigner, type JwtAlgorithm } from "./jwt-signer.js";
import { TokenAuthenticator } from "./token-authenticator.js";

const RESERVED_CLAIMS = ["iss", "sub", "aud", "iat", "exp", "nbf"];
const RESERVED_HEADERS = ["kid", "alg", "typ", "cty"];
/** Names JWT templates may use besides config and parameters: the kit offers `json_loads`. */
const JWT_NAMES = ["json_loads"];

/**
 * `JwtAuthenticator`: signs a JWT with the connector's key and sends it, as Google service accounts,
 * Apple App Store Connect (ES256, `kid`) and Zoom server-to-server apps expect. Claims: `iat` = `nbf` =
 * now (whole seconds), `exp` = `iat` + `token_duration` (default 1200 s); `typ` defaults to `JWT`.
 * The token is signed once and reused until a margin before `exp`, not re-signed per request.
 *
 * @example
 * authenticator:
 *   type: JwtAuthenticator
 *   secret_key: "{{ config['private_key'] }}"
 *   algorithm: ES256
 *   token_duration: 1200
 *   header_prefix: Bearer
 *   jwt_headers: { kid: "{{ config['key_id'] }}" }
 *   jwt_payload: { iss: "{{ config['issuer_id'] }}", aud: appstoreconnect-v1 }
 * # -> Authorization: Bearer eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6IjJYOVI0SEtKMiJ9.eyJpc3Mi...
 */
export class JwtAuthenticator extends TokenAuthenticator {
  constructor(source: TokenSource<string>, private readonly place: (request: OutgoingRequest, token: string) => void) {
    super(source);
  }

  protected inject(request: OutgoingRequest, token: string): void {
    this.place(request, token);
  }
}

/** The definition of a `JwtAuthenticator`. */
const JwtSchema = Type.Object({
  type: Type.Optional(Type.Literal("JwtAuthenticator")),
  secret_key: Type.String(),
  base64_encode_secret_key: Type.Optional(Type.Boolean()),
  algorithm: jsonSchema<(typeof JWT_ALGORITHMS)[number]>({ enum: [...JWT_ALGORITHMS] }),
  token_duration: Type.Optional(jsonSchema<number | null>({ type: ["integer", "null"] })),
  header_prefix: Type.Optional(Type.String()),
  jwt_headers: Type.Optional(Type.Object({
    kid: Type.Optional(Type.String()),
    typ: Type.Optional(Type.String()),
    cty: Type.Optional(Type.String()),
  }, { additionalProperties: false })),
  additional_jwt_headers: Type.Optional(jsonSchema<Record<string, unknown>>({ type: "object" })),
  jwt_payload: Type.Optional(Type.Object({
    iss: Type.Optional(Type.String()),
    sub: Type.Optional(Type.String()),
    aud: Type.Optional(Type.String()),
  }, { additionalProperties: false })),
  additional_jwt_payload: Type.Optional(jsonSchema<Record<string, unknown>>({ type: "object" })),
  passphrase: Type.Optional(Type.String()),
  request_option: Type.Optional(componentSchema("request_option")),
});

type JwtDefinition = Definition<typeof JwtSchema>;

/** The `JwtAuthenticator` component. */
export const JwtAuthenticatorComponent: ComponentFactory<JwtAuthenticator> = defineComponent({
  type: "JwtAuthenticator",
  kind: "authenticator",
  description: "Signs a JWT (HS*, RS*, ES*, PS*, EdDSA) and sends it, reusing it until shortly before it expires",
  examples: [{ secret_key: "{{ config['secret_key'] }}", algorithm: "HS256", token_duration: 1200, jwt_payload: { iss: "{{ config['client_id'] }}" } }],
  schema: JwtSchema,
  fieldDefaults: { request_option: "RequestOption" },
  shared: true,
  async build(def, ctx) {
    const algorithm = def.algorithm;
    if (!JWT_ALGORITHMS.includes(algorithm)) {
      throw new ManifestError("AUTH_DEFINITION_INVALID", "JwtAuthenticator.algorithm is not a supported algorithm", {
        where: { manifestPath: `${ctx.path}.algorithm` },
        expected: JWT_ALGORITHMS.join(", "),
        found: JSON.stringify(def.algorithm),
      });
    }
    const { clock, secrets } = authServices(ctx);
    const text = (field: string, from: Record<string, unknown> = def, path = ctx.path) => {
      const template = compileField(ctx, from, field, JWT_NAMES, path);
      return template ? renderCredential(template, ctx.config, ctx.parameters, { json_loads: jsonLoads }) : undefined;
    };
    const key = text("secret_key") ?? "";
    const passphrase = text("passphrase") || undefined;
    secrets.add(key);
    secrets.add(passphrase);
    const sign = await createJwtSigner({ algorithm, key, passphrase, base64EncodeKey: def.base64_encode_secret_key === true, where: ctx.path });
    const header = jwtHeader(def, ctx, text);
    const claims = jwtClaims(def, ctx, text);
    const prefix = text("header_prefix") || undefined;
    const duration = def.token_duration === undefined ? 1200 : typeof def.token_duration === "number" ? def.token_duration : 0;
    const source = new TokenSource<string>({
      clock,
      fetch: async () => {
        const iat = Math.floor(clock.now() / 1000);
        const signed = await sign(header, { ...claims, iat, exp: iat + duration, nbf: iat });
        const token = prefix ? `${prefix} ${signed}` : signed;
        secrets.add(signed);
        return { value: token, expiresAt: (iat + duration) * 1000 };
      },
    });
    const option = await ctx.build<RequestOption | undefined>("request_option");
    const place = option
      ? (request: OutgoingRequest, token: string) => option.inject(request, token)
      : (request: OutgoingRequest, token: string) => injectRequestValue(request, "header", "Authorization", token, "JwtAuthenticator");
    return new JwtAuthenticator(source, place);
  },
});

type TextOf = (field: string, from?: Record<string, unknown>, path?: string) => string | undefined;

function jwtHeader(def: JwtDefinition, ctx: BuildContext, text: TextOf): Record<string, unknown> {
  const extra = evalMap(def.additional_jwt_headers, `${ctx.path}.additional_jwt_headers`, ctx);
  rejectReserved(extra, RESERVED_HEADERS, "additional_jwt_headers", "headers", ctx.path);
  const given: Record<string, unknown> = def.jwt_headers ?? {};
  const path = `${ctx.path}.jwt_headers`;
  const header: Record<string, unknown> = { ...extra };
  for (const name of ["kid", "typ", "cty"]) {
    const value = text(name, given, path);
    if (value) header[name] = value;
  }
  header.typ ??= "JWT";
  return header;
}

function jwtClaims(def: JwtDefinition, ctx: BuildContext, text: TextOf): Record<string, unknown> {
  const extra = evalMap(def.additional_jwt_payload, `${ctx.path}.additional_jwt_payload`, ctx);
  rejectReserved(extra, RESERVED_CLAIMS, "additional_jwt_payload", "claims", ctx.path);
  const given: Record<string, unknown> = def.jwt_payload ?? {};
  const claims: Record<string, unknown> = { ...extra };
  for (const name of ["iss", "sub", "aud"]) {
    const value = text(name, given, `${ctx.path}.jwt_payload`);
    if (value) claims[name] = value;
  }
  return claims;
}

function evalMap(value: unknown, path: string, ctx: BuildContext): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  const compiled = ctx.get(Interpolator).compileNested(value, { path, names: JWT_NAMES });
  return compiled.eval({ config: ctx.config, parameters: ctx.parameters, json_loads: jsonLoads }) as Record<string, unknown>;
}

function rejectReserved(map: Record<string, unknown>, reserved: string[], field: string, what: string, path: string): void {
  const found = Object.keys(map).filter((k) => reserved.includes(k));
  if (found.length === 0) return;
  throw new ManifestError("AUTH_JWT_RESERVED_CLAIM", `${field} sets ${found.map((k) => `'${k}'`).join(", ")}, which JwtAuthenticator sets itself`, {
    where: { manifestPath: `${path}.${field}` },
    expected: `no reserved ${what} (${reserved.join(", ")}); use ${field === "additional_jwt_headers" ? "jwt_headers" : "jwt_payload"} or token_duration instead`,
    found: found.join(", "),
  });
}

function jsonLoads(text: unknown): unknown {
  return JSON.parse(String(text));
}
