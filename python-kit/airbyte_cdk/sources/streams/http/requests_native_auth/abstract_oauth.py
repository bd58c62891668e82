"""The kit's ``AbstractOauth2Authenticator``: a Bearer header from an access token, refreshed (by
``_get_refresh_access_token_response``, a POST to the token endpoint) when it is missing or expired.

    class Mine(AbstractOauth2Authenticator): ...  # implement the getters; get_auth_header() refreshes once
"""
from datetime import datetime, timedelta, timezone
from typing import Any, Mapping, MutableMapping, Optional, Tuple

from airbyte_cdk.sources.streams.http.requests_native_auth.abstract_token import AbstractHeaderAuthenticator


class AbstractOauth2Authenticator(AbstractHeaderAuthenticator):
    """Subclasses give the getters (``get_token_refresh_endpoint``, ``get_client_id``, ...)."""

    @property
    def auth_header(self) -> str:
        return "Authorization"

    @property
    def token(self) -> str:
        return f"Bearer {self.get_access_token()}"

    def get_access_token(self) -> str:
        if self.token_has_expired():
            token, expires_in = self.refresh_access_token()
            self.access_token = token
            self.set_token_expiry_date(self._expiry_from(expires_in))
        return self.access_token

    def token_has_expired(self) -> bool:
        expiry = self.get_token_expiry_date()
        return not getattr(self, "_access_token", None) or expiry is None or datetime.now(timezone.utc) > expiry

    def _expiry_from(self, expires_in: Any) -> datetime:
        if getattr(self, "token_expiry_is_time_of_expiration", False):
            parsed = datetime.fromisoformat(str(expires_in).replace("Z", "+00:00"))
            return parsed if parsed.tzinfo else parsed.replace(tzinfo=timezone.utc)
        return datetime.now(timezone.utc) + timedelta(seconds=float(expires_in or 0))

    def build_refresh_request_body(self) -> Mapping[str, Any]:
        """The kit's token request body: grant type, client id and secret, refresh token (for the
        refresh_token grant), scopes, then ``refresh_request_body``."""
        payload: MutableMapping[str, Any] = {self.get_grant_type_name(): self.get_grant_type()}
        if self.get_client_id():
            payload[self.get_client_id_name()] = self.get_client_id()
        if self.get_client_secret():
            payload[self.get_client_secret_name()] = self.get_client_secret()
        if self.get_grant_type() == "refresh_token" and self.get_refresh_token():
            payload[self.get_refresh_token_name()] = self.get_refresh_token()
        if self.get_scopes():
            payload["scopes"] = self.get_scopes()
        for key, value in (self.get_refresh_request_body() or {}).items():
            payload.setdefault(key, value)
        return payload

    def build_refresh_request_headers(self) -> Optional[Mapping[str, Any]]:
        return self.get_refresh_request_headers() or None

    def _get_refresh_access_token_response(self) -> Any:
        import requests  # the bridged requests: Sluice sends it

        response = requests.request(method="POST", url=self.get_token_refresh_endpoint(), data=self.build_refresh_request_body(), headers=self.build_refresh_request_headers())
        self._log_response(response)
        response.raise_for_status()
        return response.json()

    def _log_response(self, response: Any) -> None:
        """The kit logs the token response to its message repository; Sluice's HTTP log has it (redacted)."""

    def refresh_access_token(self) -> Tuple[str, Any]:
        answer = self._get_refresh_access_token_response()
        if self.get_access_token_name() not in answer:
            raise Exception(f"Token refresh API response was missing access token {self.get_access_token_name()}")
        return answer[self.get_access_token_name()], answer.get(self.get_expires_in_name())

    @property
    def access_token(self) -> str:
        return getattr(self, "_access_token", None) or ""

    @access_token.setter
    def access_token(self, value: str) -> None:
        self._access_token = value
