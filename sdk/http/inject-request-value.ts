import { SluiceError } from "../errors/sluice-error.js";
import { INJECTION_TARGETS, type InjectionTarget } from "./injection-targets.js";
import type { OutgoingRequest } from "./outgoing-request.js";
import { isJsonObject } from "../../pure/json-object.js";

/**
 * Puts one value into a request: a query parameter, a header, a form field, or a (possibly nested)
 * JSON body field. A key that is already set to a different value is an error that names both
 * places, instead of one silently winning; the same value twice is allowed.
 *
 * @param key a field name, or a path of names for a nested JSON body field (`["page", "cursor"]`)
 * @param source who sets the value, for the error message (`"paginator page_token_option"`)
 * @example
 * injectRequestValue(request, "header", "Authorization", `Bearer ${token}`, "BearerAuthenticator");
 * injectRequestValue(request, "body_json", ["page", "size"], 100, "paginator page_size_option");
 */
export function injectRequestValue(
  request: OutgoingRequest,
  target: InjectionTarget,
  key: string | readonly string[],
  value: unknown,
  source: string,
): void {
  const path = typeof key === "string" ? [key] : [...key];
  if (path.length === 0) throw new SluiceError("REQUEST_OPTION_INVALID", `${source} has an empty field name`);
  if (INJECTION_TARGETS[target].nested) {
    request.bodyJson ??= {};
    let node: Record<string, unknown> = request.bodyJson;
    for (const segment of path.slice(0, -1)) {
      const next = node[segment];
      if (next === undefined) node = node[segment] = {} as Record<string, unknown>;
      else if (isJsonObject(next)) node = next;
      else throw collision(target, path.join("."), next, value, source);
    }
    setOnce(node, path[path.length - 1]!, value, target, path.join("."), source);
    return;
  }
  if (path.length > 1) {
    throw new SluiceError("REQUEST_OPTION_INVALID", `${source}: a nested field_path is only supported for ${nestedTargets()} injection`, {
      failureType: "config_error",
      expected: "field_name (a single name) for " + target,
      found: `field_path ${JSON.stringify(path)}`,
    });
  }
  const name = path[0]!;
  if (target === "header") {
    checkHeader(name, String(value), source);
    const existing = Object.keys(request.headers).find((h) => h.toLowerCase() === name.toLowerCase());
    if (existing !== undefined && request.headers[existing] !== String(value)) {
      throw collision(target, name, request.headers[existing], value, source);
    }
    request.headers[existing ?? name] = String(value);
  } else if (target === "request_parameter") {
    setOnce(request.params as Record<string, unknown>, name, value, target, name, source);
  } else {
    if (typeof request.bodyData === "string") throw collision(target, name, request.bodyData, value, source);
    request.bodyData ??= {};
    setOnce(request.bodyData, name, value, target, name, source);
  }
}

/** A header name: an RFC 9110 token. */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * Refuses a header no transport can send (a name that is not a token, a value with CR, LF or NUL),
 * naming who set it and never the value (it may be a credential, often with a pasted trailing newline).
 */
function checkHeader(name: string, value: string, source: string): void {
  const badName = !HEADER_NAME.test(name);
  if (!badName && !/[\r\n\0]/.test(value)) return;
  throw new SluiceError("HTTP_REQUEST_INVALID", badName ? `${source} sets a header whose name is not valid` : `${source} sets header '${name}' to a value with a line break or NUL`, {
    failureType: "config_error",
    expected: badName ? "a header name made of letters, digits and !#$%&'*+-.^_`|~" : "a header value on one line (check the config value it comes from for a trailing newline)",
    found: badName ? JSON.stringify(name.replace(/[^\x20-\x7e]/g, "?")) : "CR, LF or NUL in the value (not shown: it may be a credential)",
  });
}

function setOnce(
  node: Record<string, unknown>,
  key: string,
  value: unknown,
  target: InjectionTarget,
  shownKey: string,
  source: string,
): void {
  if (key in node && !sameValue(node[key], value)) throw collision(target, shownKey, node[key], value, source);
  node[key] = value;
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

function collision(target: InjectionTarget, key: string, existing: unknown, value: unknown, source: string): SluiceError {
  return new SluiceError("REQUEST_COLLISION", `${source} sets ${target} '${key}', which another part of the request already set to a different value`, {
    failureType: "config_error",
    expected: `each ${target} key set once (or to the same value)`,
    found: `'${key}' set twice (the second time by ${source}); values differ${typeof value === "number" || typeof existing === "number" ? ` (${String(existing)} vs ${String(value)})` : ""}`,
  });
}

/** The targets that take a nested path, for a message ("body_json"). */
function nestedTargets(): string {
  return (Object.keys(INJECTION_TARGETS) as InjectionTarget[]).filter((name) => INJECTION_TARGETS[name].nested).join(", ");
}
