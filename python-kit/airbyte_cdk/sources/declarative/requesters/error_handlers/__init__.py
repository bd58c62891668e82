"""The kit's declarative error handling: ``BackoffStrategy``, ``ErrorHandler``, ``DefaultErrorHandler``, ``HttpResponseFilter``."""
from airbyte_cdk.sources.declarative.requesters.error_handlers.backoff_strategy import BackoffStrategy
from airbyte_cdk.sources.declarative.requesters.error_handlers.error_handler import ErrorHandler

__all__ = ["BackoffStrategy", "ErrorHandler", "DefaultErrorHandler", "CompositeErrorHandler", "HttpResponseFilter"]
from airbyte_cdk.sources.declarative.requesters.error_handlers.default_error_handler import DefaultErrorHandler  # noqa: E402,F401
from airbyte_cdk.sources.declarative.requesters.error_handlers.composite_error_handler import CompositeErrorHandler  # noqa: E402,F401
from airbyte_cdk.sources.declarative.requesters.error_handlers.http_response_filter import HttpResponseFilter  # noqa: E402,F401
