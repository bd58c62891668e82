"""The kit's airbyte_cdk.sources.declarative.partition_routers.cartesian_product_stream_slicer module: CartesianProductStreamSlicer are named here and not implemented yet (see airbyte_cdk/not_provided.py)."""
from airbyte_cdk.not_provided import not_provided

CartesianProductStreamSlicer = not_provided("airbyte_cdk.sources.declarative.partition_routers.cartesian_product_stream_slicer", "CartesianProductStreamSlicer")

__all__ = ["CartesianProductStreamSlicer"]
