"""``requests``-compatible Response and PreparedRequest, built from what Sluice sent and received.

A component reads them as it reads ``requests`` objects::

    response.json()["data"], response.headers.get("Link"), response.status_code, response.ok
    request.headers["Authorization"] = "Bearer ..."; request.url; request.path_url
"""
import json
from typing import Any, Dict, Iterator, Mapping, MutableMapping, Optional
from urllib.parse import urlencode, urlsplit, urlunsplit


class CaseInsensitiveDict(MutableMapping[str, Any]):
    """Headers as ``requests`` keeps them: looked up in any case, listed in the case they were set."""

    def __init__(self, data: Optional[Mapping[str, Any]] = None) -> None:
        self._store: Dict[str, Any] = {}
        for key, value in (data or {}).items():
            self[key] = value

    def __setitem__(self, key: str, value: Any) -> None:
        self._store[key.lower()] = (key, value)

    def __getitem__(self, key: str) -> Any:
        return self._store[key.lower()][1]

    def __delitem__(self, key: str) -> None:
        del self._store[key.lower()]

    def __iter__(self) -> Iterator[str]:
        return (cased for cased, _ in self._store.values())

    def __len__(self) -> int:
        return len(self._store)

    def __repr__(self) -> str:
        return repr(dict(self.items()))


class PreparedRequest:
    """The request as Sluice will send it: ``method``, ``url`` (with its query), ``headers``, ``body``."""

    def __init__(self, method: str = "GET", url: str = "", headers: Optional[Mapping[str, str]] = None, body: Optional[str] = None) -> None:
        self.method = method
        self.url = url
        self.headers = CaseInsensitiveDict(headers)
        # As requests prepares them: a JSON body is bytes, a form body text.
        json_body = "json" in str(self.headers.get("Content-Type", "")).lower()
        self.body: Any = body.encode("utf-8") if body is not None and json_body else body

    @property
    def path_url(self) -> str:
        """The path and query, e.g. ``/v1/items?page=2``."""
        parts = urlsplit(self.url)
        return (parts.path or "/") + (f"?{parts.query}" if parts.query else "")

    def prepare_url(self, url: str, params: Any) -> None:
        """As ``requests``: ``url`` with ``params`` (a mapping or pairs) added to its query; an authenticator
        that puts its token in the query calls it (``request.prepare_url(url=request.url, params={...})``)."""
        parts = urlsplit(url)
        pairs = list(params.items()) if isinstance(params, Mapping) else list(params or [])
        added = urlencode([(k, v) for k, v in pairs if v is not None], doseq=True)
        query = "&".join(part for part in (parts.query, added) if part)
        self.url = urlunsplit((parts.scheme, parts.netloc, parts.path, query, parts.fragment))

    def to_wire(self) -> Dict[str, Any]:
        body = self.body.decode("utf-8") if isinstance(self.body, bytes) else self.body
        return {"method": self.method, "url": self.url, "headers": {str(k): str(v) for k, v in self.headers.items()}, "body": body}


class Response:
    """A response Sluice received: ``status_code``, ``url``, ``headers``, ``text``, ``content``, ``json()``."""

    def __init__(self, status: int, url: str, headers: Mapping[str, str], text: str, request: Optional[PreparedRequest] = None) -> None:
        self.status_code = status
        self.url = url
        self.headers = CaseInsensitiveDict(headers)
        self._text = text
        self.encoding = "utf-8"
        self.request = request or PreparedRequest("GET", url)
        self._json: Any = None
        self._parsed = False

    @property
    def text(self) -> str:
        return self._text

    @property
    def content(self) -> bytes:
        return self._text.encode("utf-8")

    @property
    def ok(self) -> bool:
        return self.status_code < 400

    @property
    def reason(self) -> str:
        return ""

    def json(self, **kwargs: Any) -> Any:
        if kwargs:
            return json.loads(self.text, **kwargs)
        if not self._parsed:
            self._json = json.loads(self.text)
            self._parsed = True
        return self._json

    def iter_lines(self, chunk_size: int = 512, decode_unicode: bool = False, delimiter: Optional[str] = None) -> Iterator[Any]:
        lines = self.text.split(delimiter) if delimiter else self.text.splitlines()
        for line in lines:
            yield line if decode_unicode else line.encode("utf-8")

    def iter_content(self, chunk_size: int = 1, decode_unicode: bool = False) -> Iterator[Any]:
        data: Any = self.text if decode_unicode else self.content
        for start in range(0, len(data), max(chunk_size or len(data) or 1, 1)):
            yield data[start:start + (chunk_size or len(data))]

    def raise_for_status(self) -> None:
        if not self.ok:
            raise RuntimeError(f"{self.status_code} Error for url: {self.url}")

    def __bool__(self) -> bool:
        return self.ok

    def __repr__(self) -> str:
        return f"<Response [{self.status_code}]>"
