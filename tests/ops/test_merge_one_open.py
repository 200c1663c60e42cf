"""merge opens each input once, its page tree as stored (counted in place against the page limit): what
qpdf pushes into each page as it copies it (the attributes a page inherits from its page tree) still arrives,
and an input with too many pages, repeated kids too, is still refused before qpdf expands it."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pikepdf
from broken_pdfs import one_page

from pdftools.ops.merge import merge


def _inheriting(path: Path) -> Path:
    """Two pages that take their size, rotation and font from the page tree."""
    pdf = pikepdf.new()
    for _ in range(2):
        pdf.add_blank_page(page_size=(300, 400))
    tree = pdf.Root.Pages
    tree.MediaBox, tree.Rotate = pikepdf.Array([0, 0, 500, 700]), 90
    font = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1,
                                                BaseFont=pikepdf.Name.Helvetica))
    tree.Resources = pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font))
    for page in pdf.pages:
        del page.obj["/MediaBox"]
        if "/Resources" in page.obj:
            del page.obj["/Resources"]
        page.obj.Contents = pdf.make_stream(b"BT /F1 12 Tf 10 10 Td (inherited) Tj ET")
    pdf.save(path)
    return path


def test_pages_keep_what_they_inherit(tmp_path: Path, sample: Path) -> None:
    src = _inheriting(tmp_path / "inheriting.pdf")
    result = merge([str(src), str(sample), str(src)], str(tmp_path / "out.pdf"))
    with pikepdf.open(result.output, inherit_page_attributes=False) as out:
        inherited = [out.pages[i].obj for i in (0, 1, len(out.pages) - 1)]
        for page in inherited:
            assert [float(v) for v in page.MediaBox] == [0, 0, 500, 700]
            assert int(page.Rotate) == 90
            assert "/F1" in page.Resources.Font


def test_an_input_past_the_page_limit_is_refused(cli: Callable[..., Any], tmp_path: Path, sample: Path) -> None:
    repeated = tmp_path / "repeated.pdf"
    repeated.write_bytes(one_page(objects={2: b"<< /Type /Pages /Kids [%s] /Count 1 >>" % (b"3 0 R " * 20_000)}))
    for too_many in (repeated, _inheriting(tmp_path / "two.pdf")):
        result = cli("merge", str(too_many), str(sample), "-o", str(tmp_path / "out.pdf"), "--json",
                     env={"PDFTOOLS_MAX_PAGES": "1" if too_many.name == "two.pdf" else "100"})
        assert result.exit_code == 10, result
        error = json.loads(result.stderr)["error"]
        assert error["code"] == "TOO_MANY_PAGES" and too_many.name in error["message"], error
        assert not (tmp_path / "out.pdf").exists()
