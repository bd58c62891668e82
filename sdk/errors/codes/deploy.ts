import type { ErrorCodeEntry } from "../error-code-entry.js";

/** The codes of docs/errors.md's section "Airbyte images". */
export const DEPLOY_ERRORS = {
  IMAGE_CONNECTOR_INVALID: {
    failureType: "config_error",
    message: "`sluice image` was given a path that is not a connector folder: it does not exist, is not a folder, or holds no manifest (`manifest.yaml`/`.yml`/`.json`, or a `sluice.config.*` / `.sluicerc*` file).",
    action: "Pass the folder that holds the connector's manifest, e.g. `sluice image ./source-things`.",
  },
  IMAGE_SLUICE_PACKAGE_INVALID: {
    failureType: "config_error",
    message: "The Sluice to put in the image is not usable: the installed package has no built `dist/` (a clone that was never built), or the `--sluice` tarball is not an npm package of Sluice.",
    action: "In a clone run `npm run build` first; with `--sluice`, pass the file `npm pack` made.",
  },
  IMAGE_ENGINE_MISSING: {
    failureType: "config_error",
    message: "Neither `docker` nor `podman` is on the PATH (or the one chosen with `--engine` is not).",
    action: "Install Docker or Podman, or choose the one you have with `--engine docker|podman`.",
  },
  IMAGE_BUILD_FAILED: {
    failureType: "system_error",
    message: "The container engine's build ended with an error; its own output, printed above, says why.",
    action: "Read the engine's output; `--dry-run` prints the staged context and the build command to run by hand.",
  },
} as const satisfies Record<string, ErrorCodeEntry>;
