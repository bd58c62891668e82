/**
 * The Python bridge's messages, version 2: the one TypeScript definition of them. The Python side's
 * table is python-kit/sluice_bridge/protocol.py; test/core/python-bridge/bridge-protocol.test.ts
 * fails when the two name different messages or versions.
 *
 * Every frame is one line of UTF-8 JSON. Sluice sends `{ id, op, ... }` and waits for
 * `{ id, ok: true, result }` or `{ id, ok: false, error }`; while Python handles it, Python may send a
 * callback `{ cb, of, op, ... }` (`of`: the request it is for), which Sluice answers `{ cb, ok, result | error }` before the reply. While
 * an asynchronous request's callback waits (an HTTP request in flight), Sluice may send other requests:
 * Python answers them, nested, before it goes on waiting.
 *
 * @example
 * -> {"id":2,"op":"call","handle":1,"method":"extract_records","args":[{"$response":{...}}]}
 * <- {"cb":1,"of":2,"op":"interpolate","template":"{{ config['root'] }}","default":"...","context":{...}}
 * -> {"cb":1,"ok":true,"result":"data"}
 * <- {"id":2,"ok":true,"result":[{"id":1}]}
 */
export const PROTOCOL_VERSION = 2;

/** Requests Sluice sends, by `op`: what each carries and what its `result` is. */
export const BRIDGE_REQUESTS = {
  hello: "{version} -> {version, python}: the first frame; versions must match",
  check: "{file, class} -> {found, classes}: whether the file defines the class, read with ast (nothing runs)",
  new: "{file, module, class, fields, config, parameters} -> {handle, bases, methods}: import and construct",
  call: "{handle, method, args, kwargs} -> value: one method call (a generator's items as a list)",
  get: "{handle, attribute} -> value: an attribute or property",
  filter: "{handle, records, stream_state, stream_slice, next_page_token} -> [index]: the kept records of a page",
  transform: "{handle, records, stream_state, stream_slice} -> [record]: a page of records, each transformed",
  observe: "{handle, records, stream, stream_slice} -> [index]: a cursor's page: each record kept when should_be_synced, then observed",
  sign: "{handle, request} -> request: the prepared request after the authenticator's __call__",
  drop: "{handle} -> null: forget an object",
  cancel: "{of} -> no reply (the frame has no id): Sluice abandoned request `of`; a callback it waits for fails in Python, its reply is ignored",
} as const;

/** Callbacks Python asks while it handles a request. */
export const BRIDGE_CALLBACKS = {
  interpolate: "{template, default, context} -> value: a template evaluated by Sluice's template engine",
  http: "{request: {method, url, headers, body}} -> {status, url, headers, text}: a component's own request, sent by Sluice's HTTP client",
  secret: "{value} -> null: a value the component declares secret (the kit's add_to_secrets), redacted wherever Sluice writes",
  parent_records: "{index} -> [record]: every record of the component's parent stream number index (parent_stream_configs[index].stream), read by Sluice's engine",
} as const;

/** Tagged values: how a non-JSON value crosses the bridge. */
export const BRIDGE_TAGS = {
  $response: "{status, url, headers, text, request}: a requests-compatible Response",
  $bytes: "a base64 string: bytes",
  $slice: "{partition, cursor_slice, extra_fields}: a StreamSlice (both ways)",
  $error: "a message: the network error of a request that got no response",
} as const;

export type BridgeOp = keyof typeof BRIDGE_REQUESTS;

/** How Python reports a failure (`describe()` in python-kit/sluice_bridge/__main__.py). */
export interface PythonFailure {
  kind: "raised" | "module_missing" | "class_missing" | "not_provided" | "protocol";
  /** The exception's class, e.g. `KeyError`. */
  type: string;
  message: string;
  /** The last line of the traceback, e.g. `KeyError: 'items'`. */
  last_line: string;
  traceback?: string;
  /** The missing module's name (`module_missing`). */
  module?: string;
  /** The name the module lacks (`cannot import name 'X' from 'module'`), when the module itself is there. */
  name?: string;
}

/** A frame Python sends: a reply to a request, or a callback. */
export type PythonFrame =
  | { id: number; ok: true; result: unknown }
  | { id: number | null; ok: false; error: PythonFailure }
  | { cb: number; of: number | null; op: keyof typeof BRIDGE_CALLBACKS; [field: string]: unknown };
