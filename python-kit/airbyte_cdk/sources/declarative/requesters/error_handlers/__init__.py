"""The kit's declarative error handling: ``BackoffStrategy``, ``ErrorHandler``."""
from airbyte_cdk.sources.declarative.requesters.error_handlers.backoff_strategy import BackoffStrategy
from airbyte_cdk.sources.declarative.requesters.error_handlers.error_handler import ErrorHandler

__all__ = ["BackoffStrategy", "ErrorHandler"]
