"""The parts of ``dpath`` components use (``get``, ``values``, ``new``, ``delete``), with ``*`` globs.

A path is a list of keys or a ``/``-separated string; a list index is its number as a string or int::

    get({"a": {"b": 1}}, ["a", "b"])            # 1
    values({"a": [{"id": 1}, {"id": 2}]}, "a/*/id")  # [1, 2]
"""
from typing import Any, List, Sequence, Union

Path = Union[str, Sequence[Any]]
_MISSING = object()


def _segments(path: Path, separator: str = "/") -> List[Any]:
    if isinstance(path, str):
        return [part for part in path.split(separator) if part != ""]
    return list(path)


def _children(node: Any, key: Any) -> List[Any]:
    if key == "*":
        if isinstance(node, dict):
            return list(node.values())
        if isinstance(node, list):
            return list(node)
        return []
    if isinstance(node, dict):
        return [node[key]] if key in node else []
    if isinstance(node, list):
        try:
            index = int(key)
        except (TypeError, ValueError):
            return []
        return [node[index]] if -len(node) <= index < len(node) else []
    return []


def values(obj: Any, glob: Path, separator: str = "/") -> List[Any]:
    """Every value the path matches, in document order (``[]`` when none)."""
    nodes = [obj]
    for key in _segments(glob, separator):
        nodes = [child for node in nodes for child in _children(node, key)]
    return nodes


def get(obj: Any, glob: Path, separator: str = "/", default: Any = _MISSING) -> Any:
    """The one value the path matches; ``KeyError`` when none (or ``default``), ``ValueError`` when several."""
    found = values(obj, glob, separator)
    if not found:
        if default is not _MISSING:
            return default
        raise KeyError(glob)
    if len(found) > 1:
        raise ValueError(f"dpath.get() globs must match only one leaf: {glob}")
    return found[0]


def new(obj: Any, path: Path, value: Any, separator: str = "/") -> Any:
    """Sets the value at the path, creating dicts on the way."""
    keys = _segments(path, separator)
    node = obj
    for key in keys[:-1]:
        if isinstance(node, list):
            node = node[int(key)]
            continue
        if key not in node or not isinstance(node[key], (dict, list)):
            node[key] = {}
        node = node[key]
    if isinstance(node, list):
        node[int(keys[-1])] = value
    else:
        node[keys[-1]] = value
    return obj


def delete(obj: Any, glob: Path, separator: str = "/") -> int:
    """Deletes what the path names; the number deleted (``KeyError`` when none)."""
    keys = _segments(glob, separator)
    parents = values(obj, keys[:-1], separator) if len(keys) > 1 else [obj]
    count = 0
    for parent in parents:
        if isinstance(parent, dict) and keys[-1] in parent:
            del parent[keys[-1]]
            count += 1
    if count == 0:
        raise KeyError(glob)
    return count
