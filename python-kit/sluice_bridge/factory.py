"""Builds the kit's components a custom component receives as fields, as the kit's factory does: a
nested definition with a ``type`` (``api_auth: {type: ApiKeyAuthenticator, ...}``) arrives built.

    build({"type": "BearerAuthenticator", "api_token": "{{ config['token'] }}"}, config, {})
    # BearerAuthenticator(token_provider=InterpolatedStringTokenProvider(...), ...)

A type the package does not build yet arrives as a stand-in that names it when it is used, so a
component that picks one of several authenticators still works with the ones that are here.
"""
from typing import Any, Callable, Dict, Mapping

from airbyte_cdk.not_provided import NotProvided
from airbyte_cdk.sources.declarative.auth.declarative_authenticator import NoAuth
from airbyte_cdk.sources.declarative.auth.token import ApiKeyAuthenticator, BasicHttpAuthenticator, BearerAuthenticator
from airbyte_cdk.sources.declarative.auth.token_provider import InterpolatedStringTokenProvider
from airbyte_cdk.sources.declarative.decoders.json_decoder import JsonDecoder
from airbyte_cdk.sources.declarative.extractors.dpath_extractor import DpathExtractor
from airbyte_cdk.sources.declarative.requesters.error_handlers.backoff_strategies import WaitTimeFromHeaderBackoffStrategy
from airbyte_cdk.sources.declarative.requesters.error_handlers.http_response_filter import HttpResponseFilter
from airbyte_cdk.sources.declarative.requesters.paginators.strategies import OffsetIncrement, PageIncrement
from airbyte_cdk.sources.declarative.requesters.request_option import RequestOption, RequestOptionType
from airbyte_cdk.sources.declarative.transformations.add_fields import AddedFieldDefinition, AddFields
from sluice_bridge.parent_stream import ParentStream

Definition = Mapping[str, Any]


def _token(d: Definition, config: Any, params: Any) -> InterpolatedStringTokenProvider:
    return InterpolatedStringTokenProvider(config=config, api_token=d.get("api_token", ""), parameters=params)


def _option(d: Definition, params: Any) -> RequestOption:
    return RequestOption(inject_into=RequestOptionType(d["inject_into"]), field_name=d.get("field_name"), field_path=d.get("field_path"), parameters=params)


def _api_key(d: Definition, config: Any, params: Any) -> ApiKeyAuthenticator:
    option = _option(d["inject_into"], params) if isinstance(d.get("inject_into"), dict) else RequestOption(inject_into=RequestOptionType.header, field_name=d.get("header", ""), parameters=params)
    return ApiKeyAuthenticator(request_option=option, token_provider=_token(d, config, params), config=config, parameters=params)


def _default_error_handler(d: Definition, config: Any, params: Any) -> Any:
    from airbyte_cdk.sources.declarative.requesters.error_handlers.default_error_handler import DefaultErrorHandler

    optional = {name: build(d[name], config, params) for name in ("response_filters", "backoff_strategies", "max_retries", "max_time") if name in d}
    return DefaultErrorHandler(config=config, parameters=params, **optional)


def _composite_error_handler(d: Definition, config: Any, params: Any) -> Any:
    from airbyte_cdk.sources.declarative.requesters.error_handlers.composite_error_handler import CompositeErrorHandler

    return CompositeErrorHandler(error_handlers=build(d.get("error_handlers", []), config, params), parameters=params)


def _parent_stream_config(d: Definition, config: Any, params: Any) -> Any:
    from airbyte_cdk.sources.declarative.partition_routers.substream_partition_router import ParentStreamConfig

    option = _option(d["request_option"], params) if isinstance(d.get("request_option"), dict) else None
    return ParentStreamConfig(stream=build(d["stream"], config, params), parent_key=d["parent_key"], partition_field=d["partition_field"], config=config, parameters=params,
                              extra_fields=d.get("extra_fields"), request_option=option, incremental_dependency=bool(d.get("incremental_dependency", False)))


_VALUE_TYPES: Dict[str, type] = {"string": str, "number": float, "integer": int, "boolean": bool}

