"""Pages as pdftotext writes them: a selection read in the runs a read of the whole takes (`text._chunks`: one a
CPU), the first run's output taken from its pipe as it comes, the others' once they end, each page handed on in
order as soon as it is complete (it ends with a form feed).

What `text` and `search` print as they go (`text.rounds`; not under `text`'s character budget). They were read in
rounds of 4, 8, 16... pages, each round its own pdftotext runs, so that the first page came at once: 10 runs for
500 pages on two CPUs, each loading poppler and the file again (~10 ms of CPU a run). The first page comes from the
first run's first bytes, and no page is read twice.

A run starts once its pages are measured (`before`: decompression bombs), the first run's in the reading thread,
the others' in the pool's threads, at most `ahead` runs beyond the one handed out (memory: their whole texts are
held until their turn). A page refused there (STREAM_TOO_LARGE) ends the run before it: the pages before it are
read and handed out, then its error is raised, as where it came in a round of its own.
"""

from __future__ import annotations

import contextlib
import threading
from collections import deque
from collections.abc import Callable, Generator, Iterator
from concurrent.futures import Future
from typing import Any

from pdftools import engines
from pdftools.core import task
from pdftools.errors import PdftoolsError

Batch = tuple[list[int], list[str]]
Submit = Callable[..., "Future[Any]"]
BATCH_GROWTH, BATCH_LAST = 2, 64  # pages handed on at a time from the pipe: 1, 2, 4... (a search's matcher is
# a round trip to its child process per batch) up to 64, each batch as soon as its pages are complete


class Runs:
    """pdftotext over runs of consecutive pages: the command of a run (`args`) and its check (`before`, one run
    at a time: pikepdf's objects are not shared between threads)."""

    def __init__(self, args: Callable[[list[int]], list[str]], before: Callable[[list[int]], None] | None) -> None:
        self.args, self.before = args, before
        self._lock = threading.Lock()

    def measured(self, run: list[int]) -> tuple[list[int], PdftoolsError | None]:
        """The pages of `run` that may be read: all of them, or those before a refused one (with its error)."""
        if self.before is None:
            return run, None
        try:
            with self._lock:
                self.before(run)
        except PdftoolsError as refused:
            page = getattr(refused, "page", None)
            if page not in run[1:]:
                raise
            return run[:run.index(page)], refused
        return run, None

    def whole(self, run: list[int], *, before_refused: bool = True) -> list[str]:
        """The texts of `run`'s pages, read at once (its output through a temporary file: `engines.run`). A page
        refused: the pages before it read, then `_After` (`before_refused`: handed out), or its error at once."""
        task.check()  # (a run queued behind a cancelled read is not measured)
        pages, refused = self.measured(run)
        if refused is not None and not before_refused:
            raise refused  # (a read of the whole has no pages before it to hand out)
        texts = _pages(engines.run(self.args(pages)), len(pages)) if pages else []
        if refused is not None:
            raise _After(texts, refused)
        return texts

    def piped(self, pages: list[int], progress: task.Counter) -> Generator[Batch, None, None]:
        """Measured `pages`' texts as pdftotext writes them (its output through a pipe: `engines.streamed`), in
        batches."""
        if pages:
            with contextlib.closing(engines.streamed(self.args(pages))) as pieces:
                yield from _batches(pages, pieces, progress)


class _After(Exception):  # noqa: N818  (not an error: what a run read before its refused page, and the refusal)
    def __init__(self, texts: list[str], refused: PdftoolsError) -> None:
        super().__init__()
        self.texts, self.refused = texts, refused


def pages_as_written(runs: Runs, chunks: list[list[int]], progress: task.Counter, submit: Submit,
                     ahead: int) -> Generator[Batch, None, None]:
    """The pages of `chunks` (runs of consecutive pages, in order), handed on as they are read: the first run's
    from its pipe, the next ones' (started by `submit` in threads, `ahead` at most beyond the one handed out)
    when they end. Closing the generator kills the first run's pdftotext; the caller's scope kills the others."""
    if not chunks:
        return
    started: deque[tuple[list[int], Future[list[str]]]] = deque()
    following = iter(chunks[1:])

    def start() -> None:
        for chunk in following:
            started.append((chunk, submit(runs.whole, chunk)))
            if len(started) >= ahead:
                return

    pages, refused = runs.measured(chunks[0])  # the first run measured before the others (in threads)
    start()
    with contextlib.closing(runs.piped(pages, progress)) as first:
        yield from first
    if refused is not None:
        raise refused
    while started:
        chunk, future = started.popleft()
        start()
        try:
            texts = future.result()
        except _After as cut:
            yield chunk[:len(cut.texts)], cut.texts
            progress.add(len(cut.texts))
            raise cut.refused from None
        progress.add(len(chunk))
        yield chunk, texts


def _pages(output: bytes, count: int) -> list[str]:
    """`count` pages' texts from pdftotext's output: each ends with a form feed; pages it did not write are
    empty."""
    texts = output.decode("utf-8", errors="replace").split("\f")
    return [texts[i] if i < len(texts) else "" for i in range(count)]


def _batches(pages: list[int], pieces: Iterator[bytes], progress: task.Counter) -> Iterator[Batch]:
    """`pages`' texts from the pieces of pdftotext's output as they come, a page once its form feed is in, in
    batches of 1, 2, 4... up to BATCH_LAST pages. Text after the last form feed is the next page's, as in
    `_pages` (a form feed never occurs inside a UTF-8 sequence: each page decodes alone as in the whole)."""
    buffer, done, want = bytearray(), 0, 1
    numbers: list[int] = []
    texts: list[str] = []
    for piece in pieces:
        start = len(buffer)
        buffer += piece
        begin, end = 0, buffer.find(b"\f", start)
        while end != -1:
            if done + len(texts) < len(pages):
                numbers.append(pages[done + len(texts)])
                texts.append(buffer[begin:end].decode("utf-8", errors="replace"))
            begin, end = end + 1, buffer.find(b"\f", end + 1)
        del buffer[:begin]
        if len(texts) >= want:
            done += len(texts)
            progress.add(len(texts))
            yield numbers, texts
            numbers, texts, want = [], [], min(want * BATCH_GROWTH, BATCH_LAST)
    rest = pages[done + len(texts):]
    if rest:
        numbers += rest
        texts += [buffer.decode("utf-8", errors="replace"), *([""] * (len(rest) - 1))]
    if numbers:
        progress.add(len(numbers))
        yield numbers, texts
