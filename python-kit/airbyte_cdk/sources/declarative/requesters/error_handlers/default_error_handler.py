"""The kit's ``DefaultErrorHandler`` (a pure-Python port): its ``response_filters`` first, then success
for a 2xx/3xx response, then the default mapping (``DefaultHttpResponseFilter``); ``backoff_time`` asks
its ``backoff_strategies`` in turn. Components subclass it and override ``interpret_response``.

    class RaiseOnInvalidKey(DefaultErrorHandler):
        def interpret_response(self, response_or_exception):
            if "Invalid Key" in response_or_exception.text:
                return ErrorResolution(ResponseAction.FAIL, FailureType.config_error, "Invalid key")
            return super().interpret_response(response_or_exception)
"""
from dataclasses import InitVar, dataclass
from typing import Any, List, Mapping, Optional, Union

from airbyte_cdk.sources.declarative.interpolation.interpolated_string import InterpolatedString
from airbyte_cdk.sources.declarative.requesters.error_handlers.default_http_response_filter import DefaultHttpResponseFilter
from airbyte_cdk.sources.declarative.requesters.error_handlers.http_response_filter import HttpResponseFilter
from airbyte_cdk.sources.streams.http.error_handlers.error_handler import ErrorHandler
from airbyte_cdk.sources.streams.http.error_handlers.response_models import SUCCESS_RESOLUTION, ErrorResolution, create_fallback_error_resolution
from airbyte_cdk.sources.types import Config


@dataclass
class DefaultErrorHandler(ErrorHandler):
    parameters: InitVar[Mapping[str, Any]]
    config: Config
    response_filters: Optional[List[HttpResponseFilter]] = None
    max_retries: Optional[Union[int, str]] = 5  # type: ignore[assignment]
    max_time: int = 60 * 10  # type: ignore[assignment]
    backoff_strategies: Optional[List[Any]] = None

    def __post_init__(self, parameters: Mapping[str, Any]) -> None:
        if not self.response_filters:
            self.response_filters = [HttpResponseFilter(config=self.config, parameters={})]
        self._last_request_to_attempt_count: dict = {}
        if isinstance(self.max_retries, str):
            evaluated = InterpolatedString(string=self.max_retries, default="5", parameters=parameters).eval(self.config)
            try:
                self.max_retries = int(evaluated)
            except (TypeError, ValueError) as error:
                raise ValueError(f"DefaultErrorHandler.max_retries did not evaluate to an integer (got {evaluated!r})") from error

    def interpret_response(self, response_or_exception: Any) -> ErrorResolution:
        for response_filter in self.response_filters or []:
            resolution = response_filter.matches(response_or_exception=response_or_exception)
            if resolution:
                return resolution
        if hasattr(response_or_exception, "status_code") and response_or_exception.ok:
            return SUCCESS_RESOLUTION
        resolution = DefaultHttpResponseFilter(parameters={}, config=self.config).matches(response_or_exception)
        return resolution or create_fallback_error_resolution(response_or_exception)

    def backoff_time(self, response_or_exception: Any, attempt_count: int = 0) -> Optional[float]:
        backoff = None
        for strategy in self.backoff_strategies or []:
            backoff = strategy.backoff_time(response_or_exception=response_or_exception, attempt_count=attempt_count)
            if backoff:
                return backoff
        return backoff


__all__ = ["DefaultErrorHandler"]
