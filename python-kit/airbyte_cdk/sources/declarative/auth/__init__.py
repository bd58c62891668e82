"""The kit's authenticators: ``DeclarativeAuthenticator`` and ``NoAuth``."""
from airbyte_cdk.sources.declarative.auth.declarative_authenticator import DeclarativeAuthenticator, NoAuth

__all__ = ["DeclarativeAuthenticator", "NoAuth"]
