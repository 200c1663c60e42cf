"""convert on real documents, through the CLI: every direction the issue names, with real pandoc, weasyprint and
typst, each output read back by an independent tool (zip, pdftotext, pdffonts, pdfimages)."""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from convert_docs import (
    ARABIC,
    CHINESE,
    GERMAN,
    JAPANESE,
    docx_media,
    docx_xml,
    drawn_with_real_glyphs,
    make_docx,
    pdf_images,
    pdf_text,
    write_docs,
)
from PIL import Image

from pdftools.convert import pandoc


@pytest.fixture
def docs(tmp_path: Path) -> dict[str, Path]:
    return write_docs(tmp_path / "docs")


def ok(cli: Callable[..., object], *args: object) -> dict:
    """Run `pdftools convert ARGS --json` and return its result (one object on stdout, the text inside it when
    there is no output file); any failure fails the test with stderr."""
    result = cli("convert", *args, "--json")
    assert result.exit_code == 0, result  # type: ignore[attr-defined]
    return json.loads(result.stdout)  # type: ignore[attr-defined]


def test_markdown_to_html_on_stdout(cli, docs: dict[str, Path]) -> None:
    result = cli("convert", docs["md"])
    assert result.exit_code == 0, result
    html = " ".join(result.stdout.split())  # pandoc wraps lines
    assert re.search(r"<h1[^>]*>Überblick</h1>", html) and re.search(r"<h2[^>]*>Listen</h2>", html)
    assert "<li>erster Punkt</li>" in html and "<ol" in html and "<table>" in html
    assert '<a href="https://example.org/pdftools">' in html and '<img src="red.png"' in html
    for text in (GERMAN, ARABIC, CHINESE, JAPANESE):
        assert text in html
    assert "Reisebericht Größe" not in html  # a fragment: no title block without --standalone
    assert "<title>Reisebericht Größe</title>" in cli("convert", docs["md"], "-s").stdout


def test_markdown_to_docx_embeds_the_image_and_keeps_structure(cli, docs: dict[str, Path], tmp_path: Path) -> None:
    out = tmp_path / "out.docx"
    data = ok(cli, docs["md"], "-o", out)
    assert data["to_format"] == "docx" and data["images"] == ["red.png"] and data["output"] == str(out)
    xml = docx_xml(out)
    assert 'w:val="Heading1"' in xml and 'w:val="Heading2"' in xml and "<w:tbl>" in xml and "w:hyperlink" in xml
    for text in ("Grüße aus München", ARABIC, CHINESE, JAPANESE, "erster Punkt"):
        assert text in xml
    assert list(docx_media(out).values()) == [docs["png"].read_bytes()]


def test_docx_to_markdown(cli, docs: dict[str, Path], tmp_path: Path) -> None:
    docx = make_docx(docs["md"], tmp_path / "made-by-pandoc.docx")
    result = cli("convert", docx, "-t", "gfm")
    assert result.exit_code == 0, result
    md = result.stdout
    assert "# Überblick" in md and "## Listen" in md and "- erster Punkt" in md and re.search(r"^1\.\s+eins$", md, re.M)
    assert "| Kairo" in md and ARABIC in md and CHINESE in md and "(https://example.org/pdftools)" in md


@pytest.mark.parametrize("engine", ["weasyprint", "typst"])
def test_markdown_to_pdf_unicode_and_image(cli, docs: dict[str, Path], tmp_path: Path, engine: str) -> None:
    out = tmp_path / f"{engine}.pdf"
    data = ok(cli, docs["md"], "-o", out, "--pdf-engine", engine)
    assert data["pdf_engine"] == engine and data["images"] == ["red.png"]
    text = pdf_text(out)
    for expected in ("Reisebericht Größe", "Überblick", "Grüße aus München", ARABIC, CHINESE, JAPANESE, "Kairo",
                     "erster Punkt"):
        assert expected in text, expected
    assert drawn_with_real_glyphs(out, "م", "你", "語")  # fonts that have the glyphs, not boxes
    assert pdf_images(out) == 1


def test_html_to_pdf(cli, docs: dict[str, Path], tmp_path: Path) -> None:
    out = tmp_path / "from-html.pdf"
    data = ok(cli, docs["html"], "-o", out)
    assert data["from_format"] == "html" and data["pdf_engine"] == "weasyprint" and data["images"] == ["red.png"]
    text = pdf_text(out)
    assert "Überblick" in text and GERMAN.split(":")[0] in text and ARABIC in text and CHINESE in text
    assert pdf_images(out) == 1


