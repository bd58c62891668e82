"""The kit's secrets helpers: ``add_to_secrets(value)`` declares a value secret; Sluice then redacts it
wherever it writes (logs, errors, HTTP records), and ``filter_secrets(text)`` masks it in Python.

    add_to_secrets(response.json()["access_token"])
    filter_secrets(f"token {token}")  # "token ****"
"""
from typing import List

from sluice_bridge.session import ask

_secrets: List[str] = []


def add_to_secrets(secret: str) -> None:
    """Declares ``secret``: told to Sluice (redacted from then on) and kept for :func:`filter_secrets`."""
    text = str(secret)
    if not text or text in _secrets:
        return
    _secrets.append(text)
    ask("secret", value=text)


def update_secrets(secrets: List[str]) -> None:
    for secret in secrets:
        add_to_secrets(secret)


def filter_secrets(string: str) -> str:
    """``string`` with every declared secret replaced by ``****``."""
    for secret in _secrets:
        string = string.replace(secret, "****")
    return string


__all__ = ["add_to_secrets", "filter_secrets", "update_secrets"]
