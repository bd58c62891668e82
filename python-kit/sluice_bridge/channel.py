"""The bridge's stdio: one JSON frame per line, in and out, and the callbacks Python asks Sluice.

Usage::

    channel = Channel(sys.stdin.buffer, protocol_out)
    request = channel.receive()
    channel.reply(request["id"], result)
    value = channel.ask("interpolate", template="{{ config['x'] }}", default=None, context={...})
"""
import json
from typing import Any, BinaryIO, Callable, Dict, List, Optional, Set

from sluice_bridge.wire import json_default


class BridgeClosed(Exception):
    """Sluice closed the bridge's stdin: the child ends."""


class CallbackFailed(Exception):
    """Sluice could not answer a callback (its message says why)."""


class Channel:
    def __init__(self, reader: BinaryIO, writer: BinaryIO) -> None:
        self._reader = reader
        self._writer = writer
        self._next_callback = 0
        self._answers: Dict[int, Dict[str, Any]] = {}
        #: Handles a request that arrives while a callback waits (Sluice's other components go on meanwhile).
        self.on_request: Optional[Callable[[Dict[str, Any]], None]] = None
        #: The requests being handled, innermost last: a callback says which one it is for (``of``).
        self.handling: List[Any] = []
        #: Requests Sluice abandoned (``cancel``) while they ran: a callback they wait for fails.
        self.cancelled: Set[Any] = set()
        #: Callbacks of abandoned requests: their late answers are dropped.
        self._unanswered: Set[int] = set()

    def receive(self) -> Optional[Dict[str, Any]]:
        """The next request or callback answer; None for a ``cancel`` frame, which is noted."""
        line = self._reader.readline()
        if not line:
            raise BridgeClosed()
        frame = json.loads(line)
        if frame.get("op") == "cancel" and "id" not in frame:
            if frame.get("of") in self.handling:
                self.cancelled.add(frame.get("of"))
            return None
        return frame

    def finished(self, request_id: Any) -> None:
        """The request is answered: a cancel for it is moot."""
        self.cancelled.discard(request_id)

    def send(self, frame: Dict[str, Any]) -> None:
        self._writer.write(json.dumps(frame, separators=(",", ":"), default=json_default).encode("utf-8") + b"\n")
        self._writer.flush()

    def reply(self, request_id: int, result: Any) -> None:
        self.send({"id": request_id, "ok": True, "result": result})

    def fail(self, request_id: Optional[int], error: Dict[str, Any]) -> None:
        self.send({"id": request_id, "ok": False, "error": error})

    def ask(self, op: str, **payload: Any) -> Any:
        """Sends a callback and waits for Sluice's answer to it."""
        self._next_callback += 1
        number = self._next_callback
        owner = self.handling[-1] if self.handling else None
        self.send({"cb": number, "of": owner, "op": op, **payload})
        while number not in self._answers:
            if owner in self.cancelled:
                self._unanswered.add(number)
                raise CallbackFailed(f"Sluice cancelled the call waiting for {op} (its read was stopped)")
            frame = self.receive()
            if frame is None:
                continue  # a cancel: the loop's test sees whether it was this call's
            if "cb" in frame:
                if int(frame["cb"]) in self._unanswered:
                    self._unanswered.discard(int(frame["cb"]))
                    continue
                self._answers[int(frame["cb"])] = frame
            elif self.on_request is not None:
                self.on_request(frame)  # a request nested in this wait: answered before the callback's answer
            else:
                raise CallbackFailed(f"expected the answer to callback {number}, got {frame!r:.200}")
        answer = self._answers.pop(number)
        if not answer.get("ok"):
            raise CallbackFailed(str(answer.get("error", "callback failed")))
        return answer.get("result")
