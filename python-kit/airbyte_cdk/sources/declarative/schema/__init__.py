"""The kit's schema loaders: ``SchemaLoader``."""
from airbyte_cdk.sources.declarative.schema.schema_loader import SchemaLoader

__all__ = ["SchemaLoader"]
