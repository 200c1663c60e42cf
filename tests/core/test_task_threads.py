"""core.task.map_threads: a failure of one item is that item's error; it stops its siblings, never the whole
operation (an op calling map_threads for each of several files keeps going with the other files)."""

from __future__ import annotations

import threading
from pathlib import Path

import pikepdf
import pytest

from pdftools import engines
from pdftools.core import task
from pdftools.errors import ExternalToolFailed, Interrupted, PdftoolsError


def test_a_failure_is_raised_as_itself_while_a_sibling_runs_a_program() -> None:
    started = threading.Event()

    def work(i: int) -> str:
        if i == 0:
            started.set()
            engines.run(["sleep", "30"])  # killed when its sibling fails
            return "slept"
        started.wait(10)
        raise ExternalToolFailed("item 1 failed")

    with task.running(task.Task()) as running:
        with pytest.raises(ExternalToolFailed, match="item 1 failed"):  # not the sibling's Interrupted
            task.map_threads(work, [0, 1], workers=2)
        assert not running.cancelled.is_set()  # the operation itself goes on
        running.check()
        assert engines.run(["echo", "still running"]) == b"still running\n"


def test_a_failing_inner_map_leaves_the_outer_items_alone() -> None:
    def inner(item: tuple[int, int]) -> int:
        outer, page = item
        if outer == 0 and page == 1:
            raise ExternalToolFailed("page 2 of file 0")
        engines.run(["true"])
        return page

    def outer(i: int) -> list[int] | PdftoolsError:
        try:
            return task.map_threads(inner, [(i, p) for p in range(3)], workers=2)
        except Interrupted:
            raise
        except PdftoolsError as exc:
            return exc

    with task.running(task.Task()):
        results = task.map_threads(outer, range(4), workers=2)
    assert isinstance(results[0], ExternalToolFailed)
    assert results[1:] == [[0, 1, 2]] * 3


def test_a_cancel_of_the_operation_still_stops_every_item() -> None:
    running = task.Task()

    def work(i: int) -> None:
        if i == 1:
            running.cancel(Interrupted("stop"))
        engines.run(["sleep", "30"])

    with task.running(running), pytest.raises(Interrupted, match="stop"):
        task.map_threads(work, [0, 1, 2], workers=2)


def test_rename_invoice_over_several_scans_gives_the_failing_file_its_own_row(tmp_path: Path) -> None:
    """A scan that tesseract cannot read (a page too wide for it) among good ones: before, its failure
    cancelled the whole run, which ended as INTERRUPTED 'cancelled' (exit 130) with no row at all."""
    from pdftools.ops.rename_invoice import rename_invoice

    wide = tmp_path / "wide.pdf"
    with pikepdf.new() as pdf:
        for _ in range(2):  # two pages: read by two threads
            pdf.add_blank_page(page_size=(14400, 20))  # 60,000 px wide at 300 dpi: tesseract refuses it
        pdf.save(wide)
    others = []
    for n in range(2):
        path = tmp_path / f"blank{n}.pdf"
        with pikepdf.new() as pdf:
            for _ in range(2):
                pdf.add_blank_page()
            pdf.save(path)
        others.append(path)
    result = rename_invoice([str(others[0]), str(wide), str(others[1])], apply=False)
    rows = {Path(r.file).name: r for r in result.files}
    assert rows["wide.pdf"].status == "error" and rows["wide.pdf"].error == "EXTERNAL_TOOL_FAILED"
    assert "tesseract" in rows["wide.pdf"].reason and ".." not in rows["wide.pdf"].reason  # message. hint
    assert rows["blank0.pdf"].status == rows["blank1.pdf"].status == "skipped"
