"""Sluice's kit-compatible package: see python-kit/README.md."""
from airbyte_cdk.sources.declarative.requesters.http_requester import HttpRequester  # noqa: E402,F401
from airbyte_cdk.sources.declarative.requesters.requester import Requester  # noqa: E402,F401
