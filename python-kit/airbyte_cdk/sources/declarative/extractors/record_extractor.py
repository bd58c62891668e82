"""``RecordExtractor``: a response's records.

    class Items(RecordExtractor):
        def extract_records(self, response):
            yield from response.json()["items"]
"""
from abc import abstractmethod
from dataclasses import dataclass
from typing import Any, Iterable, Mapping


@dataclass
class RecordExtractor:
    @abstractmethod
    def extract_records(self, response: Any) -> Iterable[Mapping[str, Any]]:
        """The records of one response."""
