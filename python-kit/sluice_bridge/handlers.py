"""What the bridge does for each request of :data:`sluice_bridge.protocol.REQUESTS`.

Usage::

    objects = Objects()
    HANDLERS["new"](objects, {"file": ..., "module": ..., "class": ..., "fields": {}, "config": {}, "parameters": {}})
"""
import sys
from typing import Any, Callable, Dict, List, Mapping

from sluice_bridge.http import PreparedRequest
from sluice_bridge.loader import classes_in_file, construct, load_class
from sluice_bridge.protocol import PROTOCOL_VERSION
from sluice_bridge.wire import decode, encode


class Objects:
    """The constructed components, by handle."""

    def __init__(self) -> None:
        self.items: Dict[int, Any] = {}
        self._next = 0

    def add(self, value: Any) -> int:
        self._next += 1
        self.items[self._next] = value
        return self._next

    def get(self, handle: int) -> Any:
        return self.items[handle]


def hello(_: Objects, request: Mapping[str, Any]) -> Any:
    if request.get("version") != PROTOCOL_VERSION:
        raise RuntimeError(f"Sluice speaks bridge protocol {request.get('version')}, this package {PROTOCOL_VERSION}")
    return {"version": PROTOCOL_VERSION, "python": sys.version.split()[0]}


def check(_: Objects, request: Mapping[str, Any]) -> Any:
    classes = classes_in_file(request["file"])
    return {"found": request["class"] in classes, "classes": classes}


def new(objects: Objects, request: Mapping[str, Any]) -> Any:
    cls = load_class(request["file"], request["module"], request["class"])
    instance = construct(cls, request.get("fields") or {}, request.get("config") or {}, request.get("parameters") or {})
    # A component's __new__ may return another object (a built authenticator it chose): describe that one.
    made = type(instance)
    bases = [klass.__name__ for klass in made.__mro__]
    return {"handle": objects.add(instance), "bases": bases, "methods": own_methods(made)}


# The kit's interfaces: what they define is a default (`get_request_params` returning {}), not the component's.
INTERFACE_CLASSES = {"object", "Generic", "ABC", "DeclarativeAuthenticator", "AbstractHeaderAuthenticator", "RecordExtractor", "RecordFilter",
                     "RecordTransformation", "PaginationStrategy", "StreamSlicer", "PartitionRouter", "SchemaLoader", "StateMigration",
                     "Decoder", "ErrorHandler", "BackoffStrategy", "HttpRequester", "DatetimeBasedCursor", "Cursor", "DeclarativeCursor"}


def own_methods(cls: type) -> List[str]:
    """The names the component's classes define, its kit parents' included, not the kit's interfaces' defaults."""
    names = set()
    for klass in cls.__mro__:
        if klass.__name__ in INTERFACE_CLASSES and klass.__module__.split(".")[0] in ("airbyte_cdk", "builtins", "abc", "typing"):
            continue
        names.update(name for name in vars(klass) if not name.startswith("__") or name == "__call__")
    return sorted(names)


def call(objects: Objects, request: Mapping[str, Any]) -> Any:
    method = getattr(objects.get(request["handle"]), request["method"])
    args = [decode(arg) for arg in request.get("args") or []]
    kwargs = {name: decode(value) for name, value in (request.get("kwargs") or {}).items()}
    return encode(method(*args, **kwargs))


def get(objects: Objects, request: Mapping[str, Any]) -> Any:
    return encode(getattr(objects.get(request["handle"]), request["attribute"]))


def filter_page(objects: Objects, request: Mapping[str, Any]) -> Any:
    records: List[Any] = request["records"]
    kept = objects.get(request["handle"]).filter_records(
        records, stream_state=request.get("stream_state") or {}, stream_slice=decode(request.get("stream_slice")), next_page_token=request.get("next_page_token"),
    )
    index_of = {id(record): index for index, record in enumerate(records)}
    return [index_of[id(record)] for record in kept if id(record) in index_of]


def transform_page(objects: Objects, request: Mapping[str, Any]) -> Any:
    transformation = objects.get(request["handle"])
    config = request.get("config") or {}
    records: List[Dict[str, Any]] = request["records"]
    stream_slice = decode(request.get("stream_slice"))
    for record in records:
        transformation.transform(record, config=config, stream_state=request.get("stream_state") or {}, stream_slice=stream_slice)
    return records


def observe_page(objects: Objects, request: Mapping[str, Any]) -> Any:
    """A cursor's records of one page, as the kit's retriever hands them: each kept when ``should_be_synced``,
    then ``observe``-d with its slice."""
    from airbyte_cdk.sources.types import Record

    cursor = objects.get(request["handle"])
    stream_slice = decode(request.get("stream_slice"))
    kept = []
    for index, data in enumerate(request["records"]):
        record = Record(data=data, stream_name=str(request.get("stream") or ""), associated_slice=stream_slice)
        if cursor.should_be_synced(record):
            cursor.observe(stream_slice, record)
            kept.append(index)
    return kept


def sign(objects: Objects, request: Mapping[str, Any]) -> Any:
    wire = request["request"]
    prepared = PreparedRequest(wire["method"], wire["url"], wire.get("headers"), wire.get("body"))
    result = objects.get(request["handle"])(prepared)
    return (result if isinstance(result, PreparedRequest) else prepared).to_wire()


def drop(objects: Objects, request: Mapping[str, Any]) -> Any:
    objects.items.pop(request["handle"], None)
    return None


HANDLERS: Dict[str, Callable[[Objects, Mapping[str, Any]], Any]] = {
    "hello": hello, "check": check, "new": new, "call": call, "get": get,
    "filter": filter_page, "transform": transform_page, "observe": observe_page, "sign": sign, "drop": drop,
}
