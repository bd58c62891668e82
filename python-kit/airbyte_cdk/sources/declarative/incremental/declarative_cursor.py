"""The kit's ``DeclarativeCursor``: a :class:`~airbyte_cdk.sources.declarative.incremental.cursor.Cursor`
that is also the stream's slicer (``stream_slices``) and request options provider, as Sluice runs every
``Cursor``.

    class ZendeskIdCursor(DeclarativeCursor):
        ...  # as Cursor
"""
from airbyte_cdk.sources.declarative.incremental.cursor import Cursor


class DeclarativeCursor(Cursor):
    pass


__all__ = ["DeclarativeCursor"]
