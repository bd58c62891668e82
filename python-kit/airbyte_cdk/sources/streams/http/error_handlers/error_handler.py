"""``ErrorHandler``: what to do with a response (retry, fail, ignore, success).

    class IgnoreNotFound(ErrorHandler):
        max_retries = 3
        max_time = 600
        def interpret_response(self, response_or_exception=None):
            return ErrorResolution(ResponseAction.IGNORE) if response_or_exception.status_code == 404 else ErrorResolution(ResponseAction.SUCCESS)
"""
from abc import ABC, abstractmethod
from dataclasses import dataclass
from enum import Enum
from typing import Any, Optional


class ResponseAction(Enum):
    SUCCESS = "SUCCESS"
    RETRY = "RETRY"
    FAIL = "FAIL"
    IGNORE = "IGNORE"
    RESET_PAGINATION = "RESET_PAGINATION"
    RATE_LIMITED = "RATE_LIMITED"
    REFRESH_TOKEN_THEN_RETRY = "REFRESH_TOKEN_THEN_RETRY"


from airbyte_cdk.models import FailureType  # noqa: E402  (one FailureType, as in the kit)


@dataclass
class ErrorResolution:
    response_action: Optional[ResponseAction] = None
    failure_type: Optional[FailureType] = None
    error_message: Optional[str] = None


class ErrorHandler(ABC):
    @property
    @abstractmethod
    def max_retries(self) -> Optional[int]:
        """The most retries."""

    @property
    @abstractmethod
    def max_time(self) -> Optional[int]:
        """The most seconds spent retrying."""

    @abstractmethod
    def interpret_response(self, response: Optional[Any]) -> ErrorResolution:
        """The resolution for a response or exception."""
