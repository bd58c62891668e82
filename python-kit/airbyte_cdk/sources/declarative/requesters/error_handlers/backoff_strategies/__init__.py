"""Sluice's kit-compatible package: see docs/custom-components.md#python-components."""
