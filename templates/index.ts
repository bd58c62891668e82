/**
 * The interpolation service (Jinja-compatible templates) and helpers for manifest values that may or may
 * not be templates.
 */
export { createInterpolator, type InterpolatorOptions } from "./create-interpolator.js";
export { compileScalar, compileCondition } from "./compile-scalar.js";
export { literalEval } from "../python/literal-eval.js";
export { configKeysRead } from "./config-keys.js";
