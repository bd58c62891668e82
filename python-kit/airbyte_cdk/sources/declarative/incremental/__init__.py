"""The kit's airbyte_cdk.sources.declarative.incremental module: DatetimeBasedCursor, Cursor and DeclarativeCursor (see their modules); PerPartitionCursor, GlobalSubstreamCursor, ResumableFullRefreshCursor are named here and not implemented yet (see airbyte_cdk/not_provided.py)."""
from airbyte_cdk.not_provided import not_provided

from airbyte_cdk.sources.declarative.incremental.datetime_based_cursor import DatetimeBasedCursor  # noqa: E402
from airbyte_cdk.sources.declarative.incremental.cursor import Cursor  # noqa: E402
from airbyte_cdk.sources.declarative.incremental.declarative_cursor import DeclarativeCursor  # noqa: E402
PerPartitionCursor = not_provided("airbyte_cdk.sources.declarative.incremental", "PerPartitionCursor")
GlobalSubstreamCursor = not_provided("airbyte_cdk.sources.declarative.incremental", "GlobalSubstreamCursor")
ResumableFullRefreshCursor = not_provided("airbyte_cdk.sources.declarative.incremental", "ResumableFullRefreshCursor")

__all__ = ["DatetimeBasedCursor", "DeclarativeCursor", "Cursor", "PerPartitionCursor", "GlobalSubstreamCursor", "ResumableFullRefreshCursor"]
