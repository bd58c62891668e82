"""The kit's HTTP error handling names."""
from airbyte_cdk.sources.streams.http.error_handlers.backoff_strategy import BackoffStrategy
from airbyte_cdk.sources.streams.http.error_handlers.error_handler import ErrorHandler, ErrorResolution, FailureType, ResponseAction

__all__ = ["BackoffStrategy", "ErrorHandler", "ErrorResolution", "FailureType", "ResponseAction"]
