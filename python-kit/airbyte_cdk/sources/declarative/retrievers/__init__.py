"""Sluice's kit-compatible package: see docs/custom-components.md#python-components."""
from airbyte_cdk.sources.declarative.retrievers.simple_retriever import SimpleRetriever  # noqa: E402,F401
