"""``SchemaLoader``: a stream's JSON Schema.

    class Fixed(SchemaLoader):
        def get_json_schema(self):
            return {"type": "object", "properties": {"id": {"type": "integer"}}}
"""
from abc import abstractmethod
from dataclasses import dataclass
from typing import Any, Mapping


@dataclass
class SchemaLoader:
    @abstractmethod
    def get_json_schema(self) -> Mapping[str, Any]:
        """The stream's schema."""
