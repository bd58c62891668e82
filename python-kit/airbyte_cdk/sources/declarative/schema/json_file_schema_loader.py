"""The kit's airbyte_cdk.sources.declarative.schema.json_file_schema_loader module: JsonFileSchemaLoader are named here and not implemented yet (see airbyte_cdk/not_provided.py)."""
from airbyte_cdk.not_provided import not_provided

JsonFileSchemaLoader = not_provided("airbyte_cdk.sources.declarative.schema.json_file_schema_loader", "JsonFileSchemaLoader")

__all__ = ["JsonFileSchemaLoader"]
