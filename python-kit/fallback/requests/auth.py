"""``requests.auth``: ``AuthBase``, the base of a callable authenticator."""
from typing import Any


class AuthBase:
    def __call__(self, request: Any) -> Any:
        raise NotImplementedError("Auth hooks must be callable.")
