"""The kit's airbyte_cdk.sources.streams.concurrent.abstract_stream module: AbstractStream are named here and not implemented yet (see airbyte_cdk/not_provided.py)."""
from airbyte_cdk.not_provided import not_provided

AbstractStream = not_provided("airbyte_cdk.sources.streams.concurrent.abstract_stream", "AbstractStream")

__all__ = ["AbstractStream"]
