"""The kit's older name for :mod:`airbyte_cdk.utils.datetime_helpers`."""
from airbyte_cdk.utils.datetime_helpers import AirbyteDateTime, ab_datetime_format, ab_datetime_now, ab_datetime_parse

__all__ = ["AirbyteDateTime", "ab_datetime_format", "ab_datetime_now", "ab_datetime_parse"]
