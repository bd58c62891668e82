"""``PaginationStrategy``: the next page's token, from the last response.

    class NextFromHeader(PaginationStrategy):
        initial_token = None
        def next_page_token(self, response, last_page_size, last_record, last_page_token_value):
            return response.headers.get("X-Next-Page")
        def get_page_size(self): return None
"""
from abc import abstractmethod
from dataclasses import dataclass
from typing import Any, Optional

from airbyte_cdk.sources.types import Record


@dataclass
class PaginationStrategy:
    @property
    @abstractmethod
    def initial_token(self) -> Optional[Any]:
        """The first request's token."""

    @abstractmethod
    def next_page_token(self, response: Any, last_page_size: int, last_record: Optional[Record], last_page_token_value: Optional[Any]) -> Optional[Any]:
        """The next token, or None to stop."""

    @abstractmethod
    def get_page_size(self) -> Optional[int]:
        """The page size, or None."""
