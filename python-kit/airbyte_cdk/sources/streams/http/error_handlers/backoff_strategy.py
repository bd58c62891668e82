"""``BackoffStrategy``: how long to wait before retrying a response or error.

    class FromBody(BackoffStrategy):
        def backoff_time(self, response_or_exception, attempt_count):
            return float(response_or_exception.json().get("retry_in", 1))
"""
from abc import ABC, abstractmethod
from typing import Any, Optional


class BackoffStrategy(ABC):
    @abstractmethod
    def backoff_time(self, response_or_exception: Optional[Any], attempt_count: int) -> Optional[float]:
        """Seconds to wait, or None for no opinion."""
