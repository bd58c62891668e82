"""The kit's extractors: ``RecordExtractor``, ``DpathExtractor``, ``RecordFilter``."""
from airbyte_cdk.sources.declarative.extractors.dpath_extractor import DpathExtractor
from airbyte_cdk.sources.declarative.extractors.record_extractor import RecordExtractor
from airbyte_cdk.sources.declarative.extractors.record_filter import RecordFilter

__all__ = ["DpathExtractor", "RecordExtractor", "RecordFilter"]
