"""The kit's airbyte_cdk.sources.declarative.partition_routers.single_partition_router module: SinglePartitionRouter are named here and not implemented yet (see airbyte_cdk/not_provided.py)."""
from airbyte_cdk.not_provided import not_provided

SinglePartitionRouter = not_provided("airbyte_cdk.sources.declarative.partition_routers.single_partition_router", "SinglePartitionRouter")

__all__ = ["SinglePartitionRouter"]
