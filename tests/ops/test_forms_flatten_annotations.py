"""`forms flatten --annotations` also draws the annotations that are not form fields (comments, highlights, ink,
stamps) into their pages, as `qpdf --flatten-annotations=all` does: a reviewed PDF's marks made permanent before
it is sent. `forms flatten` alone flattens fields only (NO_FORM without any), as pdftk's `flatten`. Checked
against qpdf on the same file: the same annotations left (none that has an appearance), the same pages drawn."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pikepdf
from conftest import CORPUS

ANNOTATED = CORPUS / "024-annotations" / "annotated_pdf.pdf"
FORM = CORPUS / "012-libreoffice-form" / "libreoffice-form.pdf"


def annotations(pdf: Path) -> list[list[str]]:
    with pikepdf.open(pdf) as doc:
        return [[str(a.get("/Subtype")) for a in page.get("/Annots", [])] for page in doc.pages]


def rendered(pdf: Path, tmp_path: Path) -> bytes:
    stem = tmp_path / f"r-{pdf.stem}"
    subprocess.run(["pdftoppm", "-r", "30", "-gray", str(pdf), str(stem)], check=True)
    return b"".join(p.read_bytes() for p in sorted(tmp_path.glob(f"r-{pdf.stem}*.pgm")))


def marked(path: Path, *, appearance: bool = True) -> Path:
    """FOUR's first page with a reviewer's mark: a red square (its appearance drawn, as viewers save them) or a
    note without one."""
    with pikepdf.open(CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf") as pdf:
        page = pdf.pages[0]
        annot = pikepdf.Dictionary(Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.Square, F=4,
                                   Rect=[100, 600, 300, 700], C=[1, 0, 0])
        if appearance:
            drawn = pdf.make_stream(b"1 0 0 RG 4 w 2 2 196 96 re S", Type=pikepdf.Name.XObject,
                                    Subtype=pikepdf.Name.Form, BBox=[0, 0, 200, 100])
            annot.AP = pikepdf.Dictionary(N=drawn)
        else:
            annot.Subtype, annot.Contents = pikepdf.Name.Text, pikepdf.String("check this")
        page.Annots = pdf.make_indirect(pikepdf.Array([pdf.make_indirect(annot)]))
        pdf.save(path)
    return path


def test_as_qpdf_flatten_annotations(cli: Any, tmp_path: Path) -> None:
    src = marked(tmp_path / "in.pdf")
    ours, theirs = tmp_path / "ours.pdf", tmp_path / "theirs.pdf"
    subprocess.run(["qpdf", "--flatten-annotations=all", str(src), str(theirs)], check=True)
    result = cli("forms", "flatten", src, "--annotations", "-o", ours, "--json")
    assert result.exit_code == 0, result
    assert json.loads(result.stdout)["flattened"] == 1
    assert annotations(ours) == annotations(theirs) == [[], [], [], []]
    assert rendered(ours, tmp_path) == rendered(theirs, tmp_path)


def test_a_mark_without_an_appearance_stays(cli: Any, tmp_path: Path) -> None:
    """A note saved without its appearance (as the corpus's annotated sample's are) has nothing to draw: it is
    left as it is, for a viewer to draw from its data (qpdf 11 drops it, and the mark is lost)."""
    for src in (marked(tmp_path / "in.pdf", appearance=False), Path(shutil.copy(ANNOTATED, tmp_path / "a.pdf"))):
        out = tmp_path / f"out-{src.name}"
        result = cli("forms", "flatten", src, "--annotations", "-o", out, "--json")
        assert result.exit_code == 0, result
        assert json.loads(result.stdout)["flattened"] == 0
        assert annotations(out) == annotations(src)


def test_fields_alone_without_it(cli: Any, tmp_path: Path) -> None:
    src = Path(shutil.copy(ANNOTATED, tmp_path / "in.pdf"))
    result = cli("forms", "flatten", src, "-o", tmp_path / "out.pdf", "--json")
    assert result.exit_code == 2 and json.loads(result.stderr)["error"]["code"] == "NO_FORM", result


def test_a_form_and_its_page_marks(cli: Any, tmp_path: Path) -> None:
    src = Path(shutil.copy(FORM, tmp_path / "form.pdf"))
    out = tmp_path / "out.pdf"
    result = cli("forms", "flatten", src, "--annotations", "-o", out, "--json")
    assert result.exit_code == 0, result
    assert "/Widget" not in {s for page in annotations(out) for s in page}
    with pikepdf.open(out) as doc:
        assert "/AcroForm" not in doc.Root
