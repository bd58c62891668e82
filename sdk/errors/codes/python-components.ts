import type { ErrorCodeEntry } from "../error-code-entry.js";

/** The codes of docs/errors.md's section "Python components" (docs/custom-components.md#python-components). */
export const PYTHON_COMPONENTS_ERRORS = {
  PYTHON_NOT_FOUND: {
    failureType: "config_error",
    message: "The manifest names a Python class (its module is a `.py` file in the connector folder) and no Python 3.10 or newer was found: not `SLUICE_PYTHON`, not `/usr/bin/python3`, not `python3` on PATH, or the one found is older or does not start.",
    action: "Install Python 3.10+ (`apt-get install python3`), or set `SLUICE_PYTHON` to its path.",
  },
  PYTHON_MODULE_MISSING: {
    failureType: "config_error",
    message: "A connector's Python module imports a module this Python does not have, or a name its module does not define (`from airbyte_cdk.x import Name`, where Sluice's package lacks the kit's module or name); the message names the module (and name), the component and what to install.",
    action: "Install the module for the Python Sluice runs (Debian: `apt-get install python3-<module>`; see docs/custom-components.md#python-components), or set `SLUICE_PYTHON` to a Python that has it.",
  },
  PYTHON_KIT_CLASS_MISSING: {
    failureType: "config_error",
    message: "A Python component extends or uses one of the kit's classes that Sluice's Python package names but does not implement yet (a `DatetimeBasedCursor`, a `SubstreamPartitionRouter`, an `HttpRequester`...); the message names the class. A module that only imports it still loads.",
    action: "Use the built-in component in the manifest instead of the custom class, or port the class (docs/custom-components.md#python-components lists what the package implements).",
  },
  PYTHON_CLASS_NOT_FOUND: {
    failureType: "config_error",
    message: "The Python module has no class of the `class_name`'s last name; `found` lists the classes it defines. `sluice validate` finds it without running the module.",
    action: "Fix the `class_name`, or define the class in the module.",
  },
  PYTHON_COMPONENT_FAILED: {
    failureType: "system_error",
    message: "A Python component raised: the message names the class, the method and the Python error's last line; the traceback is in the debug log.",
    action: "Fix the component (the traceback in `--log-level debug` says where), or the config or API answer it did not expect.",
  },
  PYTHON_BRIDGE_FAILED: {
    failureType: "system_error",
    message: "The Python child process died, did not answer within its time limit (`SLUICE_PYTHON_TIMEOUT`, seconds, default 120; it is then stopped), or broke the bridge's protocol. Later Python calls start a new child.",
    action: "Look for what the component does (a loop, a blocking call, `os._exit`) in its output in the log; raise `SLUICE_PYTHON_TIMEOUT` for a slow but working component.",
  },
} satisfies Record<string, ErrorCodeEntry>;
