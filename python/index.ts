/**
 * Python-compatible values, imported as `sluice/python`: what the Python kit's manifests and custom
 * components take for granted and JavaScript lacks. One datetime model (`PyDateTime`, exact to the
 * microsecond for years 1 to 9999), `strftime`/`strptime` with Python's (glibc's) directives, the kit's
 * datetime formats (`%s`, `%ms`, `%_ms`...), ISO 8601 durations as isodate reads them, dateutil's
 * `isoparse`, truthiness, `str()`/`repr()`, `int()`/`float()`. Templates, the built-in components and
 * extension authors all use this one copy; it imports nothing of Sluice.
 *
 * @example
 * import { parseDatetime, formatDatetime, parseIsoDuration, truthy } from "sluice/python";
 *
 * const start = parseDatetime("2024-01-31", "%Y-%m-%d");
 * formatDatetime(start.plus(parseIsoDuration("P1M")!)!, "%Y-%m-%d"); // "2024-02-29"
 * truthy([]);                                                         // false
 */
export { PyDateTime, type FieldsInput } from "./datetime.js";
export { PyDate } from "./date.js";
export { PyDuration, PyTimedelta } from "./timedelta.js";
export { daysInMonth, isLeapYear, type DateFields } from "./calendar.js";
export { strftime, type StrftimeZone } from "./strftime.js";
export { strptime } from "./strptime.js";
export { formatDatetime, parseDatetime } from "./datetime-format.js";
export { isoParse } from "./iso-parse.js";
export { isoDurationLengthMs, isZeroDuration, parseIsoDuration, parseIsoDurationParts, type IsoDuration } from "./iso-duration.js";
export { pyFloat, pyInt, pyIntExact } from "./convert.js";
export { floatRepr, pyRepr, pyStr, stringRepr } from "./str.js";
export { isPythonInt, PyError, PyFloat, truthy, typeName, type PyErrorKind } from "./values.js";
export { literalEval } from "./literal-eval.js";
export { deletePath, getPath, keyPath, setPath, unsetPath, updatePath, valueAtPath, valuesAt, type PathLookup, type ValuePath } from "./dpath.js";
