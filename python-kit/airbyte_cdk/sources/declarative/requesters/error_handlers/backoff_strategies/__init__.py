"""The kit's backoff strategies: ``WaitTimeFromHeaderBackoffStrategy``."""
from airbyte_cdk.sources.declarative.requesters.error_handlers.backoff_strategies.wait_time_from_header_backoff_strategy import WaitTimeFromHeaderBackoffStrategy

__all__ = ["WaitTimeFromHeaderBackoffStrategy"]
