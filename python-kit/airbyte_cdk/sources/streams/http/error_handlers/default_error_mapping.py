"""The kit's ``DEFAULT_ERROR_MAPPING``: the resolution for a status code (or exception class) no filter
names, with the kit's messages.

    DEFAULT_ERROR_MAPPING[429].response_action  # ResponseAction.RATE_LIMITED
"""
from typing import Any, Dict

from airbyte_cdk.models import FailureType
from airbyte_cdk.sources.streams.http.error_handlers.response_models import ErrorResolution, ResponseAction


def _resolution(action: ResponseAction, failure: FailureType, message: str) -> ErrorResolution:
    return ErrorResolution(response_action=action, failure_type=failure, error_message=message)


_FAIL, _RETRY = ResponseAction.FAIL, ResponseAction.RETRY
_SYSTEM, _CONFIG, _TRANSIENT = FailureType.system_error, FailureType.config_error, FailureType.transient_error

DEFAULT_ERROR_MAPPING: Dict[Any, ErrorResolution] = {
    400: _resolution(_FAIL, _SYSTEM, "HTTP Status Code: 400. Error: Bad request. Please check your request parameters."),
    401: _resolution(_FAIL, _CONFIG, "HTTP Status Code: 401. Error: Unauthorized. Please ensure you are authenticated correctly."),
    403: _resolution(_FAIL, _CONFIG, "HTTP Status Code: 403. Error: Forbidden. You don't have permission to access this resource."),
    404: _resolution(_FAIL, _SYSTEM, "HTTP Status Code: 404. Error: Not found. The requested resource was not found on the server."),
    405: _resolution(_FAIL, _SYSTEM, "HTTP Status Code: 405. Error: Method not allowed. Please check your request method."),
    408: _resolution(_RETRY, _TRANSIENT, "HTTP Status Code: 408. Error: Request timeout."),
    429: _resolution(ResponseAction.RATE_LIMITED, _TRANSIENT, "HTTP Status Code: 429. Error: Too many requests."),
    500: _resolution(_RETRY, _TRANSIENT, "HTTP Status Code: 500. Error: Internal server error."),
    502: _resolution(_RETRY, _TRANSIENT, "HTTP Status Code: 502. Error: Bad gateway."),
    503: _resolution(_RETRY, _TRANSIENT, "HTTP Status Code: 503. Error: Service unavailable."),
    504: _resolution(_RETRY, _TRANSIENT, "HTTP Status Code: 504. Error: Gateway timeout."),
}


def default_resolution(response_or_exception: Any) -> Any:
    """The mapping's entry for a response's status code, or for a request error (any exception: the
    kit's ``RequestException`` entry, a retry)."""
    status = getattr(response_or_exception, "status_code", None)
    if status is not None:
        return DEFAULT_ERROR_MAPPING.get(status)
    if isinstance(response_or_exception, Exception):
        return _resolution(_RETRY, _TRANSIENT, "An exception occurred when making the request. Exception: requests.exceptions.RequestException")
    return None
