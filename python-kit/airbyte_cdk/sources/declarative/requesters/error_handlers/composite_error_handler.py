"""The kit's airbyte_cdk.sources.declarative.requesters.error_handlers.composite_error_handler module: CompositeErrorHandler are named here and not implemented yet (see airbyte_cdk/not_provided.py)."""
from airbyte_cdk.not_provided import not_provided

CompositeErrorHandler = not_provided("airbyte_cdk.sources.declarative.requesters.error_handlers.composite_error_handler", "CompositeErrorHandler")

__all__ = ["CompositeErrorHandler"]
