"""``InterpolatedBoolean``: a condition evaluated by Sluice's template engine, false when it renders to
one of the kit's false values (``"False"``, ``"false"``, ``""``, ``"0"``, ``"[]"``, ...).

    InterpolatedBoolean(condition="{{ 'code' in response }}", parameters={}).eval({}, response={"code": 1})  # True
"""
from dataclasses import InitVar, dataclass
from typing import Any, List, Mapping, Union

from airbyte_cdk.sources.declarative.interpolation.interpolated_string import InterpolatedString
from airbyte_cdk.sources.types import Config

FALSE_VALUES: List[Any] = ["False", "false", "{}", "[]", "()", "", "0", "0.0", {}, False, [], (), set()]


@dataclass
class InterpolatedBoolean:
    condition: Union[str, bool]
    parameters: InitVar[Mapping[str, Any]]

    def __post_init__(self, parameters: Mapping[str, Any]) -> None:
        self._parameters = dict(parameters or {})

    def eval(self, config: Config, **additional_parameters: Any) -> bool:
        if isinstance(self.condition, bool):
            return self.condition
        template = InterpolatedString(string=self.condition, parameters=self._parameters, default="False")
        evaluated = template.eval(config, **additional_parameters)
        return evaluated not in FALSE_VALUES
