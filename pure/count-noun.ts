/**
 * A count with its noun, singular for one: what every summary line a person reads uses.
 *
 * @example
 * countNoun(1, "page"); // "1 page"
 * countNoun(12000, "record"); // "12000 records"
 */
export function countNoun(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
