"""The kit's airbyte_cdk.sources.declarative.partition_routers.list_partition_router module: ListPartitionRouter are named here and not implemented yet (see airbyte_cdk/not_provided.py)."""
from airbyte_cdk.not_provided import not_provided

ListPartitionRouter = not_provided("airbyte_cdk.sources.declarative.partition_routers.list_partition_router", "ListPartitionRouter")

__all__ = ["ListPartitionRouter"]
