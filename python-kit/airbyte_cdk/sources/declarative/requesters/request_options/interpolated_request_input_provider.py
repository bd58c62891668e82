"""The kit's ``InterpolatedRequestInputProvider``: request inputs (a mapping, or a string body) whose
keys and values are templates, evaluated with ``config``, ``stream_slice``, ``stream_interval``,
``stream_partition`` and ``next_page_token``; None values are dropped.

    provider = InterpolatedRequestInputProvider(config={"k": "v"}, request_inputs={"key": "{{ config['k'] }}"}, parameters={})
    provider.eval_request_inputs(stream_slice=None, next_page_token=None)  # {"key": "v"}
"""
from dataclasses import InitVar, dataclass, field
from typing import Any, Mapping, Optional, Union

from airbyte_cdk.sources.declarative.interpolation.interpolated_string import InterpolatedString
from airbyte_cdk.sources.types import Config


def _slice_context(stream_slice: Any, next_page_token: Any) -> Mapping[str, Any]:
    partition = getattr(stream_slice, "partition", None)
    interval = getattr(stream_slice, "cursor_slice", None)
    plain = dict(stream_slice) if stream_slice else {}
    return {"stream_slice": plain, "stream_partition": dict(partition) if partition is not None else plain, "stream_interval": dict(interval) if interval is not None else plain, "next_page_token": next_page_token}


@dataclass
class InterpolatedRequestInputProvider:
    parameters: InitVar[Mapping[str, Any]]
    request_inputs: Optional[Union[str, Mapping[str, str]]] = field(default=None)
    config: Config = field(default_factory=dict)

    def __post_init__(self, parameters: Mapping[str, Any]) -> None:
        self._parameters = dict(parameters or {})
        self._request_inputs: Union[str, Mapping[str, Any]] = self.request_inputs or {}

    def _eval(self, value: Any, context: Mapping[str, Any]) -> Any:
        if not isinstance(value, str):
            return value
        return InterpolatedString(string=value, parameters=self._parameters, default="").eval(self.config, **context)

    def eval_request_inputs(self, *args: Any, **kwargs: Any) -> Any:
        """Kit 7 takes ``(stream_slice, next_page_token)``; connectors written for kit 6 pass
        ``(stream_state, stream_slice, next_page_token)``: three positional arguments are read that way."""
        if len(args) >= 3:
            stream_slice, next_page_token = args[1], args[2]
        else:
            stream_slice = args[0] if args else kwargs.get("stream_slice")
            next_page_token = args[1] if len(args) > 1 else kwargs.get("next_page_token")
        context = _slice_context(stream_slice, next_page_token)
        if isinstance(self._request_inputs, str):
            return self._eval(self._request_inputs, context)
        evaluated = {self._eval(key, context): self._eval(value, context) for key, value in self._request_inputs.items()}
        return {key: value for key, value in evaluated.items() if value is not None}


__all__ = ["InterpolatedRequestInputProvider"]
