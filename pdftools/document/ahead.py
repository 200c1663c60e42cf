"""The next files of a search opened, and their first round of pages read, while this one is matched.

A search over many files read each one in turn (opening it, measuring its streams, one pdftotext run: ~10 ms a
file), so the first line of a search whose first match is in its 11th file waited for ten files read one after
the other. `ReadAhead` prepares the next `DEPTH` files in threads (their programs run beside this file's) and
hands each over when its turn comes, in order: what a file does is the same as when it was opened then
(its errors are raised when it is reached, as `page_texts`' were; its pages read ahead are used only when
the search asks for exactly those, else read again). Only regular files are read ahead: a FIFO or standard
input is read when reached (opening a FIFO waits for its writer). Leaving the block cancels what is still read
(its programs are killed) and closes the files not reached.
"""

from __future__ import annotations

import contextlib
import contextvars
import stat
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from pdftools.core import task
from pdftools.document.text import Extractor, damage

if TYPE_CHECKING:
    from concurrent.futures import Future, ThreadPoolExecutor

DEPTH = 2  # files prepared ahead of the one searched, each in its own thread (two CPUs: two pdftotext at once)
Opened = contextlib.AbstractContextManager[tuple[list[int], Extractor]]  # a file's selected pages, its extractor
Opener = Callable[[], Opened]


class Prepared:
    """A file opened ahead: its open context (its pages, its extractor) and the first round read from it."""

    def __init__(self, opened: Opened) -> None:
        self.stack = contextlib.ExitStack()
        self.selected, self._extract = self.stack.enter_context(opened)
        self.damaged = damage(self._extract)  # (`extract` hands them on: `text.damage`)
        self.lost = getattr(self._extract, "lost", None)
        self._batch: list[int] | None = None
        self._texts: list[str] = []
        self._error: BaseException | None = None
        self._lock = threading.Lock()

    def read(self, batch: list[int]) -> None:
        """Read `batch` now (in the preparing thread), keeping its texts or its error for `extract`."""
        self._batch = batch
        try:
            with task.muted():  # the file's progress is counted when its pages are handed over (`extract`)
                self._texts = self._extract(batch, task.Counter(len(batch)))
        except Exception as exc:  # (a file's error is raised when its pages are asked for)
            self._error = exc

    def extract(self, numbers: list[int], progress: task.Counter) -> list[str]:
        """The extractor handed to the search: a round that starts with the pages read ahead has those (and the
        rest read now: the search's rounds grew meanwhile, its first line out); any other is read now."""
        with self._lock:
            batch = self._batch
            if batch is not None and numbers[:len(batch)] == batch:
                self._batch = None
        if batch is None or numbers[:len(batch)] != batch:
            return self._extract(numbers, progress)
        progress.add(len(batch))
        if self._error is not None:
            raise self._error
        rest = numbers[len(batch):]
        return self._texts + (self._extract(rest, progress) if rest else [])


class ReadAhead:
    """`with ReadAhead(openers, first_round, before) as ahead:` then, for the files in order, `with
    ahead.opened(i, opener) as (selected, extract)`. `openers[j]` opens file j ahead (None: not read ahead, a
    pipe), `opener` the file now when it was not; `first_round(selected)` says which pages the search will ask
    for first; `before()` runs before the first thread starts (the search's matcher is forked then: a child
    forked while a thread starts a program holds that program's pipe, `forked.Worker.start`)."""

    def __init__(self, openers: list[Opener | None], first_round: Callable[[list[int]], list[int]],
                 before: Callable[[], None], depth: int = DEPTH) -> None:
        self.openers, self.first_round, self.before, self.depth = openers, first_round, before, depth
        self._futures: dict[int, Future[Prepared]] = {}
        self._pool: ThreadPoolExecutor | None = None
        self._stack = contextlib.ExitStack()

    def __enter__(self) -> ReadAhead:
        return self

    def __exit__(self, *exc: object) -> None:
        if self._pool is not None:
            self._part.cancel()  # the programs still reading ahead are killed
            for future in self._futures.values():
                future.cancel()
            self._pool.shutdown(wait=True)
            for future in self._futures.values():
                if not future.cancelled() and future.exception() is None:
                    future.result().stack.close()
        self._stack.close()

    @contextlib.contextmanager
    def opened(self, index: int, opener: Opener) -> Iterator[tuple[list[int], Extractor]]:
        """File `index` opened (read ahead, or now), the next ones set reading."""
        future = self._futures.pop(index, None)
        if future is None:
            with opener() as (selected, extract):
                self._schedule(index)
                yield selected, extract
            return
        prepared = future.result()  # its error (not a PDF, encrypted...), as opening it now would raise it
        with prepared.stack:
            self._schedule(index)
            yield prepared.selected, prepared.extract

    def _schedule(self, index: int) -> None:
        for ahead in range(index + 1, min(index + 1 + self.depth, len(self.openers))):
            opener = self.openers[ahead]
            if ahead not in self._futures and opener is not None:
                self._futures[ahead] = self._start().submit(contextvars.copy_context().run, self._prepare, opener)

    def _start(self) -> ThreadPoolExecutor:
        if self._pool is None:
            from concurrent.futures import ThreadPoolExecutor  # (only a search of several files loads it)

            self.before()
            self._part = self._stack.enter_context(task.current().scope())
            self._pool = ThreadPoolExecutor(max_workers=self.depth)
        return self._pool

    def _prepare(self, opener: Opener) -> Prepared:
        with task.running(self._part):
            prepared = Prepared(opener())
            prepared.read(self.first_round(prepared.selected))
            return prepared


def regular(path: Path | None) -> bool:
    """Whether `path` is a regular file, which opening never blocks (a FIFO waits for its writer)."""
    try:
        return path is not None and stat.S_ISREG(path.stat().st_mode)
    except OSError:
        return False
