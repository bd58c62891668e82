"""The kit's ``response_models`` module: ``ErrorResolution``, ``ResponseAction``, ``FailureType``."""
from airbyte_cdk.sources.streams.http.error_handlers.error_handler import ErrorResolution, FailureType, ResponseAction

__all__ = ["ErrorResolution", "FailureType", "ResponseAction"]
