"""``requests`` for components when the real package is absent: its types, and requests sent through
Sluice's HTTP client (``requests.get/post/request``, a ``Session``), as the real package's are.
"""
from typing import Any

from requests import auth, exceptions
from requests.exceptions import ConnectionError, HTTPError, RequestException, Timeout
from sluice_bridge.http import CaseInsensitiveDict, PreparedRequest, Response

__all__ = ["auth", "exceptions", "ConnectionError", "HTTPError", "RequestException", "Timeout", "CaseInsensitiveDict", "PreparedRequest", "Response", "Request", "Session"]


class Request:
    def __init__(self, method: str = "GET", url: str = "", headers: Any = None, params: Any = None, data: Any = None, json: Any = None, **_: Any) -> None:
        self.method, self.url, self.headers, self.params, self.data, self.json = method, url, headers or {}, params or {}, data, json


def request(method: str, url: str, params: Any = None, data: Any = None, headers: Any = None, json: Any = None, auth: Any = None, **_: Any) -> Response:
    """Sends through Sluice (sluice_bridge.http_bridge), as the real package's adapter is routed."""
    import json as jsonlib
    from urllib.parse import urlencode

    from sluice_bridge.http_bridge import SluiceRequestFailed, send

    prepared = PreparedRequest(method.upper(), url + (("&" if "?" in url else "?") + urlencode(params, doseq=True) if params else ""), dict(headers or {}))
    if json is not None:
        prepared.headers["Content-Type"] = "application/json"
        prepared.body = jsonlib.dumps(json).encode("utf-8")
    elif isinstance(data, dict):
        prepared.headers["Content-Type"] = "application/x-www-form-urlencoded"
        prepared.body = urlencode(data, doseq=True)
    elif data is not None:
        prepared.body = data
    if auth is not None:
        prepared = auth(prepared) or prepared
    try:
        answer = send(prepared.method, prepared.url, prepared.headers, prepared.body)
    except SluiceRequestFailed as error:
        raise ConnectionError(str(error), request=prepared) from None
    return Response(int(answer["status"]), answer.get("url", prepared.url), answer.get("headers") or {}, str(answer.get("text", "")), prepared)


def get(url: str, **kwargs: Any) -> Response:
    return request("GET", url, **kwargs)


def post(url: str, **kwargs: Any) -> Response:
    return request("POST", url, **kwargs)


def put(url: str, **kwargs: Any) -> Response:
    return request("PUT", url, **kwargs)


def patch(url: str, **kwargs: Any) -> Response:
    return request("PATCH", url, **kwargs)


def delete(url: str, **kwargs: Any) -> Response:
    return request("DELETE", url, **kwargs)


class Session:
    def __init__(self) -> None:
        self.headers: dict = {}

    def request(self, method: str, url: str, **kwargs: Any) -> Response:
        kwargs["headers"] = {**self.headers, **(kwargs.get("headers") or {})}
        return request(method, url, **kwargs)

    def get(self, url: str, **kwargs: Any) -> Response:
        return self.request("GET", url, **kwargs)

    def post(self, url: str, **kwargs: Any) -> Response:
        return self.request("POST", url, **kwargs)

    def mount(self, *_: Any) -> None:
        return None