@pytest.fixture
def made_pdf(cli, docs: dict[str, Path], tmp_path: Path) -> Path:
    out = tmp_path / "made.pdf"
    ok(cli, docs["md"], "-o", out)
    return out


def test_pdf_to_markdown_has_headings_paragraphs_and_lists(cli, made_pdf: Path) -> None:
    result = cli("convert", made_pdf, "-t", "markdown")
    assert result.exit_code == 0, result
    md = result.stdout
    headings = re.findall(r"^(#+) (.+)$", md, re.M)
    assert ("#", "Reisebericht Größe") in headings and ("#", "Überblick") in headings
    assert ("##", "Listen") in headings and ("##", "Tabelle") in headings and ("##", "Sprachen") in headings
    assert re.search(r"^Grüße aus München: Äpfel, Öl und Straßenbahn\. See the project page\.$", md, re.M)
    assert re.search(r"^-\s+erster Punkt$", md, re.M) and re.search(r"^1\.\s+eins$", md, re.M)
    assert ARABIC in md and f"{CHINESE}。{JAPANESE}。" in md


def test_pdf_to_docx(cli, made_pdf: Path, tmp_path: Path) -> None:
    out = tmp_path / "from-pdf.docx"
    data = ok(cli, made_pdf, "-o", out)
    assert data["from_format"] == "pdf" and data["ocr_pages"] == []
    xml = docx_xml(out)
    assert 'w:val="Heading1"' in xml and 'w:val="Heading2"' in xml and "Grüße aus München" in xml and CHINESE in xml


def test_third_party_pdf_title_is_a_heading(cli, corpus: Path) -> None:
    result = cli("convert", corpus / "011-google-doc-document" / "google-doc-document.pdf", "-t", "gfm")
    assert result.exit_code == 0, result
    assert result.stdout.startswith("# Example document\n\nBeautiful is better than ugly.")


def test_latex_section_numbers_join_their_titles(cli, corpus: Path) -> None:
    result = cli("convert", corpus / "006-pdflatex-outline" / "pdflatex-outline.pdf", "-t", "gfm")
    assert result.exit_code == 0, result
    assert [h for h in re.findall(r"^# (.+)$", result.stdout, re.M)][:4] == ["Contents", "1 Foo", "2 Bar", "3 Baz"]


def test_scanned_pdf_is_read_with_ocr(cli, sample: Path, tmp_path: Path) -> None:
    subprocess.run(["pdftoppm", "-r", "150", "-gray", "-f", "1", "-l", "1", str(sample), str(tmp_path / "pg")],
                   check=True)
    page = Image.open(next(tmp_path.glob("pg-*.pgm")))
    page.save(tmp_path / "scan.pdf", resolution=150)
    result = cli("convert", tmp_path / "scan.pdf", "-t", "gfm", "--json")
    assert result.exit_code == 0, result
    data = json.loads(result.stdout)  # one JSON object on stdout, the text inside it; nothing on stderr
    assert data["ocr_pages"] == [1] and data["output"] is None and result.stderr == ""
    said = pdf_text(sample).split()[:12]
    assert sum(word in data["content"] for word in said) >= 9  # tesseract reads nearly all of the first words
    plain = cli("convert", tmp_path / "scan.pdf", "-t", "gfm")
    assert plain.exit_code == 0 and plain.stdout == data["content"]  # without --json: the text alone


def test_json_carries_the_text_on_stdout(cli, docs: dict[str, Path], tmp_path: Path) -> None:
    result = cli("convert", docs["md"], "-t", "gfm", "--json")
    assert result.exit_code == 0 and result.stderr == "", result
    data = json.loads(result.stdout)
    assert data["output"] is None and data["truncated"] is False and "# Überblick" in data["content"]
    assert data["bytes"] == len(data["content"].encode())
    piped = cli("convert", docs["md"], "-t", "gfm", "-o", "-", "--json")  # asked for stdout: data there
    assert piped.exit_code == 0 and piped.stdout == data["content"] and json.loads(piped.stderr)["output"] == "-"
    binary = cli("convert", docs["md"], "-t", "docx", "--json")
    assert binary.exit_code == 2 and json.loads(binary.stderr)["error"]["code"] == "INVALID_ARGUMENT"