BUILDERS: Dict[str, Callable[[Definition, Any, Any], Any]] = {
    "ApiKeyAuthenticator": _api_key,
    "BearerAuthenticator": lambda d, config, params: BearerAuthenticator(token_provider=_token(d, config, params), config=config, parameters=params),
    "BasicHttpAuthenticator": lambda d, config, params: BasicHttpAuthenticator(username=d.get("username", ""), password=d.get("password", ""), config=config, parameters=params),
    "NoAuth": lambda d, config, params: NoAuth(parameters=params),
    "RequestOption": lambda d, config, params: _option(d, params),
    "JsonDecoder": lambda d, config, params: JsonDecoder(parameters=params),
    "DpathExtractor": lambda d, config, params: DpathExtractor(field_path=d.get("field_path", []), config=config, parameters=params, decoder=build(d["decoder"], config, params) if "decoder" in d else JsonDecoder(parameters={})),
    "PageIncrement": lambda d, config, params: PageIncrement(config=config, page_size=d.get("page_size"), parameters=params, start_from_page=d.get("start_from_page", 0), inject_on_first_request=d.get("inject_on_first_request", False)),
    "AddedFieldDefinition": lambda d, config, params: AddedFieldDefinition(path=d["path"], value=d.get("value", ""), value_type=_VALUE_TYPES.get(str(d.get("value_type"))), parameters=params),
    "AddFields": lambda d, config, params: AddFields(fields=build(d.get("fields", []), config, params), parameters=params, condition=d.get("condition", "")),
    "HttpResponseFilter": lambda d, config, params: HttpResponseFilter(config=config, parameters=params, action=d.get("action"), failure_type=d.get("failure_type"), http_codes=set(d["http_codes"]) if "http_codes" in d else None, error_message_contains=d.get("error_message_contains"), predicate=d.get("predicate", ""), error_message=d.get("error_message", "")),
    "WaitTimeFromHeader": lambda d, config, params: WaitTimeFromHeaderBackoffStrategy(header=d["header"], config=config, parameters=params, regex=d.get("regex"), max_waiting_time_in_seconds=d.get("max_waiting_time_in_seconds")),
    "ParentStreamConfig": _parent_stream_config,
    "DefaultErrorHandler": _default_error_handler,
    "CompositeErrorHandler": _composite_error_handler,
    # Sluice puts this in place of a parent stream's definition: the stream itself is built and read by Sluice.
    "SluiceParentStream": lambda d, config, params: ParentStream(index=int(d["index"]), name=str(d.get("name", ""))),
    "OffsetIncrement": lambda d, config, params: OffsetIncrement(config=config, page_size=d.get("page_size"), parameters=params, inject_on_first_request=d.get("inject_on_first_request", False)),
}


class Unavailable:
    """A nested component of a type the package does not build yet: refused, by type, when used."""

    def __init__(self, type_name: str) -> None:
        self._type_name = type_name

    def _refuse(self) -> NotProvided:
        return NotProvided(f"the kit's {self._type_name} (built from the manifest) is not in Sluice's package yet", name="airbyte_cdk")

    def __getattr__(self, attribute: str) -> Any:
        raise self._refuse()

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        raise self._refuse()


def build(value: Any, config: Any, parameters: Mapping[str, Any]) -> Any:
    """A field's value with its nested definitions built (lists too); other values as they are."""
    if isinstance(value, list):
        return [build(item, config, parameters) for item in value]
    if not (isinstance(value, dict) and isinstance(value.get("type"), str)):
        return value
    params = {**parameters, **(value.get("$parameters") or {})}
    builder = BUILDERS.get(value["type"])
    return builder(value, config, params) if builder else Unavailable(value["type"])


def typed_by_hint(value: Any, hint: Any) -> Any:
    """A mapping without ``type`` given to a field whose type hint names a kit class the package builds
    (``fields: List[AddedFieldDefinition]``) gets that type, as the kit derives it from the hints."""
    name = _built_type_in(hint)
    if name is None:
        return value
    if isinstance(value, dict) and "type" not in value:
        return {**value, "type": name}
    if isinstance(value, list):
        return [{**item, "type": name} if isinstance(item, dict) and "type" not in item else item for item in value]
    return value


def _built_type_in(hint: Any) -> Any:
    if hint is None:
        return None
    name = getattr(hint, "__name__", None)
    if name in BUILDERS:
        return name
    for argument in getattr(hint, "__args__", ()) or ():
        found = _built_type_in(argument)
        if found:
            return found
    return None
