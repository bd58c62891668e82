"""The kit's utils components import: ``AirbyteTracedException``."""
from airbyte_cdk.utils.traced_exception import AirbyteTracedException

__all__ = ["AirbyteTracedException"]
