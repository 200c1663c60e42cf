"""Document care through the real CLI and the MCP server, on the corpus files the issue names: metadata,
bookmarks (006, 014), attachments (025), forms (010, 012), images (003, 007, 018, 019), compress, stamp,
nup and booklet. Outputs are read back with pikepdf, pdftotext/pdftoppm and Pillow."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pikepdf
import pytest
import readback as rb
from PIL import Image


def run_json(cli: Callable[..., Any], *args: Any) -> dict[str, Any]:
    result = cli(*args, "--json")
    assert result.exit_code == 0, result
    return json.loads(result.stdout)  # type: ignore[no-any-return]


# ---------------------------------------------------------------------------------------------- metadata


def test_metadata_show_reads_info_and_xmp(cli: Callable[..., Any]) -> None:
    report = run_json(cli, "metadata", "show", rb.XMP)
    with pikepdf.open(rb.XMP) as pdf, pdf.open_metadata() as xmp:
        assert report["xmp"]["dc:title"] == str(xmp["dc:title"])  # prefixed names (issue 12)
    assert report["written"] is None


def test_metadata_set_updates_info_and_xmp(cli: Callable[..., Any], tmp_path: Path) -> None:
    out = tmp_path / "m.pdf"
    run_json(cli, "metadata", "set", rb.NESTED, "--set", "title=Annual report", "--set", "Author=Ann Example",
             "--set", "creationdate=2024-05-31T10:00:00+00:00", "--set", "Department=Finance", "-o", out)
    with pikepdf.open(out) as pdf:
        assert str(pdf.docinfo["/Title"]) == "Annual report"
        assert str(pdf.docinfo["/Author"]) == "Ann Example"
        assert str(pdf.docinfo["/Department"]) == "Finance"
        assert str(pdf.docinfo["/CreationDate"]).startswith("D:20240531100000")
        with pdf.open_metadata() as xmp:
            assert xmp["dc:title"] == "Annual report"
            assert list(xmp["dc:creator"]) == ["Ann Example"]


def test_metadata_set_empty_value_removes_the_key(cli: Callable[..., Any], tmp_path: Path) -> None:
    out = tmp_path / "m.pdf"
    with pikepdf.open(rb.XMP) as pdf, pdf.open_metadata() as xmp:
        assert "dc:creator" in xmp and "dc:description" in xmp
    run_json(cli, "metadata", "set", rb.XMP, "--set", "author=", "-o", out)
    with pikepdf.open(out) as pdf, pdf.open_metadata() as xmp:
        assert "dc:creator" not in xmp
        assert "dc:description" in xmp  # what was not asked for stays


def test_metadata_remove_leaves_nothing(cli: Callable[..., Any], tmp_path: Path) -> None:
    out = tmp_path / "m.pdf"
    report = run_json(cli, "metadata", "remove", rb.PDFA, "-o", out)
    with pikepdf.open(rb.PDFA) as pdf:
        producer = str(pdf.docinfo["/Producer"])
    with pikepdf.open(out) as pdf:
        assert "/Info" not in pdf.trailer
        assert not [o for o in pdf.objects if isinstance(o, pikepdf.Dictionary | pikepdf.Stream)
                    and ("/Metadata" in o or "/PieceInfo" in o)]
    assert producer.encode() not in out.read_bytes()
    assert any("PDF/A" in w for w in report["warnings"])
    assert rb.text(out) == rb.text(rb.PDFA)


def test_metadata_over_mcp(tmp_path: Path) -> None:
    shutil.copy(rb.XMP, tmp_path / "x.pdf")
    result = rb.mcp_call(tmp_path, "pdf_metadata", {"action": "set", "input": "x.pdf", "values": ["title=T2"]})
    assert result.structured_content["written"]["output"] == str(tmp_path / "x-metadata.pdf")
    with pikepdf.open(tmp_path / "x-metadata.pdf") as pdf:
        assert str(pdf.docinfo["/Title"]) == "T2"


# --------------------------------------------------------------------------------------------- bookmarks


def _tree(items: list[dict[str, Any]]) -> list[tuple[str, int | None, list[Any]]]:
    """A listed tree in readback's shape (0-based pages)."""
    return [(i["title"], i["page"] - 1 if i["page"] else None, _tree(i["children"])) for i in items]


