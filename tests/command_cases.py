"""One working invocation (or a few) of every command that takes -q, on files one folder holds: what the tests that
check a promise of every command run (-q's contract, standard input)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pikepdf
from conftest import CORPUS

FILES = {  # what every case's folder holds (copies: a command may write beside its input)
    "a.pdf": CORPUS / "004-pdflatex-4-pages/pdflatex-4-pages.pdf",
    "b.pdf": CORPUS / "006-pdflatex-outline/pdflatex-outline.pdf",
    "f.pdf": CORPUS / "010-pdflatex-forms/pdflatex-forms.pdf",
    "att.pdf": CORPUS / "025-attachment/with-attachment.pdf",
    "img.pdf": CORPUS / "003-pdflatex-image/pdflatex-image.pdf",
}
DATA, WRITES = "data", "writes"
CASES: dict[str, list[tuple[str, list[str]]]] = {  # command -> (what it gives, argv) for each case
    "merge": [(WRITES, ["a.pdf", "b.pdf", "-o", "m.pdf"])],
    "split": [(WRITES, ["a.pdf", "-d", "parts"])],
    "info": [(DATA, ["a.pdf"])],
    "text": [(DATA, ["a.pdf"]), (DATA, ["blank.pdf"])],  # blank: a note on stderr without -q
    "ls": [(DATA, ["."])],
    "thumbnails": [(WRITES, ["a.pdf", "--pages", "1", "--width", "20", "-d", "th"])],
    "doctor": [(DATA, [])],
    "ocr": [(DATA, ["scan.png", "--mode", "text"])],
    "rotate": [(WRITES, ["a.pdf", "-a", "90", "-o", "r.pdf"])],
    "select": [(WRITES, ["a.pdf", "1-2", "-o", "s.pdf"])],
    "delete": [(WRITES, ["a.pdf", "1", "-o", "d.pdf"])],
    "reorder": [(WRITES, ["a.pdf", "--mode", "reverse", "-o", "ro.pdf"])],
    "insert-blank": [(WRITES, ["a.pdf", "--after", "1", "-o", "ib.pdf"])],
    "insert": [(WRITES, ["a.pdf", "b.pdf", "-o", "i.pdf"])],
    "images": [(WRITES, ["img.pdf", "-d", "im"])],
    "compress": [(WRITES, ["a.pdf", "-o", "c.pdf"])],
    "stamp": [(WRITES, ["a.pdf", "--text", "DRAFT", "-o", "st.pdf"])],
    "nup": [(WRITES, ["a.pdf", "-o", "n.pdf"])],
    "booklet": [(WRITES, ["a.pdf", "-o", "bk.pdf"])],
    "protect": [(WRITES, ["a.pdf", "--user-password", "pw", "-o", "p.pdf"])],
    "unprotect": [(WRITES, ["locked.pdf", "--password", "pw", "-o", "u.pdf"])],
    "rename-invoice": [(DATA, ["a.pdf", "--dry-run", "--no-ocr"])],  # the plan is what a dry run shows
    "convert": [(DATA, ["doc.md", "-t", "html"])],
    "batch": [(WRITES, ["rotate", "a.pdf", "-d", "out", "--set", "angle=90"])],
    "labels": [(DATA, ["a.pdf"])],
    "crop": [(WRITES, ["a.pdf", "--margins", "10", "-o", "cr.pdf"])],
    "resize": [(WRITES, ["a.pdf", "--to", "a5", "-o", "rs.pdf"])],
    "check": [(DATA, ["a.pdf"])],
    "repair": [(WRITES, ["a.pdf", "-o", "rp.pdf"])],
    "inspect": [(DATA, ["a.pdf"])],
    "linearize": [(WRITES, ["a.pdf", "-o", "l.pdf"])],
    "mcp-config": [(DATA, ["cursor", "--root", "/"]), (WRITES, ["cursor", "--install", "--config", "mcp.json"])],
    "metadata show": [(DATA, ["a.pdf"])],
    "metadata set": [(WRITES, ["a.pdf", "--set", "Title=T", "-o", "ms.pdf"])],
    "metadata remove": [(WRITES, ["a.pdf", "-o", "mr.pdf"])],
    "bookmarks list": [(DATA, ["b.pdf"])],
    "bookmarks replace": [(WRITES, ["a.pdf", "--data", "marks.json", "-o", "br.pdf"])],
    "bookmarks add": [(WRITES, ["a.pdf", "--title", "Here", "--page", "2", "-o", "bm.pdf"])],
    "attachments list": [(DATA, ["att.pdf"])],
    "attachments add": [(WRITES, ["a.pdf", "doc.md", "-o", "aa.pdf"])],
    "attachments extract": [(WRITES, ["att.pdf", "-d", "ex"])],
    "attachments remove": [(WRITES, ["att.pdf", "--name", "image.png", "-o", "ar.pdf"])],
    "annotations list": [(DATA, ["f.pdf"])],
    "annotations remove": [(WRITES, ["f.pdf", "--type", "Widget", "-o", "nr.pdf"])],
    "annotations flatten": [(WRITES, ["f.pdf", "-o", "nf.pdf"])],
    "forms list": [(DATA, ["f.pdf"])],
    "forms fill": [(WRITES, ["f.pdf", "--set", "Name=Ann", "-o", "ff.pdf"])],
    "forms flatten": [(WRITES, ["f.pdf", "-o", "fl.pdf"])],
}
FLAT = [(name, kind, argv) for name, cases in CASES.items() for kind, argv in cases]


def folder(root: Path) -> Path:
    """`root`, made, with the files the cases name."""
    root.mkdir()
    for name, source in FILES.items():
        shutil.copyfile(source, root / name)
    blank = pikepdf.new()
    blank.add_blank_page(page_size=(200, 200))
    blank.save(root / "blank.pdf")
    with pikepdf.open(root / "a.pdf") as doc:
        doc.save(root / "locked.pdf", encryption=pikepdf.Encryption(user="pw", owner="pw"))
    (root / "doc.md").write_text("# A title\n\nSome *text*.\n", encoding="utf-8")
    (root / "marks.json").write_text(json.dumps([{"title": "One", "page": 1}]), encoding="utf-8")
    from PIL import Image, ImageDraw

    image = Image.new("L", (600, 200), 255)
    ImageDraw.Draw(image).text((20, 80), "Hello, quiet", fill=0)
    image.save(root / "scan.png", dpi=(150, 150))
    return root


INPUTS = {*FILES, "blank.pdf", "locked.pdf", "doc.md", "scan.png"}  # what `folder` holds that a command reads
