import { AUTH_METHODS, refreshTokenUpdater, UPDATER_FIELDS, type AuthField, type AuthMethod, type UserInput } from "./auth-methods.js";
import type { ManifestModel, Segment } from "./manifest-model.js";
import { removeKey, writeValue } from "./model-edits.js";
import { addUserInput, removeUserInput, userInputs } from "./user-inputs.js";

/**
 * What the authentication form does to the manifest: choose a method (its component written where the
 * authenticator is written, its credentials made user inputs), turn the Refresh Token Updater on or
 * off, and tell which user input a field's `{{ config['...'] }}` names.
 *
 * @example
 * const next = chooseMethod(model, [["definitions", "authenticator"]], methodNamed("Basic HTTP"), "acme");
 * next.valueAt(["definitions", "authenticator"]) // { type: "BasicHttpAuthenticator", username: "{{ config['username'] }}", password: "{{ config['password'] }}" }
 * userInputs(next).map((i) => i.name) // [..., "username", "password"]
 */
export function chooseMethod(model: ManifestModel, places: ReadonlyArray<readonly Segment[]>, method: AuthMethod, connectorName: string): ManifestModel {
  const before = places.map((place) => model.valueAt(place));
  const component = method.template(connectorName);
  for (const place of places) model = writeValue(model, place, component);
  for (const input of inputsOf(method, component)) model = addUserInput(model, input);
  return removeUnusedInputs(model, before.flatMap((old) => [...configNames(old)]));
}

/** The user inputs a component of `method` names through its credential fields (login request's included). */
function inputsOf(method: AuthMethod, component: unknown): UserInput[] {
  const found: UserInput[] = [];
  const add = (field: AuthField, value: unknown) => {
    const name = configReference(value);
    if (field.input && name) found.push({ ...field.input, name });
  };
  for (const field of [...method.fields, ...UPDATER_FIELDS]) add(field, valueIn(component, field.key));
  // Credentials a template writes elsewhere (a session login's body) are inputs too: not secret unless named so.
  for (const name of configNames(component)) {
    if (!found.some((i) => i.name === name)) found.push({ name, title: titleOf(name), secret: /pass|secret|token|key/i.test(name), required: true });
  }
  const login = valueIn(component, ["login_requester", "authenticator"]);
  const loginMethod = AUTH_METHODS.find((m) => m.type === (login as { type?: unknown } | undefined)?.type);
  if (loginMethod) for (const i of inputsOf(loginMethod, login)) if (!found.some((f) => f.name === i.name)) found.push(i);
  return found;
}

/** Turns the OAuth Refresh Token Updater on (with the initial access token and its expiry as inputs) or off. */
export function setRefreshTokenUpdater(model: ManifestModel, place: readonly Segment[], on: boolean): ManifestModel {
  if (!on) {
    model = removeKey(model, [...place, "refresh_token_updater"]);
    return model;
  }
  const refreshInput = configReference(model.valueAt([...place, "refresh_token"])) ?? "client_refresh_token";
  model = writeValue(model, [...place, "refresh_token_updater"], refreshTokenUpdater(refreshInput));
  for (const field of UPDATER_FIELDS) {
    if (model.kindAt([...place, ...field.key]) === "absent") model = writeValue(model, [...place, ...field.key], `{{ config['${field.input!.name}'] }}`);
    model = addUserInput(model, field.input!);
  }
  return model;
}

/** The user input a value names when it is exactly `{{ config['name'] }}` (or `config["name"]`, `config.name`). */
export function configReference(value: unknown): string | undefined {
  const path = configReferencePath(value);
  return path?.length === 1 ? path[0] : undefined;
}

/**
 * The path of the user input a value names when it is exactly one config lookup, at any depth
 * (`{{ config['credentials']['access_token'] }}`, `config.credentials.access_token`, mixed).
 *
 * @example
 * configReferencePath("{{ config['credentials']['access_token'] }}") // ["credentials", "access_token"]
 * configReferencePath("{{ config['a'] ~ 'x' }}") // undefined
 */
export function configReferencePath(value: unknown): string[] | undefined {
  if (typeof value !== "string") return undefined;
  const match = /^\{\{\s*config((?:\[\s*(?:'[^']+'|"[^"]+")\s*\]|\.\w+)+)\s*\}\}$/.exec(value.trim());
  if (!match) return undefined;
  return [...match[1]!.matchAll(/\[\s*(?:'([^']+)'|"([^"]+)")\s*\]|\.(\w+)/g)].map((m) => (m[1] ?? m[2] ?? m[3])!);
}

/** Every top-level user input a value's templates read (`config['x']`, `config.x`). */
export function configNames(value: unknown): Set<string> {
  const names = new Set<string>();
  const text = JSON.stringify(value ?? null);
  for (const m of text.matchAll(/config(?:\[\s*\\?(['"])([^'"\\]+)\\?\1\s*\]|\.(\w+))/g)) names.add(m[2] ?? m[3]!);
  return names;
}

/** The inputs among `names` that nothing in the manifest (outside the spec) reads any more are removed. */
function removeUnusedInputs(model: ManifestModel, names: readonly string[]): ManifestModel {
  const everything = model.document.toJS() as Record<string, unknown> | null;
  const withoutSpec = { ...(everything ?? {}) };
  delete withoutSpec.spec;
  const used = configNames(withoutSpec);
  const declared = new Set(userInputs(model).map((i) => i.name));
  for (const name of new Set(names)) if (!used.has(name) && declared.has(name)) model = removeUserInput(model, name);
  return model;
}

/** The value at `key` inside a resolved component (undefined where a step is missing). */
export function valueIn(value: unknown, key: readonly Segment[]): unknown {
  let node = value;
  for (const segment of key) node = node && typeof node === "object" ? (node as Record<string, unknown>)[String(segment)] : undefined;
  return node;
}

function titleOf(name: string): string {
  return name.split("_").map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(" ");
}

