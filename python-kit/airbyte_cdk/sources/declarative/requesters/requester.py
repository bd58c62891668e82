"""The kit's airbyte_cdk.sources.declarative.requesters.requester module: Requester, HttpMethod are named here and not implemented yet (see airbyte_cdk/not_provided.py)."""
from airbyte_cdk.not_provided import not_provided

Requester = not_provided("airbyte_cdk.sources.declarative.requesters.requester", "Requester")
HttpMethod = not_provided("airbyte_cdk.sources.declarative.requesters.requester", "HttpMethod")

__all__ = ["Requester", "HttpMethod"]
