"""The kit's ``Cursor``: a ``CustomIncrementalSync`` class written from scratch keeps its own state. Sluice
asks it, through the bridge, for the slices (``stream_slices``), each page's records
(``should_be_synced``, then ``observe``), each closed slice (``close_slice``, then ``get_stream_state``),
the state it starts from (``set_initial_state``) and each request's options (``get_request_params`` and
the headers and body ones). The defaults below are the kit's: a subclass defines the rest.

    class IdCursor(Cursor):
        def __post_init__(self, parameters):
            self._state = {}
        def set_initial_state(self, stream_state):
            self._state = dict(stream_state or {})
        def stream_slices(self):
            return [StreamSlice(partition={}, cursor_slice={})]
        def observe(self, stream_slice, record):
            self._state["id"] = max(self._state.get("id", 0), record["id"])
        def close_slice(self, stream_slice, *args):
            pass
        def get_stream_state(self):
            return self._state
        def should_be_synced(self, record):
            return record["id"] > self._state.get("id", 0)
"""
from abc import abstractmethod
from typing import Any, Optional

from airbyte_cdk.sources.declarative.stream_slicers.stream_slicer import StreamSlicer
from airbyte_cdk.sources.types import Record, StreamSlice, StreamState


class Cursor(StreamSlicer):
    @abstractmethod
    def set_initial_state(self, stream_state: StreamState) -> None:
        """The state the read starts from (the one get_stream_state gave the last read)."""

    def observe(self, stream_slice: StreamSlice, record: Record) -> None:
        """A record read in stream_slice, after should_be_synced kept it."""

    @abstractmethod
    def close_slice(self, stream_slice: StreamSlice, *args: Any) -> None:
        """Every page of stream_slice was read."""

    @abstractmethod
    def get_stream_state(self) -> StreamState:
        """The state to save, asked after each closed slice."""

    def should_be_synced(self, record: Record) -> bool:
        return True

    def is_greater_than_or_equal(self, first: Record, second: Record) -> bool:
        return True

    def select_state(self, stream_slice: Optional[StreamSlice] = None) -> Optional[StreamState]:
        return self.get_stream_state()


__all__ = ["Cursor"]
