"""``dpath.util`` (dpath 1.x's module, which connectors written for it import): the same helper."""
from sluice_bridge.dpath_compat import delete, get, new, values

__all__ = ["delete", "get", "new", "values"]
