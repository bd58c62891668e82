import { isDeepStrictEqual } from "node:util";
import type { ConnectorConfig } from "../../sdk/index.js";
import { isJsonObject } from "../../pure/json-object.js";

/** A token rotation during a read: the testing values it started from and the ones it saved. */
interface Rotation {
  before: ConnectorConfig;
  after: ConnectorConfig;
}

/** How many rotations are remembered (each read rotates at most a few times). */
const KEPT = 16;

/**
 * The Builder's guard for single-use tokens. A test read carries the page's testing values and saves a
 * token the API rotated at once; a save of testing values the page sent before it heard of the rotation
 * (its debounced save, crossing the read) would write the spent token back over its successor. Every
 * value a rotation changed that a later save still holds at its old value (or lacks) is kept at its new
 * one, until a save holds the rotation's values itself (the page adopted them): then it is forgotten, and
 * the author's later edits are saved as typed.
 *
 * @example
 * const rotations = new RotatedValues();
 * rotations.remember({ rt: "rt_1", user: "ann" }, { rt: "rt_2", user: "ann" });
 * rotations.keep({ rt: "rt_1", user: "bob" }) // { rt: "rt_2", user: "bob" }: the spent token is not restored
 */
export class RotatedValues {
  private readonly rotations: Rotation[] = [];

  /** A read's rotation: `before` the values it started from, `after` the ones it saved. */
  remember(before: ConnectorConfig, after: ConnectorConfig): void {
    this.rotations.push({ before: structuredClone(before), after: structuredClone(after) });
    if (this.rotations.length > KEPT) this.rotations.shift();
  }

  /** `values` with every value a remembered rotation replaced, and that `values` still holds as it was, replaced again. */
  keep(values: ConnectorConfig): ConnectorConfig {
    let out = values;
    for (const rotation of [...this.rotations]) {
      const carried = carry(out, rotation.before, rotation.after) as ConnectorConfig;
      if (isDeepStrictEqual(carried, out)) this.rotations.splice(this.rotations.indexOf(rotation), 1);
      out = carried;
    }
    return out;
  }
}

/** `value` with the changes from `before` to `after` carried over wherever `value` still equals `before`. */
function carry(value: unknown, before: unknown, after: unknown): unknown {
  if (isDeepStrictEqual(before, after)) return value;
  if (isDeepStrictEqual(value, before)) return structuredClone(after);
  if (!isJsonObject(value) || !isJsonObject(before) || !isJsonObject(after)) return value;
  const out: Record<string, unknown> = { ...value };
  for (const key of Object.keys(after)) {
    if (key in before && key in value) out[key] = carry(value[key], before[key], after[key]);
    else if (!(key in before) && !(key in value)) out[key] = structuredClone(after[key]);
  }
  return out;
}

