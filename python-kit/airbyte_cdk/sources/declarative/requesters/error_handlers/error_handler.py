"""The kit's declarative ``ErrorHandler`` (the streams one, again)."""
from airbyte_cdk.sources.streams.http.error_handlers.error_handler import ErrorHandler

__all__ = ["ErrorHandler"]
