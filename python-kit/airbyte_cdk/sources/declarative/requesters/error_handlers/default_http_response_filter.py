"""The kit's airbyte_cdk.sources.declarative.requesters.error_handlers.default_http_response_filter module: DefaultHttpResponseFilter are named here and not implemented yet (see airbyte_cdk/not_provided.py)."""
from airbyte_cdk.not_provided import not_provided

DefaultHttpResponseFilter = not_provided("airbyte_cdk.sources.declarative.requesters.error_handlers.default_http_response_filter", "DefaultHttpResponseFilter")

__all__ = ["DefaultHttpResponseFilter"]
