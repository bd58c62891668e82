"""The kit's transformations: ``RecordTransformation``."""
from airbyte_cdk.sources.declarative.transformations.transformation import RecordTransformation

__all__ = ["RecordTransformation"]
