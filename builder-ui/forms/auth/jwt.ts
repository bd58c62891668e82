import { defineForm } from "../form-declaration.js";
import { AUTH_VARIABLES, configRef } from "./auth-variables.js";

/** JWT: a signed token from a secret key (`JwtAuthenticator`); the algorithms are the schema's enum. */
export const jwt = defineForm({
  type: "JwtAuthenticator",
  section: "authentication",
  label: "JWT",
  fields: [
    { key: ["secret_key"], label: "Secret Key", input: { name: "secret_key", title: "Secret Key", secret: true, required: true } },
    { key: ["algorithm"], label: "Algorithm" },
    { key: ["header_prefix"], label: "Header Prefix", placeholder: "Bearer" },
    { key: ["additional_jwt_headers"], label: "Additional JWT Headers", noun: "header", variables: AUTH_VARIABLES },
    { key: ["additional_jwt_payload"], label: "Additional JWT Payload", noun: "claim", variables: AUTH_VARIABLES },
    { key: ["base64_encode_secret_key"], label: "Base64 Encode Secret Key" },
    { key: ["token_duration"], label: "Token Duration", hint: "Seconds the token is valid for.", placeholder: "1200" },
  ],
  template: () => ({ type: "JwtAuthenticator", secret_key: configRef("secret_key"), algorithm: "HS256", header_prefix: "Bearer", token_duration: 1200 }),
});
