"""The kit's ``SubstreamPartitionRouter`` and ``ParentStreamConfig``: one partition per record of a parent
stream, its ``parent_key`` value under ``partition_field``. A component that extends it reads
``self.parent_stream_configs`` (each ``stream`` is read by Sluice's engine: ``read_records()``,
``stream_slices()``) and may call ``super().stream_slices()``. The ``request_option`` of each config is
applied by Sluice to the child's requests.

    class BoardIds(SubstreamPartitionRouter):
        def stream_slices(self):
            for config in self.parent_stream_configs:
                for record in config.stream.read_records(sync_mode=SyncMode.full_refresh):
                    yield StreamSlice(partition={"id": record["id"]}, cursor_slice={})
"""
from dataclasses import InitVar, dataclass, field
from typing import Any, Iterable, List, Mapping, Optional, Union

from airbyte_cdk.sources.declarative.interpolation.interpolated_string import InterpolatedString
from airbyte_cdk.sources.declarative.partition_routers.partition_router import PartitionRouter
from airbyte_cdk.sources.declarative.requesters.request_option import RequestOption
from airbyte_cdk.sources.types import Config, StreamSlice
from sluice_bridge import dpath_compat


@dataclass
class ParentStreamConfig:
    stream: Any
    parent_key: Union[InterpolatedString, str]
    partition_field: Union[InterpolatedString, str]
    config: Config
    parameters: InitVar[Mapping[str, Any]]
    extra_fields: Optional[Union[List[List[str]], List[List[InterpolatedString]]]] = None
    request_option: Optional[RequestOption] = None
    incremental_dependency: bool = False
    lazy_read_pointer: Optional[List[Union[InterpolatedString, str]]] = None

    def __post_init__(self, parameters: Mapping[str, Any]) -> None:
        self.parent_key = InterpolatedString.create(self.parent_key, parameters=parameters)
        self.partition_field = InterpolatedString.create(self.partition_field, parameters=parameters)
        if self.extra_fields:
            self.extra_fields = [[InterpolatedString.create(part, parameters=parameters) for part in path] for path in self.extra_fields]


@dataclass
class SubstreamPartitionRouter(PartitionRouter):
    parent_stream_configs: List[ParentStreamConfig]
    config: Config
    parameters: InitVar[Mapping[str, Any]]

    def __post_init__(self, parameters: Mapping[str, Any]) -> None:
        if not self.parent_stream_configs:
            raise ValueError("SubstreamPartitionRouter needs at least one parent stream")
        self._parameters = dict(parameters or {})

    def stream_slices(self) -> Iterable[StreamSlice]:
        for parent in self.parent_stream_configs:
            parent_key = str(parent.parent_key.eval(self.config))
            partition_field = str(parent.partition_field.eval(self.config))
            extra_paths = [[str(part.eval(self.config)) for part in path] for path in parent.extra_fields or []]
            for parent_record in parent.stream.read_records():
                value = dpath_compat.get(dict(parent_record), parent_key, default=None)
                if value is None:
                    continue
                extra = {".".join(path): dpath_compat.get(dict(parent_record), "/".join(path), default=None) for path in extra_paths}
                yield StreamSlice(partition={partition_field: value, "parent_slice": {}}, cursor_slice={}, extra_fields=extra)

    def get_stream_state(self) -> Optional[Mapping[str, Any]]:
        return None


__all__ = ["SubstreamPartitionRouter", "ParentStreamConfig"]
