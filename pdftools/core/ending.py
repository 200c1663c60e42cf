"""What the program leaves to its end. The command line's process ends without tearing the interpreter down
(`main.entry`: `os._exit` once the command is done), so freeing a command's documents as it returns is work no
one waits for: libqpdf's destructors walk every object (~20% of merging 50 files of 20 pages). A command hands
them to `keep`, which holds them until the process ends when the program said it ends so (`at_exit_only`, from
its main thread), and otherwise (the MCP server, a test, a program using pdftools) lets them go as it returns.
Imports nothing: the program calls it before anything loads."""

from __future__ import annotations

import threading

held: list[object] | None = None  # a list once the program ends in os._exit


def at_exit_only() -> None:
    """Called by the program that ends in `os._exit`: what `keep` is given lives to then."""
    global held
    held = []


def keep(*objects: object) -> None:
    """Hold `objects` until the process ends, when it ends without tear-down and this is its main thread (a
    worker thread's documents are freed as they were)."""
    if held is not None and threading.current_thread() is threading.main_thread():
        held.extend(objects)
