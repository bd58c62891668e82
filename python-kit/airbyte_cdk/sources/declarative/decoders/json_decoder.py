"""``JsonDecoder``: the body as JSON; a top-level list yields its items, an empty body ``{}``.

    JsonDecoder(parameters={}).decode(response)  # {"data": [...]} -> one document
"""
import json
from dataclasses import InitVar, dataclass
from typing import Any, Generator, Mapping, MutableMapping

from airbyte_cdk.sources.declarative.decoders.decoder import Decoder


@dataclass
class JsonDecoder(Decoder):
    parameters: InitVar[Mapping[str, Any]]

    def __hash__(self) -> int:
        # Hashable, so a component may keep the kit-6 habit `decoder: Decoder = JsonDecoder(parameters={})`
        # (a dataclass default must be hashable; the kit's is not, and such components fail there).
        return hash(JsonDecoder)

    def is_stream_response(self) -> bool:
        return False

    def decode(self, response: Any) -> Generator[MutableMapping[str, Any], None, None]:
        try:
            body = response.json()
        except (json.JSONDecodeError, ValueError):
            yield {}
            return
        if isinstance(body, list):
            yield from body
        else:
            yield body if body is not None else {}
