"""The kit's ``WaitTimeFromHeaderBackoffStrategy``: the wait (seconds) a response's ``header`` gives,
through an optional ``regex``; a wait at or over ``max_waiting_time_in_seconds`` stops the stream.

    WaitTimeFromHeaderBackoffStrategy(header="Retry-After", config={}, parameters={}).backoff_time(response, 1)  # 30.0
"""
import numbers
import re
from dataclasses import InitVar, dataclass
from typing import Any, Mapping, Optional, Pattern, Union

from airbyte_cdk.models import FailureType
from airbyte_cdk.sources.declarative.interpolation.interpolated_string import InterpolatedString
from airbyte_cdk.sources.streams.http.error_handlers.backoff_strategy import BackoffStrategy
from airbyte_cdk.sources.types import Config
from airbyte_cdk.utils.traced_exception import AirbyteTracedException


def get_numeric_value_from_header(response: Any, header: str, regex: Optional[Pattern[str]]) -> Optional[float]:
    """The header's value as a number (after ``regex`` keeps the part it matches), or None."""
    value = response.headers.get(header)
    if isinstance(value, numbers.Number) and not isinstance(value, bool):
        return float(value)  # type: ignore[arg-type]
    if not isinstance(value, str) or not value:
        return None
    if regex is not None:
        match = regex.match(value)
        if not match:
            return None
        value = match.group()
    try:
        return float(value)
    except ValueError:
        return None


@dataclass
class WaitTimeFromHeaderBackoffStrategy(BackoffStrategy):
    header: Union[InterpolatedString, str]
    parameters: InitVar[Mapping[str, Any]]
    config: Config
    regex: Optional[Union[InterpolatedString, str]] = None
    max_waiting_time_in_seconds: Optional[Union[float, InterpolatedString, str]] = None

    def __post_init__(self, parameters: Mapping[str, Any]) -> None:
        self.regex = InterpolatedString.create(self.regex, parameters=parameters) if self.regex else None
        self.header = InterpolatedString.create(self.header, parameters=parameters)
        cap = self.max_waiting_time_in_seconds
        if isinstance(cap, (InterpolatedString, str)):
            cap = float(InterpolatedString.create(cap, parameters=parameters).eval(self.config))  # type: ignore[arg-type]
        self._max_waiting_time_in_seconds: Optional[float] = float(cap) if cap is not None else None

    def backoff_time(self, response_or_exception: Any, attempt_count: int) -> Optional[float]:
        header = self.header.eval(config=self.config)  # type: ignore[union-attr]
        regex = re.compile(self.regex.eval(self.config)) if self.regex else None  # type: ignore[union-attr]
        if not hasattr(response_or_exception, "status_code"):
            return None
        value = get_numeric_value_from_header(response_or_exception, header, regex)
        cap = self._max_waiting_time_in_seconds
        if cap is not None and value and value >= cap:
            raise AirbyteTracedException(
                internal_message=f"Rate limit wait time {value}s is greater than or equal to the maximum of {cap}s this stream is allowed to wait. Stopping the stream...",
                message="The rate limit wait time is longer than the connector is allowed to wait.",
                failure_type=FailureType.transient_error,
            )
        return value


__all__ = ["WaitTimeFromHeaderBackoffStrategy"]
