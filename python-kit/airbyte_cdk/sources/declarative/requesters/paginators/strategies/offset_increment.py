"""``OffsetIncrement``: offsets by the records read, stopping on a page shorter than ``page_size``.

    OffsetIncrement(config={}, page_size=50, parameters={}, extractor=None)
"""
from dataclasses import InitVar, dataclass
from typing import Any, Mapping, Optional, Union

from airbyte_cdk.sources.declarative.interpolation.interpolated_string import InterpolatedString
from airbyte_cdk.sources.declarative.requesters.paginators.strategies.pagination_strategy import PaginationStrategy
from airbyte_cdk.sources.types import Config, Record


@dataclass
class OffsetIncrement(PaginationStrategy):
    config: Config
    page_size: Optional[Union[str, int]]
    parameters: InitVar[Mapping[str, Any]]
    extractor: Optional[Any] = None
    inject_on_first_request: bool = False

    def __post_init__(self, parameters: Mapping[str, Any]) -> None:
        page_size = str(self.page_size) if isinstance(self.page_size, int) else self.page_size
        self._page_size: Optional[InterpolatedString] = InterpolatedString(page_size, parameters=parameters) if page_size else None

    @property
    def initial_token(self) -> Optional[Any]:
        return 0 if self.inject_on_first_request else None

    def next_page_token(self, response: Any, last_page_size: int, last_record: Optional[Record], last_page_token_value: Optional[Any] = None) -> Optional[Any]:
        if self.extractor:
            last_page_size = len(list(self.extractor.extract_records(response)))
        page_size = self.get_page_size()
        if (page_size and last_page_size < page_size) or last_page_size == 0:
            return None
        if last_page_token_value is None:
            return last_page_size
        if not isinstance(last_page_token_value, int):
            raise ValueError(f"Last page token value {last_page_token_value} for OffsetIncrement pagination strategy was not an integer")
        return last_page_token_value + last_page_size

    def get_page_size(self) -> Optional[int]:
        if not self._page_size:
            return None
        page_size = self._page_size.eval(self.config)
        if isinstance(page_size, str) and page_size.isdigit():
            page_size = int(page_size)
        if not isinstance(page_size, int):
            raise Exception(f"{page_size} is of type {type(page_size)}. Expected {int}")
        return page_size
