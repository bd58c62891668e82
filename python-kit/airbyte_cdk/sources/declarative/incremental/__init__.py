"""The kit's airbyte_cdk.sources.declarative.incremental module: DatetimeBasedCursor (see its module); DeclarativeCursor, Cursor, PerPartitionCursor, GlobalSubstreamCursor, ResumableFullRefreshCursor are named here and not implemented yet (see airbyte_cdk/not_provided.py)."""
from airbyte_cdk.not_provided import not_provided

from airbyte_cdk.sources.declarative.incremental.datetime_based_cursor import DatetimeBasedCursor  # noqa: E402
DeclarativeCursor = not_provided("airbyte_cdk.sources.declarative.incremental", "DeclarativeCursor")
Cursor = not_provided("airbyte_cdk.sources.declarative.incremental", "Cursor")
PerPartitionCursor = not_provided("airbyte_cdk.sources.declarative.incremental", "PerPartitionCursor")
GlobalSubstreamCursor = not_provided("airbyte_cdk.sources.declarative.incremental", "GlobalSubstreamCursor")
ResumableFullRefreshCursor = not_provided("airbyte_cdk.sources.declarative.incremental", "ResumableFullRefreshCursor")

__all__ = ["DatetimeBasedCursor", "DeclarativeCursor", "Cursor", "PerPartitionCursor", "GlobalSubstreamCursor", "ResumableFullRefreshCursor"]
