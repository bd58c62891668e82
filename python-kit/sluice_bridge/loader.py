"""Imports a connector's module from its file and constructs a class as the kit's factory does.

The kit passes a custom class only the manifest fields its type hints name, plus ``config`` and
``parameters`` (the merged ``$parameters``)::

    cls = load_class("/c/acme/components.py", "source_acme.components", "ItemsExtractor")
    construct(cls, {"root": "items", "unused": 1}, config={...}, parameters={...})
    # ItemsExtractor(root="items", config={...}, parameters={...}); a nested {type: ...} arrives built (factory.py)
"""
import ast
import importlib.machinery
import importlib.util
import inspect
import os
import sys
import typing
from types import ModuleType
from typing import Any, Dict, List, Mapping


class ClassNotFound(Exception):
    """The module loaded, and has no such class."""


def load_module(file: str, module_name: str) -> ModuleType:
    loaded = sys.modules.get(module_name)
    if loaded is not None and getattr(loaded, "__file__", None) == file:
        return loaded
    folder = os.path.dirname(file)
    if folder not in sys.path:
        sys.path.insert(0, folder)
    _register_packages(file, module_name)
    spec = importlib.util.spec_from_file_location(module_name, file)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {file}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        sys.modules.pop(module_name, None)
        raise
    parent, _, child = module_name.rpartition(".")
    if parent in sys.modules:
        setattr(sys.modules[parent], child, module)
    return module


def _register_packages(file: str, module_name: str) -> None:
    """The packages above a loaded module (``source_acme`` for ``source_acme.components``), each the folder
    the file sits in (or above), as the connector's own package is: a sibling module
    (``import source_acme.utils``) is looked for beside the file, and fails naming itself when absent, and
    ``pkgutil.get_data("source_acme", "manifest.yaml")`` reads the folder's file. A package Python already
    has (installed, or loaded before; not a bare namespace folder) is left as it is; a folder's ``__init__.py`` is not run."""
    parts = module_name.split(".")
    folder = os.path.dirname(file)
    if os.path.basename(file) == "__init__.py":
        folder = os.path.dirname(folder)
    for depth in range(len(parts) - 1, 0, -1):
        name = ".".join(parts[:depth])
        registered = sys.modules.get(name)
        if registered is not None and getattr(registered, "__sluice_folder__", None) not in (None, folder):
            # Another connector's package of the same name (source_declarative_manifest): this one's folder from now on.
            for loaded in [key for key in sys.modules if key.startswith(name + ".")]:
                del sys.modules[loaded]
            del sys.modules[name]
            registered = None
        if registered is None and (depth > 1 or _not_installed(name)):
            init = os.path.join(folder, "__init__.py")
            spec = importlib.util.spec_from_loader(name, importlib.machinery.SourceFileLoader(name, init), origin=init, is_package=True)
            package = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
            package.__file__ = init
            package.__path__ = [folder]
            package.__sluice_folder__ = folder  # type: ignore[attr-defined]
            sys.modules[name] = package
            parent, _, child = name.rpartition(".")
            if parent in sys.modules:
                setattr(sys.modules[parent], child, package)
        folder = os.path.dirname(folder)


def _not_installed(name: str) -> bool:
    """No module of that name, or only a namespace package (a folder without ``__init__.py`` on the path)."""
    found = importlib.util.find_spec(name)
    return found is None or found.origin is None


def load_class(file: str, module_name: str, class_name: str) -> type:
    module = load_module(file, module_name)
    value = getattr(module, class_name, None)
    if not isinstance(value, type):
        names = sorted(name for name, item in vars(module).items() if isinstance(item, type) and item.__module__ == module.__name__)
        raise ClassNotFound(f"{module_name} defines no class {class_name} (its classes: {', '.join(names) or 'none'})")
    return value


def classes_in_file(file: str) -> List[str]:
    """The top-level classes a file defines, read with ``ast`` (nothing runs)."""
    with open(file, "r", encoding="utf-8") as handle:
        tree = ast.parse(handle.read(), filename=file)
    return [node.name for node in tree.body if isinstance(node, ast.ClassDef)]


def field_names(cls: type) -> List[str]:
    """The names the kit passes (the class's type hints, ``InitVar`` ones included), and the named
    parameters of a hand-written ``__init__`` (which the kit would leave out, failing the class)."""
    try:
        names = list(typing.get_type_hints(cls).keys())
    except Exception:
        names = []
        for klass in reversed(cls.__mro__):
            names.extend(name for name in getattr(klass, "__annotations__", {}) if name not in names)
    try:
        parameters = inspect.signature(cls.__init__).parameters.values()
    except (TypeError, ValueError):
        parameters = []
    named = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    names.extend(p.name for p in parameters if p.kind in named and p.name != "self" and p.name not in names)
    return names


def construct(cls: type, fields: Mapping[str, Any], config: Mapping[str, Any], parameters: Mapping[str, Any]) -> Any:
    from sluice_bridge.factory import build, typed_by_hint

    hints = _hints(cls)
    args: Dict[str, Any] = {name: build(typed_by_hint(value, hints.get(name)), config, parameters) for name, value in fields.items()}
    args["config"] = config
    args["parameters"] = parameters
    wanted = field_names(cls)
    # The kit's parameter propagation: a field the definition leaves out takes the $parameters value of that name (``name``).
    for name in wanted:
        if name not in args and name in parameters:
            args[name] = parameters[name]
    return cls(**{name: args[name] for name in wanted if name in args})


def _hints(cls: type) -> Dict[str, Any]:
    try:
        return typing.get_type_hints(cls)
    except Exception:
        return {}
