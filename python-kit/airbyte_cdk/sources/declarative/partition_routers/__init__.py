"""The kit's partition routers: ``PartitionRouter``."""
from airbyte_cdk.sources.declarative.partition_routers.partition_router import PartitionRouter

__all__ = ["PartitionRouter"]
from airbyte_cdk.sources.declarative.partition_routers.substream_partition_router import ParentStreamConfig, SubstreamPartitionRouter  # noqa: E402,F401
from airbyte_cdk.sources.declarative.partition_routers.cartesian_product_stream_slicer import CartesianProductStreamSlicer  # noqa: E402,F401
from airbyte_cdk.sources.declarative.partition_routers.single_partition_router import SinglePartitionRouter  # noqa: E402,F401
from airbyte_cdk.sources.declarative.partition_routers.list_partition_router import ListPartitionRouter  # noqa: E402,F401