def test_text_given_as_a_string_and_options(cli, tmp_path: Path) -> None:
    result = cli("convert", "--text", "# Eins\n\nZwei *drei*", "-t", "html", "--toc", "-s", "-M", "title=Der Titel")
    assert result.exit_code == 0, result
    html = result.stdout
    assert "<title>Der Titel</title>" in html and 'id="TOC"' in html and "<em>drei</em>" in html


def test_formats_from_names_and_overrides(cli, docs: dict[str, Path], tmp_path: Path) -> None:
    data = ok(cli, docs["md"], "-o", tmp_path / "out.rst")
    assert (data["from_format"], data["to_format"]) == ("markdown", "rst")
    assert "Überblick\n=========" in (tmp_path / "out.rst").read_text()
    data = ok(cli, docs["md"], "-o", tmp_path / "notes.txt", "-f", "gfm")
    assert (data["from_format"], data["to_format"]) == ("gfm", "plain")
    assert "ÜBERBLICK" in (tmp_path / "notes.txt").read_text() or "Überblick" in (tmp_path / "notes.txt").read_text()


def test_reference_doc_styles_the_docx(cli, docs: dict[str, Path], tmp_path: Path) -> None:
    import zipfile

    ref = tmp_path / "ref.docx"
    subprocess.run([pandoc.program(), "-o", str(ref), "--print-default-data-file", "reference.docx"], check=True)
    with zipfile.ZipFile(ref) as z:
        parts = {name: z.read(name) for name in z.namelist()}
    parts["word/styles.xml"] = parts["word/styles.xml"].replace(b'w:styleId="Heading1"',
                                                                b'w:styleId="Heading1" w:customStyle="1"', 1)
    parts["word/styles.xml"] = parts["word/styles.xml"].replace(b'<w:name w:val="heading 1"',
                                                                b'<w:name w:val="Kapitel Eins"', 1)
    with zipfile.ZipFile(ref, "w") as z:
        for name, data in parts.items():
            z.writestr(name, data)
    out = tmp_path / "styled.docx"
    ok(cli, docs["md"], "-o", out, "--reference-doc", ref)
    with zipfile.ZipFile(out) as z:
        assert b"Kapitel Eins" in z.read("word/styles.xml")


def test_template_and_lua_filter_on_the_command_line(cli, docs: dict[str, Path], tmp_path: Path) -> None:
    template = tmp_path / "t.html"
    template.write_text("TEMPLATE[$title$]\n$body$\n")
    lua = tmp_path / "upper.lua"
    lua.write_text('function Str(s) if s.text == "Listen" then return pandoc.Str("LISTS") end end\n')
    result = cli("convert", docs["md"], "-t", "html", "-s", "--template", template, "--lua-filter", lua)
    assert result.exit_code == 0, result
    assert result.stdout.startswith("TEMPLATE[Reisebericht Größe]") and ">LISTS</h2>" in result.stdout


def test_resource_path_finds_images_elsewhere(cli, tmp_path: Path) -> None:
    (tmp_path / "images").mkdir()
    Image.new("RGB", (8, 8), (0, 90, 200)).save(tmp_path / "images" / "blue.png")
    (tmp_path / "doc.md").write_text("# Bild\n\n![blau](blue.png)\n")
    out = tmp_path / "out.docx"
    without = ok(cli, tmp_path / "doc.md", "-o", out)
    assert without["images"] == [] and "blue.png not embedded" in " ".join(without["warnings"])
    with_path = ok(cli, tmp_path / "doc.md", "-o", out, "--force", "--resource-path", tmp_path / "images")
    assert with_path["images"] == ["blue.png"] and with_path["warnings"] == []
    assert list(docx_media(out).values()) == [(tmp_path / "images" / "blue.png").read_bytes()]


def test_existing_output_needs_force(cli, docs: dict[str, Path], tmp_path: Path) -> None:
    out = tmp_path / "out.html"
    out.write_text("keep me")
    result = cli("convert", docs["md"], "-o", out)
    assert result.exit_code == 6 and "OUTPUT_EXISTS" in result.stderr and out.read_text() == "keep me"
    assert cli("convert", docs["md"], "-o", out, "--force").exit_code == 0 and "Überblick" in out.read_text()


def test_stdin_format_comes_from_the_content(cli, docs: dict[str, Path], tmp_path: Path, made_pdf: Path) -> None:
    docx = make_docx(docs["md"], tmp_path / "piped.docx")
    result = cli("convert", "-", "-t", "gfm", input=docx.read_bytes())
    assert result.exit_code == 0, result
    assert "# Überblick" in result.stdout
    result = cli("convert", "-", "-t", "gfm", input=made_pdf.read_bytes())
    assert result.exit_code == 0, result
    assert "# Reisebericht Größe" in result.stdout
    result = cli("convert", "-", "-t", "html", input=b"# Plain *markdown*")
    assert result.exit_code == 0 and "<em>markdown</em>" in result.stdout


