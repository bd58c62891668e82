"""``PartitionRouter``: a stream slicer whose slices are partitions, with a state of its own.

    class Accounts(PartitionRouter):
        def stream_slices(self):
            yield StreamSlice(partition={"account": "a1"}, cursor_slice={})
"""
from typing import Any, Mapping, Optional

from airbyte_cdk.sources.declarative.stream_slicers.stream_slicer import StreamSlicer


class PartitionRouter(StreamSlicer):
    def set_initial_state(self, stream_state: Any) -> None:
        return None

    def get_stream_state(self) -> Optional[Mapping[str, Any]]:
        return None
