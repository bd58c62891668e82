"""``TokenProvider`` and ``InterpolatedStringTokenProvider``: where a token authenticator's token comes from.

    InterpolatedStringTokenProvider(api_token="{{ config['api_key'] }}", config=config, parameters={}).get_token()
"""
from abc import abstractmethod
from dataclasses import InitVar, dataclass
from typing import Any, Mapping, Union

from airbyte_cdk.sources.declarative.interpolation.interpolated_string import InterpolatedString
from airbyte_cdk.sources.types import Config


class TokenProvider:
    @abstractmethod
    def get_token(self) -> str:
        """The token."""


@dataclass
class InterpolatedStringTokenProvider(TokenProvider):
    config: Config
    api_token: Union[InterpolatedString, str]
    parameters: InitVar[Mapping[str, Any]]

    def __post_init__(self, parameters: Mapping[str, Any]) -> None:
        self._token = InterpolatedString.create(self.api_token, parameters=parameters)

    def get_token(self) -> str:
        return str(self._token.eval(self.config))
