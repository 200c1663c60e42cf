"""The event store that lets a client resume a dropped event stream (`Last-Event-ID`), in memory and bounded.

The SDK's Streamable HTTP transport stores each event it sends on a request's stream, starts every stream
with a priming event (an id and a `retry` interval), and on a GET with `Last-Event-ID` replays what came
after it and keeps the stream for what is still to come. So a long call whose stream drops (a proxy's idle
timeout, a laptop's Wi-Fi) still delivers its result. Kept: the last `per_stream` events of at most
`streams` streams, at most `max_bytes` in all (results may carry inline images), each for `ttl` seconds (a
client reconnects within seconds: the priming event says `retry: 1000`); the oldest stream goes first.
"""

from __future__ import annotations

import itertools
import secrets
import time
from collections import OrderedDict, deque
from dataclasses import dataclass, field
from typing import Any

from mcp.server.streamable_http import EventCallback, EventId, EventMessage, EventStore, StreamId


@dataclass
class _Stream:
    events: deque[tuple[int, Any, int]]  # (number, message, its size)
    touched: float = field(default_factory=time.monotonic)
    size: int = 0


class MemoryEventStore(EventStore):
    def __init__(self, streams: int = 1000, per_stream: int = 256, ttl: float = 300.0,
                 max_bytes: int = 64_000_000) -> None:
        self.streams: OrderedDict[StreamId, _Stream] = OrderedDict()
        self.max_streams, self.per_stream, self.ttl, self.max_bytes = streams, per_stream, ttl, max_bytes
        self.size = 0
        self._ids = itertools.count(1)
        self._prefix = secrets.token_hex(4)  # ids from another server process never match

    async def store_event(self, stream_id: StreamId, message: Any) -> EventId:
        number = next(self._ids)
        stream = self.streams.get(stream_id)
        if stream is None:
            stream = self.streams[stream_id] = _Stream(deque())
        size = _size(message)
        stream.events.append((number, message, size))
        stream.size += size
        self.size += size
        if len(stream.events) > self.per_stream:
            dropped = stream.events.popleft()[2]
            stream.size -= dropped
            self.size -= dropped
        stream.touched = time.monotonic()
        self.streams.move_to_end(stream_id)
        self._trim()
        return f"{self._prefix}-{stream_id}-{number}"

    async def replay_events_after(self, last_event_id: EventId, send_callback: EventCallback) -> StreamId | None:
        prefix, _, rest = last_event_id.partition("-")
        stream_id, _, number = rest.rpartition("-")
        stream = self.streams.get(stream_id)
        if prefix != self._prefix or stream is None or not number.isdigit():
            return None
        for event_number, message, _ in list(stream.events):
            if event_number > int(number) and message is not None:
                await send_callback(EventMessage(message, f"{self._prefix}-{stream_id}-{event_number}"))
        return stream_id

    def _trim(self) -> None:
        now = time.monotonic()
        while len(self.streams) > 1 and (len(self.streams) > self.max_streams or self.size > self.max_bytes or
                                         next(iter(self.streams.values())).touched < now - self.ttl):
            self.size -= self.streams.popitem(last=False)[1].size


def _size(message: Any) -> int:
    """About how many bytes the event holds (its JSON; a priming event, none)."""
    if message is None:
        return 0
    dump = getattr(message, "model_dump_json", None)
    return len(dump(by_alias=True, exclude_none=True)) if callable(dump) else len(str(message))
