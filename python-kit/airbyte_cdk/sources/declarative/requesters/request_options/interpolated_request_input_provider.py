"""The kit's airbyte_cdk.sources.declarative.requesters.request_options.interpolated_request_input_provider module: InterpolatedRequestInputProvider are named here and not implemented yet (see airbyte_cdk/not_provided.py)."""
from airbyte_cdk.not_provided import not_provided

InterpolatedRequestInputProvider = not_provided("airbyte_cdk.sources.declarative.requesters.request_options.interpolated_request_input_provider", "InterpolatedRequestInputProvider")

__all__ = ["InterpolatedRequestInputProvider"]
