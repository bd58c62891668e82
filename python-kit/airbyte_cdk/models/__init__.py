"""The kit's protocol models components name: ``SyncMode``, ``FailureType``, ``Level``, ``Type``.

    from airbyte_cdk.models import SyncMode
    SyncMode.incremental.value  # "incremental"
"""
from enum import Enum


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
