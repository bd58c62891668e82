"""``DeclarativeAuthenticator`` and ``NoAuth``: the kit's authenticator interface.

Sluice calls ``__call__(request)`` with the request as it will be sent (method, URL with its query,
headers, body) and sends what the call leaves in it; ``get_request_params()`` and the body methods
add to the request before that.

    class Signed(DeclarativeAuthenticator):
        def __call__(self, request):
            request.headers["X-Signature"] = sign(request.path_url)
            return request
"""
from dataclasses import InitVar, dataclass
from typing import Any, Mapping, Union

from airbyte_cdk.sources.streams.http.requests_native_auth.abstract_token import AbstractHeaderAuthenticator


@dataclass
class DeclarativeAuthenticator(AbstractHeaderAuthenticator):
    def get_request_params(self) -> Mapping[str, Any]:
        return {}

    def get_request_body_data(self) -> Union[Mapping[str, Any], str]:
        return {}

    def get_request_body_json(self) -> Mapping[str, Any]:
        return {}


@dataclass
class NoAuth(DeclarativeAuthenticator):
    parameters: InitVar[Mapping[str, Any]]

    @property
    def auth_header(self) -> str:
        return ""

    @property
    def token(self) -> str:
        return ""
