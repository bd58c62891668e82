"""``dpath`` for components when the real package is absent (Debian does not ship it): Sluice's helper."""
from sluice_bridge.dpath_compat import delete, get, new, values

from dpath import exceptions, util  # noqa: E402  (dpath 1.x names)

__all__ = ["delete", "exceptions", "get", "new", "util", "values"]
