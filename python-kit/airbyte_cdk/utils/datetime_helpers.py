"""The kit's datetime helpers: ``AirbyteDateTime`` and ``ab_datetime_parse``.

    ab_datetime_parse("2024-01-02T03:04:05Z").to_datetime().isoformat()  # "2024-01-02T03:04:05+00:00"
    str(AirbyteDateTime.from_datetime(datetime(2024, 1, 2)))              # "2024-01-02T00:00:00+00:00"
"""
from datetime import datetime, timezone
from typing import Any, Union


class AirbyteDateTime(datetime):
    """A timezone-aware datetime (UTC when none is given) whose text is ISO 8601."""

    @classmethod
    def from_datetime(cls, value: datetime) -> "AirbyteDateTime":
        aware = value if value.tzinfo else value.replace(tzinfo=timezone.utc)
        return cls(aware.year, aware.month, aware.day, aware.hour, aware.minute, aware.second, aware.microsecond, aware.tzinfo)

    def to_datetime(self) -> datetime:
        return datetime(self.year, self.month, self.day, self.hour, self.minute, self.second, self.microsecond, self.tzinfo)

    def __str__(self) -> str:
        return self.isoformat()


def ab_datetime_parse(value: Union[str, int, float, datetime]) -> AirbyteDateTime:
    """Parses a datetime as the kit does: a datetime, a Unix timestamp, or ISO 8601 text (``Z`` included)."""
    if isinstance(value, datetime):
        return AirbyteDateTime.from_datetime(value)
    if isinstance(value, (int, float)) or (isinstance(value, str) and value.lstrip("-").isdigit()):
        return AirbyteDateTime.from_datetime(datetime.fromtimestamp(int(value), tz=timezone.utc))
    text = str(value).strip()
    if text.endswith("Z"):
        text = text[:-1] + "+00:00"
    try:
        return AirbyteDateTime.from_datetime(datetime.fromisoformat(text))
    except ValueError:
        try:
            from dateutil import parser  # the machine's python3-dateutil, when installed
        except ImportError:
            raise ValueError(f"Could not parse datetime string: {value}") from None
        return AirbyteDateTime.from_datetime(parser.parse(text))


def ab_datetime_now() -> AirbyteDateTime:
    return AirbyteDateTime.from_datetime(datetime.now(timezone.utc))


def ab_datetime_format(value: Any, format: str = "") -> str:
    parsed = ab_datetime_parse(value)
    return parsed.strftime(format) if format else parsed.isoformat()
