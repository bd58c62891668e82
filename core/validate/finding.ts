/**
 * One thing `sluice validate` found: where (file, line, column, manifest path), what was expected and
 * what was found.
 *
 * @example
 * { severity: "warning", file: "manifest.yaml", line: 14, column: 11,
 *   path: "streams[0].retriever.paginator.pagination_strategy.stop_conditon",
 *   message: "CursorPagination has no field 'stop_conditon' (did you mean 'stop_condition'?); it is ignored",
 *   expected: "'stop_condition'", found: "'stop_conditon'" }
 */
export interface Finding {
  severity: "error" | "warning";
  code: string;
  file?: string;
  line?: number;
  column?: number;
  /** The manifest path where the value is written (a shared definition's path when a `$ref` led there). */
  path: string;
  /** The path in the resolved manifest, when it differs (the stream that uses the shared definition). */
  usedAt?: string;
  message: string;
  expected?: string;
  found?: string;
}
