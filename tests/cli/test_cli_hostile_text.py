"""Issue 12 item 1: text from documents, file names and users is data in every renderer. A title `[/x]`
crashed rich (MarkupError, exit 1), `[bold]` vanished, ANSI escapes and bidi controls reached the terminal.
Every command runs on a file whose name, title, bookmarks, attachment and form field are hostile; its human
output must keep `[...]` literally, show no raw escape or bidi control, and never fail with INTERNAL."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pikepdf
import pytest

from pdftools.ops import OPS

MARKUP = "[bold]B[link=x]L"  # file names cannot hold `/`; titles add `[/x]`
ESC, BIDI = "\x1b[31m", "\u202e"
NAME = f"{MARKUP}{ESC}{BIDI}"
TITLE = f"[/x]{NAME}"
LONG = "T" * 10_000


def hostile_pdf(path: Path, pages: int = 2) -> Path:
    pdf = pikepdf.new()
    for _ in range(pages):
        pdf.add_blank_page(page_size=(200, 200))
    pdf.docinfo["/Title"] = TITLE + LONG
    pdf.docinfo["/Author"] = TITLE
    with pdf.open_outline() as outline:
        outline.root.append(pikepdf.OutlineItem(TITLE, 0))
    pdf.attachments[NAME + ".txt"] = pikepdf.AttachedFileSpec(pdf, b"data", filename=NAME + ".txt")
    field = pdf.make_indirect(pikepdf.Dictionary(FT=pikepdf.Name.Tx, T=NAME, V=TITLE, Type=pikepdf.Name.Annot,
                                                 Subtype=pikepdf.Name.Widget, Rect=[0, 0, 50, 20]))
    pdf.pages[0].Annots = pdf.make_indirect(pikepdf.Array([field]))
    pdf.Root.AcroForm = pdf.make_indirect(pikepdf.Dictionary(Fields=pikepdf.Array([field])))
    pdf.save(path)
    return path


def commands(doc: Path, folder: Path) -> dict[str, list[Any]]:
    md = folder / f"{NAME}.md"
    md.write_text(f"# {TITLE}\n")
    out = folder / "out"
    return {
        "merge": [doc, doc, "-o", out / f"{MARKUP}.pdf"],
        "split": [doc, "-d", out],
        "info": [doc, "--pages", "all"],
        "text": [doc],
        "ls": [folder],
        "thumbnails": [doc, "-d", out, "--width", "20"],
        "doctor": [],
        "ocr": [doc, "--mode", "text", "--pages", "1", "--dpi", "30"],
        "rotate": [doc, "-a", "90"],
        "select": [doc, "1"],
        "delete": [doc, "2"],
        "reorder": [doc, "--mode", "reverse"],
        "insert-blank": [doc],
        "insert": [doc, doc],
        "metadata": ["show", doc],
        "bookmarks": ["list", doc],
        "attachments": ["list", doc],
        "forms": ["list", doc],
        "annotations": ["list", doc],
        "images": [doc, "-d", out],
        "compress": [doc, "-o", out / "c.pdf"],
        "stamp": [doc, "--text", "[/x]" + MARKUP],
        "nup": [doc],
        "booklet": [doc],
        "protect": [doc, "--user-password", "u", "--owner-password", "o"],
        "unprotect": [doc, "--password", "x"],
        "rename-invoice": [doc, "--dry-run", "--no-ocr"],
        "convert": [md, "-o", out / f"{MARKUP}.html"],
        "check": [doc],
        "repair": [doc, "-o", out / f"{MARKUP}.pdf"],
        "inspect": [doc],
        "linearize": [doc],
        "search": ["-c", ".", doc, folder / f"{NAME}-gone.pdf"],  # counts name the file; the missing one errs
        "labels": [doc],
        "crop": [doc, "--margins", "1", "-o", out / f"{MARKUP}-crop.pdf"],
        "resize": [doc, "--to", "a4", "-o", out / f"{MARKUP}-a4.pdf"],
        "batch": ["info", doc, "-d", out / "batch", "--jobs", "1"],
    }


def test_every_command_is_covered(tmp_path: Path) -> None:
    assert set(commands(tmp_path / "x.pdf", tmp_path)) == {op.name for op in OPS}


@pytest.mark.parametrize("name", [op.name for op in OPS])
def test_hostile_text_is_printed_as_data(cli: Callable[..., Any], tmp_path: Path, name: str) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    doc = hostile_pdf(folder / f"{NAME}.pdf")
    (tmp_path / "in" / "out").mkdir()
    result = cli(name, *commands(doc, folder)[name])
    shown = result.stdout + result.stderr
    assert result.exit_code != 1 and "INTERNAL" not in shown and "MarkupError" not in shown, result
    # extracted text is data, passed through as is; so are search's lines on a pipe (file names included, as
    # pdfgrep prints them; at a terminal they are escaped)
    people = shown if name not in ("text", "search") else result.stderr
    assert ESC not in people and BIDI not in people, f"raw control characters reached the terminal: {result}"
    if name not in ("doctor", "text", "ocr", "convert", "labels"):  # labels: `page<TAB>label` lines, no name
        assert MARKUP in shown, f"{name}: the hostile name or title was not shown literally: {result}"


@pytest.mark.parametrize("name", ["info", "metadata", "bookmarks", "attachments", "forms", "annotations", "ls"])
def test_json_keeps_hostile_text_literal(cli: Callable[..., Any], tmp_path: Path, name: str) -> None:
    doc = hostile_pdf(tmp_path / "h.pdf")
    args = commands(doc, tmp_path)[name]
    result = cli(name, *args, "--json")
    assert result.exit_code == 0, result
    assert any(NAME in text for text in _strings(json.loads(result.stdout))), result


def _strings(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [*value, *(s for v in value.values() for s in _strings(v))]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return [value] if isinstance(value, str) else []


def test_a_long_title_is_not_cut_when_piped(cli: Callable[..., Any], tmp_path: Path) -> None:
    doc = hostile_pdf(tmp_path / "h.pdf")
    out = cli("info", doc).stdout
    assert TITLE.replace(ESC, "").replace(BIDI, "")[:4] == "[/x]"
    assert LONG in out and "…" not in out
