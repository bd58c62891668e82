"""Sluice's kit-compatible package: see python-kit/README.md."""
