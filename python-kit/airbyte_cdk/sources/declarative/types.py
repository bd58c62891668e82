"""The kit's declarative types module: the names of :mod:`airbyte_cdk.sources.types`, again."""
from airbyte_cdk.sources.types import Config, ConnectionDefinition, FieldPointer, Record, StreamSlice, StreamState

__all__ = ["Config", "ConnectionDefinition", "FieldPointer", "Record", "StreamSlice", "StreamState"]
