"""The kit's ``CompositeErrorHandler`` (a pure-Python port): its ``error_handlers`` asked in turn, the first
that decides (success, retry, ignore, fail, rate limited) answers; ``max_retries`` and ``max_time`` are the
first handler's, ``backoff_time`` the first that gives one. Components subclass it and override
``interpret_response``.

    class RetryOnDns(CompositeErrorHandler):
        def interpret_response(self, response_or_exception):
            if isinstance(response_or_exception, InvalidURL):
                return ErrorResolution(ResponseAction.RETRY, FailureType.transient_error, "DNS")
            return super().interpret_response(response_or_exception)
"""
from dataclasses import InitVar, dataclass
from typing import Any, List, Mapping, Optional

from airbyte_cdk.sources.streams.http.error_handlers.error_handler import ErrorHandler
from airbyte_cdk.sources.streams.http.error_handlers.response_models import ErrorResolution, ResponseAction, create_fallback_error_resolution

_DECIDED = (ResponseAction.SUCCESS, ResponseAction.RETRY, ResponseAction.IGNORE, ResponseAction.RESET_PAGINATION)


@dataclass
class CompositeErrorHandler(ErrorHandler):
    error_handlers: List[ErrorHandler]
    parameters: InitVar[Mapping[str, Any]]

    def __post_init__(self, parameters: Mapping[str, Any]) -> None:
        if not self.error_handlers:
            raise ValueError("CompositeErrorHandler expects at least 1 underlying error handler")

    @property
    def max_retries(self) -> Optional[int]:
        return self.error_handlers[0].max_retries

    @property
    def max_time(self) -> Optional[int]:
        return max([getattr(handler, "max_time", 0) or 0 for handler in self.error_handlers])

    def interpret_response(self, response_or_exception: Any) -> ErrorResolution:
        matched: Optional[ErrorResolution] = None
        for handler in self.error_handlers:
            matched = handler.interpret_response(response_or_exception)
            if not isinstance(matched, ErrorResolution):
                continue
            if matched.response_action in _DECIDED:
                return matched
        return matched if matched else create_fallback_error_resolution(response_or_exception)

    @property
    def backoff_strategies(self) -> Optional[List[Any]]:
        strategies: List[Any] = []
        for handler in self.error_handlers:
            strategies.extend(getattr(handler, "backoff_strategies", None) or [])
        return strategies or None

    def backoff_time(self, response_or_exception: Any, attempt_count: int = 0) -> Optional[float]:
        for handler in self.error_handlers:
            backoff = handler.backoff_time(response_or_exception, attempt_count) if hasattr(handler, "backoff_time") else None
            if backoff:
                return backoff
        return None


__all__ = ["CompositeErrorHandler"]
