"""The kit's airbyte_cdk.sources.streams.concurrent.cursor module: Cursor are named here and not implemented yet (see airbyte_cdk/not_provided.py)."""
from airbyte_cdk.not_provided import not_provided

Cursor = not_provided("airbyte_cdk.sources.streams.concurrent.cursor", "Cursor")

__all__ = ["Cursor"]
