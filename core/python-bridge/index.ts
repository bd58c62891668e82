export { createPythonRuntime, type PythonRuntimeOptions } from "./python-runtime.js";
export { PythonBridge, callTimeoutMs } from "./python-bridge.js";
export { pythonCandidates, supportedPython } from "./find-python.js";
export { BRIDGE_REQUESTS, BRIDGE_CALLBACKS, BRIDGE_TAGS, PROTOCOL_VERSION } from "./bridge-protocol.js";
export { installHint } from "./python-error.js";
