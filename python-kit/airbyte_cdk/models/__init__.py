"""The kit's protocol models components name: ``SyncMode``, ``FailureType``, ``Level``, ``Type``, and
the messages ``AirbyteMessage``, ``AirbyteLogMessage``, ``AirbyteRecordMessage`` (their common fields).

    from airbyte_cdk.models import SyncMode
    SyncMode.incremental.value  # "incremental"
"""
from dataclasses import dataclass
from enum import Enum
from typing import Any, Mapping, Optional


class SyncMode(Enum):
    full_refresh = "full_refresh"
    incremental = "incremental"


class FailureType(Enum):
    system_error = "system_error"
    config_error = "config_error"
    transient_error = "transient_error"


class Level(Enum):
    FATAL = "FATAL"
    ERROR = "ERROR"
    WARN = "WARN"
    INFO = "INFO"
    DEBUG = "DEBUG"
    TRACE = "TRACE"


class Type(Enum):
    RECORD = "RECORD"
    STATE = "STATE"
    LOG = "LOG"
    SPEC = "SPEC"
    CONNECTION_STATUS = "CONNECTION_STATUS"
    CATALOG = "CATALOG"
    TRACE = "TRACE"
    CONTROL = "CONTROL"


@dataclass
class AirbyteLogMessage:
    level: Level
    message: str
    stack_trace: Optional[str] = None


@dataclass
class AirbyteRecordMessage:
    stream: str
    data: Mapping[str, Any]
    emitted_at: int = 0
    namespace: Optional[str] = None


@dataclass
class AirbyteMessage:
    type: Type
    log: Optional[AirbyteLogMessage] = None
    record: Optional[AirbyteRecordMessage] = None
    state: Optional[Any] = None
    trace: Optional[Any] = None
