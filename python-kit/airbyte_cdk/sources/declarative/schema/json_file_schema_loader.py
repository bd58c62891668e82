"""The kit's ``JsonFileSchemaLoader``: a schema read from ``file_path`` (a template; by default
``./source_<name>/schemas/{{ parameters['name'] }}.json``), found as package data of the connector's
Python package (``source_<name>/schemas/``), as the kit finds it.

    JsonFileSchemaLoader(config={}, parameters={"name": "users"}).get_json_schema()
    # the contents of source_<name>/schemas/users.json; IOError "Cannot find file ..." without it
"""
import json
import pkgutil
import sys
from dataclasses import InitVar, dataclass, field
from typing import Any, Mapping, Tuple, Union

from airbyte_cdk.sources.declarative.interpolation.interpolated_string import InterpolatedString
from airbyte_cdk.sources.declarative.schema.schema_loader import SchemaLoader
from airbyte_cdk.sources.types import Config


def _default_file_path() -> str:
    """``./<the connector's package>/schemas/{{parameters['name']}}.json``, the package being a loaded
    module named ``source_...`` as the kit infers it: the kit takes the first, in a process of one
    connector; Sluice's Python child may hold several, so the latest loaded (the one constructing now)
    is taken. ``./{{parameters['name']}}.json`` without one."""
    modules = [name for name in sys.modules if "source_" in name and "airbyte_cdk" not in name]
    if modules:
        return f"./{modules[-1].split('.')[0]}/schemas/{{{{parameters['name']}}}}.json"
    return "./{{parameters['name']}}.json"


@dataclass
class JsonFileSchemaLoader(SchemaLoader):
    config: Config
    parameters: InitVar[Mapping[str, Any]]
    file_path: Union[InterpolatedString, str] = field(default="")

    def __post_init__(self, parameters: Mapping[str, Any]) -> None:
        if not self.file_path:
            self.file_path = _default_file_path()
        self.file_path = InterpolatedString.create(self.file_path, parameters=parameters)

    def get_json_schema(self) -> Mapping[str, Any]:
        path = self._get_json_filepath()
        resource, schema_path = self.extract_resource_and_schema_path(path)
        try:
            raw = pkgutil.get_data(resource, schema_path) if resource else None
        except (OSError, ImportError, ValueError):
            raw = None
        if not raw:
            raise IOError(f"Cannot find file {path}")
        try:
            schema = json.loads(raw)
        except ValueError as error:
            raise RuntimeError(f"Invalid JSON file format for file {path}") from error
        self.package_name = resource
        return schema

    def _get_json_filepath(self) -> Any:
        return self.file_path.eval(self.config)  # type: ignore[union-attr]

    @staticmethod
    def extract_resource_and_schema_path(json_schema_path: str) -> Tuple[str, str]:
        """``./source_x/schemas/a.json`` → ``("source_x", "schemas/a.json")``."""
        parts = json_schema_path.split("/")
        if parts and parts[0] in ("", "."):
            parts = parts[1:]
        if not parts:
            return "", ""
        if len(parts) == 1:
            return "", parts[0]
        return parts[0], "/".join(parts[1:])


__all__ = ["JsonFileSchemaLoader", "_default_file_path"]
