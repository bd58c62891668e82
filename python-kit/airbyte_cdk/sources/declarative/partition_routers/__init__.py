"""The kit's partition routers: ``PartitionRouter``."""
from airbyte_cdk.sources.declarative.partition_routers.partition_router import PartitionRouter

__all__ = ["PartitionRouter"]
