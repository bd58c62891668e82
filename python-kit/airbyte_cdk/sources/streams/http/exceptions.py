"""The kit's HTTP exceptions components raise to ask for a retry.

    raise DefaultBackoffException(request=response.request, response=response, error_message="busy")
"""
from typing import Any, Optional, Union


class BaseBackoffException(Exception):
    def __init__(self, request: Any = None, response: Any = None, error_message: str = "") -> None:
        self.request = request
        self.response = response
        status = getattr(response, "status_code", None)
        super().__init__(error_message or f"Request URL: {getattr(request, 'url', None)}, Response Code: {status}")


class DefaultBackoffException(BaseBackoffException):
    pass


class UserDefinedBackoffException(BaseBackoffException):
    def __init__(self, backoff: Union[int, float], request: Any = None, response: Any = None, error_message: str = "") -> None:
        self.backoff = backoff
        super().__init__(request=request, response=response, error_message=error_message)


class RequestBodyException(Exception):
    pass
