"""``RecordTransformation``: changes a record in place.

    class Upper(RecordTransformation):
        def transform(self, record, config=None, stream_state=None, stream_slice=None):
            record["name"] = record["name"].upper()
"""
from abc import abstractmethod
from dataclasses import dataclass
from typing import Any, Dict, Optional

from airbyte_cdk.sources.types import Config, StreamSlice, StreamState


@dataclass
class RecordTransformation:
    @abstractmethod
    def transform(self, record: Dict[str, Any], config: Optional[Config] = None, stream_state: Optional[StreamState] = None, stream_slice: Optional[StreamSlice] = None) -> None:
        """Changes ``record`` in place."""

    def __eq__(self, other: object) -> bool:
        return other.__dict__ == self.__dict__
