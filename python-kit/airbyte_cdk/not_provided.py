"""Kit classes Sluice's package names but does not implement yet: importable and subclassable (so a
``components.py`` whose other classes a manifest uses still loads), and refused, naming the class,
when one is constructed.

    from airbyte_cdk.not_provided import not_provided
    DatetimeBasedCursor = not_provided("airbyte_cdk.sources.declarative.incremental", "DatetimeBasedCursor")
    DatetimeBasedCursor()  # NotProvided: airbyte_cdk.sources.declarative.incremental.DatetimeBasedCursor is not in Sluice's package yet
"""
from typing import Any


class NotProvided(ImportError):
    """A kit class the package names but does not implement (yet)."""


def not_provided(module: str, name: str) -> type:
    message = f"{module}.{name} is not in Sluice's package yet"

    def refuse(self: Any, *args: Any, **kwargs: Any) -> None:
        raise NotProvided(message, name=module)

    def missing(self: Any, attribute: str) -> Any:
        # A dataclass subclass gets its own __init__: what it reaches of the kit's class is refused instead.
        raise NotProvided(f"{message} (its {attribute} was used)", name=module)

    namespace = {"__init__": refuse, "__post_init__": refuse, "__getattr__": missing, "__module__": module, "__doc__": f"Not provided by Sluice's package yet: {module}.{name}."}
    return type(name, (), namespace)
