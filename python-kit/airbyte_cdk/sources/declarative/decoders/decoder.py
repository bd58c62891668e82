"""``Decoder``: turns a response into the documents an extractor walks.

    class Lines(Decoder):
        def is_stream_response(self): return False
        def decode(self, response): yield from ({"line": l} for l in response.text.splitlines())
"""
from abc import abstractmethod
from dataclasses import dataclass
from typing import Any, Generator, MutableMapping


@dataclass
class Decoder:
    @abstractmethod
    def is_stream_response(self) -> bool:
        """Whether the response is read as a stream."""

    @abstractmethod
    def decode(self, response: Any) -> Generator[MutableMapping[str, Any], None, None]:
        """The response's documents."""
