"""``InterpolatedString``: a template evaluated by Sluice's template engine (the kit's Jinja).

    InterpolatedString.create("{{ config['region'] }}", parameters={}).eval({"region": "eu"})  # "eu"
"""
from dataclasses import InitVar, dataclass
from typing import Any, Mapping, Optional, Union

from airbyte_cdk.sources.types import Config
from sluice_bridge.session import ask


@dataclass
class InterpolatedString:
    string: str
    parameters: InitVar[Mapping[str, Any]]
    default: Optional[str] = None

    def __post_init__(self, parameters: Mapping[str, Any]) -> None:
        self.default = self.default or self.string
        self._parameters = dict(parameters or {})
        self._is_plain = "{{" not in self.string and "{%" not in self.string

    def eval(self, config: Config, **kwargs: Any) -> Any:
        if self._is_plain:
            return self.string
        context = {"config": dict(config or {}), "parameters": self._parameters, **kwargs}
        return ask("interpolate", template=self.string, default=self.default, context=context)

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, InterpolatedString) and self.string == other.string and self.default == other.default

    def __hash__(self) -> int:
        # Components test ``self.cursor_field in stream_state``: a dict lookup, which needs a hash.
        return hash(self.string)

    @classmethod
    def create(cls, string_or_interpolated: Union["InterpolatedString", str], *, parameters: Mapping[str, Any]) -> "InterpolatedString":
        if isinstance(string_or_interpolated, str):
            return InterpolatedString(string=string_or_interpolated, parameters=parameters)
        return string_or_interpolated