@pytest.mark.parametrize("source", [rb.OUTLINE, rb.NESTED], ids=["006", "014"])
def test_bookmarks_list_matches_the_outline(cli: Callable[..., Any], source: Path) -> None:
    report = run_json(cli, "bookmarks", "list", source)
    assert _tree(report["outline"]) == rb.outline(source)
    assert report["count"] == len(rb.flat(rb.outline(source)))


def test_bookmarks_list_renders_a_tree(cli: Callable[..., Any]) -> None:
    result = cli("bookmarks", "list", rb.NESTED)
    assert result.exit_code == 0
    assert "├── Second" in result.stdout and "p.2" in result.stdout


def test_bookmarks_replace_from_the_json_list_prints(cli: Callable[..., Any], tmp_path: Path) -> None:
    listing = tmp_path / "nested.json"
    listing.write_text(cli("bookmarks", "list", rb.NESTED, "--json").stdout)
    out = tmp_path / "b.pdf"
    run_json(cli, "bookmarks", "replace", rb.OUTLINE, "--data", listing, "-o", out)
    assert rb.outline(out) == rb.outline(rb.NESTED)  # both have 4 pages
    assert rb.page_lines(out) == rb.page_lines(rb.OUTLINE)


def test_bookmarks_replace_inline_and_add_under_a_parent(cli: Callable[..., Any], tmp_path: Path) -> None:
    one, two = tmp_path / "1.pdf", tmp_path / "2.pdf"
    data = '[{"title": "Intro", "page": 1, "children": [{"title": "Why", "page": 2}]}, {"title": "End", "page": 4}]'
    run_json(cli, "bookmarks", "replace", rb.FOUR, "--data", data, "-o", one)
    run_json(cli, "bookmarks", "add", one, "--title", "How", "--page", "3", "--parent", "Intro", "-o", two)
    assert rb.outline(two) == [("Intro", 0, [("Why", 1, []), ("How", 2, [])]), ("End", 3, [])]


def test_bookmarks_over_mcp(tmp_path: Path) -> None:
    shutil.copy(rb.NESTED, tmp_path / "n.pdf")
    listed = rb.mcp_call(tmp_path, "pdf_bookmarks", {"action": "list", "input": "n.pdf"}).structured_content
    assert _tree(listed["outline"]) == rb.outline(rb.NESTED)
    added = rb.mcp_call(tmp_path, "pdf_bookmarks", {"action": "add", "input": "n.pdf", "title": "Appendix",
                                                    "page": 4, "output": "out.pdf"})
    assert not added.is_error, added.content
    assert rb.outline(tmp_path / "out.pdf")[-1] == ("Appendix", 3, [])
    replaced = rb.mcp_call(tmp_path, "pdf_bookmarks", {"action": "replace", "input": "n.pdf", "output": "r.pdf",
                                                       "data": [{"title": "Only", "page": 2}]})
    assert not replaced.is_error, replaced.content
    assert rb.outline(tmp_path / "r.pdf") == [("Only", 1, [])]


# ------------------------------------------------------------------------------------------- attachments


def _attached(path: Path) -> dict[str, bytes]:
    with pikepdf.open(path) as pdf:
        return {name: spec.get_file().read_bytes() for name, spec in pdf.attachments.items()}


def test_attachments_list_and_extract(cli: Callable[..., Any], tmp_path: Path) -> None:
    expected = _attached(rb.ATTACHED)
    assert list(expected) == ["image.png"]
    listed = run_json(cli, "attachments", "list", rb.ATTACHED)
    assert [(a["name"], a["size"]) for a in listed["attachments"]] == [("image.png", len(expected["image.png"]))]
    out = tmp_path / "files"
    out.mkdir()
    run_json(cli, "attachments", "extract", rb.ATTACHED, "-d", out)
    assert {p.name: p.read_bytes() for p in out.iterdir()} == expected
    assert Image.open(out / "image.png").format == "PNG"


