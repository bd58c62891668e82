import { PyError } from "./values.js";

/**
 * Python's integer arithmetic on two ints, exact at any size (undefined when an operand is not an int,
 * or the result is not an int: `//` or `%` by zero, `**` by a negative power): JSON bodies give integers past 2^53 as a `bigint`
 * (python/exact-json.ts), and Python's ints never round, so `record['id'] + 1` on `9007199254740993`
 * is `9007199254740994`, and `9007199254740992 + 1` is not `9007199254740992`. An integer result
 * within ±(2^53 - 1) comes back as a plain number (the common case stays on numbers); a larger one as
 * a `bigint`.
 *
 * @example
 * exactIntOp("+", 9007199254740993n, 1); // 9007199254740994n
 * exactIntOp("*", 2 ** 52, 4); // 18014398509481984n
 * exactIntOp("+", 1, 2); // 3
 * exactIntOp("+", 1, 0.5); // undefined: a float, which the caller's number path adds
 */
export function exactIntOp(symbol: IntOperator, a: unknown, b: unknown): number | bigint | undefined {
  if (!isInt(a) || !isInt(b)) return undefined;
  if (typeof a !== "bigint" && typeof b !== "bigint") {
    // Plain ints: the number answer, when it is exact (the common case, computed once).
    const quick = numberOp(symbol, Number(a), Number(b));
    if (Number.isSafeInteger(quick)) return quick;
  }
  const x = BigInt(a), y = BigInt(b);
  switch (symbol) {
    case "+": return normalize(x + y);
    case "-": return normalize(x - y);
    case "*": return normalize(x * y);
    case "//": return y === 0n ? undefined : normalize(floorDiv(x, y));
    case "%": return y === 0n ? undefined : normalize(x - floorDiv(x, y) * y);
    case "**": return y < 0n ? undefined : normalize(power(x, y));
  }
}

/** The operators {@link exactIntOp} does. */
type IntOperator = "+" | "-" | "*" | "//" | "%" | "**";

/** A Python int held exactly: an integral number (not a boxed float), a bool or a `bigint`. */
function isInt(value: unknown): value is number | boolean | bigint {
  return typeof value === "bigint" || typeof value === "boolean" || (typeof value === "number" && Number.isInteger(value));
}

/** A `bigint` as a plain number when it fits exactly. */
export function normalize(value: bigint): number | bigint {
  return value <= MAX_SAFE && value >= -MAX_SAFE ? Number(value) : value;
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
/** The largest integer `**` builds: a million bits (about 300,000 digits), far past any id or cursor. */
const MAX_POWER_BITS = 1_000_000;

function numberOp(symbol: IntOperator, x: number, y: number): number {
  switch (symbol) {
    case "+": return x + y;
    case "-": return x - y;
    case "*": return x * y;
    case "//": return Math.floor(x / y);
    case "%": return ((x % y) + y) % y;
    case "**": return x ** y;
  }
}

/** Python's `//` on ints: the quotient rounded toward minus infinity (BigInt's `/` truncates toward zero). */
function floorDiv(x: bigint, y: bigint): bigint {
  const q = x / y;
  return x % y !== 0n && (x < 0n) !== (y < 0n) ? q - 1n : q;
}

function power(x: bigint, y: bigint): bigint {
  const magnitude = x < 0n ? -x : x;
  if (magnitude > 1n && BigInt(magnitude.toString(2).length) * y > BigInt(MAX_POWER_BITS)) {
    throw new PyError("ResourceLimitError", `${x} ** ${y} would hold more than the ${MAX_POWER_BITS} bits an integer a template builds may have`);
  }
  return x ** y;
}
