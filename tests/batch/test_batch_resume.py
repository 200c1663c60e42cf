"""What a re-run of a batch trusts: a file is skipped only when its input has the content and options the journal
recorded and its output is still the one that batch wrote (its size and modification time, as rsync's quick check
compares them). An output written over since (another batch's options into the same folder, a copy cut short, an
older output left in place by a crash before the rename) is done again; a stale staging file never counts."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

from batch_files import small_pdfs


def rows(stdout: str) -> dict[str, dict[str, Any]]:
    found = [json.loads(line) for line in stdout.splitlines() if line.strip()]
    return {Path(r["input"]).name: r for r in found}


def statuses(result: Any) -> dict[str, str]:
    assert result.exit_code == 0, result
    return {name: row["status"] for name, row in rows(result.stdout).items()}


def rotation(path: Path) -> str:
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    return next(line.split()[-1] for line in info.splitlines() if line.startswith("Page rot"))


def test_an_output_written_over_by_other_options_is_done_again(cli: Any, tmp_path: Path) -> None:
    """rotate 90, then 180 into the same folder, then 90 again: the third said `skipped` (its key was in the
    journal and a file was there) and left the 180-degree output in place."""
    small_pdfs(tmp_path / "in", 2)
    out = tmp_path / "out"
    for angle in ("90", "180"):
        assert set(statuses(cli("batch", "rotate", tmp_path / "in", "-d", out, "--set", f"angle={angle}",
                                "--json")).values()) == {"ok"}
    again = statuses(cli("batch", "rotate", tmp_path / "in", "-d", out, "--set", "angle=90", "--json"))
    assert set(again.values()) == {"ok"}, again
    assert rotation(out / "doc-0000.pdf") == "90"
    kept = statuses(cli("batch", "rotate", tmp_path / "in", "-d", out, "--set", "angle=90", "--json"))
    assert set(kept.values()) == {"skipped"}, kept  # and now it is the one recorded


def test_an_output_changed_since_it_was_written_is_done_again(cli: Any, tmp_path: Path) -> None:
    """A copy cut short, an edit, a file of a thumbnails folder removed: not what the batch wrote."""
    small_pdfs(tmp_path / "in", 3, pages=2)
    texts, thumbs = tmp_path / "texts", tmp_path / "thumbs"
    assert set(statuses(cli("batch", "text", tmp_path / "in", "-d", texts, "--json")).values()) == {"ok"}
    assert set(statuses(cli("batch", "thumbnails", tmp_path / "in", "-d", thumbs, "--json")).values()) == {"ok"}
    whole = (texts / "doc-0000.txt").read_bytes()
    (texts / "doc-0000.txt").write_bytes(whole[:5])  # cut short
    edited = texts / "doc-0001.txt"  # the same size, another time
    edited.write_bytes(edited.read_bytes().upper())
    (pictures := sorted((thumbs / "doc-0002").iterdir()))[-1].unlink()
    assert statuses(cli("batch", "text", tmp_path / "in", "-d", texts, "--json")) == {
        "doc-0000.pdf": "ok", "doc-0001.pdf": "ok", "doc-0002.pdf": "skipped"}
    assert (texts / "doc-0000.txt").read_bytes() == whole and b"File doc 1" in edited.read_bytes()
    assert statuses(cli("batch", "thumbnails", tmp_path / "in", "-d", thumbs, "--json")) == {
        "doc-0000.pdf": "skipped", "doc-0001.pdf": "skipped", "doc-0002.pdf": "ok"}
    assert sorted((thumbs / "doc-0002").iterdir()) == pictures


def test_an_older_output_left_by_a_crash_before_the_rename_is_not_taken_as_done(cli: Any, tmp_path: Path) -> None:
    """The journal line is written just before the rename: a crash (SIGKILL, power) between the two left a line
    for the new content beside the output of the old one, which a re-run took as done."""
    (doc,) = small_pdfs(tmp_path / "in", 1)
    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    assert statuses(cli("batch", "text", tmp_path / "in", "-d", out, "--json")) == {"doc-0000.pdf": "ok"}
    small_pdfs(tmp_path / "in", 1, pages=2)  # the input changes...
    assert statuses(cli("batch", "text", tmp_path / "in", "-d", elsewhere, "--json")) == {"doc-0000.pdf": "ok"}
    journal = out / ".pdftools-batch.jsonl"  # ...and a run into `out` recorded it, then died before the rename
    journal.write_text(journal.read_text() + (elsewhere / ".pdftools-batch.jsonl").read_text())
    assert statuses(cli("batch", "text", tmp_path / "in", "-d", out, "--json")) == {"doc-0000.pdf": "ok"}
    assert (out / "doc-0000.txt").read_bytes() == (elsewhere / "doc-0000.txt").read_bytes()
    assert doc.exists()


def test_an_input_changed_with_its_size_and_time_kept_is_done_again(cli: Any, tmp_path: Path) -> None:
    """The journal keys a file by its content, not by its clock: an edit that keeps the size and puts the
    modification time back (a tool that preserves times, a copy with `cp -p` of another version) is seen."""
    (doc,) = small_pdfs(tmp_path / "in", 1)
    out = tmp_path / "out"
    assert statuses(cli("batch", "text", tmp_path / "in", "-d", out, "--json")) == {"doc-0000.pdf": "ok"}
    before = doc.stat()
    (other,) = small_pdfs(tmp_path / "other", 1, prefix="DOC")  # its page says "File DOC 0": as many bytes
    doc.write_bytes(other.read_bytes())
    os.utime(doc, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert doc.stat().st_size == before.st_size and doc.stat().st_mtime_ns == before.st_mtime_ns
    assert statuses(cli("batch", "text", tmp_path / "in", "-d", out, "--json")) == {"doc-0000.pdf": "ok"}
    assert "File DOC 0" in (out / "doc-0000.txt").read_text()


def test_a_stale_staging_file_never_counts_as_done(cli: Any, tmp_path: Path) -> None:
    """A batch killed outright leaves its staging folder: the partial files there are never outputs, and the
    next run removes them."""
    small_pdfs(tmp_path / "in", 2)
    out = tmp_path / "out"
    stale = out / ".pdftools-staging" / "host-1-0000"
    stale.mkdir(parents=True)
    (stale / "abc-doc-0000.txt").write_bytes(b"File do")  # half written when the batch was killed
    assert set(statuses(cli("batch", "text", tmp_path / "in", "-d", out, "--json")).values()) == {"ok"}
    assert "File doc 0" in (out / "doc-0000.txt").read_text()
    assert not (out / ".pdftools-staging").exists()


def test_journal_lines_of_an_earlier_pdftools_are_trusted_as_before(cli: Any, tmp_path: Path) -> None:
    """Lines without the output's size and time (written before they were recorded) keep their meaning: the
    output is there, so the file is done; a re-run after an upgrade does not do a whole batch again."""
    small_pdfs(tmp_path / "in", 2)
    out = tmp_path / "out"
    assert set(statuses(cli("batch", "text", tmp_path / "in", "-d", out, "--json")).values()) == {"ok"}
    journal = out / ".pdftools-batch.jsonl"
    lines = [json.loads(line) for line in journal.read_text().splitlines()]
    assert all("written" in line for line in lines), lines
    journal.write_text("".join(json.dumps({k: v for k, v in line.items() if k != "written"}) + "\n"
                               for line in lines))
    assert set(statuses(cli("batch", "text", tmp_path / "in", "-d", out, "--json")).values()) == {"skipped"}


def test_inputs_with_the_same_content_are_each_skipped(cli: Any, tmp_path: Path) -> None:
    """Two copies of one PDF share the journal's key (content and options): each output is checked against its
    own line, not the last line of that key (the other copy's), which had one of them done again on every run."""
    (doc,) = small_pdfs(tmp_path / "in", 1)
    (tmp_path / "in" / "copy.pdf").write_bytes(doc.read_bytes())
    out = tmp_path / "out"
    assert set(statuses(cli("batch", "text", tmp_path / "in", "-d", out, "--json")).values()) == {"ok"}
    for _ in range(2):
        assert statuses(cli("batch", "text", tmp_path / "in", "-d", out, "--json")) == {
            "doc-0000.pdf": "skipped", "copy.pdf": "skipped"}


def test_an_output_folder_moved_elsewhere_is_still_done(cli: Any, tmp_path: Path) -> None:
    """The journal names outputs by their absolute paths; a folder moved (`mv`, `rsync -a`: times kept) keeps
    its outputs as written, and a re-run into it skips them."""
    small_pdfs(tmp_path / "in", 2)
    assert set(statuses(cli("batch", "text", tmp_path / "in", "-d", tmp_path / "out", "--json")).values()) == {"ok"}
    (tmp_path / "out").rename(tmp_path / "moved")
    again = statuses(cli("batch", "text", tmp_path / "in", "-d", tmp_path / "moved", "--json"))
    assert set(again.values()) == {"skipped"}, again
