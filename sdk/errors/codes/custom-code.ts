import type { ErrorCodeEntry } from "../error-code-entry.js";

/** The codes of docs/errors.md's section "Custom components". */
export const CUSTOM_CODE_ERRORS = {
  CUSTOM_CODE_REFUSED: {
    failureType: "config_error",
    message: "The manifest (or the config file's `plugins`) names custom code, or the configuration search found a config file that is code (`sluice.config.ts/.mjs/.js/.cjs`, `.sluicerc.js`, cosmiconfig's `.config/config.js` in the working folder), and this host does not trust custom code (`trustCustomCode: false`, `--no-custom-code`, or `SLUICE_DISABLE_CUSTOM_CODE=1`). Raised before anything is imported and before any request.",
    action: "Run the manifest on a host that trusts it, replace the custom component with built-in ones, or use a data config file (`.sluicerc.yaml`, `sluice.config.json`) or `--manifest`.",
  },
  CUSTOM_CLASS_NAME_INVALID: {
    failureType: "config_error",
    message: "A `class_name` is not dotted identifiers (it has a slash, `..`, an absolute path, an empty segment, a space or a non-ASCII letter), or names no module. Nothing was loaded.",
    action: "Write `source_<name>.<module>.<Class>`, `source_declarative_manifest.components.<Class>` or `components.<Class>`.",
  },
  CUSTOM_CODE_NOT_FOUND: {
    failureType: "config_error",
    message: "No module for the `class_name` in the connector folder (the manifest's folder); `expected` lists every file tried. Also: the connector folder does not exist.",
    action: "Put the class in one of the files listed (`.ts`, `.mts`, `.js` or `.mjs`), or fix the `class_name`.",
  },
  CUSTOM_CODE_OUTSIDE_CONNECTOR: {
    failureType: "config_error",
    message: "The module found for a `class_name` is a symlink (or sits under a symlinked folder) whose real path is outside the connector folder. It was not loaded.",
    action: "Copy the module into the connector folder instead of linking it.",
  },
  CUSTOM_CODE_NO_FOLDER: {
    failureType: "config_error",
    message: "A manifest given as an object (no file) names a custom class, so there is no folder to look in.",
    action: "Load the manifest from its file, or pass `searchFrom: <connector folder>` with the object.",
  },
  CUSTOM_CODE_LOAD: {
    failureType: "system_error",
    message: "The module was found but did not load: a TypeScript/JavaScript syntax error, a failing import, or an error thrown while the module ran. `cause` holds the original.",
    action: "Fix the module; run it with `node --import tsx <file>` to see the error alone.",
  },
  CUSTOM_CLASS_NOT_EXPORTED: {
    failureType: "config_error",
    message: "The module has no export of the class's name; `found` lists its exports.",
    action: "`export class <Name> ...` (a named export, not only a default one).",
  },
  CUSTOM_CLASS_NOT_A_CLASS: {
    failureType: "config_error",
    message: "The export of that name is not a class (a number, an object, an arrow function).",
    action: "Export a class.",
  },
  CUSTOM_CLASS_WRONG_BASE: {
    failureType: "config_error",
    message: "The class does not extend the SDK base of its kind (`PaginationStrategy`, `Authenticator`) and is not a Python-style port; `found` shows what it extends, and says so when it extends another copy of the SDK.",
    action: "`import { PaginationStrategy } from \"sluice/sdk\"` and `extends PaginationStrategy` (or `Authenticator`).",
  },
  RETRIEVER_CANNOT_READ: {
    failureType: "config_error",
    message: "A retriever (a `CustomRetriever` class, or one a plugin registered) defines neither `sliceReader(stream, slicer, streamState)`, the contract every retriever implements now, nor `read(stream, options, slicing)`, the earlier one Sluice still reads through an adapter.",
    action: "Implement `sliceReader` (see docs/custom-components.md, \"Retrievers\").",
  },
  CUSTOM_CLASS_INCOMPLETE: {
    failureType: "config_error",
    message: "The class extends the right base but lacks the method that does the work (`nextPageToken`/`next_page_token`, `apply`).",
    action: "Implement the method.",
  },
  CUSTOM_CODE_FAILED: {
    failureType: "system_error",
    message: "Custom code threw: the constructor or a method (`nextPageToken`, `apply`, ...). The message names the class and method; `where` has the stream and page; `cause` is the original error.",
    action: "Fix the custom class; the cause's stack points into it. A custom class may throw a `SluiceError` of its own, which keeps its code.",
  },
  CUSTOM_CODE_ASYNC: {
    failureType: "system_error",
    message: "A pagination method of a custom strategy returned a promise; pagination methods are synchronous.",
    action: "Compute the token from the response without awaiting; fetch what you need in the authenticator or before the read.",
  },
  CUSTOM_DECODER_NOT_ITERABLE: {
    failureType: "system_error",
    message: "A custom decoder's `decode` returned something that is not an iterable of documents (an object, a promise, nothing).",
    action: "Return an array, or write `*decode(response) { yield ... }`; decoding is synchronous.",
  },
  PLUGIN_NOT_FOUND: {
    failureType: "config_error",
    message: "A package named in the config file's `plugins` is not installed where the config file is.",
    action: "`npm install` it next to the config file, or give a path (`./plugins/x.ts`).",
  },
  PLUGIN_LOAD: {
    failureType: "config_error",
    message: "A plugin module in the config file's `plugins` did not load; `cause` holds the original.",
    action: "Fix the path or the module.",
  },
  PLUGIN_INVALID: {
    failureType: "config_error",
    message: "A plugin module provides no plugin (no default export or `plugin` export with `name` and `register`).",
    action: "`export default definePlugin({ name, register(ctx) { ... } })`.",
  },
} as const satisfies Record<string, ErrorCodeEntry>;
