"""The kit's airbyte_cdk.sources.declarative.partition_routers.substream_partition_router module: SubstreamPartitionRouter, ParentStreamConfig are named here and not implemented yet (see airbyte_cdk/not_provided.py)."""
from airbyte_cdk.not_provided import not_provided

SubstreamPartitionRouter = not_provided("airbyte_cdk.sources.declarative.partition_routers.substream_partition_router", "SubstreamPartitionRouter")
ParentStreamConfig = not_provided("airbyte_cdk.sources.declarative.partition_routers.substream_partition_router", "ParentStreamConfig")

__all__ = ["SubstreamPartitionRouter", "ParentStreamConfig"]
