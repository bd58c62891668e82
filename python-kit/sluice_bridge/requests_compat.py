"""A response a component receives is also a ``requests.Response`` when the real ``requests`` is
installed, so the kit's (and components') ``isinstance(response, requests.Response)`` checks hold.

    response = make_response(200, "http://x/", {}, "[]")
    isinstance(response, requests.Response)  # True with python3-requests; a plain Response otherwise
"""
import importlib.util
import os
from typing import Any, Mapping, Optional

from sluice_bridge.http import PreparedRequest, Response

_response_type: Optional[type] = None


def _real_requests_response() -> Optional[type]:
    """``requests.models.Response`` of the installed package; None when only the stand-in is there."""
    spec = importlib.util.find_spec("requests")
    if spec is None or spec.origin is None or f"{os.sep}fallback{os.sep}" in spec.origin:
        return None
    import requests.models

    return requests.models.Response


def response_type() -> type:
    global _response_type
    if _response_type is None:
        real = _real_requests_response()
        _response_type = Response if real is None else type("Response", (Response, real), {"__module__": "requests.models", "__doc__": Response.__doc__})
    return _response_type


def make_response(status: int, url: str, headers: Mapping[str, Any], text: str, request: Optional[PreparedRequest] = None) -> Response:
    response = response_type()(status, url, headers, text, request)
    # What requests.Response.__init__ would have set, for the attributes our class does not define.
    response.__dict__.setdefault("history", [])
    response.__dict__.setdefault("raw", None)
    response.__dict__.setdefault("_next", None)
    return response
