"""The kit's ``DatetimeBasedCursor`` for a ``CustomIncrementalSync`` class that extends it. Sluice runs the
cursor itself (its windows, state, lookback and granularity) from the same definition, and asks the
class for each request's options: ``get_request_params`` / ``get_request_headers`` /
``get_request_body_data`` / ``get_request_body_json`` (here, as in the kit, through
``_get_request_options(option_type, stream_slice)``), with ``stream_state`` the cursor's current state.
``set_initial_state`` is called with the state the read starts from (``self._cursor`` holds its value).

    class WithRange(DatetimeBasedCursor):
        def get_request_params(self, *, stream_state=None, stream_slice=None, next_page_token=None):
            return {"range": f"{stream_slice['start_time']}..{stream_slice['end_time']}"}
"""
from dataclasses import InitVar, dataclass, field
from typing import Any, List, Mapping, MutableMapping, Optional, Union

from airbyte_cdk.sources.declarative.interpolation.interpolated_string import InterpolatedString
from airbyte_cdk.sources.declarative.requesters.request_option import RequestOption, RequestOptionType
from airbyte_cdk.sources.types import Config, StreamSlice, StreamState


@dataclass
class DatetimeBasedCursor:
    start_datetime: Any
    cursor_field: Union[InterpolatedString, str]
    datetime_format: str
    config: Config
    parameters: InitVar[Mapping[str, Any]]
    _highest_observed_cursor_field_value: Optional[str] = field(repr=False, default=None)
    _cursor: Optional[str] = field(repr=False, default=None)
    end_datetime: Optional[Any] = None
    step: Optional[Union[InterpolatedString, str]] = None
    cursor_granularity: Optional[str] = None
    start_time_option: Optional[RequestOption] = None
    end_time_option: Optional[RequestOption] = None
    partition_field_start: Optional[str] = None
    partition_field_end: Optional[str] = None
    lookback_window: Optional[Union[InterpolatedString, str]] = None
    message_repository: Optional[Any] = None
    is_compare_strictly: Optional[bool] = False
    cursor_datetime_formats: List[str] = field(default_factory=lambda: [])

    def __post_init__(self, parameters: Mapping[str, Any]) -> None:
        self._parameters = dict(parameters or {})
        self.cursor_field = InterpolatedString.create(self.cursor_field, parameters=parameters)
        self._cursor_field = self.cursor_field
        self._start_datetime = self.start_datetime
        self._end_datetime = self.end_datetime
        self._partition_field_start = InterpolatedString.create(self.partition_field_start or "start_time", parameters=parameters)
        self._partition_field_end = InterpolatedString.create(self.partition_field_end or "end_time", parameters=parameters)
        self._lookback_window = InterpolatedString.create(self.lookback_window, parameters=parameters) if self.lookback_window else None
        if not self.cursor_datetime_formats:
            self.cursor_datetime_formats = [self.datetime_format]

    def set_initial_state(self, stream_state: StreamState) -> None:
        self._cursor = (stream_state or {}).get(self.cursor_field.eval(self.config)) or None

    def get_stream_state(self) -> StreamState:
        return {self.cursor_field.eval(self.config): self._cursor} if self._cursor else {}

    def get_cursor_field(self) -> str:
        return str(self.cursor_field.eval(self.config))

    def get_partition_field_start(self) -> str:
        return str(self._partition_field_start.eval(self.config))

    def get_partition_field_end(self) -> str:
        return str(self._partition_field_end.eval(self.config))

    def _get_request_options(self, option_type: RequestOptionType, stream_slice: Optional[StreamSlice]) -> Mapping[str, Any]:
        options: MutableMapping[str, Any] = {}
        if not stream_slice:
            return options
        for option, partition_field in ((self.start_time_option, self._partition_field_start), (self.end_time_option, self._partition_field_end)):
            if option and option.inject_into == option_type:
                value = stream_slice.get(partition_field.eval(self.config))
                if value:
                    option.inject_into_request(options, value, self.config)
        return options

    def get_request_params(self, *, stream_state: Optional[StreamState] = None, stream_slice: Optional[StreamSlice] = None, next_page_token: Any = None) -> Mapping[str, Any]:
        return self._get_request_options(RequestOptionType.request_parameter, stream_slice)

    def get_request_headers(self, *, stream_state: Optional[StreamState] = None, stream_slice: Optional[StreamSlice] = None, next_page_token: Any = None) -> Mapping[str, Any]:
        return self._get_request_options(RequestOptionType.header, stream_slice)

    def get_request_body_data(self, *, stream_state: Optional[StreamState] = None, stream_slice: Optional[StreamSlice] = None, next_page_token: Any = None) -> Mapping[str, Any]:
        return self._get_request_options(RequestOptionType.body_data, stream_slice)

    def get_request_body_json(self, *, stream_state: Optional[StreamState] = None, stream_slice: Optional[StreamSlice] = None, next_page_token: Any = None) -> Mapping[str, Any]:
        return self._get_request_options(RequestOptionType.body_json, stream_slice)


__all__ = ["DatetimeBasedCursor"]
