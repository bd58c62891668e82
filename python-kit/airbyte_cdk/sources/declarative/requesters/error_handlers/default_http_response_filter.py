"""The kit's ``DefaultHttpResponseFilter``: the ``DEFAULT_ERROR_MAPPING`` entry for a response's status
code (or request error), or the fallback resolution (a retry).

    DefaultHttpResponseFilter(config={}, parameters={}).matches(response_500).response_action  # RETRY
"""
from typing import Any, Optional

from airbyte_cdk.sources.declarative.requesters.error_handlers.http_response_filter import HttpResponseFilter
from airbyte_cdk.sources.streams.http.error_handlers.default_error_mapping import default_resolution
from airbyte_cdk.sources.streams.http.error_handlers.response_models import ErrorResolution, create_fallback_error_resolution


class DefaultHttpResponseFilter(HttpResponseFilter):
    def matches(self, response_or_exception: Any) -> Optional[ErrorResolution]:
        return default_resolution(response_or_exception) or create_fallback_error_resolution(response_or_exception)


__all__ = ["DefaultHttpResponseFilter"]
