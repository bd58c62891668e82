"""The kit's authenticators: the interface, ``NoAuth`` and the token authenticators."""
from airbyte_cdk.sources.declarative.auth.declarative_authenticator import DeclarativeAuthenticator, NoAuth
from airbyte_cdk.sources.declarative.auth.token import ApiKeyAuthenticator, BasicHttpAuthenticator, BearerAuthenticator

__all__ = ["ApiKeyAuthenticator", "BasicHttpAuthenticator", "BearerAuthenticator", "DeclarativeAuthenticator", "NoAuth"]
from airbyte_cdk.sources.declarative.auth.oauth import DeclarativeOauth2Authenticator, DeclarativeSingleUseRefreshTokenOauth2Authenticator  # noqa: E402,F401
