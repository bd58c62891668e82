"""The kit's airbyte_cdk.sources.declarative.requesters.http_requester module: HttpRequester are named here and not implemented yet (see airbyte_cdk/not_provided.py)."""
from airbyte_cdk.not_provided import not_provided

HttpRequester = not_provided("airbyte_cdk.sources.declarative.requesters.http_requester", "HttpRequester")

__all__ = ["HttpRequester"]
