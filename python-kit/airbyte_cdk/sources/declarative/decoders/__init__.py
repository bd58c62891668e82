"""The kit's decoders: ``Decoder`` and ``JsonDecoder``."""
from airbyte_cdk.sources.declarative.decoders.decoder import Decoder
from airbyte_cdk.sources.declarative.decoders.json_decoder import JsonDecoder

__all__ = ["Decoder", "JsonDecoder"]
