"""The kit's stream slicers: ``StreamSlicer``."""
from airbyte_cdk.sources.declarative.stream_slicers.stream_slicer import StreamSlicer

__all__ = ["StreamSlicer"]
from airbyte_cdk.sources.declarative.partition_routers.cartesian_product_stream_slicer import CartesianProductStreamSlicer  # noqa: E402,F401
