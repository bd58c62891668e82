"""``StateMigration``: rewrites a stored state before a read starts from it.

    class Nest(StateMigration):
        def should_migrate(self, stream_state): return "updated_at" in stream_state
        def migrate(self, stream_state): return {"cursor": stream_state}
"""
from abc import abstractmethod
from typing import Any, Mapping


class StateMigration:
    @abstractmethod
    def should_migrate(self, stream_state: Mapping[str, Any]) -> bool:
        """Whether ``migrate`` applies."""

    @abstractmethod
    def migrate(self, stream_state: Mapping[str, Any]) -> Mapping[str, Any]:
        """The migrated state."""
