"""``AirbyteTracedException``: an error with a user-facing message and a failure type.

    raise AirbyteTracedException(message="The API key was refused", failure_type=FailureType.config_error)
"""
from typing import Any, Optional

from airbyte_cdk.models import FailureType


class AirbyteTracedException(Exception):
    def __init__(self, internal_message: Optional[str] = None, message: Optional[str] = None, failure_type: FailureType = FailureType.system_error, exception: Optional[BaseException] = None, stream_descriptor: Any = None) -> None:
        self.internal_message = internal_message
        self.message = message
        self.failure_type = failure_type
        self._exception = exception
        super().__init__(internal_message or message or "")

    def __str__(self) -> str:
        return self.message or self.internal_message or ""
