"""`inspect`: fonts as pdffonts lists them and images as `pdfimages -list` does, on every corpus file qpdf
opens; page boxes, labels, actions, claims and signatures on files made to have them."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pikepdf
import pytest
from broken_pdfs import one_page
from conftest import CORPUS, load_corpus_files, password_for

from pdftools.ops.inspect import inspect

READABLE = [(path, entry) for path, entry in load_corpus_files() if "unreadable" not in entry["path"]]


def poppler(tool: str, path: Path, password: str | None, *extra: str) -> list[list[str]]:
    """The rows of a poppler listing (after its two header lines), split on whitespace."""
    args = [tool, *extra, *(["-upw", password] if password else []), str(path)]
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout.splitlines()
    return [line.split() for line in out[2:] if line.strip()]


@pytest.mark.parametrize("item", READABLE, ids=lambda item: item[1]["path"])
def test_fonts_match_pdffonts(item: tuple[Path, dict[str, Any]]) -> None:
    path, entry = item
    password = password_for(entry)
    ours = {f.object: f for f in inspect(str(path), password=password).fonts}
    rows = poppler("pdffonts", path, password)
    assert len(rows) == len(ours), (rows, ours)
    for row in rows:
        font = ours[int(row[-2])]
        emb, sub, uni = row[-5:-2]
        assert (font.embedded, font.subset, font.unicode) == (emb == "yes", sub == "yes", uni == "yes"), (row, font)
        name = "[none]" if font.type == "Type 3" else font.name  # pdffonts names no Type 3 font; we give /BaseFont
        assert " ".join(row[:-6]) == f"{name} {font.type}", (row, font)
        assert row[-6] == font.encoding, (row, font)


@pytest.mark.parametrize("item", READABLE, ids=lambda item: item[1]["path"])
def test_images_match_pdfimages_list(item: tuple[Path, dict[str, Any]]) -> None:
    path, entry = item
    password = password_for(entry)
    ours = inspect(str(path), password=password).images
    rows = poppler("pdfimages", path, password, "-list")
    assert len(rows) == len(ours), (rows, ours)
    rows = [row[:11] + ["-"] + row[11:] if row[10] == "[inline]" else row for row in rows]  # no ID column
    # the same order; pdfimages gives a soft mask its image's object number, we give its own
    rows.sort(key=lambda row: (int(row[0]), row[2], int(row[3]), int(row[4]), row[12]))
    ours.sort(key=lambda image: (image.page, image.type, image.width, image.height, str(image.x_dpi)))
    for row, image in zip(rows, ours, strict=True):
        page, _, kind, width, height, color, comp, bpc, enc, _, obj, _, x_ppi, y_ppi = row[:14]
        assert (int(page), kind, int(width), int(height), color, int(bpc), enc) == (
            image.page, image.type, image.width, image.height, image.color, image.bits, image.filter), (row, image)
        assert comp == str(image.components) or color == "?"
        assert obj == "[inline]" and image.object is None or int(obj) == image.object or kind == "smask"
        assert abs(int(x_ppi) - image.x_dpi) <= 1 and abs(int(y_ppi) - image.y_dpi) <= 1, (row, image)


def test_boxes_labels_actions_claims_signatures(tmp_path: Path) -> None:
    path = tmp_path / "made.pdf"
    path.write_bytes(one_page(
        catalog=b"/PageLabels << /Nums [0 << /S /r /P (pre-) >>] >> "
                b"/OpenAction << /S /JavaScript /JS (app.alert(1)) >> /MarkInfo << /Marked true >> "
                b"/StructTreeRoot 6 0 R /AcroForm << /Fields [7 0 R] >> ",
        page=b"/TrimBox [10 10 600 780] /Rotate 90 /Annots [8 0 R] ",
        objects={6: b"<< /Type /StructTreeRoot >>",
                 7: b"<< /FT /Sig /T (Approval) /V << /Type /Sig /Name (Ann Example) /M (D:20260101) "
                    b"/SubFilter /adbe.pkcs7.detached >> >>",
                 8: b"<< /Type /Annot /Subtype /Link /Rect [0 0 9 9] /A << /S /URI /URI (https://example.org) >> >>"}))
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        with pdf.open_metadata(set_pikepdf_as_editor=False) as meta:
            meta["pdfaid:part"] = "2"
            meta["pdfaid:conformance"] = "B"
        pdf.save()
    result = inspect(str(path))
    box = result.page_boxes[0]
    assert (box.label, box.rotation, box.media, box.trim, box.crop) == (
        "pre-i", 90, [0, 0, 612, 792], [10, 10, 600, 780], [0, 0, 612, 792])
    assert result.page_labels == {"1": "prefix 'pre-', i, ii, iii"}
    assert [(a.where, a.type, a.target) for a in result.actions] == [
        ("document open", "JavaScript", "app.alert(1)"), ("page 1 Link", "URI", "https://example.org")]
    assert (result.tagged, result.pdfa, result.pdfua, result.linearized) == (True, "2B", None, False)
    assert [(s.field, s.signer, s.sub_filter) for s in result.signatures] == [
        ("Approval", "Ann Example", "adbe.pkcs7.detached")]


def test_cli_json_and_mcp(cli: Any, tmp_path: Path) -> None:
    import anyio
    from mcp import Client

    from pdftools.mcp.server import build_server

    sample = CORPUS / "003-pdflatex-image" / "pdflatex-image.pdf"
    done = cli("inspect", sample, "--json")
    assert done.exit_code == 0, done
    data = json.loads(done.stdout)
    assert data["images"][0]["filter"] == "jpeg" and data["fonts"][0]["embedded"] is True
    (tmp_path / "a.pdf").write_bytes(sample.read_bytes())

    async def go() -> Any:
        async with Client(build_server([tmp_path])) as client:
            return await client.call_tool("pdf_inspect", {"input": "a.pdf", "pages": "1"})

    result = anyio.run(go)
    assert not result.is_error, result
    assert result.structured_content["images"][0]["x_dpi"] == 72


def test_people_see_the_pages_each_font_is_used_on(cli: Any) -> None:
    """As `--json` has them: a spec per font (`1-3,7`), in the font table a person reads."""
    shown = cli("inspect", CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf")
    assert shown.exit_code == 0, shown
    header = next(line for line in shown.stdout.splitlines() if line.startswith("fonts"))
    assert header.rstrip().endswith("on pages")
    data = json.loads(cli("inspect", CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf", "--json").stdout)
    from pdftools.core.pages import spec

    rows = [line for line in shown.stdout.splitlines() if data["fonts"][0]["name"] in line]
    assert rows and rows[0].rstrip().endswith(spec(data["fonts"][0]["pages"]))
    assert spec([1, 2, 3, 7, 9, 10]) == "1-3,7,9-10"


def test_an_action_aimed_at_a_file_specification_shows_the_file_or_url() -> None:
    """A SubmitForm (or Launch, GoToR) action names its target by a file specification dictionary: its URL or
    file name is shown, not the dictionary's Python repr."""
    form = CORPUS / "010-pdflatex-forms" / "pdflatex-forms.pdf"
    actions = inspect(str(form)).actions
    assert [(a.type, a.target) for a in actions if a.type == "SubmitForm"] == [("SubmitForm", "http://exampe.com")]
    assert not any("pikepdf" in a.target for a in actions)


def test_actions_past_a_thousand_are_said_to_be_left_out(tmp_path: Path) -> None:
    """The actions stopped at 1,000 unsaid (a 1,500-page book linking to the web on every page)."""
    import extreme_pdfs as extreme

    book = extreme.linked(tmp_path / "book.pdf", 1_500, fonts=1)
    result = inspect(str(book))
    assert len(result.actions) == 1_000 and result.actions[-1].where == "page 1000 Link"
    assert result.warnings == ["actions: the first 1,000 listed (to page 1000 Link); inspect fewer pages for those "
                               "of the others"], result.warnings
    assert [a.where for a in inspect(str(book), pages="1200-1201").actions] == ["page 1200 Link", "page 1201 Link"]
