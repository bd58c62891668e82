"""The kit's ``InterpolatedRequestOptionsProvider`` and its ``RequestInput`` type: a requester's query
parameters, headers and body (data or JSON) as templates, each evaluated by an
``InterpolatedRequestInputProvider`` with ``config``, ``stream_slice`` and ``next_page_token``.
A ``CustomRequester`` that extends ``HttpRequester`` builds one in ``__post_init__`` and Sluice calls its
``get_request_*`` methods for each request.

    provider = InterpolatedRequestOptionsProvider(config={"k": "v"}, request_parameters={"q": "{{ config['k'] }}"}, parameters={})
    provider.get_request_params(stream_slice=None, next_page_token=None)  # {"q": "v"}
"""
from dataclasses import InitVar, dataclass, field
from typing import Any, Mapping, Optional, Union

from airbyte_cdk.sources.declarative.requesters.request_options.interpolated_request_input_provider import (
    InterpolatedRequestInputProvider,
)
from airbyte_cdk.sources.types import Config

RequestInput = Union[str, Mapping[str, str]]
ValidRequestTypes = (str, list)


@dataclass
class InterpolatedRequestOptionsProvider:
    parameters: InitVar[Mapping[str, Any]]
    config: Config = field(default_factory=dict)
    request_parameters: Optional[RequestInput] = None
    request_headers: Optional[RequestInput] = None
    request_body_data: Optional[RequestInput] = None
    request_body_json: Optional[Mapping[str, Any]] = None
    query_properties_key: Optional[str] = None

    def __post_init__(self, parameters: Mapping[str, Any]) -> None:
        self.request_parameters = self.request_parameters or {}
        self.request_headers = self.request_headers or {}
        self.request_body_data = self.request_body_data or {}
        self.request_body_json = self.request_body_json or {}
        if self.request_body_json and self.request_body_data:
            raise ValueError("RequestOptionsProvider should only contain either 'request_body_data' or 'request_body_json' not both")
        provider = lambda inputs: InterpolatedRequestInputProvider(config=self.config, request_inputs=inputs, parameters=parameters)
        self._parameter_interpolator = provider(self.request_parameters)
        self._headers_interpolator = provider(self.request_headers)
        self._body_data_interpolator = provider(self.request_body_data)
        self._body_json_interpolator = provider(self.request_body_json)

    @staticmethod
    def _evaluate(interpolator: InterpolatedRequestInputProvider, stream_slice: Any, next_page_token: Any) -> Any:
        return interpolator.eval_request_inputs(stream_slice=stream_slice, next_page_token=next_page_token)

    def get_request_params(self, *, stream_state: Any = None, stream_slice: Any = None, next_page_token: Any = None) -> Mapping[str, Any]:
        params = self._evaluate(self._parameter_interpolator, stream_slice, next_page_token)
        return params if isinstance(params, Mapping) else {}

    def get_request_headers(self, *, stream_state: Any = None, stream_slice: Any = None, next_page_token: Any = None) -> Mapping[str, Any]:
        return self._evaluate(self._headers_interpolator, stream_slice, next_page_token)

    def get_request_body_data(self, *, stream_state: Any = None, stream_slice: Any = None, next_page_token: Any = None) -> Union[Mapping[str, Any], str]:
        return self._evaluate(self._body_data_interpolator, stream_slice, next_page_token)

    def get_request_body_json(self, *, stream_state: Any = None, stream_slice: Any = None, next_page_token: Any = None) -> Mapping[str, Any]:
        return self._evaluate(self._body_json_interpolator, stream_slice, next_page_token)


__all__ = ["InterpolatedRequestOptionsProvider", "RequestInput"]
