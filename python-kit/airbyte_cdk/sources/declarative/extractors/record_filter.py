"""``RecordFilter``: keeps the records of a page for which ``condition`` holds.

    class OnlyActive(RecordFilter):
        def filter_records(self, records, stream_state, stream_slice=None, next_page_token=None):
            return [r for r in records if r["status"] == "active"]
"""
from dataclasses import InitVar, dataclass
from typing import Any, Iterable, Mapping, Optional

from airbyte_cdk.sources.declarative.interpolation.interpolated_string import InterpolatedString
from airbyte_cdk.sources.types import Config, StreamSlice, StreamState


@dataclass
class RecordFilter:
    parameters: InitVar[Mapping[str, Any]]
    config: Config
    condition: str = ""

    def __post_init__(self, parameters: Mapping[str, Any]) -> None:
        self._parameters = parameters
        self._condition = InterpolatedString.create(self.condition, parameters=parameters) if self.condition else None

    def filter_records(
        self,
        records: Iterable[Mapping[str, Any]],
        stream_state: StreamState,
        stream_slice: Optional[StreamSlice] = None,
        next_page_token: Optional[Mapping[str, Any]] = None,
    ) -> Iterable[Mapping[str, Any]]:
        for record in records:
            if self._condition is None or self._condition.eval(self.config, record=record, stream_state=stream_state, stream_slice=stream_slice, next_page_token=next_page_token):
                yield record