def test_attachments_add_then_remove(cli: Callable[..., Any], tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("hello attachments\n")
    added, removed = tmp_path / "a.pdf", tmp_path / "r.pdf"
    run_json(cli, "attachments", "add", rb.ATTACHED, notes, "-o", added)
    assert _attached(added) == {**_attached(rb.ATTACHED), "notes.txt": notes.read_bytes()}
    report = run_json(cli, "attachments", "remove", added, "--name", "image.png", "-o", removed)
    assert _attached(removed) == {"notes.txt": notes.read_bytes()}
    assert report["remaining"] == 1


def test_attachments_over_mcp(tmp_path: Path) -> None:
    shutil.copy(rb.ATTACHED, tmp_path / "w.pdf")
    (tmp_path / "out").mkdir()
    result = rb.mcp_call(tmp_path, "pdf_attachments", {"action": "extract", "input": "w.pdf", "out_dir": "out"})
    assert result.structured_content["attachments"][0]["path"] == str(tmp_path / "out" / "image.png")
    assert (tmp_path / "out" / "image.png").read_bytes() == _attached(rb.ATTACHED)["image.png"]


# ------------------------------------------------------------------------------------------------- forms


def test_forms_list(cli: Callable[..., Any]) -> None:
    latex = {f["name"]: f for f in run_json(cli, "forms", "list", rb.FORM_LATEX)["fields"]}
    assert {n: f["type"] for n, f in latex.items()} == {"Name": "text", "Check": "checkbox", "Submit": "button"}
    libre = {f["name"]: f for f in run_json(cli, "forms", "list", rb.FORM_LIBRE)["fields"]}
    values = rb.field_values(rb.FORM_LIBRE)
    assert set(libre) == set(values)
    assert libre["First Name"]["value"] == values["First Name"] == "Alice"
    assert libre["female"]["type"] == "radio" and sorted(libre["female"]["options"]) == ["1", "2"]
    assert "French" in libre["Nationality"]["options"]


def test_forms_list_of_a_pdf_without_a_form_is_empty(cli: Callable[..., Any]) -> None:
    assert run_json(cli, "forms", "list", rb.FOUR)["fields"] == []


def test_forms_fill_with_set(cli: Callable[..., Any], tmp_path: Path) -> None:
    out = tmp_path / "f.pdf"
    report = run_json(cli, "forms", "fill", rb.FORM_LATEX, "--set", "Name=Zebedee Quux", "--set", "Check=yes",
                      "-o", out)
    assert rb.field_values(out)["Name"] == "Zebedee Quux"
    assert rb.field_values(out)["Check"] == "/Yes"
    assert report["filled"] == ["Name", "Check"]


def test_forms_fill_from_json_file(cli: Callable[..., Any], tmp_path: Path) -> None:
    data = tmp_path / "values.json"
    data.write_text(json.dumps({"Last Name": "Quux", "female": "2", "gdpr": True, "Nationality": "French"}))
    out = tmp_path / "f.pdf"
    run_json(cli, "forms", "fill", rb.FORM_LIBRE, "--data", data, "-o", out)
    values = rb.field_values(out)
    assert (values["Last Name"], values["female"], values["gdpr"], values["Nationality"]) == \
        ("Quux", "/2", "/Yes", "French")
    assert values["First Name"] == "Alice"  # untouched


def test_forms_flatten_draws_the_values(cli: Callable[..., Any], tmp_path: Path) -> None:
    filled, flat = tmp_path / "f.pdf", tmp_path / "flat.pdf"
    run_json(cli, "forms", "fill", rb.FORM_LATEX, "--set", "Name=Zebedee Quux", "--set", "Check=on", "-o", filled)
    report = run_json(cli, "forms", "flatten", filled, "-o", flat)
    assert report["flattened"] == 3
    assert "Zebedee Quux" in rb.text(flat) and "✔" in rb.text(flat)  # drawn: no widgets are left (below)
    with pikepdf.open(flat) as pdf:
        assert "/AcroForm" not in pdf.Root
        assert not [a for a in pdf.pages[0].get("/Annots", []) if a.get("/Subtype") == "/Widget"]


def test_forms_over_mcp(tmp_path: Path) -> None:
    shutil.copy(rb.FORM_LIBRE, tmp_path / "form.pdf")
    for data, name in (('{"Birthday": "1990-04-28", "other": "yes"}', "a.pdf"),  # JSON text
                       ({"Birthday": "1990-04-28", "other": True}, "b.pdf")):  # JSON itself
        result = rb.mcp_call(tmp_path, "pdf_forms", {"action": "fill", "input": "form.pdf", "data": data,
                                                     "output": name})
        assert not result.is_error, result.content
        values = rb.field_values(tmp_path / name)
        assert values["Birthday"] == "1990-04-28" and values["other"] == "/Yes"


# ------------------------------------------------------------------------------------------------ images


def test_images_jpeg_is_written_as_stored(cli: Callable[..., Any], tmp_path: Path) -> None:
    report = run_json(cli, "images", rb.JPEG_IMAGE, "-d", tmp_path)
    with pikepdf.open(rb.JPEG_IMAGE) as pdf:
        raw = next(iter(pdf.pages[0].get_images().values())).read_raw_bytes()
    assert [p.name for p in tmp_path.iterdir()] == ["pdflatex-image-p001-01.jpg"]
    assert (tmp_path / "pdflatex-image-p001-01.jpg").read_bytes() == raw
    assert report["images"][0]["width"] == 300


def test_images_of_every_encoding(cli: Callable[..., Any], tmp_path: Path) -> None:
    for name in ("imagemagick-images.pdf", "imagemagick-CCITTFaxDecode.pdf", "imagemagick-lzw.pdf",
                 "imagemagick-ASCII85Decode.pdf"):
        run_json(cli, "images", rb.IMAGEMAGICK / name, "-d", tmp_path)
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == ["imagemagick-ASCII85Decode-p001-01.png", "imagemagick-CCITTFaxDecode-p001-01.tif",
                     *[f"imagemagick-images-p{n:03}-01.{'jpg' if n == 4 else 'png'}" for n in range(1, 7)],
                     "imagemagick-lzw-p001-01.png"]
    for file in tmp_path.iterdir():
        assert Image.open(file).size == (16, 16), file


@pytest.mark.parametrize(("source", "size"), [(rb.BASE64_IMAGE, (781, 627)), (rb.GRAY_IMAGE, (324, 450))],
                         ids=["018", "019"])
def test_images_png_pixels_match_the_pdf(cli: Callable[..., Any], tmp_path: Path, source: Path,
                                         size: tuple[int, int]) -> None:
    run_json(cli, "images", source, "-d", tmp_path)
    (file,) = list(tmp_path.iterdir())
    extracted = Image.open(file)
    assert file.suffix == ".png" and extracted.size == size
    with pikepdf.open(source) as pdf:
        image = pikepdf.PdfImage(next(iter(pdf.pages[0].get_images().values()))).as_pil_image()
    assert extracted.convert("RGB").tobytes() == image.convert("RGB").tobytes()


def test_images_used_twice_are_written_once(cli: Callable[..., Any], tmp_path: Path) -> None:
    twice = tmp_path / "twice.pdf"
    run_json(cli, "select", rb.JPEG_IMAGE, "1,1", "-o", twice)
    out = tmp_path / "images"
    out.mkdir()
    report = run_json(cli, "images", twice, "-d", out)
    assert [p.name for p in out.iterdir()] == ["twice-p001-01.jpg"] and report["duplicates"] == 1


def test_images_over_mcp(tmp_path: Path) -> None:
    shutil.copy(rb.GRAY_IMAGE, tmp_path / "g.pdf")
    result = rb.mcp_call(tmp_path, "pdf_extract_images", {"input": "g.pdf"})
    assert result.structured_content["images"][0]["path"] == str(tmp_path / "g-p001-01.png")
    assert Image.open(tmp_path / "g-p001-01.png").size == (324, 450)


# ---------------------------------------------------------------------------------------------- compress


def test_compress_lossless_keeps_the_content(cli: Callable[..., Any], tmp_path: Path) -> None:
    out = tmp_path / "c.pdf"
    report = run_json(cli, "compress", rb.NESTED, "-o", out)
    assert out.stat().st_size < rb.NESTED.stat().st_size
    assert report["before"] == rb.NESTED.stat().st_size and report["size"] == out.stat().st_size
    assert rb.text(out) == rb.text(rb.NESTED)
    assert rb.outline(out) == rb.outline(rb.NESTED)


def test_compress_merges_identical_images(cli: Callable[..., Any], tmp_path: Path) -> None:
    merged, out, twin = tmp_path / "m.pdf", tmp_path / "c.pdf", tmp_path / "twin.pdf"
    shutil.copyfile(rb.JPEG_IMAGE, twin)  # another file: merge stores one file's shared objects once, not two files'
    cli("merge", rb.JPEG_IMAGE, twin, "-o", merged)

    def images(path: Path) -> int:
        with pikepdf.open(path) as pdf:
            return len({img.objgen for page in pdf.pages for img in page.get_images().values()})

    assert images(merged) == 2
    report = run_json(cli, "compress", merged, "-o", out)
    assert images(out) == 1 and report["duplicates_merged"] >= 1
    assert out.stat().st_size < merged.stat().st_size * 0.6
    assert rb.render(out, 2).tobytes() == rb.render(merged, 2).tobytes()


def test_compress_lossy_resamples_and_reencodes(cli: Callable[..., Any], tmp_path: Path) -> None:
    small, low = tmp_path / "s.pdf", tmp_path / "q.pdf"
    run_json(cli, "compress", rb.JPEG_IMAGE, "--image-dpi", "36", "-o", small)  # drawn at 72 dpi
    run_json(cli, "compress", rb.JPEG_IMAGE, "--jpeg-quality", "20", "-o", low)
    for path, size in ((small, (150, 100)), (low, (300, 200))):
        with pikepdf.open(path) as pdf:
            image = next(iter(pdf.pages[0].get_images().values()))
            assert (int(image.Width), int(image.Height)) == size
            assert image.Filter == "/DCTDecode"
        assert path.stat().st_size < rb.JPEG_IMAGE.stat().st_size / 2


def test_compress_keeps_encryption(cli: Callable[..., Any], tmp_path: Path) -> None:
    out = tmp_path / "c.pdf"
    run_json(cli, "compress", rb.ENCRYPTED, "--password", rb.PASSWORD, "-o", out)
    with pikepdf.open(out, password=rb.PASSWORD) as pdf:
        assert pdf.is_encrypted
    assert rb.text(out, password=rb.PASSWORD) == rb.text(rb.ENCRYPTED, password=rb.PASSWORD)


def test_compress_over_mcp(tmp_path: Path) -> None:
    shutil.copy(rb.NESTED, tmp_path / "n.pdf")
    result = rb.mcp_call(tmp_path, "pdf_compress", {"input": "n.pdf"}).structured_content
    assert result["size"] == (tmp_path / "n-compressed.pdf").stat().st_size < result["before"]


# ------------------------------------------------------------------------------------------------- stamp


def test_stamp_page_numbers_sit_at_the_top_of_every_page_as_displayed(cli: Callable[..., Any], tmp_path: Path) -> None:
    out = tmp_path / "s.pdf"
    run_json(cli, "stamp", rb.ROTATED, "--text", "Page {page} of {pages}", "--position", "top", "-o", out)
    with pikepdf.open(rb.ROTATED) as pdf:
        assert sorted({p.rotation % 360 for p in pdf.pages}) == [0, 90, 180, 270]
    for number in range(1, 5):
        found = [w for w in rb.words(out, number) if w[0] == "Page"]
        assert len(found) == 1, (number, rb.words(out, number))
        _, _, top, _, bottom = found[0]
        assert 30 < top < bottom < 55  # margin 36 from the top edge, upright (a line of 12 pt)
        assert f"Page {number} of 4" in rb.text(out, number)


def test_stamp_bates_numbers(cli: Callable[..., Any], tmp_path: Path) -> None:
    out = tmp_path / "b.pdf"
    report = run_json(cli, "stamp", rb.THREE, "--text", "ACME-{page:06}", "--start", "1000", "--position",
                      "bottom-right", "-o", out)
    assert [rb.text(out, n).count(f"ACME-{999 + n:06}") for n in (1, 2, 3)] == [1, 1, 1]
    word = next(w for w in rb.words(out, 3) if w[0].startswith("ACME"))
    width = rb.render(out, 3, dpi=72).size[0]
    assert abs(word[3] - (width - 36)) < 3  # right-aligned at the margin
    assert report["stamped"] == [1, 2, 3]


@pytest.mark.parametrize("text", ["", "   "])
def test_stamp_with_empty_text_is_refused(cli: Callable[..., Any], tmp_path: Path, text: str) -> None:
    """`--text "$LABEL"` with LABEL unset would stamp nothing and say every page was stamped."""
    result = cli("stamp", rb.THREE, "--text", text, "-o", tmp_path / "s.pdf", "--json")
    assert result.exit_code == 2, result
    assert json.loads(result.stderr)["error"]["code"] == "INVALID_ARGUMENT"
    assert not (tmp_path / "s.pdf").exists()


def _reddish(image: Image.Image) -> int:
    return sum(1 for r, g, b in image.get_flattened_data() if r > g + 40 and r > b + 40)


def test_stamp_diagonal_translucent_watermark(cli: Callable[..., Any], tmp_path: Path) -> None:
    out = tmp_path / "w.pdf"
    run_json(cli, "stamp", rb.THREE, "--text", "CONFIDENTIAL", "--font-size", "72", "--angle", "45",
             "--opacity", "0.3", "--color", "red", "--pages", "2", "-o", out)
    assert _reddish(rb.render(rb.THREE, 2)) == 0
    assert _reddish(rb.render(out, 2)) > 200
    assert _reddish(rb.render(out, 1)) == 0  # only the page asked for
    faint = rb.render(out, 2).getpixel(_reddest(rb.render(out, 2)))
    assert faint[1] > 100  # 30% opacity: pink, not red


def _reddest(image: Image.Image) -> tuple[int, int]:
    pixels = image.load()
    return max(((x, y) for x in range(image.width) for y in range(image.height)),
               key=lambda p: pixels[p][0] - pixels[p][1])


def test_stamp_a_pdf_page_over_and_under(cli: Callable[..., Any], tmp_path: Path) -> None:
    over, under = tmp_path / "o.pdf", tmp_path / "u.pdf"
    run_json(cli, "stamp", rb.THREE, "--pdf", f"{rb.FOUR}:2", "--pages", "1", "-o", over)
    run_json(cli, "stamp", rb.THREE, "--pdf", f"{rb.FOUR}:2", "--pages", "1", "--underlay", "-o", under)
    stamp_line = rb.first_line(rb.FOUR, 2)
    assert stamp_line in rb.text(over, 1) and stamp_line not in rb.text(over, 2)
    for path, first in ((over, False), (under, True)):
        with pikepdf.open(path) as pdf:
            ops = [str(op.operator) for op in pikepdf.parse_content_stream(pdf.pages[0])]
        drawn_first = ops.index("Do") < ops.index("BT")
        assert drawn_first is first


def test_stamp_over_mcp(tmp_path: Path) -> None:
    shutil.copy(rb.THREE, tmp_path / "t.pdf")
    result = rb.mcp_call(tmp_path, "pdf_stamp", {"input": "t.pdf", "text": "DRAFT", "pages": "last"})
    assert result.structured_content["stamped"] == [3]
    assert "DRAFT" in rb.text(tmp_path / "t-stamped.pdf", 3) and "DRAFT" not in rb.text(tmp_path / "t-stamped.pdf", 1)


# ------------------------------------------------------------------------------------------- nup, booklet


def _size(path: Path, page: int = 0) -> tuple[float, float]:
    with pikepdf.open(path) as pdf:
        box = pdf.pages[page].mediabox
        return round(float(box[2]) - float(box[0])), round(float(box[3]) - float(box[1]))


def test_nup_two_up_on_a_grown_sheet(cli: Callable[..., Any], tmp_path: Path) -> None:
    out = tmp_path / "n.pdf"
    run_json(cli, "nup", rb.OUTLINE, "--sheet", "grow", "-o", out)
    lines = rb.page_lines(rb.OUTLINE)
    assert rb.pages(out) == 2 and _size(out) == (1191, 842)  # two A4 pages side by side
    left = [w for w in rb.words(out, 1) if w[1] < 595]
    right = [w for w in rb.words(out, 1) if w[1] > 595]
    assert left and right
    assert lines[0] in rb.text(out, 1) and lines[2] in rb.text(out, 2)
    assert {page for _, page in rb.flat(rb.outline(out))} == {0, 1}  # bookmarks follow to the sheets


def test_nup_four_up_on_a4(cli: Callable[..., Any], tmp_path: Path) -> None:
    out = tmp_path / "n.pdf"
    run_json(cli, "nup", rb.FOUR, "--per-sheet", "4", "--sheet", "a4", "-o", out)
    assert rb.pages(out) == 1 and _size(out) == (595, 842)
    text = rb.text(out)
    assert all(line in text for line in rb.page_lines(rb.FOUR))


def test_booklet_order(cli: Callable[..., Any], tmp_path: Path) -> None:
    out = tmp_path / "b.pdf"
    report = run_json(cli, "booklet", rb.THREE, "-o", out)  # 3 pages + 1 blank: one sheet, two sides
    assert report["blank_pages"] == 1 and rb.pages(out) == 2
    width = _size(out)[0]
    first = rb.first_line(rb.THREE, 1).split()[0]

    def side_of(page: int, word: str) -> str:
        hits = [w for w in rb.words(out, page) if w[0] == word]
        assert hits, (page, word)
        return "left" if hits[0][1] < width / 2 else "right"

    assert side_of(1, first) == "right"  # front: blank | page 1
    assert not [w for w in rb.words(out, 1) if w[1] < width / 2]
    page2, page3 = (rb.text(rb.THREE, n).split()[0] for n in (2, 3))
    assert side_of(2, page2) == "left" and side_of(2, page3) == "right"  # back: page 2 | page 3


def test_nup_and_booklet_over_mcp(tmp_path: Path) -> None:
    shutil.copy(rb.FOUR, tmp_path / "f.pdf")
    nup = rb.mcp_call(tmp_path, "pdf_nup", {"input": "f.pdf", "per_sheet": 4}).structured_content
    book = rb.mcp_call(tmp_path, "pdf_booklet", {"input": "f.pdf", "sheet": "a4"}).structured_content
    assert rb.pages(tmp_path / "f-4up.pdf") == nup["sheets"] == 1
    assert rb.pages(tmp_path / "f-booklet.pdf") == 2 and book["sheets"] == 1
    assert _size(tmp_path / "f-booklet.pdf") == (842, 595)


def test_booklet_keeps_the_pages_paper(cli: Callable[..., Any], tmp_path: Path) -> None:
    """A booklet of A4 pages prints on A4, each page at half a sheet, as `nup` does and as pdfjam --booklet
    (its default a4paper, --landscape), pdfcpu booklet (formsize:A4) and `psbook | psnup -2` (the input's
    paper) do; it grew to A3. `--sheet grow` keeps the pages at full size, as before."""
    book, grown, nup = tmp_path / "b.pdf", tmp_path / "g.pdf", tmp_path / "n.pdf"
    run_json(cli, "booklet", rb.FOUR, "-o", book)
    run_json(cli, "nup", rb.FOUR, "-o", nup)
    assert _size(book) == _size(nup) == (842, 595)  # A4, turned to hold two pages side by side
    report = run_json(cli, "booklet", rb.FOUR, "--sheet", "grow", "-o", grown)
    assert _size(grown) == (1191, 842) and report["sheet_size"] == pytest.approx([1190.55, 841.89], abs=0.01)
    assert rb.pages(book) == rb.pages(grown) == 2
