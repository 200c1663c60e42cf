"""The local executor alone, with real worker processes: a worker that dies is survived at any moment."""

from __future__ import annotations

from pathlib import Path

from pdftools.batch.executors import LocalExecutor
from pdftools.errors import WorkerLost


def test_a_worker_dying_while_the_caller_holds_a_result_loses_nothing(tmp_path: Path) -> None:
    import time

    marker = tmp_path / "died-once"
    die_once = (f"__import__('os')._exit(3) if not __import__('os').path.exists({str(marker)!r}) "
                f"and open({str(marker)!r}, 'w') else 'second try'")
    items = ["0", die_once, *(str(i) for i in range(2, 12))]  # more than one window: submits come later
    executor = LocalExecutor(1)
    got: dict[str, object] = {}
    try:
        for item, outcome in executor.run(eval, items, lambda: None):
            if not got:  # the worker dies on the next item while its first result is being handled
                deadline = time.monotonic() + 30
                while not marker.exists() and time.monotonic() < deadline:
                    time.sleep(0.05)
                time.sleep(0.5)  # the pool has seen its worker die
            got[item] = outcome
    finally:
        executor.close(kill=True)
    assert sorted(got) == sorted(items)
    assert got[die_once] == "second try" and got["11"] == 11


def test_a_file_whose_worker_always_dies_is_worker_lost() -> None:
    executor = LocalExecutor(1)
    try:
        got = dict(executor.run(eval, ["1", "__import__('os')._exit(3)", "3"], lambda: None))
    finally:
        executor.close(kill=True)
    assert got["1"] == 1 and got["3"] == 3
    assert isinstance(got["__import__('os')._exit(3)"], WorkerLost)


def test_only_the_file_a_worker_died_on_is_blamed_not_those_queued_beside_it() -> None:
    """A file that kills its worker every time (out of memory on it, say) is WORKER_LOST after its attempts;
    the files queued behind it on the same worker, killed with it each time, are done, however often."""
    poison = "__import__('os')._exit(3)"
    items = ["1", poison, *(str(i) for i in range(3, 9))]
    for _ in range(3):  # which sibling is queued behind it changes from run to run
        executor = LocalExecutor(1)
        try:
            got = dict(executor.run(eval, items, lambda: None))
        finally:
            executor.close(kill=True)
        assert isinstance(got.pop(poison), WorkerLost)
        assert got == {str(i): i for i in (1, *range(3, 9))}