BIDI_MARKS = dict.fromkeys(map(ord, "\u202a\u202b\u202c\u202d\u202e\u200e\u200f"), " ")


def _words_of(text: str) -> list[str]:
    """The words in order, without bidi marks or markdown escapes (`text` wraps right-to-left runs in marks,
    moving a space into the run: `word ‫ العربية‬means`)."""
    return re.findall(r"[^\s\\.,]+", text.translate(BIDI_MARKS))


def test_pdf_to_markdown_reads_right_to_left_text_in_logical_order(cli, tmp_path: Path, corpus: Path) -> None:
    md = tmp_path / "notes.md"
    md.write_text("# Notes\n\nThe word العربية means Arabic in this English sentence.\n\n"
                  "اللغة العربية جميلة\n\nمرحبا بالعالم, hello world.\n", encoding="utf-8")
    ok(cli, md, "-o", tmp_path / "notes.pdf")
    result = cli("convert", tmp_path / "notes.pdf", "-t", "markdown")
    assert result.exit_code == 0, result
    assert "The word العربية means Arabic" in result.stdout and "ةيبرعلا" not in result.stdout
    assert "اللغة العربية جميلة" in result.stdout and "مرحبا بالعالم" in result.stdout
    said = cli("text", tmp_path / "notes.pdf")
    assert _words_of(result.stdout.replace("# ", "", 1)) == _words_of(said.stdout)  # as pdftotext orders them
    habibi = corpus / "015-arabic" / "habibi.pdf"
    result, said = cli("convert", habibi, "-t", "markdown"), cli("text", habibi)
    assert result.exit_code == 0 and _words_of(result.stdout) == _words_of(said.stdout)


def test_text_given_as_a_string_names_no_input_file(cli, tmp_path: Path) -> None:
    """`--text` has no input file: the JSON says so with null (it said `"input": "content"`, a file name that
    could be real), and a file that happens to be called `content` is still named as itself."""
    data = json.loads(cli("convert", "--text", "# Hi", "-t", "html", "--json").stdout)
    assert data["input"] is None and data["content"].startswith("<h1"), data
    (tmp_path / "content").write_text("# From a file\n")
    named = json.loads(cli("convert", "content", "-t", "html", "--json").stdout)
    assert named["input"] == "content" and "From a file" in named["content"], named
    human = cli("convert", "--text", "# Hi", "-t", "html", "-o", tmp_path / "hi.html")
    assert human.exit_code == 0 and "content" not in human.stdout + human.stderr, human


def test_docx_image_descriptions_hold_no_image_data(cli, tmp_path: Path) -> None:
    """pandoc's docx writer describes each picture by its source (pic:cNvPr descr); pdftools hands images over as
    data: URIs, which put the image's base64 there a second time. The descriptions name the file, as bare pandoc's
    do, and the docx is no bigger than bare pandoc's."""
    import base64
    import random

    rng = random.Random(4)
    Image.frombytes("RGB", (200, 200), rng.randbytes(200 * 200 * 3)).save(tmp_path / "noise.png")  # ~120 KB
    doc = tmp_path / "img.md"
    doc.write_text('# T\n\n![](noise.png)\n\n![A noisy square](noise.png)\n\n![](noise.png "a title")\n')
    bare = tmp_path / "bare.docx"
    subprocess.run([pandoc.program(), doc.name, "-o", str(bare)], cwd=tmp_path, check=True)
    out = tmp_path / "out.docx"
    ok(cli, doc, "-o", out)
    xml = docx_xml(out)
    assert "base64" not in xml and "data:image" not in xml
    assert re.findall(r'<pic:cNvPr [^>]*descr="([^"]*)"', xml) == re.findall(r'<pic:cNvPr [^>]*descr="([^"]*)"',
                                                                         docx_xml(bare)) == ["noise.png"] * 3
    assert 'descr="A noisy square"' in xml
    assert out.stat().st_size < bare.stat().st_size * 1.1, (out.stat().st_size, bare.stat().st_size)
    assert len(docx_media(out)) == 1
    uri = tmp_path / "uri.md"  # an image written into the document as a data: URI: no name to give, none
    uri.write_text(f"![](data:image/png;base64,{base64.b64encode((tmp_path / 'noise.png').read_bytes()).decode()})\n")
    ok(cli, uri, "-o", tmp_path / "uri.docx")
    assert "base64" not in docx_xml(tmp_path / "uri.docx") and len(docx_media(tmp_path / "uri.docx")) == 1


