"""The kit's airbyte_cdk.sources.declarative.transformations.add_fields module: AddFields, AddedFieldDefinition are named here and not implemented yet (see airbyte_cdk/not_provided.py)."""
from airbyte_cdk.not_provided import not_provided

AddFields = not_provided("airbyte_cdk.sources.declarative.transformations.add_fields", "AddFields")
AddedFieldDefinition = not_provided("airbyte_cdk.sources.declarative.transformations.add_fields", "AddedFieldDefinition")

__all__ = ["AddFields", "AddedFieldDefinition"]
