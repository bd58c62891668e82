"""The kit's pagination strategies: ``PaginationStrategy``, ``PageIncrement``, ``OffsetIncrement``."""
from airbyte_cdk.sources.declarative.requesters.paginators.strategies.offset_increment import OffsetIncrement
from airbyte_cdk.sources.declarative.requesters.paginators.strategies.page_increment import PageIncrement
from airbyte_cdk.sources.declarative.requesters.paginators.strategies.pagination_strategy import PaginationStrategy

__all__ = ["OffsetIncrement", "PageIncrement", "PaginationStrategy"]
