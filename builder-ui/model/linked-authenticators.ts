import type { ManifestModel, Segment } from "./manifest-model.js";
import { writeValue } from "./model-edits.js";
import { pointerKeys } from "../../pure/json-pointer.js";
import { renderPath } from "../../pure/manifest-path.js";

/**
 * Shared authenticators: where one authenticator, written once in `definitions`, serves several places
 * (data requests, a session login's `login_requester`, a parent stream, an async job's requesters).
 * Each place is linked (its written value is a reference to the definition: `$ref: "#/definitions/x"`
 * or the string `"#/definitions/x"`) or local (a copy of its own). Linking a local place whose values
 * differ asks which to keep; unlinking writes a copy of the shared values in the place.
 *
 * @example
 * const places = authenticatorPlaces(model); // [{ segments: ["streams", 1, "retriever", "requester", "authenticator"], role: "Data requests of stream orders", linkedTo: undefined }, ...]
 * linkPlace(model, places[0], ["definitions", "auth"], "local") // the definition takes the place's values; the place refers to it
 */
export interface AuthenticatorPlace {
  segments: Segment[];
  /** The place as a manifest path, e.g. `streams[1].retriever.requester.authenticator`. */
  path: string;
  /** What the place authenticates, in words: "Data requests of stream orders", "Session login (definitions.auth)". */
  role: string;
  /** The definition it refers to, when linked. */
  linkedTo?: Segment[];
}

const JOB_REQUESTERS = ["creation_requester", "polling_requester", "download_requester", "download_target_requester", "abort_requester", "delete_requester"];

/** The places of each model, once: the page draws them on every change of the text and of the analysis. */
const placesOf = new WeakMap<ManifestModel, AuthenticatorPlace[]>();

/** Every written `authenticator` of a requester, in document order. */
export function authenticatorPlaces(model: ManifestModel): AuthenticatorPlace[] {
  let places = placesOf.get(model);
  if (!places) placesOf.set(model, (places = findPlaces(model)));
  return places;
}

function findPlaces(model: ManifestModel): AuthenticatorPlace[] {
  const root = model.plainData();
  const found: AuthenticatorPlace[] = [];
  const walk = (node: unknown, at: Segment[]) => {
    if (Array.isArray(node)) node.forEach((item, i) => walk(item, [...at, i]));
    else if (node && typeof node === "object") {
      for (const [key, child] of Object.entries(node as Record<string, unknown>)) {
        if (key === "authenticator" && child !== null && typeof child !== "number") {
          const segments = [...at, key];
          found.push({ segments, path: segmentsPath(segments), role: roleOf(segments, root), linkedTo: referenceOf(child) });
        }
        walk(child, [...at, key]);
      }
    }
  };
  walk(root, []);
  return found;
}

/** The shared definitions: those places refer to, and top-level definitions that are authenticators. */
export function sharedAuthenticators(model: ManifestModel, places: readonly AuthenticatorPlace[]): Segment[][] {
  const out: Segment[][] = [];
  const add = (segments: Segment[]) => {
    if (!out.some((s) => segmentsPath(s) === segmentsPath(segments))) out.push(segments);
  };
  for (const place of places) if (place.linkedTo) add(place.linkedTo);
  const definitions = model.valueAt(["definitions"]);
  if (definitions && typeof definitions === "object") {
    for (const [name, value] of Object.entries(definitions as Record<string, unknown>)) {
      const type = (value as { type?: unknown } | null)?.type;
      if (typeof type === "string" && (/Authenticator$/.test(type) || type === "NoAuth")) add(["definitions", name]);
    }
  }
  return out;
}

/** Whether a local place's values differ from the definition's. */
export function differsFromShared(model: ManifestModel, place: AuthenticatorPlace, definition: readonly Segment[]): boolean {
  return JSON.stringify(model.valueAt(place.segments)) !== JSON.stringify(model.valueAt(definition));
}

/** One value where a place's own authenticator and the shared one differ (`undefined`: not written there). */
export interface AuthenticatorDifference {
  /** The key path inside the authenticator (`inject_into.field_name`). */
  path: string;
  shared: unknown;
  own: unknown;
}

/**
 * Where a local place's values differ from the definition's, leaf by leaf, so the link dialog can show
 * both values of each.
 *
 * @example
 * authenticatorDifferences(model, place, ["definitions", "auth"]) // [{ path: "inject_into.field_name", shared: "X-Api-Key", own: "Api-Key" }]
 */
