import {
  Authenticator,
  ManifestError,
  Type,
  defineComponent,
  jsonSchema,
  setWireValue,
  wireParts,
  type BuildContext,
  type Clock,
  type CompiledTemplate,
  type ComponentFactory,
  type EncodedRequest,
  type WireInjectionTarget,
} from "../../sdk/index.js";
import { authServices } from "./auth-context.js";
import {
  HMAC_ALGORITHMS,
  HMAC_KEY_ENCODINGS,
  HMAC_SIGNATURE_ENCODINGS,
  HMAC_TIMESTAMP_FORMATS,
  bodyHash,
  formatTimestamp,
  hmacKey,
  hmacSign,
  newNonce,
  type HmacAlgorithm,
  type HmacSignatureEncoding,
  type HmacTimestampFormat,
} from "./hmac-signature.js";

/** What `string_to_sign` may use besides `config` and `parameters`: the wire form and this request's time and nonce. */
const STRING_TO_SIGN_NAMES = ["method", "host", "path", "query", "sorted_query", "path_and_query", "body", "body_hash", "timestamp", "nonce"] as const;
/** What a value in `request_headers` / `request_parameters` may use besides `config` and `parameters`. */
const SIGNED_VALUE_NAMES = ["timestamp", "nonce", "signature"] as const;

/** One header or query parameter the authenticator adds to the wire request. */
interface HmacValue {
  target: WireInjectionTarget;
  name: string;
  template: CompiledTemplate;
  /** True when the value uses `signature`: it is added after signing; the others before, so they can be signed. */
  afterSigning: boolean;
}

/** Options of {@link HmacAuthenticator}. */
interface HmacAuthenticatorOptions {
  key: Buffer;
  algorithm: HmacAlgorithm;
  signatureEncoding: HmacSignatureEncoding;
  timestampFormat: HmacTimestampFormat;
  stringToSign: CompiledTemplate;
  values: readonly HmacValue[];
  clock: Pick<Clock, "now">;
  scope: { config: Record<string, unknown>; parameters: Record<string, unknown> };
}

/**
 * `HmacAuthenticator`: signs each request as it goes on the wire with an HMAC of a string made from the
 * request (method, path, query, body, body hash) and a fresh timestamp and nonce, as exchange, payment
 * and cloud APIs ask. It has no encoding of its own: it reads the encoded request (`wireParts`) and adds
 * headers or query parameters (`setWireValue`) in its `beforeSend` step, which runs again for every
 * retry, credential refresh and same-origin redirect hop. Values that use `signature` are added after
 * signing; the others before, in order, so a `timestamp` query parameter is part of the signed query.
 *
 * @example
 * # Coinbase Exchange: CB-ACCESS-SIGN = base64(HMAC-SHA256(base64-decoded secret, timestamp + method + requestPath + body))
 * authenticator:
 *   type: HmacAuthenticator
 *   secret_key: "{{ config['api_secret'] }}"
 *   secret_key_encoding: base64
 *   algorithm: sha256
 *   string_to_sign: "{{ timestamp }}{{ method }}{{ path }}{{ body }}"
 *   signature_encoding: base64
 *   timestamp_format: seconds
 *   request_headers:
 *     CB-ACCESS-KEY: "{{ config['api_key'] }}"
 *     CB-ACCESS-PASSPHRASE: "{{ config['passphrase'] }}"
 *     CB-ACCESS-TIMESTAMP: "{{ timestamp }}"
 *     CB-ACCESS-SIGN: "{{ signature }}"
 */
export class HmacAuthenticator extends Authenticator {
  constructor(private readonly options: HmacAuthenticatorOptions) {
    super();
  }

  /** Nothing before encoding: everything this authenticator adds depends on the wire form. */
  override apply(): void {}

  override beforeSend(request: EncodedRequest): void {
    const { options } = this;
    const base = { ...options.scope, timestamp: formatTimestamp(options.clock.now(), options.timestampFormat), nonce: newNonce() };
    for (const value of options.values) if (!value.afterSigning) this.set(request, value, base);
    const parts = wireParts(request);
    const context = {
      ...base,
      method: parts.method,
      host: parts.host,
      path: parts.path,
      query: parts.query,
      sorted_query: parts.sortedQuery,
      path_and_query: parts.pathAndQuery,
      body: parts.body,
      body_hash: options.stringToSign.names.has("body_hash") ? bodyHash(parts.body, options.algorithm, "hex") : "",
    };
    const signature = hmacSign(options.key, options.algorithm, options.stringToSign.render(context), options.signatureEncoding);
    for (const value of options.values) if (value.afterSigning) this.set(request, value, { ...base, signature });
    // The wire helpers validate nothing about header text: the HTTP client checks the signed request again.
  }

