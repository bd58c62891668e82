"""``AbstractHeaderAuthenticator``: called with the prepared request, it sets its auth header.

    class XToken(AbstractHeaderAuthenticator):
        auth_header = "X-Token"
        token = "secret"
"""
from abc import abstractmethod
from typing import Any, Mapping


class AbstractHeaderAuthenticator:
    def __call__(self, request: Any) -> Any:
        request.headers.update(self.get_auth_header())
        return request

    def get_auth_header(self) -> Mapping[str, Any]:
        if self.auth_header:
            return {self.auth_header: self.token}
        return {}

    @property
    @abstractmethod
    def auth_header(self) -> str:
        """The header to set."""

    @property
    @abstractmethod
    def token(self) -> str:
        """Its value."""
