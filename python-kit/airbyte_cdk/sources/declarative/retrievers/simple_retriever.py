"""The kit's airbyte_cdk.sources.declarative.retrievers.simple_retriever module: SimpleRetriever are named here and not implemented yet (see airbyte_cdk/not_provided.py)."""
from airbyte_cdk.not_provided import not_provided

SimpleRetriever = not_provided("airbyte_cdk.sources.declarative.retrievers.simple_retriever", "SimpleRetriever")

__all__ = ["SimpleRetriever"]
