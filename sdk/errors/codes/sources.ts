import type { ErrorCodeEntry } from "../error-code-entry.js";

/** The codes of docs/errors.md's section "Sources and secrets" (see docs/sources.md). */
export const SOURCES_ERRORS = {
  SOURCE_NAME_INVALID: {
    failureType: "config_error",
    message: "A source name is not 1-100 letters, digits, `.`, `_` or `-` starting with a letter or digit.",
    action: "Pick a name like `acme-prod`.",
  },
  SOURCE_NOT_FOUND: {
    failureType: "config_error",
    message: "No stored source has this name; the stored names are listed.",
    action: "`sluice sources list`, or add it first.",
  },
  SOURCE_EXISTS: {
    failureType: "config_error",
    message: "`sources add` was given a name that is taken.",
    action: "Use another name, or `sluice sources update NAME`.",
  },
  SOURCE_CONFLICT: {
    failureType: "config_error",
    message: "`--source` (or `connect({ source })`) was given with a manifest or a config, which the source already brings.",
    action: "Give the source alone, or a manifest and a config without it.",
  },
  SOURCE_STORE_BUSY: {
    failureType: "transient_error",
    message: "The embedded store's lock (`<SLUICE_HOME>/db.lock`) is held by another live process that has shown no progress (no heartbeat) for 30 s: stuck or frozen. A holder that works keeps its waiters waiting, however long.",
    action: "Wait for the other `sluice` process; delete the lock file only if none is running.",
  },
  SOURCE_STORE_UNAVAILABLE: {
    failureType: "system_error",
    message: "The store could not be opened: the Postgres server at `SLUICE_DATABASE_URL` is unreachable or refuses the credentials (the password is never shown), or the PGlite folder cannot be opened (or holds files but no database).",
    action: "Check the URL, the server and the folder's permissions; move away a PGlite folder that holds no database.",
  },
  SOURCE_STORE_TOO_NEW: {
    failureType: "config_error",
    message: "The store's schema was written by a newer Sluice than this one.",
    action: "Upgrade Sluice (schemas are only migrated forward).",
  },
  SOURCES_CLI_USAGE: {
    failureType: "config_error",
    message: "A `sluice sources` action is missing a flag (`add` needs `--manifest` and `--config`).",
    action: "See `sluice sources --help`.",
  },
  SECRET_KEY_INVALID: {
    failureType: "config_error",
    message: "`SLUICE_SECRET_KEY`, `SLUICE_NEW_SECRET_KEY` or the key file does not hold 32 bytes of base64 (the value is never shown, only its length or shape).",
    action: "Make one with `openssl rand -base64 32`.",
  },
  SECRET_KEY_FILE_UNSAFE: {
    failureType: "config_error",
    message: "The key file can be read by group or others.",
    action: "`chmod 600` the file named.",
  },
  SECRET_KEY_FILE_UNREADABLE: {
    failureType: "system_error",
    message: "The key file could not be read or created.",
    action: "Check `SLUICE_HOME` and its permissions.",
  },
  SECRET_KEY_MISMATCH: {
    failureType: "config_error",
    message: "The store's secrets were sealed with another key than the one loaded (both key ids are named, never the keys).",
    action: "Set `SLUICE_SECRET_KEY` to the store's key, or restore its key file.",
  },
  SECRET_KEY_NEXT_MISSING: {
    failureType: "config_error",
    message: "`rotate-key` with the key in `SLUICE_SECRET_KEY` needs the new key in `SLUICE_NEW_SECRET_KEY` (different from the current one).",
    action: "Set `SLUICE_NEW_SECRET_KEY`, rotate, then set `SLUICE_SECRET_KEY` to it.",
  },
  SECRET_DECRYPT_FAILED: {
    failureType: "config_error",
    message: "A stored secret fails authentication: it was altered, or copied from another field or source. Nothing undecryptable is ever used.",
    action: "Restore the store from a backup, or `sluice sources update` the source with a fresh config.",
  },
} as const satisfies Record<string, ErrorCodeEntry>;
