"""The kit's ``HttpRequester`` for a ``CustomRequester`` class that extends it: its fields as the kit's
factory passes them. Sluice sends the requests with its own ``HttpRequester`` built from the same
definition (URL, path, method, request options, authenticator, error handler); the request-option
methods the subclass defines (``get_request_params``, ``get_request_headers``, ``get_request_body_json``,
``get_request_body_data``) are called for each request and their values set over Sluice's.

    class WithOptFields(HttpRequester):
        def get_request_params(self, stream_state=None, stream_slice=None, next_page_token=None):
            return {"opt_fields": "name,email"}
"""
from dataclasses import InitVar, dataclass
from typing import Any, Mapping, Optional, Union

from airbyte_cdk.sources.declarative.interpolation.interpolated_string import InterpolatedString
from airbyte_cdk.sources.types import Config


@dataclass
class HttpRequester:
    name: str
    config: Config
    parameters: InitVar[Mapping[str, Any]]
    url: Optional[Union[InterpolatedString, str]] = None
    url_base: Optional[Union[InterpolatedString, str]] = None
    path: Optional[Union[InterpolatedString, str]] = None
    authenticator: Optional[Any] = None
    http_method: Union[str, Any] = "GET"
    request_options_provider: Optional[Any] = None
    error_handler: Optional[Any] = None
    request_parameters: Optional[Union[str, Mapping[str, Any]]] = None
    request_headers: Optional[Union[str, Mapping[str, Any]]] = None
    request_body_json: Optional[Union[str, Mapping[str, Any]]] = None
    request_body_data: Optional[Union[str, Mapping[str, Any]]] = None
    disable_retries: bool = False
    use_cache: bool = False
    stream_response: bool = False

    def __post_init__(self, parameters: Mapping[str, Any]) -> None:
        self._parameters = dict(parameters or {})
        self._url = InterpolatedString.create(self.url or "", parameters=parameters)
        self._url_base = InterpolatedString.create(self.url_base or "", parameters=parameters)
        self._path = InterpolatedString.create(self.path or "", parameters=parameters)
        self._http_method = str(getattr(self.http_method, "value", self.http_method)).upper()

    def get_url_base(self, *, stream_state: Any = None, stream_slice: Any = None, next_page_token: Any = None) -> str:
        return str(self._url_base.eval(self.config, stream_slice=stream_slice, next_page_token=next_page_token) or "")

    def get_path(self, *, stream_state: Any = None, stream_slice: Any = None, next_page_token: Any = None) -> str:
        return str(self._path.eval(self.config, stream_slice=stream_slice, next_page_token=next_page_token) or "").lstrip("/")

    def get_method(self) -> str:
        return self._http_method

    def send_request(self, **kwargs: Any) -> Any:
        raise NotImplementedError("Sluice sends a CustomRequester's requests itself: send_request is not called")


__all__ = ["HttpRequester"]
