"""The kit's airbyte_cdk.sources.declarative.incremental.datetime_based_cursor module: DatetimeBasedCursor are named here and not implemented yet (see airbyte_cdk/not_provided.py)."""
from airbyte_cdk.not_provided import not_provided

DatetimeBasedCursor = not_provided("airbyte_cdk.sources.declarative.incremental.datetime_based_cursor", "DatetimeBasedCursor")

__all__ = ["DatetimeBasedCursor"]
