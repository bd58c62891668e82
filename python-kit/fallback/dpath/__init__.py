"""``dpath`` for components when the real package is absent (Debian does not ship it): Sluice's helper."""
from sluice_bridge.dpath_compat import delete, get, new, values

__all__ = ["delete", "get", "new", "values"]
