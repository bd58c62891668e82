"""The Python side of Sluice's bridge: runs a connector's ``components.py`` for a Sluice process.

Sluice starts ``python3 -m sluice_bridge`` once per process, when a manifest names a Python class,
and speaks the protocol of :mod:`sluice_bridge.protocol` over the child's stdin and stdout.
"""
