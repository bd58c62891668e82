"""The running bridge's one channel, for the package's code that asks Sluice (``InterpolatedString``).

Usage::

    from sluice_bridge.session import ask
    ask("interpolate", template="{{ config['x'] }}", default=None, context={"config": {"x": 1}})
"""
from typing import Any, Optional

from sluice_bridge.channel import Channel

_channel: Optional[Channel] = None


def attach(channel: Channel) -> None:
    global _channel
    _channel = channel


def ask(op: str, **payload: Any) -> Any:
    if _channel is None:
        raise RuntimeError(f"{op} needs Sluice: this code runs outside the bridge")
    return _channel.ask(op, **payload)
