"""``RequestOption`` and ``RequestOptionType``: where a value goes in a request.

    RequestOption(field_name="page", inject_into=RequestOptionType.request_parameter, parameters={})
"""
from dataclasses import InitVar, dataclass
from enum import Enum
from typing import Any, List, Mapping, Optional, Union

from airbyte_cdk.sources.declarative.interpolation.interpolated_string import InterpolatedString


class RequestOptionType(Enum):
    request_parameter = "request_parameter"
    header = "header"
    body_data = "body_data"
    body_json = "body_json"


@dataclass
class RequestOption:
    inject_into: RequestOptionType
    parameters: InitVar[Mapping[str, Any]]
    field_name: Optional[Union[InterpolatedString, str]] = None
    field_path: Optional[List[Union[InterpolatedString, str]]] = None

    def __post_init__(self, parameters: Mapping[str, Any]) -> None:
        if isinstance(self.inject_into, str):
            self.inject_into = RequestOptionType(self.inject_into)
        if self.field_name is not None:
            self.field_name = InterpolatedString.create(self.field_name, parameters=parameters)

    @property
    def _is_field_path(self) -> bool:
        return self.field_path is not None

    def inject_into_request(self, target: Any, value: Any, config: Mapping[str, Any]) -> None:
        if self.field_path is not None:
            node = target
            path = [InterpolatedString.create(p, parameters={}).eval(config) for p in self.field_path]
            for key in path[:-1]:
                node = node.setdefault(key, {})
            node[path[-1]] = value
        elif self.field_name is not None:
            name = self.field_name.eval(config) if isinstance(self.field_name, InterpolatedString) else self.field_name
            target[name] = value
