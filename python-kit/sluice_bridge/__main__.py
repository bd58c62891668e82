"""``python3 -m sluice_bridge``: serves Sluice's requests until stdin closes.

The protocol owns the process's real stdout; ``print`` in a component writes to stderr, which Sluice
logs (redacted) as the component's output.
"""
import os
import sys
import traceback
from typing import Any, Dict, Optional

from sluice_bridge import http_bridge, session
from sluice_bridge.channel import BridgeClosed, Channel
from sluice_bridge.handlers import HANDLERS, Objects
from sluice_bridge.loader import ClassNotFound


def describe(error: BaseException) -> Dict[str, Any]:
    """An exception as the bridge reports it: its type, message, last line and traceback."""
    lines = traceback.format_exception_only(type(error), error)
    described: Dict[str, Any] = {
        "kind": "raised",
        "type": type(error).__name__,
        "message": str(error),
        "last_line": lines[-1].strip() if lines else type(error).__name__,
        "traceback": "".join(traceback.format_exception(type(error), error, error.__traceback__)),
    }
    if isinstance(error, ModuleNotFoundError):
        described["kind"] = "module_missing"
        described["module"] = error.name
    elif type(error).__name__ == "NotProvided":
        described["kind"] = "not_provided"
    elif isinstance(error, ImportError) and error.name and str(error).startswith("cannot import name"):
        # from airbyte_cdk.x import Name: the module is there, the name is not
        described["kind"] = "module_missing"
        described["module"] = error.name
        described["name"] = str(error).split("'")[1] if "'" in str(error) else None
    elif isinstance(error, ClassNotFound):
        described["kind"] = "class_missing"
    return described


def handle(channel: Channel, objects: Objects, request: Dict[str, Any]) -> None:
    """Answers one request (also one nested in a callback's wait)."""
    request_id: Optional[int] = request.get("id")
    handler = HANDLERS.get(str(request.get("op")))
    if handler is None:
        channel.fail(request_id, {"kind": "protocol", "type": "ProtocolError", "message": f"unknown op {request.get('op')!r}", "last_line": "unknown op"})
        return
    channel.handling.append(request_id)
    try:
        result = handler(objects, request)
    except (Exception, SystemExit) as error:  # a component's failure (even sys.exit) is the reply
        channel.fail(request_id, describe(error))
        return
    finally:
        channel.handling.pop()
        channel.finished(request_id)
    channel.reply(request_id, result)


def serve(channel: Channel) -> None:
    objects = Objects()
    channel.on_request = lambda request: handle(channel, objects, request)
    while True:
        try:
            request = channel.receive()
        except BridgeClosed:
            return
        if request is not None:  # a cancel for a request already answered
            handle(channel, objects, request)


def main() -> None:
    fallback = os.environ.get("SLUICE_PYTHON_FALLBACK")
    if fallback:
        sys.path.append(fallback)  # after site-packages: an installed dpath wins over the helper
    protocol_out = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    sys.stdout = sys.stderr
    channel = Channel(sys.stdin.buffer, protocol_out)
    session.attach(channel)
    http_bridge.route_requests()
    serve(channel)


if __name__ == "__main__":
    main()
