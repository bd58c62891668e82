"""The kit's ``airbyte_cdk.sources.message``: the message repositories (see :mod:`.repository`)."""
from airbyte_cdk.sources.message.repository import InMemoryMessageRepository, LogMessage, MessageRepository, NoopMessageRepository

__all__ = ["InMemoryMessageRepository", "LogMessage", "MessageRepository", "NoopMessageRepository"]
