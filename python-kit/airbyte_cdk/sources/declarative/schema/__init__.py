"""The kit's schema loaders: ``SchemaLoader``."""
from airbyte_cdk.sources.declarative.schema.schema_loader import SchemaLoader

__all__ = ["SchemaLoader"]
from airbyte_cdk.sources.declarative.schema.json_file_schema_loader import JsonFileSchemaLoader  # noqa: E402,F401
