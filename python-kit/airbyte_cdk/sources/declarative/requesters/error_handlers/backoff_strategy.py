"""The kit's declarative ``BackoffStrategy`` (the streams one, again)."""
from airbyte_cdk.sources.streams.http.error_handlers.backoff_strategy import BackoffStrategy

__all__ = ["BackoffStrategy"]
