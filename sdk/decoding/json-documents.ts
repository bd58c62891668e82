/**
 * The documents of a parsed JSON body, as the kit's JSON decoder yields them: the items of a
 * top-level array, otherwise the body itself. The array is returned as is (not copied).
 *
 * @example
 * jsonDocuments([{ id: 1 }, { id: 2 }]); // [{ id: 1 }, { id: 2 }]
 * jsonDocuments({ data: [] });           // [{ data: [] }]
 */
export function jsonDocuments(body: unknown): readonly unknown[] {
  return Array.isArray(body) ? body : [body];
}
