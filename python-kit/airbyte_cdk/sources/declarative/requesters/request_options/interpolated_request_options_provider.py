"""The kit's airbyte_cdk.sources.declarative.requesters.request_options.interpolated_request_options_provider module: InterpolatedRequestOptionsProvider are named here and not implemented yet (see airbyte_cdk/not_provided.py)."""
from airbyte_cdk.not_provided import not_provided

InterpolatedRequestOptionsProvider = not_provided("airbyte_cdk.sources.declarative.requesters.request_options.interpolated_request_options_provider", "InterpolatedRequestOptionsProvider")

__all__ = ["InterpolatedRequestOptionsProvider"]
