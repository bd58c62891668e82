"""The kit's ``response_models`` module: ``ErrorResolution``, ``ResponseAction``, ``FailureType``."""
from airbyte_cdk.sources.streams.http.error_handlers.error_handler import ErrorResolution, FailureType, ResponseAction

SUCCESS_RESOLUTION = ErrorResolution(response_action=ResponseAction.SUCCESS, failure_type=None, error_message=None)


def create_fallback_error_resolution(response_or_exception: object) -> ErrorResolution:
    """The kit's resolution for what no rule matched: retry, as a system error."""
    status = getattr(response_or_exception, "status_code", None)
    message = f"Unexpected response with HTTP status {status}" if status is not None else f"Unexpected exception in error handler: {response_or_exception}"
    return ErrorResolution(response_action=ResponseAction.RETRY, failure_type=FailureType.system_error, error_message=message)


__all__ = ["ErrorResolution", "FailureType", "ResponseAction", "SUCCESS_RESOLUTION", "create_fallback_error_resolution"]
