"""The kit's ``HttpResponseFilter``: matches a response by status code, a substring of its error
message, or a predicate, and resolves it with ``action``, ``failure_type`` and ``error_message``.

    HttpResponseFilter(config={}, parameters={}, action="IGNORE", http_codes={404}).matches(response)
    # ErrorResolution(ResponseAction.IGNORE, FailureType.system_error, "HTTP Status Code: 404. ...")
"""
from dataclasses import InitVar, dataclass
from typing import Any, Mapping, Optional, Set, Union

from airbyte_cdk.models import FailureType
from airbyte_cdk.sources.declarative.interpolation.interpolated_boolean import InterpolatedBoolean
from airbyte_cdk.sources.declarative.interpolation.interpolated_string import InterpolatedString
from airbyte_cdk.sources.streams.http.error_handlers.default_error_mapping import default_resolution
from airbyte_cdk.sources.streams.http.error_handlers.response_models import ErrorResolution, ResponseAction
from airbyte_cdk.sources.types import Config


def _response_json(response: Any) -> Any:
    try:
        return response.json()
    except ValueError:
        return {}


def error_message_of(response: Any) -> Optional[str]:
    """The kit's JSON error-message parse: a string body, or the first message under the usual keys."""
    body = _response_json(response)
    return _message_in(body)


def _message_in(value: Any) -> Optional[str]:
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        parts = [m for m in (_message_in(item) for item in value) if m]
        return ", ".join(parts) if parts else None
    if isinstance(value, dict):
        for key in ("message", "messages", "error", "errors", "failures", "failure", "detail", "err", "error_message", "msg", "reason", "status_message"):
            found = _message_in(value.get(key))
            if found:
                return found
    return None


@dataclass
class HttpResponseFilter:
    config: Config
    parameters: InitVar[Mapping[str, Any]]
    action: Optional[Union[ResponseAction, str]] = None
    failure_type: Optional[Union[FailureType, str]] = None
    http_codes: Optional[Set[int]] = None
    error_message_contains: Optional[str] = None
    predicate: Union[InterpolatedBoolean, str] = ""
    error_message: Union[InterpolatedString, str] = ""

    def __post_init__(self, parameters: Mapping[str, Any]) -> None:
        if self.action is not None:
            if self.http_codes is None and self.predicate is None and self.error_message_contains is None:
                raise ValueError("HttpResponseFilter requires a filter condition if an action is specified")
            if isinstance(self.action, str):
                self.action = ResponseAction[self.action]
        self.http_codes = set(self.http_codes or ())
        if isinstance(self.predicate, str):
            self.predicate = InterpolatedBoolean(condition=self.predicate, parameters=parameters)
        self.error_message = InterpolatedString.create(self.error_message or "", parameters=parameters)
        if isinstance(self.failure_type, str) and self.failure_type:
            self.failure_type = FailureType[self.failure_type]

    def matches(self, response_or_exception: Any) -> Optional[ErrorResolution]:
        action = self._matches_filter(response_or_exception)
        mapped = default_resolution(response_or_exception)
        if action is None:
            return None
        message = None
        if hasattr(response_or_exception, "status_code"):
            message = self.error_message.eval(self.config, response=_response_json(response_or_exception), headers=response_or_exception.headers)  # type: ignore[union-attr]
        message = message or (mapped.error_message if mapped else "")
        if self.failure_type and action == ResponseAction.FAIL:
            failure = self.failure_type
        elif mapped:
            failure = mapped.failure_type
        else:
            failure = FailureType.system_error
        return ErrorResolution(response_action=action, failure_type=failure, error_message=message)  # type: ignore[arg-type]

    def _matches_filter(self, response: Any) -> Optional[ResponseAction]:
        if not hasattr(response, "status_code"):
            return None
        if response.status_code in (self.http_codes or ()) or self._matches_predicate(response) or self._contains_error_message(response):
            return self.action  # type: ignore[return-value]
        return None

    def _matches_predicate(self, response: Any) -> bool:
        predicate = self.predicate
        if not isinstance(predicate, InterpolatedBoolean) or not predicate.condition:
            return False
        return predicate.eval(None, response=_response_json(response), headers=response.headers)  # type: ignore[arg-type]

    def _contains_error_message(self, response: Any) -> bool:
        if not self.error_message_contains:
            return False
        message = error_message_of(response)
        return bool(message and self.error_message_contains in message)
