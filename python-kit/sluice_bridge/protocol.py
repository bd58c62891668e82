"""The bridge's messages, version 2: the one Python definition of them.

Every frame is one line of UTF-8 JSON (``json.dumps`` never writes a raw newline). Sluice sends a
request ``{"id": n, "op": ..., ...}`` and waits for its reply ``{"id": n, "ok": true, "result": ...}``
or ``{"id": n, "ok": false, "error": {...}}``. While it handles a request, Python may ask Sluice a
question (a callback) ``{"cb": k, "of": n, "op": ..., ...}`` (``of``: the request it is for); Sluice answers ``{"cb": k, "ok": true, "result": ...}``
before the reply. While a callback waits (an HTTP request in flight), Sluice may send other requests:
they are answered, nested, before the wait goes on. The TypeScript side's table is core/python-bridge/bridge-protocol.ts; the two
must say the same thing (test/core/python-bridge/bridge-protocol.test.ts compares them).

Example::

    -> {"id": 2, "op": "call", "handle": 1, "method": "extract_records", "args": [{"$response": {...}}]}
    <- {"cb": 1, "of": 2, "op": "interpolate", "template": "{{ config['root'] }}", "context": {"config": {...}}}
    -> {"cb": 1, "ok": true, "result": "data"}
    <- {"id": 2, "ok": true, "result": [{"id": 1}]}
"""
from typing import Dict

PROTOCOL_VERSION = 2

#: Requests Sluice sends, by ``op``: what each carries and what its ``result`` is.
REQUESTS: Dict[str, str] = {
    "hello": "{version} -> {version, python}: the first frame; versions must match",
    "check": "{file, class} -> {found, classes}: whether the file defines the class, read with ast (nothing runs)",
    "new": "{file, module, class, fields, config, parameters} -> {handle, bases, methods}: import and construct",
    "call": "{handle, method, args, kwargs} -> value: one method call (a generator's items as a list)",
    "get": "{handle, attribute} -> value: an attribute or property",
    "filter": "{handle, records, stream_state, stream_slice, next_page_token} -> [index]: the kept records of a page",
    "transform": "{handle, records, stream_state, stream_slice} -> [record]: a page of records, each transformed",
    "observe": "{handle, records, stream, stream_slice} -> [index]: a cursor's page: each record kept when should_be_synced, then observed",
    "sign": "{handle, request} -> request: the prepared request after the authenticator's __call__",
    "drop": "{handle} -> null: forget an object",
    "cancel": "{of} -> no reply (the frame has no id): Sluice abandoned request `of`; a callback it waits for fails in Python, its reply is ignored",
}

#: Callbacks Python asks while it handles a request.
CALLBACKS: Dict[str, str] = {
    "interpolate": "{template, default, context} -> value: a template evaluated by Sluice's template engine",
    "http": "{request: {method, url, headers, body}} -> {status, url, headers, text}: a component's own request, sent by Sluice's HTTP client",
    "secret": "{value} -> null: a value the component declares secret (the kit's add_to_secrets), redacted wherever Sluice writes",
    "parent_records": "{index} -> [record]: every record of the component's parent stream number index (parent_stream_configs[index].stream), read by Sluice's engine",
}

#: Tagged values: how a non-JSON value crosses the bridge.
TAGS: Dict[str, str] = {
    "$response": "{status, url, headers, text, request}: a requests-compatible Response",
    "$bytes": "a base64 string: bytes",
    "$slice": "{partition, cursor_slice, extra_fields}: a StreamSlice (both ways)",
    "$error": "a message: the network error of a request that got no response",
}
