"""``AddFields``: sets fields at paths, each value a template (the kit's ``fields`` and ``_parsed_fields``).

    AddFields(fields=[AddedFieldDefinition(path=["shop"], value="{{ config['shop'] }}", value_type=None, parameters={})], parameters={})
"""
from dataclasses import InitVar, dataclass, field
from typing import Any, Dict, List, Mapping, Optional, Type, Union

from airbyte_cdk.sources.declarative.interpolation.interpolated_string import InterpolatedString
from airbyte_cdk.sources.declarative.transformations.transformation import RecordTransformation
from airbyte_cdk.sources.types import Config, FieldPointer, StreamSlice, StreamState
from sluice_bridge import dpath_compat


@dataclass(frozen=True)
class AddedFieldDefinition:
    path: FieldPointer
    value: Union[InterpolatedString, str]
    value_type: Optional[Type[Any]]
    parameters: InitVar[Mapping[str, Any]]


@dataclass(frozen=True)
class ParsedAddFieldDefinition:
    path: FieldPointer
    value: InterpolatedString
    value_type: Optional[Type[Any]]
    parameters: InitVar[Mapping[str, Any]]


@dataclass
class AddFields(RecordTransformation):
    fields: List[AddedFieldDefinition]
    parameters: InitVar[Mapping[str, Any]]
    condition: str = ""
    _parsed_fields: List[ParsedAddFieldDefinition] = field(init=False, repr=False, default_factory=list)

    def __post_init__(self, parameters: Mapping[str, Any]) -> None:
        self._condition = InterpolatedString.create(self.condition, parameters=parameters or {}) if self.condition else None
        for added in self.fields:
            if len(added.path) < 1:
                raise ValueError(f"Expected a non-zero-length path for the AddFields transformation {added}")
            value = added.value if isinstance(added.value, InterpolatedString) else InterpolatedString.create(str(added.value), parameters=parameters or {})
            self._parsed_fields.append(ParsedAddFieldDefinition(added.path, value, value_type=added.value_type, parameters=parameters or {}))

    def transform(self, record: Dict[str, Any], config: Optional[Config] = None, stream_state: Optional[StreamState] = None, stream_slice: Optional[StreamSlice] = None) -> None:
        config = config or {}
        kwargs = {"record": record, "stream_slice": stream_slice, "stream_state": stream_state}
        for parsed in self._parsed_fields:
            if self._condition is None or self._condition.eval(config, **kwargs):
                value = parsed.value.eval(config, **kwargs)
                dpath_compat.new(record, parsed.path, parsed.value_type(value) if parsed.value_type else value)

    def __eq__(self, other: Any) -> bool:
        return bool(self.__dict__ == other.__dict__)
