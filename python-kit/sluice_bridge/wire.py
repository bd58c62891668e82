"""Values across the bridge: tagged values in (``{"$response": ...}``), plain JSON out.

Usage::

    decode({"$response": {"status": 200, "url": "http://x/", "headers": {}, "text": "[]"}})  # a Response
    encode(Record(data={"id": 1}, stream_name="s"))  # {"id": 1}
"""
import base64
import dataclasses
import enum
import types
from typing import Any, Mapping

from sluice_bridge.http import PreparedRequest, Response
from sluice_bridge.requests_compat import make_response


def decode(value: Any) -> Any:
    if isinstance(value, dict):
        if len(value) == 1:
            if "$response" in value:
                return _response(value["$response"])
            if "$bytes" in value:
                return base64.b64decode(value["$bytes"])
            if "$slice" in value:
                return _slice(value["$slice"])
            if "$error" in value:
                return RequestFailed(str(value["$error"]))
        return value
    return value


class RequestFailed(IOError):
    """A request that got no response (a network error), as an error handler receives it."""


def _slice(wire: Mapping[str, Any]) -> Any:
    from airbyte_cdk.sources.types import StreamSlice

    return StreamSlice(partition=wire.get("partition") or {}, cursor_slice=wire.get("cursor_slice") or {}, extra_fields=wire.get("extra_fields") or {})


def _response(wire: Mapping[str, Any]) -> Response:
    request = wire.get("request")
    prepared = PreparedRequest(request["method"], request["url"], request.get("headers"), request.get("body")) if request else None
    return make_response(int(wire["status"]), str(wire["url"]), wire.get("headers") or {}, str(wire.get("text", "")), prepared)


def encode(value: Any) -> Any:
    """A result ready for ``json.dumps(default=json_default)``: a generator or other iterable becomes a
    list; what is inside is converted by :func:`json_default` while it is written (no second walk)."""
    if value is None or isinstance(value, (str, int, float, bool, dict, list)):
        return value
    if isinstance(value, (tuple, set, frozenset, types.GeneratorType)):
        return list(value)
    return json_default(value)


def json_default(value: Any) -> Any:
    """What ``json`` cannot write itself: ``Record``/``StreamSlice``/mappings, dataclasses (``ErrorResolution``),
    enums, dates, bytes, prepared requests, iterables."""
    if isinstance(value, enum.Enum):
        return value.value
    if type(value).__name__ == "StreamSlice" and hasattr(value, "cursor_slice"):
        return {"$slice": {"partition": dict(value.partition), "cursor_slice": dict(value.cursor_slice), "extra_fields": dict(value.extra_fields)}}
    if isinstance(value, PreparedRequest):
        return value.to_wire()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {field.name: getattr(value, field.name) for field in dataclasses.fields(value)}
    if hasattr(value, "keys") and hasattr(value, "__getitem__"):
        return {str(key): value[key] for key in value.keys()}
    if hasattr(value, "isoformat"):
        return value.isoformat()
    if isinstance(value, bytes):
        return {"$bytes": base64.b64encode(value).decode("ascii")}
    if isinstance(value, (tuple, set, frozenset)) or hasattr(value, "__iter__"):
        return list(value)
    return str(value)
