"""The kit's airbyte_cdk.sources.declarative.transformations.type_transformer module: TypeTransformer are named here and not implemented yet (see airbyte_cdk/not_provided.py)."""
from airbyte_cdk.not_provided import not_provided

TypeTransformer = not_provided("airbyte_cdk.sources.declarative.transformations.type_transformer", "TypeTransformer")

__all__ = ["TypeTransformer"]
