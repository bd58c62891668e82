"""The kit's airbyte_cdk.sources.streams.core module: Stream, StreamData are named here and not implemented yet (see airbyte_cdk/not_provided.py)."""
from airbyte_cdk.not_provided import not_provided

Stream = not_provided("airbyte_cdk.sources.streams.core", "Stream")
StreamData = not_provided("airbyte_cdk.sources.streams.core", "StreamData")

__all__ = ["Stream", "StreamData"]
