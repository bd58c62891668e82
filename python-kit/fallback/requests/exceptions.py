"""``requests.exceptions``: the names components catch."""


class RequestException(IOError):
    def __init__(self, *args: object, response: object = None, request: object = None) -> None:
        super().__init__(*args)
        self.response = response
        self.request = request


class HTTPError(RequestException):
    pass


class ConnectionError(RequestException):
    pass


class Timeout(RequestException):
    pass
