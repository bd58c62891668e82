import { validateHeaderName, validateHeaderValue } from "node:http";
import { types } from "node:util";

/**
 * node-fetch's `Headers` as node-fetch's own modules see it in Sluice's bundle (scripts/bundle-library.mjs
 * puts this file in place of their import of `./headers.js`): the same class, names, order, validation and
 * errors, kept in a `Map` of lowercased names to their values. node-fetch's own class extends
 * `URLSearchParams` and wraps each instance in a `Proxy`, and node-fetch makes four of them per request
 * (the request's, the copy it sends, the response's raw headers and the response's copy): about 25 µs a
 * page, and V8's optimizing compiler spent 40 ms on each of its two compilations of that constructor in a
 * 100,000-record read (docs/performance.md, "CPU and the page path, round nine").
 *
 * As node-fetch's: names are checked with Node's `validateHeaderName`, values with `validateHeaderValue`
 * (the same `TypeError`s with their `code`), names are lowercased, iteration is in sorted name order with the
 * values of one name joined by ", ", `get("content-encoding")` is lowercased, and `raw()` gives every
 * name's list of values. test/core/http/node-fetch-headers.test.ts holds both classes to the same answers.
 *
 * @example
 * const headers = new Headers({ Accept: "application/json" });
 * headers.append("X-Tag", "a");
 * headers.append("x-tag", "b");
 * headers.get("X-TAG"); // "a, b"
 * headers.raw(); // { accept: ["application/json"], "x-tag": ["a", "b"] }
 */
export default class Headers {
  readonly #byName = new Map<string, string[]>();

  constructor(init?: unknown) {
    if (init instanceof Headers) {
      for (const [name, values] of init.#byName) this.#byName.set(name, [...values]);
      return;
    }
    for (const [name, value] of initialPairs(init)) this.append(name as string, value);
  }

  get [Symbol.toStringTag](): string {
    return this.constructor.name;
  }

  toString(): string {
    return Object.prototype.toString.call(this);
  }

  append(name: string, value: unknown): void {
    validateHeaderName(name);
    validateHeaderValue(name, String(value));
    this.#add(String(name).toLowerCase(), String(value));
  }

  set(name: string, value: unknown): void {
    validateHeaderName(name);
    validateHeaderValue(name, String(value));
    this.#byName.set(String(name).toLowerCase(), [String(value)]);
  }

  delete(name: string): void {
    validateHeaderName(name);
    this.#byName.delete(String(name).toLowerCase());
  }

  has(name: string): boolean {
    validateHeaderName(name);
    return this.#byName.has(String(name).toLowerCase());
  }

  getAll(name: string): string[] {
    validateHeaderName(name);
    return [...(this.#byName.get(String(name).toLowerCase()) ?? [])];
  }

  get(name: string): string | null {
    const values = this.getAll(name);
    if (values.length === 0) return null;
    const value = values.join(", ");
    return /^content-encoding$/i.test(name) ? value.toLowerCase() : value;
  }

  /** The names, sorted, each once. */
  keys(): IterableIterator<string> {
    return [...this.#byName.keys()].sort()[Symbol.iterator]();
  }

  *values(): IterableIterator<string> {
    for (const name of this.keys()) yield this.get(name)!;
  }

  *entries(): IterableIterator<[string, string]> {
    for (const name of this.keys()) yield [name, this.get(name)!];
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }

  forEach(callback: (value: string, name: string, headers: Headers) => void, thisArg?: unknown): void {
    for (const name of this.keys()) Reflect.apply(callback, thisArg, [this.get(name), name, this]);
  }

  /** Each name (sorted) with its list of values. */
  raw(): Record<string, string[]> {
    const raw: Record<string, string[]> = {};
    for (const name of this.keys()) raw[name] = [...this.#byName.get(name)!];
    return raw;
  }

  /** What node-fetch hands `http.request` as its headers: one value as itself, several as a list (`host` always one). */
  [Symbol.for("nodejs.util.inspect.custom")](): Record<string, string | string[]> {
    const headers: Record<string, string | string[]> = {};
    for (const name of this.keys()) {
      const values = this.#byName.get(name)!;
      headers[name] = name === "host" || values.length === 1 ? values[0]! : [...values];
    }
    return headers;
  }

  #add(name: string, value: string): void {
    const values = this.#byName.get(name);
    if (values) values.push(value);
    else this.#byName.set(name, [value]);
  }
}

// Enumerable, as node-fetch's are (URLSearchParams' methods, as Web IDL's, and four it makes enumerable). Its class
// also inherits `size` and `sort`, which throw on its instances (its Proxy calls them on itself): not here.
for (const property of ["append", "delete", "entries", "forEach", "get", "getAll", "has", "keys", "set", "values"]) {
  Object.defineProperty(Headers.prototype, property, { enumerable: true });
}

/**
 * The headers of a response as Node read them (`rawHeaders`: name, value, name, value...), those that are
 * no valid header left out, as node-fetch's `fromRawHeaders` does.
 *
 * @example
 * fromRawHeaders(["Content-Type", "application/json", "X-Bad Name", "1"]).raw(); // { "content-type": ["application/json"] }
 */
export function fromRawHeaders(raw: readonly string[] = []): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    try {
      headers.append(raw[i]!, raw[i + 1]);
    } catch {
      // an invalid name or value: left out
    }
  }
  return headers;
}

/** The name and value pairs of a `Headers` init other than a `Headers`: a record or an iterable of pairs (node-fetch's errors otherwise). */
function initialPairs(init: unknown): Iterable<readonly [unknown, unknown]> {
  if (init === null || init === undefined) return [];
  if (typeof init !== "object" || types.isBoxedPrimitive(init)) {
    throw new TypeError("Failed to construct 'Headers': The provided value is not of type '(sequence<sequence<ByteString>> or record<ByteString, ByteString>)");
  }
  const method = (init as { [Symbol.iterator]?: unknown })[Symbol.iterator];
  if (method === null || method === undefined) return Object.entries(init);
  if (typeof method !== "function") throw new TypeError("Header pairs must be iterable");
  return [...(init as Iterable<unknown>)].map((pair) => {
    if (typeof pair !== "object" || pair === null || types.isBoxedPrimitive(pair)) throw new TypeError("Each header pair must be an iterable object");
    const items = [...(pair as Iterable<unknown>)];
    if (items.length !== 2) throw new TypeError("Each header pair must be a name/value tuple");
    return [items[0], items[1]] as const;
  });
}
