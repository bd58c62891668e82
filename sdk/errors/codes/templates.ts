import type { ErrorCodeEntry } from "../error-code-entry.js";

/** The codes of docs/errors.md's section "Interpolation". */
export const TEMPLATES_ERRORS = {
  TEMPLATE_SYNTAX: {
    failureType: "config_error",
    message: "A template is not valid Jinja, or uses an unknown filter or test, or a construct Sluice does not support (`{% macro %}`, `{% include %}`); raised when the connector is built, with the manifest path.",
    action: "Fix the template; `sluice eval` shows the error for one template.",
  },
  TEMPLATE_UNDEFINED_NAME: {
    failureType: "config_error",
    message: "A template uses a name that is not in scope for its field (for example `last_records` in a requester, `stream_slice` in `cursor_value`, `range`); raised when the connector is built, naming the template, the names and the manifest path.",
    action: "Use one of the names listed under \"expected\" (docs/interpolation.md lists them per field).",
  },
  TEMPLATE_STREAM_STATE: {
    failureType: "config_error",
    message: "A template outside the requester (`url_base`, `path` and `request_*` keep it for old manifests) uses `stream_state`, which the kit no longer supports.",
    action: "Use `stream_interval` instead.",
  },
  TEMPLATE_NOT_STRING: {
    failureType: "config_error",
    message: "A template was given as something other than a string.",
    action: "Quote the value in the manifest.",
  },
  TEMPLATE_UNDEFINED_VALUE: {
    failureType: "config_error",
    message: "Evaluating a value used an undefined value further (Jinja's `UndefinedError`), e.g. `{{ headers.link.next.url }}` when there is no next link; a condition counts this as false instead.",
    action: "Guard the template (`{{ headers.link.next.url if 'next' in headers.link }}`) or check the response shape with `sluice eval`.",
  },
  TEMPLATE_SECURITY: {
    failureType: "config_error",
    message: "A template used a blocked attribute (a Python dunder such as `__class__`).",
    action: "Do not reach into object internals; use the data's keys.",
  },
  TEMPLATE_LIMIT: {
    failureType: "config_error",
    message: "A template passed a resource limit: it would build a string over 16 Mi characters or a list over 1,000,000 items (`'x' * 100000000`, a wide format), or a `regex_search`/`regex_replace` whose pattern only the backtracking engine runs (backreferences, lookarounds) ran over 1 s; the template and its manifest path are named.",
    action: "Fix the expression; a pattern prone to catastrophic backtracking (`(a+)+$`) should be rewritten without nested quantifiers.",
  },
  TEMPLATE_EVAL: {
    failureType: "config_error",
    message: "A template raised a Python error while being evaluated (`ValueError`, `ZeroDivisionError`, `AttributeError`, `KeyError`…; named in the message and in `found`).",
    action: "Fix the expression or the data it reads; `sluice eval` reproduces it.",
  },
} as const satisfies Record<string, ErrorCodeEntry>;
