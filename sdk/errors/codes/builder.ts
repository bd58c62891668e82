import type { ErrorCodeEntry } from "../error-code-entry.js";

/** The codes of docs/errors.md's section "The Builder" (`sluice builder`, see docs/builder.md, and `sluice mcp`, docs/agents.md). */
export const BUILDER_ERRORS = {
  BUILDER_REQUEST_REFUSED: {
    failureType: "config_error",
    message: "The Builder's server refused a request: it lacked the session token, named a `Host` other than its loopback address and port (DNS rebinding), or came from a foreign `Origin`.",
    action: "Open the exact URL `sluice builder` printed (it carries the token); do not reach the page through another host name.",
  },
  BUILDER_MANIFEST_CHANGED: {
    failureType: "config_error",
    message: "`manifest.yaml` changed on disk since the page loaded it (edited in another editor); the save was not made.",
    action: "Reload the file from disk, or save again choosing to overwrite the other change.",
  },
  BUILDER_TESTING_VALUE_IN_MANIFEST: {
    failureType: "config_error",
    message: "The manifest about to be saved contains a secret testing value; testing values live only in `secrets/config.json`, so the save was refused.",
    action: "Reference the value as `{{ config['name'] }}` instead of writing it into the manifest.",
  },
  BUILDER_SECRETS_UNSAFE: {
    failureType: "config_error",
    message: "The connector folder's `secrets` is a symlink, not a folder, or another user's, or `secrets/config.json` is a symlink: the testing values would be read or written somewhere else than the git-ignored, owner-only folder, so the Builder refused.",
    action: "Make `secrets/` a plain folder of yours (remove the symlink: `rm secrets && mkdir -m 700 secrets`) and keep `secrets/config.json` a regular file.",
  },
  BUILDER_TESTING_VALUES_TOO_DEEP: {
    failureType: "config_error",
    message: "The testing values to save nest deeper than a config file may (1,000 levels): saved, they could not be read back and the page could not open.",
    action: "Flatten the value; no connector's config needs that depth.",
  },
  BUILDER_ASSETS_MISSING: {
    failureType: "system_error",
    message: "The Builder's page (`dist/builder-ui/`) is not in this installation.",
    action: "Run `npm run build` in a source checkout; an installed package carries the page.",
  },
  BUILDER_TEXT_UNKNOWN: {
    failureType: "config_error",
    message: "The page asked for the analysis of an edit to a text the server no longer holds (it keeps the last few it analysed; it was restarted, or other pages analysed many texts since).",
    action: "Nothing: the page sends the whole text again. A client of `POST api/analyze` sends `text` when it has no `textId` of a recent answer.",
  },
  BUILDER_BAD_REQUEST: {
    failureType: "config_error",
    message: "The Builder's page sent a request its server does not understand (not JSON, or a field of the wrong type).",
    action: "Reload the page; if it persists, report it with the request named here.",
  },
  MCP_TOOL_INPUT_INVALID: {
    failureType: "config_error",
    message: "A tool of `sluice mcp` was called with input its schema does not accept (a missing or mistyped field, a value out of bounds), or naming something that does not exist (a tool, a documentation topic, a component type); the problems are listed.",
    action: "Call the tool again with the input its schema describes (the client lists each tool's input schema).",
  },
  MCP_PROBE_FOREIGN_ORIGIN: {
    failureType: "config_error",
    message: "`probe_endpoint` was asked to send the connector's credentials to a URL outside the origin of its API (the `url_base` of its streams, rendered with the testing values); credentials never go to an origin they were not configured for.",
    action: "Probe a URL of the connector's own API, or change the streams' `url_base` first.",
  },
  BUILDER_IMPORT_REPLACES_STREAMS: {
    failureType: "config_error",
    message: "An OpenAPI import writes a new manifest, and the connector's manifest already has streams that it would replace; nothing was written.",
    action: "Import into a new connector folder, or confirm the replacement (the page asks; a tool call sets `replace: true`).",
  },
} as const satisfies Record<string, ErrorCodeEntry>;
