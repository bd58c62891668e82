"""``StreamSlicer``: a stream's slices and what each adds to a request.

    class Regions(StreamSlicer):
        def stream_slices(self):
            for region in ("eu", "us"):
                yield StreamSlice(partition={"region": region}, cursor_slice={})
"""
from abc import abstractmethod
from typing import Any, Iterable, Mapping, Optional

from airbyte_cdk.sources.types import StreamSlice


class StreamSlicer:
    @abstractmethod
    def stream_slices(self) -> Iterable[StreamSlice]:
        """The slices, in order."""

    def get_request_params(self, *, stream_state: Optional[Any] = None, stream_slice: Optional[StreamSlice] = None, next_page_token: Optional[Mapping[str, Any]] = None) -> Mapping[str, Any]:
        return {}

    def get_request_headers(self, *, stream_state: Optional[Any] = None, stream_slice: Optional[StreamSlice] = None, next_page_token: Optional[Mapping[str, Any]] = None) -> Mapping[str, Any]:
        return {}

    def get_request_body_data(self, *, stream_state: Optional[Any] = None, stream_slice: Optional[StreamSlice] = None, next_page_token: Optional[Mapping[str, Any]] = None) -> Any:
        return {}

    def get_request_body_json(self, *, stream_state: Optional[Any] = None, stream_slice: Optional[StreamSlice] = None, next_page_token: Optional[Mapping[str, Any]] = None) -> Mapping[str, Any]:
        return {}
