"""The kit's airbyte_cdk.sources.declarative.auth.oauth module: DeclarativeOauth2Authenticator, DeclarativeSingleUseRefreshTokenOauth2Authenticator are named here and not implemented yet (see airbyte_cdk/not_provided.py)."""
from airbyte_cdk.not_provided import not_provided

DeclarativeOauth2Authenticator = not_provided("airbyte_cdk.sources.declarative.auth.oauth", "DeclarativeOauth2Authenticator")
DeclarativeSingleUseRefreshTokenOauth2Authenticator = not_provided("airbyte_cdk.sources.declarative.auth.oauth", "DeclarativeSingleUseRefreshTokenOauth2Authenticator")

__all__ = ["DeclarativeOauth2Authenticator", "DeclarativeSingleUseRefreshTokenOauth2Authenticator"]
