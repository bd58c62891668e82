import type { ErrorLocation } from "../../sdk/index.js";
import { customCodeFailure, guardCustomCall } from "./guard-custom-call.js";

/**
 * The custom instance behind a view whose every method call is guarded: a plain error thrown (or a
 * promise rejected, or an error raised while its returned iterator or async iterator runs) becomes a
 * `CustomCodeError` naming the class, the method and the stream, with the original as `cause`.
 * Properties read through unchanged, and `instanceof` still holds (the prototype is the instance's).
 *
 * @example
 * const extractor = guardInstance(new ItemsExtractor(options), { className: "components.ItemsExtractor", where: { stream: "items" } });
 * for (const record of extractor.extract(response)) ...   // a throw inside names ItemsExtractor.extract
 */
export function guardInstance<T extends object>(instance: T, site: { className: string; where: ErrorLocation }): T {
  const methods = new Map<PropertyKey, Function>();
  return new Proxy(instance, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function" || property === "constructor") return value;
      let guarded = methods.get(property);
      if (!guarded) {
        const method = String(property);
        guarded = (...args: unknown[]) =>
          guardIterators(guardCustomCall(() => (value as Function).apply(target, args), { ...site, method }), { ...site, method });
        methods.set(property, guarded);
      }
      return guarded;
    },
  });
}

/** Arrays and plain values pass through; generators and other lazy iterators are guarded as they run. */
function guardIterators(result: unknown, site: { className: string; method: string; where: ErrorLocation }): unknown {
  if (typeof result !== "object" || result === null || Array.isArray(result)) return result;
  if (typeof (result as AsyncIterable<unknown>)[Symbol.asyncIterator] === "function") return guardAsync(result as AsyncIterable<unknown>, site);
  if (typeof (result as Iterator<unknown>).next === "function" && typeof (result as Iterable<unknown>)[Symbol.iterator] === "function") {
    return guardSync(result as Iterable<unknown>, site);
  }
  return result;
}

function* guardSync(items: Iterable<unknown>, site: { className: string; method: string; where: ErrorLocation }): Generator<unknown> {
  try {
    yield* items;
  } catch (error) {
    throw customCodeFailure(error, site);
  }
}

async function* guardAsync(items: AsyncIterable<unknown>, site: { className: string; method: string; where: ErrorLocation }): AsyncGenerator<unknown> {
  try {
    yield* items;
  } catch (error) {
    throw customCodeFailure(error, site);
  }
}