export function authenticatorDifferences(model: ManifestModel, place: AuthenticatorPlace, definition: readonly Segment[]): AuthenticatorDifference[] {
  const out: AuthenticatorDifference[] = [];
  const walk = (shared: unknown, own: unknown, path: string) => {
    const isMap = (v: unknown) => v !== null && typeof v === "object" && !Array.isArray(v);
    if (isMap(shared) && isMap(own)) {
      const a = shared as Record<string, unknown>;
      const b = own as Record<string, unknown>;
      for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])]) walk(a[key], b[key], path ? `${path}.${key}` : key);
    } else if (JSON.stringify(shared) !== JSON.stringify(own)) out.push({ path: path || "(the whole authenticator)", shared, own });
  };
  walk(model.valueAt(definition), model.valueAt(place.segments), "");
  return out;
}

/**
 * Links a place to a definition. `keep: "shared"` drops the place's own values; `keep: "local"` first
 * writes them into the definition (so every place linked to it gets them).
 */
export function linkPlace(model: ManifestModel, place: AuthenticatorPlace, definition: readonly Segment[], keep: "shared" | "local"): ManifestModel {
  if (keep === "local") model = writeValue(model, definition, model.valueAt(place.segments));
  return writeValue(model, place.segments, { $ref: `#/${definition.join("/")}` });
}

/**
 * Makes a local place's authenticator a shared one: written under `definitions` (the first free of
 * `authenticator`, `authenticator_2`, ...), the place linked to it; other places can then be linked.
 */
export function sharePlace(model: ManifestModel, place: AuthenticatorPlace): { model: ManifestModel; definition: Segment[] } {
  let name = "authenticator";
  for (let n = 2; model.kindAt(["definitions", name]) !== "absent"; n++) name = `authenticator_${n}`;
  const definition: Segment[] = ["definitions", name];
  const next = writeValue(model, definition, model.valueAt(place.segments));
  return { model: linkPlace(next, place, definition, "shared"), definition };
}

/** Unlinks a place: it gets a copy of the shared values, which it then keeps when the definition changes. */
export function unlinkPlace(model: ManifestModel, place: AuthenticatorPlace): ManifestModel {
  if (!place.linkedTo) return model;
  return writeValue(model, place.segments, structuredClone(model.valueAt(place.linkedTo)));
}

/**
 * Where an authenticator is really written: a place holding only a reference (`"#/definitions/x"`,
 * `{ $ref: "#/definitions/x" }`) leads to the definition, followed until a component (at most 10 hops).
 */
export function writtenPlace(model: ManifestModel, segments: readonly Segment[]): Segment[] {
  let at = [...segments];
  for (let hop = 0; hop < 10; hop++) {
    const value = model.valueAt(at);
    const onlyRef = typeof value === "string" || (value !== null && typeof value === "object" && Object.keys(value).length === 1);
    const target = onlyRef ? referenceOf(value) : undefined;
    if (!target) return at;
    at = target;
  }
  return at;
}

/** Segments as a manifest path, as the library writes paths: `streams[1].retriever.requester`. */
export function segmentsPath(segments: readonly Segment[]): string {
  return renderPath(segments);
}

/** The definition a written value refers to (`"#/definitions/x"` or `{ $ref: "#/definitions/x" }`). */
function referenceOf(value: unknown): Segment[] | undefined {
  const target = typeof value === "string" ? value : value && typeof value === "object" ? (value as { $ref?: unknown }).$ref : undefined;
  if (typeof target !== "string" || !target.startsWith("#/")) return undefined;
  return pointerKeys(target);
}

function roleOf(segments: readonly Segment[], root: unknown): string {
  const where = segmentsPath(segments.slice(0, -1));
  const stream = segments[0] === "streams" && typeof segments[1] === "number" ? streamName(root, segments[1]) : undefined;
  const keys = segments.map(String);
  const of = stream ? ` of stream ${stream}` : ` (${where})`;
  if (keys.includes("login_requester")) return `Session login${of}`;
  if (keys.includes("parent_stream_configs")) return `Parent stream requests${of}`;
  const job = keys.find((k) => JOB_REQUESTERS.includes(k));
  if (job) return `Report job ${job.replace(/_/g, " ")}${of}`;
  return `Data requests${of}`;
}

function streamName(root: unknown, index: number): string | undefined {
  const name = ((root as { streams?: Array<{ name?: unknown }> }).streams?.[index] as { name?: unknown } | undefined)?.name;
  return typeof name === "string" ? name : undefined;
}