CONTAINER_DATES = {"docx": ("docProps/core.xml", r"<dcterms:modified[^>]*>([^<]+)<"),
                   "odt": ("meta.xml", r"<dc:date>([^<]+)<"),
                   "epub": ("EPUB/content.opf", r'<meta property="dcterms:modified">([^<]+)<'),
                   "pptx": ("docProps/core.xml", r"<dcterms:modified[^>]*>([^<]+)<")}


@pytest.mark.parametrize("to", CONTAINER_DATES)
def test_container_outputs_carry_no_1970_dates(cli, tmp_path: Path, to: str) -> None:
    """pandoc's sandbox has no clock: its docx, odt, epub and pptx said 1970-01-01 (and their zip entries
    1980-01-01). They carry the time bare pandoc gives them: SOURCE_DATE_EPOCH when set, else now."""
    import datetime
    import zipfile

    doc = tmp_path / "d.md"
    doc.write_text("---\ntitle: Dated\n---\n\n# One\n\nText.\n")
    part, pattern = CONTAINER_DATES[to]
    before = datetime.datetime.now(datetime.UTC).replace(microsecond=0)
    made = cli("convert", doc, "-o", tmp_path / f"now.{to}", env={"SOURCE_DATE_EPOCH": None})  # a machine's own
    assert made.exit_code == 0, made  # SOURCE_DATE_EPOCH (a reproducible-build setting) would date it in the past
    after = datetime.datetime.now(datetime.UTC)
    with zipfile.ZipFile(tmp_path / f"now.{to}") as z:
        assert not any(b"1970-01-01" in z.read(info) for info in z.infolist())
        assert all(info.date_time[0] >= before.year for info in z.infolist())
        stamp = datetime.datetime.fromisoformat(re.findall(pattern, z.read(part).decode())[0].strip())
    assert before <= stamp <= after, (before, stamp, after)
    fixed = cli("convert", doc, "-o", tmp_path / f"fixed.{to}", env={"SOURCE_DATE_EPOCH": "1700000000"})
    assert fixed.exit_code == 0, fixed
    with zipfile.ZipFile(tmp_path / f"fixed.{to}") as z:
        assert re.findall(pattern, z.read(part).decode())[0].strip() == "2023-11-14T22:13:20Z"
        assert {info.date_time for info in z.infolist()} == {(2023, 11, 14, 22, 13, 20)}


def test_pptx_with_images_found_and_missing(cli, docs: dict[str, Path], tmp_path: Path) -> None:
    """pandoc's pptx writer stops at an image it cannot read (exit 99, where the docx writer warns), and under
    the sandbox it can read none: a slide with red.png failed. Images pdftools may hand over go inside; the
    others become their description, with a warning saying why."""
    import zipfile

    doc = docs["md"].parent / "slides.md"
    doc.write_text("# One\n\n![Red square](red.png)\n\n# Two\n\n![Passwd](/etc/passwd) ![Gone](missing.png)\n")
    bare = subprocess.run([pandoc.program(), "--sandbox", doc.name, "-o", str(tmp_path / "bare.pptx")],
                          cwd=doc.parent, capture_output=True, text=True)
    assert bare.returncode == 99 and "not found in resource path" in bare.stderr  # what pdftools ran into
    out = tmp_path / "slides.pptx"
    data = ok(cli, doc, "-o", out)
    assert data["images"] == ["red.png"]
    assert any("/etc/passwd not embedded" in w for w in data["warnings"])
    assert any("missing.png not embedded" in w for w in data["warnings"])
    with zipfile.ZipFile(out) as z:
        media = [n for n in z.namelist() if n.startswith("ppt/media/")]
        slides = " ".join(z.read(n).decode() for n in z.namelist() if n.startswith("ppt/slides/slide"))
    assert len(media) == 1 and "Passwd" in slides and "Gone" in slides
    assert not leaks(out)


def leaks(path: Path) -> bool:
    import zipfile

    line = Path("/etc/passwd").read_bytes().splitlines()[0]
    with zipfile.ZipFile(path) as z:
        return any(line in z.read(name) for name in z.namelist())
