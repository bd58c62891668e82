"""A ``SubstreamPartitionRouter``'s parent stream, as a component sees it (``parent_stream_config.stream``):
its records are read by Sluice's engine (its requester, paginator, authenticator, error handler and HTTP
client: origin rules, redaction, budgets, retries), a whole stream per call, through the
``parent_records`` callback.

    for record in self.parent_stream_configs[0].stream.read_records(sync_mode=SyncMode.full_refresh):
        yield StreamSlice(partition={"board_id": record["id"]}, cursor_slice={})
"""
from typing import Any, Iterable, List, Mapping, Optional

from sluice_bridge.session import ask


class ParentStream:
    """The stand-in for the kit's ``DeclarativeStream`` a parent stream config holds."""

    def __init__(self, index: int, name: str) -> None:
        self._index = index
        self.name = name

    def _records(self) -> List[Mapping[str, Any]]:
        from airbyte_cdk.sources.types import Record

        return [Record(data=record, stream_name=self.name) for record in ask("parent_records", index=self._index)]

    def read_records(self, sync_mode: Any = None, cursor_field: Any = None, stream_slice: Any = None, stream_state: Any = None) -> Iterable[Mapping[str, Any]]:
        """Every record of the parent stream (Sluice reads its slices itself: the slice given is not narrowed to)."""
        return iter(self._records())

    def read_only_records(self, state: Any = None) -> Iterable[Mapping[str, Any]]:
        return iter(self._records())

    def stream_slices(self, sync_mode: Any = None, cursor_field: Any = None, stream_state: Any = None) -> Iterable[Optional[Mapping[str, Any]]]:
        """One empty slice: :meth:`read_records` reads the whole parent whatever slice it is given."""
        from airbyte_cdk.sources.types import StreamSlice

        return iter([StreamSlice(partition={}, cursor_slice={})])

    @property
    def state(self) -> Mapping[str, Any]:
        return {}

    def __repr__(self) -> str:
        return f"ParentStream({self.name!r})"
