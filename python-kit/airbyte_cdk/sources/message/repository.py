"""The kit's message repositories: where a component puts the Airbyte messages (logs) it emits. A
component built by Sluice is given none (its ``message_repository`` field keeps its default); one it
makes itself keeps its messages in memory until ``consume_queue`` hands them out.

    repository = InMemoryMessageRepository()
    repository.emit_message(AirbyteMessage(type=Type.LOG, log=AirbyteLogMessage(level=Level.WARN, message="no cursor")))
    list(repository.consume_queue())  # [that message]
"""
from typing import Any, Callable, Dict, Iterable, List

from airbyte_cdk.models import AirbyteLogMessage, AirbyteMessage, Level, Type

LogMessage = Dict[str, Any]

_SEVERITY = {Level.DEBUG: 0, Level.INFO: 1, Level.WARN: 2, Level.ERROR: 3, Level.FATAL: 4}


class MessageRepository:
    def emit_message(self, message: AirbyteMessage) -> None:
        raise NotImplementedError(f"{type(self).__name__} does not define emit_message")

    def log_message(self, level: Level, message_provider: Callable[[], LogMessage]) -> None:
        raise NotImplementedError(f"{type(self).__name__} does not define log_message")

    def consume_queue(self) -> Iterable[AirbyteMessage]:
        raise NotImplementedError(f"{type(self).__name__} does not define consume_queue")


class NoopMessageRepository(MessageRepository):
    """Drops what it is given."""

    def emit_message(self, message: AirbyteMessage) -> None:
        pass

    def log_message(self, level: Level, message_provider: Callable[[], LogMessage]) -> None:
        pass

    def consume_queue(self) -> Iterable[AirbyteMessage]:
        return iter(())


class InMemoryMessageRepository(MessageRepository):
    """Keeps messages, and log messages at ``log_level`` or above, until they are consumed."""

    def __init__(self, log_level: Level = Level.INFO) -> None:
        self._log_level = log_level
        self._queue: List[AirbyteMessage] = []

    def emit_message(self, message: AirbyteMessage) -> None:
        self._queue.append(message)

    def log_message(self, level: Level, message_provider: Callable[[], LogMessage]) -> None:
        if _SEVERITY.get(level, 0) >= _SEVERITY.get(self._log_level, 0):
            text = message_provider()
            self._queue.append(AirbyteMessage(type=Type.LOG, log=AirbyteLogMessage(level=level, message=str(text.get("message", text) if isinstance(text, dict) else text))))

    def consume_queue(self) -> Iterable[AirbyteMessage]:
        while self._queue:
            yield self._queue.pop(0)


__all__ = ["InMemoryMessageRepository", "LogMessage", "MessageRepository", "NoopMessageRepository"]
