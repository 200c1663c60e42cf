"""Ctrl-C, SIGTERM and SIGHUP held off where acting on them at once would do harm; imports nothing of pdftools, so the
program can install it before anything else loads.

- `held()`: the signals wait until a block is done, then act as they would have (a batch's journal line and
  the rename it records are one step).
- `native_loads_held()`: a native library initialises in one piece. pikepdf's module is built with nanobind,
  which aborts the whole process (`Critical nanobind error`, exit 134, no cleanup) when an exception, as
  Ctrl-C's KeyboardInterrupt, interrupts its initialisation: the signal waits until the module is loaded."""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from importlib.machinery import ModuleSpec, PathFinder
from types import ModuleType
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from importlib.abc import Loader

NATIVE = frozenset({"pikepdf._core"})  # nanobind modules: an exception inside their initialisation aborts


def stop_signals() -> list[int]:
    """The signals that stop a command as Ctrl-C does: SIGTERM, and SIGHUP unless it is ignored (`nohup`)."""
    ignored = signal.getsignal(signal.SIGHUP) == signal.SIG_IGN
    return [signal.SIGTERM] if ignored else [signal.SIGTERM, signal.SIGHUP]


@contextlib.contextmanager
def handled(signals: Iterable[int], handler: Callable[[int, Any], None]) -> Iterator[None]:
    """`handler` takes `signals` for the block, then the handlers before it again. Main thread only: Python runs
    signal handlers there alone, so elsewhere (an MCP server's worker thread) the block runs as it is."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {signum: signal.signal(signum, handler) for signum in signals}
    try:
        yield
    finally:
        for signum, before in previous.items():
            signal.signal(signum, before)


@contextlib.contextmanager
def held() -> Iterator[None]:
    """Ctrl-C, SIGTERM and SIGHUP (`stop_signals`) wait until the block is done, then reach the handler they would
    have met (KeyboardInterrupt, Terminate)."""
    caught: list[int] = []
    try:
        with handled((signal.SIGINT, *stop_signals()), lambda signum, frame: caught.append(signum)):
            yield
    finally:
        if caught:
            signal.raise_signal(caught[0])


class _HeldLoader:
    """A native module's own loader, with the signals held while it creates and initialises the module."""

    def __init__(self, loader: Any) -> None:
        self.loader = loader

    def create_module(self, spec: ModuleSpec) -> ModuleType | None:
        with held():
            return self.loader.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        with held():
            self.loader.exec_module(module)

    def __getattr__(self, name: str) -> Any:  # what else importlib or the module asks of its loader
        return getattr(self.loader, name)


class _NativeFinder:
    """On `sys.meta_path` first: finds the NATIVE modules as Python would and holds the signals while they load;
    every other import is passed on at the cost of one set lookup."""

    @staticmethod
    def find_spec(name: str, path: Any = None, target: ModuleType | None = None) -> ModuleSpec | None:
        if name not in NATIVE:
            return None
        spec = PathFinder.find_spec(name, path, target)
        if spec is not None and spec.loader is not None:
            spec.loader = cast("Loader", _HeldLoader(spec.loader))  # importlib.abc costs ~8 ms to import
        return spec


def native_loads_held() -> None:
    """From now on in this process, the NATIVE modules load with the signals held (once is enough)."""
    if not any(isinstance(finder, _NativeFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _NativeFinder())
