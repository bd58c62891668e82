"""The kit's value types: ``Config``, ``StreamState``, ``FieldPointer``, ``Record`` and ``StreamSlice``.

    Record(data={"id": 1}, stream_name="users")["id"]            # 1
    StreamSlice(partition={"account": "a"}, cursor_slice={"start": "2024-01-01"})["account"]  # "a"
"""
from typing import Any, ItemsView, Iterator, KeysView, List, Mapping, Optional, ValuesView

FieldPointer = List[str]
Config = Mapping[str, Any]
ConnectionDefinition = Mapping[str, Any]
StreamState = Mapping[str, Any]
EmptyString = str()


class Record(Mapping[str, Any]):
    def __init__(self, data: Mapping[str, Any], stream_name: str, associated_slice: Optional["StreamSlice"] = None, file_reference: Any = None) -> None:
        self._data = data
        self._associated_slice = associated_slice
        self.stream_name = stream_name
        self.file_reference = file_reference

    @property
    def data(self) -> Mapping[str, Any]:
        return self._data

    @property
    def associated_slice(self) -> Optional["StreamSlice"]:
        return self._associated_slice

    def __repr__(self) -> str:
        return repr(self._data)

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __len__(self) -> int:
        return len(self._data)

    def __iter__(self) -> Any:
        return iter(self._data)

    def __eq__(self, other: object) -> bool:
        return self._data == (other._data if isinstance(other, Record) else other)


class StreamSlice(Mapping[str, Any]):
    def __init__(self, *, partition: Mapping[str, Any], cursor_slice: Mapping[str, Any], extra_fields: Optional[Mapping[str, Any]] = None) -> None:
        self._partition = partition
        self._cursor_slice = cursor_slice
        self._extra_fields = extra_fields or {}
        self._stream_slice = dict(partition) | dict(cursor_slice)

    @property
    def partition(self) -> Mapping[str, Any]:
        return self._partition

    @property
    def cursor_slice(self) -> Mapping[str, Any]:
        return self._cursor_slice

    @property
    def extra_fields(self) -> Mapping[str, Any]:
        return self._extra_fields

    def __repr__(self) -> str:
        return repr(self._stream_slice)

    def __setitem__(self, key: str, value: Any) -> None:
        raise ValueError("StreamSlice is immutable")

    def __getitem__(self, key: str) -> Any:
        return self._stream_slice[key]

    def __len__(self) -> int:
        return len(self._stream_slice)

    def __iter__(self) -> Iterator[str]:
        return iter(self._stream_slice)

    def keys(self) -> KeysView[str]:
        return self._stream_slice.keys()

    def items(self) -> ItemsView[str, Any]:
        return self._stream_slice.items()

    def values(self) -> ValuesView[Any]:
        return self._stream_slice.values()

    def get(self, key: str, default: Any = None) -> Optional[Any]:
        return self._stream_slice.get(key, default)

    def __eq__(self, other: Any) -> bool:
        if isinstance(other, dict):
            return self._stream_slice == other
        if isinstance(other, StreamSlice):
            return self._partition == other._partition and self._cursor_slice == other._cursor_slice
        return False

    def __hash__(self) -> int:
        return hash(repr(sorted(self._stream_slice.items(), key=lambda item: item[0])))
