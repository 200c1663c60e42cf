"""What a stopped batch says: the files it finished and kept, or, stopped before any finished, that nothing was
written (it said "0 of N files finished, kept in out (the journal has them)"); and the progress bar at a
terminal shows one time left (rich's own column beside the message's ETA made two)."""

from __future__ import annotations

from pathlib import Path

from pdftools.batch.op import _stopped
from pdftools.cli.render import ProgressBar
from pdftools.errors import Interrupted


def test_stopped_before_any_file_finished_says_nothing_was_written(tmp_path: Path) -> None:
    error = _stopped(KeyboardInterrupt(), 0, 12, tmp_path)
    assert error.message.startswith("interrupted before any file finished: nothing was written"), error.message
    assert "journal" not in error.message and "kept" not in error.message
    assert "Run the same command again" in (error.hint or "") and "skipped" not in (error.hint or "")


def test_stopped_after_some_keeps_them(tmp_path: Path) -> None:
    error = _stopped(Interrupted("cancelled"), 3, 12, tmp_path)
    assert error.message.startswith(f"cancelled: 3 of 12 files finished, kept in {tmp_path}"), error.message


def test_the_progress_bar_has_no_time_left_column_of_its_own() -> None:
    from rich.progress import TimeRemainingColumn

    assert not any(isinstance(column, TimeRemainingColumn) for column in ProgressBar.columns())
