"""Files attached by a file attachment annotation (a paperclip on a page: /Annots /Subtype /FileAttachment /FS)
are attachments too: poppler's `pdfdetach -list` lists them with the document's (qpdf's --list-attachments
does not). `attachments list` said such a PDF had no attachments; it lists them with their page, `extract`
writes them (all, or by name), and `remove` says why it leaves them (the annotation is part of its page). A file
attached both ways is listed once."""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pikepdf
import pytest
import readback as rb
from pikepdf import Array, AttachedFileSpec, Dictionary, Name

from pdftools.errors import InvalidArgument
from pdftools.ops.attachments import attachments
from pdftools.ops.info import info


def annotated(path: Path, *, document: bool = False, shared: bool = False) -> Path:
    """Page 2 of the four-page sample with a file attachment annotation (`photo.jpg`); `document` adds a file
    to the document's list, `shared`: the annotation's file is also in that list."""
    with pikepdf.open(rb.FOUR) as pdf:
        spec = AttachedFileSpec(pdf, b"photo bytes", filename="photo.jpg", mime_type="image/jpeg",
                                description="a photo", mod_date="D:20230102000000Z")
        annot = pdf.make_indirect(Dictionary(Type=Name.Annot, Subtype=Name.FileAttachment, FS=spec.obj,
                                             Rect=Array([10, 10, 30, 30]), Contents=pikepdf.String("see photo")))
        pdf.pages[1].obj.Annots = pdf.make_indirect(Array([annot]))
        if document:
            pdf.attachments["doc.txt"] = AttachedFileSpec(pdf, b"doc level", filename="doc.txt")
        if shared:
            pdf.attachments["photo.jpg"] = spec
        pdf.save(path)
    return path


def pdfdetach_list(path: Path) -> list[str]:
    out = subprocess.run(["pdfdetach", "-list", str(path)], capture_output=True, text=True, check=True).stdout
    return [m.group(1) for m in re.finditer(r"^\d+: (.*)$", out, re.M)]


def test_listed_with_their_page_as_pdfdetach_lists_them(tmp_path: Path) -> None:
    only = annotated(tmp_path / "only.pdf")
    result = attachments("list", str(only))
    assert [(a.name, a.page, a.size, a.mime_type) for a in result.attachments] == [
        ("photo.jpg", 2, 11, "image/jpeg")]
    assert [a.filename for a in result.attachments] == pdfdetach_list(only) and result.notes() == []
    both = annotated(tmp_path / "both.pdf", document=True)
    listed = attachments("list", str(both)).attachments
    assert sorted(a.filename for a in listed) == sorted(pdfdetach_list(both))
    assert [(a.name, a.page) for a in listed] == [("doc.txt", None), ("photo.jpg", 2)]


def test_a_file_attached_both_ways_is_listed_once(tmp_path: Path) -> None:
    path = annotated(tmp_path / "shared.pdf", shared=True)
    assert [(a.name, a.page) for a in attachments("list", str(path)).attachments] == [("photo.jpg", None)]


def test_extracted_all_or_by_name(cli: Callable[..., Any], tmp_path: Path) -> None:
    path = annotated(tmp_path / "a.pdf", document=True)
    done = cli("attachments", "extract", path, "-d", tmp_path / "all", "--json")
    assert done.exit_code == 0, done
    assert {p.name: p.read_bytes() for p in (tmp_path / "all").iterdir()} == {"doc.txt": b"doc level",
                                                                            "photo.jpg": b"photo bytes"}
    one = cli("attachments", "extract", path, "--name", "photo.jpg", "-d", tmp_path / "one", "--json")
    assert one.exit_code == 0 and json.loads(one.stdout)["attachments"][0]["page"] == 2, one
    assert [p.name for p in (tmp_path / "one").iterdir()] == ["photo.jpg"]


def test_the_cli_shows_the_page_and_no_none_note(cli: Callable[..., Any], tmp_path: Path) -> None:
    path = annotated(tmp_path / "a.pdf")
    shown = cli("attachments", "list", path)
    assert shown.exit_code == 0 and shown.stderr == "", shown
    header = next(line for line in shown.stdout.splitlines() if "┃" in line)
    assert "page" in [c.strip() for c in header.split("┃")], header
    assert "photo.jpg" in shown.stdout


def test_remove_says_why_it_leaves_them(tmp_path: Path) -> None:
    path = annotated(tmp_path / "a.pdf")
    with pytest.raises(InvalidArgument) as raised:
        attachments("remove", str(path), names=["photo.jpg"], output=str(tmp_path / "out.pdf"))
    assert "page 2" in raised.value.message and "annotation" in raised.value.message, raised.value.message
    assert not (tmp_path / "out.pdf").exists()


def test_info_names_them_too(tmp_path: Path) -> None:
    """`info` named only the document's list: `attachments: []` beside `FileAttachment: 1`."""
    path = annotated(tmp_path / "a.pdf", document=True)
    assert info(str(path)).attachments == ["doc.txt", "photo.jpg"]
