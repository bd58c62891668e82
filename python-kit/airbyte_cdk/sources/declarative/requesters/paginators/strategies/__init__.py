"""The kit's pagination strategies: ``PaginationStrategy``."""
from airbyte_cdk.sources.declarative.requesters.paginators.strategies.pagination_strategy import PaginationStrategy

__all__ = ["PaginationStrategy"]
