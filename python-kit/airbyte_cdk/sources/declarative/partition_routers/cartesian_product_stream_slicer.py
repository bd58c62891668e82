"""The kit's ``CartesianProductStreamSlicer``: every combination of its ``stream_slicers``' slices, each
combination one slice whose partition merges theirs (and cursor slice, and extra fields); a request gets
every slicer's options, merged in order. Components subclass it (source-posthog pairs projects with
date windows in its own ``stream_slices``).

    slicer = CartesianProductStreamSlicer(stream_slicers=[regions, kinds], parameters={})
    list(slicer.stream_slices())  # [{region: eu, kind: a}, {region: eu, kind: b}, {region: us, kind: a}, ...]
"""
import itertools
from dataclasses import InitVar, dataclass
from typing import Any, Dict, Iterable, List, Mapping, Optional

from airbyte_cdk.sources.declarative.stream_slicers.stream_slicer import StreamSlicer
from airbyte_cdk.sources.types import StreamSlice


def _merged(slices: Iterable[Any], part: str) -> Dict[str, Any]:
    merged: Dict[str, Any] = {}
    for one in slices:
        merged.update(getattr(one, part, None) if isinstance(one, StreamSlice) else (one if part == "partition" else {}))
    return merged


@dataclass
class CartesianProductStreamSlicer(StreamSlicer):
    stream_slicers: List[Any]
    parameters: InitVar[Mapping[str, Any]]

    def __post_init__(self, parameters: Mapping[str, Any]) -> None:
        pass

    def stream_slices(self) -> Iterable[StreamSlice]:
        for combination in itertools.product(*(slicer.stream_slices() for slicer in self.stream_slicers)):
            yield StreamSlice(partition=_merged(combination, "partition"), cursor_slice=_merged(combination, "cursor_slice"), extra_fields=_merged(combination, "extra_fields"))

    def _options(self, method: str, **kwargs: Any) -> Mapping[str, Any]:
        merged: Dict[str, Any] = {}
        for slicer in self.stream_slicers:
            merged.update(getattr(slicer, method)(**kwargs) or {})
        return merged

    def get_request_params(self, *, stream_state: Optional[Any] = None, stream_slice: Optional[StreamSlice] = None, next_page_token: Optional[Mapping[str, Any]] = None) -> Mapping[str, Any]:
        return self._options("get_request_params", stream_state=stream_state, stream_slice=stream_slice, next_page_token=next_page_token)

    def get_request_headers(self, *, stream_state: Optional[Any] = None, stream_slice: Optional[StreamSlice] = None, next_page_token: Optional[Mapping[str, Any]] = None) -> Mapping[str, Any]:
        return self._options("get_request_headers", stream_state=stream_state, stream_slice=stream_slice, next_page_token=next_page_token)

    def get_request_body_data(self, *, stream_state: Optional[Any] = None, stream_slice: Optional[StreamSlice] = None, next_page_token: Optional[Mapping[str, Any]] = None) -> Any:
        return self._options("get_request_body_data", stream_state=stream_state, stream_slice=stream_slice, next_page_token=next_page_token)

    def get_request_body_json(self, *, stream_state: Optional[Any] = None, stream_slice: Optional[StreamSlice] = None, next_page_token: Optional[Mapping[str, Any]] = None) -> Mapping[str, Any]:
        return self._options("get_request_body_json", stream_state=stream_state, stream_slice=stream_slice, next_page_token=next_page_token)


__all__ = ["CartesianProductStreamSlicer"]
