"""The kit's airbyte_cdk.sources.declarative.requesters.error_handlers.default_error_handler module: DefaultErrorHandler are named here and not implemented yet (see airbyte_cdk/not_provided.py)."""
from airbyte_cdk.not_provided import not_provided

DefaultErrorHandler = not_provided("airbyte_cdk.sources.declarative.requesters.error_handlers.default_error_handler", "DefaultErrorHandler")

__all__ = ["DefaultErrorHandler"]
