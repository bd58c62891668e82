"""The kit's airbyte_cdk.sources.declarative.incremental.declarative_cursor module: DeclarativeCursor are named here and not implemented yet (see airbyte_cdk/not_provided.py)."""
from airbyte_cdk.not_provided import not_provided

DeclarativeCursor = not_provided("airbyte_cdk.sources.declarative.incremental.declarative_cursor", "DeclarativeCursor")

__all__ = ["DeclarativeCursor"]
