"""Sluice's kit-compatible package: see docs/custom-components.md#python-components."""
from airbyte_cdk.sources.declarative.requesters.http_requester import HttpRequester  # noqa: E402,F401
from airbyte_cdk.sources.declarative.requesters.requester import Requester  # noqa: E402,F401
from airbyte_cdk.sources.declarative.requesters.request_option import RequestOption, RequestOptionType  # noqa: E402,F401
