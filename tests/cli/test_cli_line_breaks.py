"""A line break in a file name, a title or a bookmark is data like any other text: piped, a table row, a key's
row, a search line and a batch row each stay one line (the break shown as `\\n`, as in error lines), so `grep`,
`wc -l` and `while read` see every row whole; `--json` keeps the text as it is."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pikepdf
import pytest

BROKEN = "a\nb"  # a file name with a line break in it (legal on POSIX)
SHOWN = "a\\nb"  # how a person reads it: the escape error lines already use


def _pdf(path: Path, title: str = "plain") -> Path:
    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(200, 200))
    pdf.docinfo["/Title"] = title
    with pdf.open_outline() as outline:
        outline.root.append(pikepdf.OutlineItem(title, 0))
    pdf.attachments[title + ".txt"] = pikepdf.AttachedFileSpec(pdf, b"data", filename=title + ".txt")
    pdf.save(path)
    return path


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    base = tmp_path / "in"
    base.mkdir()
    _pdf(base / f"{BROKEN}.pdf")
    _pdf(base / "c.pdf")
    return base


def _lines_naming(out: str, text: str) -> list[str]:
    return [line for line in out.splitlines() if text in line]


def test_ls_piped_keeps_each_file_on_one_row(cli: Callable[..., Any], folder: Path) -> None:
    result = cli("ls", folder)
    assert result.exit_code == 0, result
    assert _lines_naming(result.stdout, f"{SHOWN}.pdf") and all("plain" in line for line in
                                                                   _lines_naming(result.stdout, ".pdf")), result.stdout
    assert not any(line.strip() == "b.pdf" for line in result.stdout.splitlines()), result.stdout
    files = json.loads(cli("ls", folder, "--json").stdout)["files"]
    assert f"{BROKEN}.pdf" in [f["path"] for f in files]  # --json: the name as it is


def test_search_counts_name_each_file_on_one_line(cli: Callable[..., Any], folder: Path) -> None:
    result = cli("search", "-c", "x", folder)
    assert result.stdout.splitlines() == [f"{folder}/{SHOWN}.pdf:0", f"{folder}/c.pdf:0"], result
    listed = cli("search", "-L", "x", folder).stdout.splitlines()
    assert listed == [f"{folder}/{SHOWN}.pdf", f"{folder}/c.pdf"]
    data = json.loads(cli("search", "-c", "x", folder, "--json").stdout)
    assert data["files"][0]["path"] == f"{folder}/{BROKEN}.pdf"


def test_batch_rows_stay_one_line(cli: Callable[..., Any], folder: Path, tmp_path: Path) -> None:
    result = cli("batch", "rotate", folder, "--set", "angle=90", "--out-dir", tmp_path / "out", "--jobs", "1")
    assert result.exit_code == 0, result
    rows = [line for line in result.stdout.splitlines() if " -> " in line]
    assert len(rows) == 2 and all(row.startswith("ok ") for row in rows), result.stdout
    assert any(SHOWN in row for row in rows), rows


def test_a_title_with_a_line_break_is_one_row(cli: Callable[..., Any], tmp_path: Path) -> None:
    doc = _pdf(tmp_path / f"{BROKEN}.pdf", title="first\nsecond")
    for args in (["info", doc], ["metadata", "show", doc], ["bookmarks", "list", doc], ["attachments", "list", doc]):
        result = cli(*args)
        assert result.exit_code == 0, result
        assert not any(line.strip().startswith(("second", "b.pdf")) for line in result.stdout.splitlines()), \
            (args, result.stdout)
        assert "first\\nsecond" in result.stdout, (args, result.stdout)
    assert json.loads(cli("info", doc, "--json").stdout)["metadata"]["Title"] == "first\nsecond"


def test_labels_keep_each_page_on_one_line(cli: Callable[..., Any], tmp_path: Path) -> None:
    """`labels` prints `page<TAB>label`, a page a line: a label whose prefix holds a line break (`a<LF>b`) made
    two lines of one page, so `wc -l` and `while read` counted pages wrong. The note naming the file written
    stays one line too."""
    path = _pdf(tmp_path / "doc.pdf")
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        pdf.add_blank_page(page_size=(200, 200))
        pdf.Root.PageLabels = pikepdf.Dictionary(Nums=[0, pikepdf.Dictionary(P=pikepdf.String("a\nb\r-"),
                                                                               S=pikepdf.Name.D)])
        pdf.save(path)
    result = cli("labels", path)
    assert result.exit_code == 0, result
    assert result.stdout.splitlines() == ["1\ta\\nb\\r-1", "2\ta\\nb\\r-2"], result
    assert json.loads(cli("labels", path, "--json").stdout)["labels"] == ["a\nb\r-1", "a\nb\r-2"]
    written = cli("labels", path, "--set", "1:i", "-o", tmp_path / f"{BROKEN}.pdf")
    assert written.exit_code == 0 and len(written.stderr.splitlines()) == 1, written
    assert f"{SHOWN}.pdf" in written.stderr, written


def test_a_tab_in_a_label_keeps_two_columns(cli: Callable[..., Any], tmp_path: Path) -> None:
    """`page<TAB>label` is two columns for `cut -f2` and `while IFS=$'\\t' read page label`: a tab in a label's
    prefix (`Part<TAB>A-`) made a third column, and `cut -f2` printed `Part` alone. Shown as `\\t`, as a line
    break is shown `\\n`; `--json` keeps it."""
    path = _pdf(tmp_path / "doc.pdf")
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        pdf.Root.PageLabels = pikepdf.Dictionary(Nums=[0, pikepdf.Dictionary(P=pikepdf.String("Part\tA-"),
                                                                               S=pikepdf.Name.D)])
        pdf.save(path)
    result = cli("labels", path)
    assert result.exit_code == 0, result
    assert [line.split("\t") for line in result.stdout.splitlines()] == [["1", "Part\\tA-1"]], result
    assert json.loads(cli("labels", path, "--json").stdout)["labels"] == ["Part\tA-1"]


@pytest.mark.parametrize("command", [("text",), ("images", "-d", "out"), ("attachments",)])
def test_notes_naming_a_file_stay_one_line(cli: Callable[..., Any], tmp_path: Path, command: tuple[str, ...]) -> None:
    """A note on standard error (`no text on page(s) 1`, `has no images`, `has no attachments`) printed a name
    with a line break as it is, so the note took two lines, as error lines no longer do."""
    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(200, 200))
    pdf.save(tmp_path / f"{BROKEN}.pdf")
    result = cli(command[0], tmp_path / f"{BROKEN}.pdf", *command[1:])
    assert result.exit_code == 0, result
    notes = [line for line in result.stderr.splitlines() if line]
    assert len(notes) == 1 and f"{SHOWN}.pdf" in notes[0], result.stderr


def test_a_skipped_search_input_is_an_error_line_and_a_hint_line(cli: Callable[..., Any], folder: Path) -> None:
    """Its note holds two lines on purpose (as every error prints): kept so while a label's note is one line."""
    result = cli("search", "-c", "x", folder / "c.pdf", folder / "missing.pdf")
    assert result.exit_code == 2, result
    assert result.stderr.splitlines() == [f"error[FILE_NOT_FOUND]: no such file: {folder}/missing.pdf",
                                          "  hint: Check the path; `pdftools ls DIR` lists the PDFs in a folder."]


def test_a_tab_in_a_table_cell_is_shown_as_an_escape(cli: Callable[..., Any], tmp_path: Path) -> None:
    """A tab in an annotation's author or contents was printed raw in the table's cell: piped, the row's columns
    no longer lined up and `cut -f` split the cell. It reads `\\t`, as a line break reads `\\n`; JSON keeps it."""
    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(200, 200))
    pdf.pages[0].Annots = pdf.make_indirect(pikepdf.Array([pdf.make_indirect(pikepdf.Dictionary(
        Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.Text, Rect=[10, 10, 30, 30], T="au\tthor",
        Contents="one\ttwo"))]))
    pdf.save(tmp_path / "tab.pdf")
    result = cli("annotations", "list", tmp_path / "tab.pdf")
    assert result.exit_code == 0, result
    assert "\t" not in result.stdout, result
    assert "au\\tthor" in result.stdout and "one\\ttwo" in result.stdout, result
    row = json.loads(cli("annotations", "list", tmp_path / "tab.pdf", "--json").stdout)["annotations"][0]
    assert (row["author"], row["contents"]) == ("au\tthor", "one\ttwo")
