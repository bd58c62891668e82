"""A component's own HTTP requests (``requests.post(token_url, ...)``) go through Sluice's HTTP client:
the ``http`` callback sends them, so redaction, budgets, retries and origin rules hold.

With the real ``requests`` installed, its ``HTTPAdapter.send`` is routed here (sessions, auth and
``raise_for_status`` work as usual); the stand-in ``requests`` calls :func:`send` directly.

    response = requests.post("https://api.example.com/oauth/token", json={"grant_type": "client_credentials"})
    # Sluice sent it; response.json() is the token answer
"""
from typing import Any, Dict, Mapping, Optional

from sluice_bridge.session import ask


class SluiceRequestFailed(IOError):
    """Sluice could not send the request (refused, or no response); its message says why."""


def send(method: str, url: str, headers: Optional[Mapping[str, Any]] = None, body: Any = None) -> Dict[str, Any]:
    """Sends one request through Sluice; ``{status, url, headers, text}``."""
    if isinstance(body, bytes):
        body = body.decode("utf-8")
    request = {"method": method.upper(), "url": url, "headers": {str(k): str(v) for k, v in (headers or {}).items()}, "body": body}
    try:
        return ask("http", request=request)
    except Exception as error:  # CallbackFailed: Sluice's error message
        raise SluiceRequestFailed(str(error)) from None


def route_requests() -> None:
    """Routes the real ``requests`` package's adapter through :func:`send`, when it is installed."""
    try:
        import requests.adapters
        import requests.models
        import requests.structures
    except ImportError:
        return

    def bridged_send(self: Any, request: Any, stream: bool = False, timeout: Any = None, verify: Any = True, cert: Any = None, proxies: Any = None) -> Any:
        try:
            answer = send(request.method, request.url, request.headers, request.body)
        except SluiceRequestFailed as error:
            raise requests.exceptions.ConnectionError(str(error), request=request) from None
        response = requests.models.Response()
        response.status_code = int(answer["status"])
        response.headers = requests.structures.CaseInsensitiveDict(answer.get("headers") or {})
        response._content = str(answer.get("text", "")).encode("utf-8")
        response.encoding = "utf-8"
        response.url = answer.get("url", request.url)
        response.request = request
        response.reason = ""
        return response

    requests.adapters.HTTPAdapter.send = bridged_send
