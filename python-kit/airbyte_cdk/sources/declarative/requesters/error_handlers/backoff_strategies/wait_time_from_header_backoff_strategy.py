"""The kit's airbyte_cdk.sources.declarative.requesters.error_handlers.backoff_strategies.wait_time_from_header_backoff_strategy module: WaitTimeFromHeaderBackoffStrategy are named here and not implemented yet (see airbyte_cdk/not_provided.py)."""
from airbyte_cdk.not_provided import not_provided

WaitTimeFromHeaderBackoffStrategy = not_provided("airbyte_cdk.sources.declarative.requesters.error_handlers.backoff_strategies.wait_time_from_header_backoff_strategy", "WaitTimeFromHeaderBackoffStrategy")

__all__ = ["WaitTimeFromHeaderBackoffStrategy"]
