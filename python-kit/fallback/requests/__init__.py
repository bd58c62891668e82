"""``requests`` for components when the real package is absent: its types, no network.

Components type-hint ``requests.Response`` and subclass ``requests.auth.AuthBase``; those work. An
HTTP call (``requests.get``, ``Session().send``) needs the real package (Debian: ``python3-requests``).
"""
from typing import Any

from requests import auth, exceptions
from requests.exceptions import ConnectionError, HTTPError, RequestException, Timeout
from sluice_bridge.http import CaseInsensitiveDict, PreparedRequest, Response

__all__ = ["auth", "exceptions", "ConnectionError", "HTTPError", "RequestException", "Timeout", "CaseInsensitiveDict", "PreparedRequest", "Response", "Request", "Session"]


class Request:
    def __init__(self, method: str = "GET", url: str = "", headers: Any = None, params: Any = None, data: Any = None, json: Any = None, **_: Any) -> None:
        self.method, self.url, self.headers, self.params, self.data, self.json = method, url, headers or {}, params or {}, data, json


def _no_network(*_: Any, **__: Any) -> Any:
    raise ModuleNotFoundError("an HTTP call with requests needs the requests package (Debian: python3-requests)", name="requests")


class Session:
    request = get = post = put = patch = delete = send = _no_network

    def mount(self, *_: Any) -> None:
        return None


get = post = put = patch = delete = request = _no_network
