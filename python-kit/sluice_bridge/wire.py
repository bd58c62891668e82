"""Values across the bridge: tagged values in (``{"$response": ...}``), plain JSON out.

Usage::

    decode({"$response": {"status": 200, "url": "http://x/", "headers": {}, "text": "[]"}})  # a Response
    encode(Record(data={"id": 1}, stream_name="s"))  # {"id": 1}
"""
import base64
import types
from typing import Any, Mapping

from sluice_bridge.http import PreparedRequest, Response


def decode(value: Any) -> Any:
    if isinstance(value, dict):
        if len(value) == 1:
            if "$response" in value:
                return _response(value["$response"])
            if "$bytes" in value:
                return base64.b64decode(value["$bytes"])
        return value
    return value


def _response(wire: Mapping[str, Any]) -> Response:
    request = wire.get("request")
    prepared = PreparedRequest(request["method"], request["url"], request.get("headers"), request.get("body")) if request else None
    return Response(int(wire["status"]), str(wire["url"]), wire.get("headers") or {}, str(wire.get("text", "")), prepared)


def encode(value: Any) -> Any:
    """A result as JSON: mappings (``Record``, ``StreamSlice``) as dicts, generators and iterables as lists."""
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if isinstance(value, dict):
        return {str(key): encode(item) for key, item in value.items()}
    if isinstance(value, (list, tuple, set, frozenset, types.GeneratorType)):
        return [encode(item) for item in value]
    if isinstance(value, PreparedRequest):
        return value.to_wire()
    if hasattr(value, "keys") and hasattr(value, "__getitem__"):
        return {str(key): encode(value[key]) for key in value.keys()}
    if hasattr(value, "isoformat"):
        return value.isoformat()
    if isinstance(value, bytes):
        return {"$bytes": base64.b64encode(value).decode("ascii")}
    if hasattr(value, "__iter__"):
        return [encode(item) for item in value]
    return str(value)
