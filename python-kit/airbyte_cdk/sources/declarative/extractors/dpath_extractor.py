"""``DpathExtractor``: the records at ``field_path`` of each decoded document (``*`` matches any key).

    extractor:
      type: DpathExtractor
      field_path: ["data", "{{ parameters['kind'] }}"]
    # {"data": {"users": [{"id": 1}]}} with kind users -> {"id": 1}
"""
from dataclasses import InitVar, dataclass, field
from typing import Any, Iterable, List, Mapping, MutableMapping, Optional, Union

from airbyte_cdk.sources.declarative.decoders import Decoder, JsonDecoder
from airbyte_cdk.sources.declarative.extractors.record_extractor import RecordExtractor
from airbyte_cdk.sources.declarative.interpolation.interpolated_string import InterpolatedString
from airbyte_cdk.sources.types import Config
from sluice_bridge import dpath_compat


@dataclass
class DpathExtractor(RecordExtractor):
    field_path: List[Union[InterpolatedString, str]]
    config: Config
    parameters: InitVar[Mapping[str, Any]]
    decoder: Decoder = field(default_factory=lambda: JsonDecoder(parameters={}))
    record_expander: Optional[Any] = None

    def __post_init__(self, parameters: Mapping[str, Any]) -> None:
        self._field_path = [InterpolatedString.create(path, parameters=parameters) for path in self.field_path]

    def extract_records(self, response: Any) -> Iterable[MutableMapping[Any, Any]]:
        for body in self.decoder.decode(response):
            if len(self._field_path) == 0:
                extracted: Any = body
            else:
                path = [part.eval(self.config) for part in self._field_path]
                extracted = dpath_compat.values(body, path) if "*" in path else dpath_compat.get(body, path, default=[])
            if isinstance(extracted, list):
                for record in extracted:
                    yield from self._expand(record)
            elif extracted:
                yield from self._expand(extracted)

    def _expand(self, record: Any) -> Iterable[Any]:
        if self.record_expander is None:
            yield record
        else:
            yield from self.record_expander.expand_record(record)
