"""The kit's transformations: ``RecordTransformation``."""
from airbyte_cdk.sources.declarative.transformations.transformation import RecordTransformation

__all__ = ["RecordTransformation"]
from airbyte_cdk.sources.declarative.transformations.add_fields import AddedFieldDefinition, AddFields  # noqa: E402,F401
