"""The kit's state migrations: ``StateMigration``."""
from airbyte_cdk.sources.declarative.migrations.state_migration import StateMigration

__all__ = ["StateMigration"]
