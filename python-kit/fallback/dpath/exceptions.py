"""``dpath.exceptions``: the names components catch."""


class PathNotFound(KeyError):
    pass


class InvalidGlob(ValueError):
    pass
