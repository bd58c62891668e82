"""The kit's paginators package: its pagination strategies, again."""
from airbyte_cdk.sources.declarative.requesters.paginators.strategies import OffsetIncrement, PageIncrement, PaginationStrategy

__all__ = ["OffsetIncrement", "PageIncrement", "PaginationStrategy"]
