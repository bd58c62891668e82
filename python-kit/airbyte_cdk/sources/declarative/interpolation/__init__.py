"""The kit's interpolation package: ``InterpolatedString``."""
from airbyte_cdk.sources.declarative.interpolation.interpolated_string import InterpolatedString

__all__ = ["InterpolatedString"]
