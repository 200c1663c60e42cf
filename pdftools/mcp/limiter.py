"""How many heavy calls (OCR, rendering, conversion) run at once: a slot per CPU, a queue behind them, BUSY past
it (PDFTOOLS_HEAVY_SLOTS, PDFTOOLS_HEAVY_QUEUE)."""

from __future__ import annotations

import contextlib
import os
from collections.abc import AsyncIterator

import anyio

from pdftools.errors import Busy
from pdftools.ops import Op

QUEUE_PER_SLOT = 16


class Limiter:
    """At most `slots` calls at once, at most `queue` more waiting; past that, BUSY at once."""

    def __init__(self, slots: int, queue: int) -> None:
        self.slots, self.queue, self.running, self.waiting = slots, queue, 0, 0
        self._free: anyio.Condition | None = None

    @contextlib.asynccontextmanager
    async def __call__(self, name: str) -> AsyncIterator[None]:
        # a place is taken before the first pause: calls that arrive together each count those before them (each
        # passed the check while the lock held them, and all of them queued past the limit)
        self._free = self._free or anyio.Condition()
        if self.running < self.slots and not self.waiting:
            self.running += 1
        elif self.waiting >= self.queue:
            raise Busy(f"{name}: {self.running} running and {self.waiting} waiting, the most this server takes")
        else:
            await self._wait()
        try:
            yield
        finally:  # shielded: a cancelled call (the lock's await would raise at once) still gives its slot back
            with anyio.CancelScope(shield=True):
                async with self._free:
                    self.running -= 1
                    self._free.notify()

    async def _wait(self) -> None:
        assert self._free is not None
        self.waiting += 1
        try:
            async with self._free:
                while self.running >= self.slots:
                    await self._free.wait()
                self.running += 1
        finally:
            self.waiting -= 1


def limiter_for(op: Op) -> Limiter | None:
    if not op.heavy:
        return None
    slots = int(os.environ.get("PDFTOOLS_HEAVY_SLOTS") or os.cpu_count() or 1)
    # a waiting call is only a coroutine (its thread starts with its slot); 20 agent sessions on 2 cores
    # overflowed a queue of 2 per slot (benchmarks/load.py), 16 per slot served them all
    return Limiter(slots, int(os.environ.get("PDFTOOLS_HEAVY_QUEUE") or QUEUE_PER_SLOT * slots))
