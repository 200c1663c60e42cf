"""core.parallel: half the work in a forked child; its failure is the caller's failure."""

from __future__ import annotations

from pathlib import Path

from pdftools.core import parallel


def _in_a_process_of_its_own(code: str, *args: str) -> str:
    """Run `code` in a fresh interpreter: this one may have threads left by other tests (an MCP test's AnyIO
    worker threads), and a process with threads rightly never forks."""
    import subprocess
    import sys

    preamble = "import os, sys; from pathlib import Path; from pdftools.core import parallel\n"
    return subprocess.run([sys.executable, "-c", preamble + code, *args], capture_output=True, text=True,
                          check=True).stdout.strip()


def test_every_item_is_done_once_across_both_processes(tmp_path: Path) -> None:
    parent = _in_a_process_of_its_own(
        "out = Path(sys.argv[1])\n"
        "parallel.for_each(range(200), lambda i: (out / f'{i}.txt').write_text(str(os.getpid())))\n"
        "print(os.getpid())", str(tmp_path))
    assert sorted(int(p.stem) for p in tmp_path.iterdir()) == list(range(200))
    pids = {p.read_text() for p in tmp_path.iterdir()}
    assert len(pids) == 2 and parent in pids  # really shared with a forked child


def test_a_process_with_other_threads_does_the_work_itself(tmp_path: Path) -> None:
    import os
    import threading

    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        parallel.for_each(list(range(200)), lambda i: (tmp_path / f"{i}.txt").write_text(str(os.getpid())))
    finally:
        stop.set()
        other.join()
    assert {p.read_text() for p in tmp_path.iterdir()} == {str(os.getpid())}
    assert len(list(tmp_path.iterdir())) == 200


def test_a_failure_in_the_child_half_is_raised_in_the_parent(tmp_path: Path) -> None:
    said = _in_a_process_of_its_own(
        "out = Path(sys.argv[1])\n"
        "def work(i):\n"
        "    if i == 150:  # in the child's half (the parent takes the first half)\n"
        "        raise PermissionError(f'boom at 150 in {os.getpid()}')\n"
        "    (out / f'{i}.txt').write_text('x')\n"
        "try:\n"
        "    parallel.for_each(range(200), work)\n"
        "except PermissionError as exc:  # the child's own exception, unpickled\n"
        "    print(os.getpid(), exc)", str(tmp_path))
    parent, message = said.split(" ", 1)
    assert message.startswith("boom at 150 in ") and message.rsplit(" ", 1)[1] != parent
    assert len(list(tmp_path.iterdir())) < 200


def test_a_pdftools_error_in_the_child_keeps_its_code() -> None:
    said = _in_a_process_of_its_own(
        "from pdftools.errors import OutputExists\n"
        "def work(i):\n"
        "    if i >= 100:\n"
        "        raise OutputExists(f'part exists ({os.getpid()})')\n"
        "try:\n"
        "    parallel.for_each(range(200), work)\n"
        "except OutputExists as exc:\n"
        "    print(os.getpid(), exc.code, exc)")
    parent, code, message = said.split(" ", 2)
    assert code == "OUTPUT_EXISTS" and message.startswith("part exists (") and parent not in message


def test_split_of_many_pages_writes_every_part(tmp_path: Path, sample: Path) -> None:
    import pikepdf

    from pdftools.ops.merge import merge
    from pdftools.ops.split import split

    big = tmp_path / "big.pdf"
    merge([str(sample)] * 25, output=str(big))  # 100 pages: enough to fork
    out = tmp_path / "parts"
    out.mkdir()
    result = split(str(big), out_dir=str(out))
    assert len(result.parts) == 100 and len(list(out.iterdir())) == 100
    for part in result.parts[::17]:
        with pikepdf.open(part.path) as pdf:
            assert len(pdf.pages) == 1
