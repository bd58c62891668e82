"""The kit's ``DeclarativeOauth2Authenticator`` (a pure-Python port): its fields, the getters components
call (``get_client_id()``, ``get_token_refresh_endpoint()``, ``build_refresh_request_body()``) and the
private attributes they read (``_client_id``, ``_token_expiry_date``, ...). The token request goes
through Sluice's HTTP client (the bridged ``requests``).

    class BasicTokenAuth(DeclarativeOauth2Authenticator):
        def _get_refresh_access_token_response(self):
            return requests.post(self.get_token_refresh_endpoint(), auth=(self.get_client_id(), self.get_client_secret())).json()
"""
from dataclasses import InitVar, dataclass, field
from datetime import datetime, timezone
from typing import Any, List, Mapping, Optional, Union

from airbyte_cdk.not_provided import not_provided
from airbyte_cdk.sources.declarative.auth.declarative_authenticator import DeclarativeAuthenticator
from airbyte_cdk.sources.declarative.interpolation.interpolated_string import InterpolatedString
from airbyte_cdk.sources.streams.http.requests_native_auth.abstract_oauth import AbstractOauth2Authenticator

Text = Union[InterpolatedString, str]


def _text(value: Any, parameters: Mapping[str, Any]) -> Optional[InterpolatedString]:
    return InterpolatedString.create(value, parameters=parameters) if value is not None else None


@dataclass
class DeclarativeOauth2Authenticator(AbstractOauth2Authenticator, DeclarativeAuthenticator):
    config: Mapping[str, Any]
    parameters: InitVar[Mapping[str, Any]]
    client_id: Optional[Text] = None
    client_secret: Optional[Text] = None
    token_refresh_endpoint: Optional[Text] = None
    refresh_token: Optional[Text] = None
    scopes: Optional[List[str]] = None
    token_expiry_date: Optional[Text] = None
    _token_expiry_date: Optional[datetime] = field(init=False, repr=False, default=None)
    token_expiry_date_format: Optional[str] = None
    token_expiry_is_time_of_expiration: bool = False
    access_token_name: Text = "access_token"
    access_token_value: Optional[Text] = None
    client_id_name: Text = "client_id"
    client_secret_name: Text = "client_secret"
    expires_in_name: Text = "expires_in"
    refresh_token_name: Text = "refresh_token"
    refresh_request_body: Optional[Mapping[str, Any]] = None
    refresh_request_headers: Optional[Mapping[str, Any]] = None
    send_refresh_request_as_query_params: bool = False
    grant_type_name: Text = "grant_type"
    grant_type: Text = "refresh_token"

    def __post_init__(self, parameters: Mapping[str, Any]) -> None:
        self._parameters = dict(parameters or {})
        self._token_refresh_endpoint = _text(self.token_refresh_endpoint, parameters)
        self._client_id_name = _text(self.client_id_name, parameters)
        self._client_id = _text(self.client_id, parameters)
        self._client_secret_name = _text(self.client_secret_name, parameters)
        self._client_secret = _text(self.client_secret, parameters)
        self._refresh_token_name = _text(self.refresh_token_name, parameters)
        self._refresh_token = _text(self.refresh_token, parameters)
        self._access_token_name = _text(self.access_token_name, parameters)
        self._expires_in_name = _text(self.expires_in_name, parameters)
        self._grant_type_name = _text(self.grant_type_name, parameters)
        self._grant_type = _text(self.grant_type, parameters)
        self._send_refresh_request_as_query_params = self.send_refresh_request_as_query_params
        expiry = _text(self.token_expiry_date, parameters)
        text = expiry.eval(self.config) if expiry else None
        self._token_expiry_date = datetime.fromisoformat(str(text).replace("Z", "+00:00")).astimezone(timezone.utc) if text else None
        value = _text(self.access_token_value, parameters)
        self._access_token = value.eval(self.config) if value else None
        if self._access_token and self._token_expiry_date is None:
            self._token_expiry_date = datetime.max.replace(tzinfo=timezone.utc)

    def _eval(self, value: Optional[InterpolatedString]) -> Any:
        return value.eval(self.config) if value is not None else None

    def get_token_refresh_endpoint(self) -> Optional[str]:
        return self._eval(self._token_refresh_endpoint)

    def get_client_id_name(self) -> str:
        return self._eval(self._client_id_name)

    def get_client_id(self) -> str:
        return self._eval(self._client_id) or ""

    def get_client_secret_name(self) -> str:
        return self._eval(self._client_secret_name)

    def get_client_secret(self) -> str:
        return self._eval(self._client_secret) or ""

    def get_refresh_token_name(self) -> str:
        return self._eval(self._refresh_token_name)

    def get_refresh_token(self) -> Optional[str]:
        return self._eval(self._refresh_token)

    def get_scopes(self) -> List[str]:
        return list(self.scopes or [])

    def get_access_token_name(self) -> str:
        return self._eval(self._access_token_name)

    def get_expires_in_name(self) -> str:
        return self._eval(self._expires_in_name)

    def get_grant_type_name(self) -> str:
        return self._eval(self._grant_type_name)

    def get_grant_type(self) -> str:
        return self._eval(self._grant_type)

    def get_refresh_request_body(self) -> Mapping[str, Any]:
        return {k: InterpolatedString.create(v, parameters=self._parameters).eval(self.config) if isinstance(v, str) else v for k, v in (self.refresh_request_body or {}).items()}

    def get_refresh_request_headers(self) -> Mapping[str, Any]:
        return {k: InterpolatedString.create(v, parameters=self._parameters).eval(self.config) if isinstance(v, str) else v for k, v in (self.refresh_request_headers or {}).items()}

    def get_token_expiry_date(self) -> Optional[datetime]:
        return self._token_expiry_date

    def set_token_expiry_date(self, value: datetime) -> None:
        self._token_expiry_date = value

    @property
    def access_token(self) -> str:
        return self._access_token or ""

    @access_token.setter
    def access_token(self, value: str) -> None:
        self._access_token = value


DeclarativeSingleUseRefreshTokenOauth2Authenticator = not_provided("airbyte_cdk.sources.declarative.auth.oauth", "DeclarativeSingleUseRefreshTokenOauth2Authenticator")

__all__ = ["DeclarativeOauth2Authenticator", "DeclarativeSingleUseRefreshTokenOauth2Authenticator"]
