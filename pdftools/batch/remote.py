"""What a Dask worker is sent for each file: the work as bytes, opened on the worker by a small guard that
first checks the worker runs this machine's pdftools.

Dask unpickles a task as it arrives, before running it: a worker without pdftools could not even read a file's
work, its connection to the scheduler broke and it ended (every such worker, at the batch's first file), and
the batch then said the cluster had no workers. A worker with another pdftools (an old release, a stale
checkout on its PYTHONPATH) ran the files with its own code, and nothing said so. So a task names only what
every Python has: `eval` of one line that compiles the guard from its source text (the worker's own Python
compiles it: no code object travels) and calls it with the work as plain bytes. The guard compares
`identity()` (version and code) with this machine's, and only then opens the work and runs it. On a worker
that differs it returns a plain description (`mismatch`), which the coordinator turns into the file's
`WORKER_MISMATCH` row, naming the worker and its Python (or sends the file to the other workers, see
`cluster`): the worker stays up.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import inspect
import pickle
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

WATCH = 0.5  # seconds between a worker's looks at whether the batch still wants the file it runs
SCRATCH = "pdftools-worker-"  # a worker process's temporary folder: host, process, mkdtemp's suffix (`scratch`)


def identity() -> str:
    """This pdftools: its version and a digest of its code (a stale checkout of the same version differs)."""
    return _identity()


@functools.cache
def _identity() -> str:
    import pdftools

    root = Path(pdftools.__file__).parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return f"{pdftools.__version__}+{digest.hexdigest()[:12]}"


_scratch: list[str] = []  # this worker process's temporary folder, once made
_making = threading.Lock()


def scratch(*also: str) -> None:
    """On a Dask worker, before a file: the temporary folders of this process's files (an OCR's page images) go into
    a folder of its own, `pdftools-worker-HOST-PID-*` in its TMPDIR, made once; the folders of this machine's
    worker processes that are gone (killed mid-file: the OOM killer, kill -9) are removed first, and those named by
    the prefixes `also` (`sending`'s, made there before). A worker killed mid-file left its page images in TMPDIR
    for good (a local batch's workers have a TMPDIR of their own, removed after them: `executors`). The process's
    other tasks' temporary files go into it too."""
    import os
    import tempfile

    with _making:
        base = os.path.dirname(_scratch[0]) if _scratch else tempfile.gettempdir()
        for prefix in (SCRATCH, *also):
            sweep(base, prefix)
        if not _scratch or not os.path.isdir(_scratch[0]):
            import socket

            _scratch[:] = [tempfile.mkdtemp(prefix=f"{SCRATCH}{socket.gethostname()}-{os.getpid()}-", dir=base)]
            tempfile.tempdir = _scratch[0]
            import atexit
            import shutil

            atexit.register(shutil.rmtree, _scratch[0], True)  # (a process that ends as it should)


def sweep(folder: str, prefix: str) -> None:
    """Remove the folders in `folder` named `PREFIX` + this host + a process that is gone + mkdtemp's suffix (never
    another machine's, if the folder is shared)."""
    import os
    import re
    import shutil
    import socket

    from pdftools.batch.executors import alive

    # host, process, mkdtemp's suffix (no dash): `worker-2-5555-x` is not the process 2 of `worker`
    mine = re.compile(re.escape(f"{prefix}{socket.gethostname()}-") + r"(\d+)-[^-]+")
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            named = mine.fullmatch(entry.name)
            if named and not alive(int(named[1])):
                shutil.rmtree(entry.path, ignore_errors=True)


@contextlib.contextmanager
def stopped_when_dropped(stop: Callable[[], None]) -> Iterator[None]:
    """On a Dask worker: `stop()` once Dask no longer wants the task that runs the block (the batch stopped:
    Ctrl-C, SIGTERM, a client's cancel; its client gone). Dask cancels such a task but cannot stop one that runs:
    the worker went on OCRing a whole document for nobody, beside the next batch. Elsewhere: nothing."""
    try:
        from distributed import get_worker

        worker = get_worker()
        key = worker.get_current_task()
    except (ImportError, ValueError, AttributeError):  # not in a Dask task
        yield
        return
    done = threading.Event()

    def watch() -> None:
        while not done.wait(WATCH):
            held = worker.state.tasks.get(key)
            if held is None or held.state in ("cancelled", "released", "forgotten"):
                stop()
                return

    threading.Thread(target=watch, daemon=True, name="pdftools-dropped").start()
    try:
        yield
    finally:
        done.set()


RUN = "(exec(source, space), space['_guarded'](expected, work, carried))[1]"  # define the guard, call it: its result


def parcel(fn: Callable[..., Any], item: Any, carried: Any = None) -> tuple[Any, ...]:
    """`fn(item)` for a worker, as `client.submit`'s arguments; `fn(item, data)` when `carried` is a Dask future of
    data sent beside the task (Dask hands the worker its value)."""
    return eval, RUN, {"source": _source(), "space": {}, "expected": identity(), "work": pickle.dumps((fn, item)),
                       "carried": carried}


@functools.cache
def _source() -> str:
    return "from __future__ import annotations\n" + inspect.getsource(_guarded)


def _guarded(expected: str, work: bytes, carried: Any = None) -> Any:
    """On the worker, compiled from this source there: only the standard library (and `Any`, never evaluated)
    until its pdftools is known to be ours."""
    import os
    import pickle
    import socket
    import sys

    found: dict[str, Any] = {"mismatch": True, "worker": f"{socket.gethostname()}:{os.getpid()}",
                             "python": sys.executable, "version": None, "where": None, "why": None, "address": None}
    try:
        from distributed import get_worker

        found["address"] = get_worker().address  # the scheduler's name for it: the coordinator avoids it
    except (ImportError, ValueError):
        pass
    try:
        import pdftools

        found["version"] = getattr(pdftools, "__version__", "?")
        found["where"] = os.path.dirname(pdftools.__file__ or "")
        from pdftools.batch import remote

        same = remote.identity() == expected
    except ImportError as exc:  # no pdftools, or one without this module (older)
        found["why"], same = str(exc), False
    if not same:
        return found
    fn, item = pickle.loads(work)
    return fn(item) if carried is None else fn(item, carried)