  private set(request: EncodedRequest, value: HmacValue, context: Record<string, unknown>): void {
    setWireValue(request, value.target, value.name, value.template.render(context), "HmacAuthenticator");
  }
}

const HmacSchema = Type.Object({
  type: Type.Optional(Type.Literal("HmacAuthenticator")),
  secret_key: Type.String(),
  secret_key_encoding: Type.Optional(jsonSchema<(typeof HMAC_KEY_ENCODINGS)[number]>({ enum: [...HMAC_KEY_ENCODINGS] })),
  algorithm: Type.Optional(jsonSchema<HmacAlgorithm>({ enum: [...HMAC_ALGORITHMS] })),
  string_to_sign: Type.String(),
  signature_encoding: Type.Optional(jsonSchema<HmacSignatureEncoding>({ enum: [...HMAC_SIGNATURE_ENCODINGS] })),
  timestamp_format: Type.Optional(jsonSchema<HmacTimestampFormat>({ enum: [...HMAC_TIMESTAMP_FORMATS] })),
  request_headers: Type.Optional(Type.Record(Type.String(), Type.String())),
  request_parameters: Type.Optional(Type.Record(Type.String(), Type.String())),
});

/** The `HmacAuthenticator` component. */
export const HmacAuthenticatorComponent: ComponentFactory<HmacAuthenticator> = defineComponent({
  type: "HmacAuthenticator",
  kind: "authenticator",
  description: "Signs each request on the wire with an HMAC (SHA-256/512) of a string made from its method, path, query and body, a timestamp and a nonce",
  examples: [{
    secret_key: "{{ config['secret_key'] }}",
    string_to_sign: "{{ query }}",
    timestamp_format: "milliseconds",
    request_headers: { "X-MBX-APIKEY": "{{ config['api_key'] }}" },
    request_parameters: { timestamp: "{{ timestamp }}", signature: "{{ signature }}" },
  }],
  schema: HmacSchema,
  shared: true,
  build(def, ctx) {
    const { interpolator, clock, secrets } = authServices(ctx);
    const scope = { config: ctx.config, parameters: ctx.parameters };
    const secret = interpolator.compile(def.secret_key, { path: `${ctx.path}.secret_key` }).render(scope);
    secrets.add(secret);
    const key = hmacKey(secret, def.secret_key_encoding ?? "raw", ctx.path);
    const values = [...wireValues(ctx, def.request_headers, "header", "request_headers"), ...wireValues(ctx, def.request_parameters, "request_parameter", "request_parameters")];
    if (!values.some((value) => value.afterSigning)) {
      throw new ManifestError("AUTH_DEFINITION_INVALID", "HmacAuthenticator sends no signature: no value in request_headers or request_parameters uses {{ signature }}", {
        where: { manifestPath: ctx.path },
        expected: "a header or query parameter whose value uses {{ signature }}",
        found: `${values.length} value${values.length === 1 ? "" : "s"}, none with the signature`,
      });
    }
    // A value read from the config (an API key, a passphrase) is a credential: never printed.
    for (const value of values) if (value.template.names.has("config") && !value.template.names.has("timestamp") && !value.template.names.has("nonce")) secrets.add(value.template.render(scope));
    return new HmacAuthenticator({
      key,
      algorithm: def.algorithm ?? "sha256",
      signatureEncoding: def.signature_encoding ?? "hex",
      timestampFormat: def.timestamp_format ?? "seconds",
      stringToSign: interpolator.compile(def.string_to_sign, { path: `${ctx.path}.string_to_sign`, names: STRING_TO_SIGN_NAMES }),
      values,
      clock,
      scope,
    });
  },
});

function wireValues(ctx: BuildContext, mapping: Record<string, string> | undefined, target: WireInjectionTarget, field: string): HmacValue[] {
  const { interpolator } = authServices(ctx);
  return Object.entries(mapping ?? {}).map(([name, source]) => {
    const template = interpolator.compile(String(source), { path: `${ctx.path}.${field}.${name}`, names: SIGNED_VALUE_NAMES });
    return { target, name, template, afterSigning: template.names.has("signature") };
  });
}
