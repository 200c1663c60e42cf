"""convert's safety and its bad inputs: the sandbox, what may be embedded, limits, and errors that say what to do.

Where a test shows that something is kept out, a baseline shows first that bare pandoc (no sandbox) lets it in,
so the check is known to see the thing it looks for."""

from __future__ import annotations

import base64
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pikepdf
import pytest
from convert_docs import docx_media, make_docx, write_docs
from PIL import Image

from pdftools.convert import pandoc
from pdftools.convert.engines import weasyprint

PDFTOOLS = Path(sys.executable).with_name("pdftools")
PASSWD = Path("/etc/passwd").read_bytes()
PASSWD_LINE = PASSWD.splitlines()[0]  # e.g. b"root:x:0:0:root:/root:/bin/bash"


def leaks_passwd(data: bytes) -> bool:
    """The bytes hold /etc/passwd: as is, or base64 (a data: URI), or zipped inside a docx."""
    if PASSWD_LINE in data or base64.b64encode(PASSWD)[:40] in data:
        return True
    if data[:2] == b"PK":
        import io
        import zipfile

        with zipfile.ZipFile(io.BytesIO(data)) as z:
            return any(PASSWD_LINE in z.read(name) for name in z.namelist())
    return False


@pytest.fixture
def docs(tmp_path: Path) -> dict[str, Path]:
    return write_docs(tmp_path / "docs")


# ------------------------------------------------------------------------------------------------ the sandbox


@pytest.mark.parametrize("to", ["docx", "html"])
def test_etc_passwd_named_as_an_image_is_not_embedded(cli, tmp_path: Path, to: str) -> None:
    doc = tmp_path / "evil.md"
    doc.write_text("# Hi\n\n![x](/etc/passwd) ![y](file:///etc/passwd) ![z](../../../../../../etc/passwd)\n")
    baseline = tmp_path / f"baseline.{to}"
    subprocess.run([pandoc.program(), str(doc), "-o", str(baseline), "--embed-resources", "--standalone"],
                   check=True, capture_output=True)
    assert leaks_passwd(baseline.read_bytes())  # bare pandoc embeds it: the vector is real

    out = tmp_path / f"out.{to}"
    result = cli("convert", doc, "-o", out, "--standalone", "--json")
    assert result.exit_code == 0, result
    assert not leaks_passwd(out.read_bytes())
    data = json.loads(result.stdout)
    assert data["images"] == []
    if to == "docx":  # pandoc wanted the files; pdftools said why it did not hand them over
        assert any("/etc/passwd not embedded" in w for w in data["warnings"])


@pytest.mark.parametrize(("name", "text"), [
    ("doc.rst", ".. include:: secret.txt\n\nVisible.\n"),
    ("doc.org", '#+INCLUDE: "secret.txt"\n\nVisible.\n'),
    ("doc.tex", "\\input{secret.txt}\n\nVisible.\n"),
])
def test_include_directives_read_nothing(cli, tmp_path: Path, name: str, text: str) -> None:
    (tmp_path / "secret.txt").write_text("TOPSECRET-1234\n")
    (tmp_path / name).write_text(text)
    bare = subprocess.run([pandoc.program(), name, "-t", "plain"], cwd=tmp_path, capture_output=True, text=True)
    assert "TOPSECRET-1234" in bare.stdout  # without the sandbox pandoc reads it
    result = cli("convert", tmp_path / name, "-t", "plain")
    assert "TOPSECRET" not in result.stdout + result.stderr
    if result.exit_code == 0:
        assert "Visible." in result.stdout
    else:  # some readers stop at the include they may not read: a clear error, never the file
        assert result.exit_code == 9 and "EXTERNAL_TOOL_FAILED" in result.stderr


def test_every_pandoc_run_is_sandboxed_and_none_is_spent_listing(cli, docs: dict[str, Path], tmp_path: Path) -> None:
    """A wrapper that records pandoc's arguments and then runs the real pandoc (nothing is faked)."""
    log = tmp_path / "calls.txt"
    wrapper = tmp_path / "pandoc-logged"
    wrapper.write_text(f'#!/bin/sh\nprintf "%s\\n" "$*" >> {log}\nexec {pandoc.program()} "$@"\n')
    wrapper.chmod(0o755)
    env = {"PDFTOOLS_PANDOC": str(wrapper)}
    assert cli("convert", docs["md"], "-o", tmp_path / "a.html", env=env).exit_code == 0
    assert len(log.read_text().splitlines()) == 1  # one pandoc process: no --version, no format lists
    runs = [("-o", tmp_path / "a.docx"), ("-o", tmp_path / "a.pdf"), ("-o", tmp_path / "b.pdf", "--pdf-engine",
            "typst"), ("-o", tmp_path / "c.md")]
    for args in runs:
        result = cli("convert", docs["md"], *args, env=env)
        assert result.exit_code == 0, result
    assert cli("convert", tmp_path / "a.docx", "-t", "gfm", env=env).exit_code == 0
    assert cli("convert", tmp_path / "a.pdf", "-t", "gfm", env=env).exit_code == 0
    calls = log.read_text().splitlines()
    assert len(calls) >= 9 and all(call.startswith("--sandbox ") for call in calls), calls


def test_weasyprint_fetches_nothing_the_html_names(cli, tmp_path: Path) -> None:
    """Raw HTML reaches weasyprint as is; --allowed-protocols data keeps it from reading files and URLs."""
    outside = tmp_path / "outside"
    outside.mkdir()
    Image.new("RGB", (30, 30), (0, 150, 0)).save(outside / "green.png")
    page = tmp_path / "doc" / "page.md"
    page.parent.mkdir()
    page.write_text(f'# Raw\n\n<img src="file://{outside}/green.png"> '
                    f'<span style="background: url(file://{outside}/green.png)">x</span>\n\n'
                    f'<a rel="attachment" href="file:///etc/passwd">passwd</a>\n')
    html = subprocess.run([pandoc.program(), str(page), "-s"], capture_output=True, check=True).stdout
    subprocess.run([weasyprint(), "-", str(tmp_path / "baseline.pdf")], input=html, check=True, capture_output=True)
    assert _fetched(tmp_path / "baseline.pdf") == (1, 1)  # unconfined, weasyprint takes them: the vector is real
    out = tmp_path / "raw.pdf"
    assert cli("convert", page, "-o", out).exit_code == 0
    assert _fetched(out) == (0, 0)


def _fetched(path: Path) -> tuple[int, int]:
    """Images drawn on the first page, and files attached to it (weasyprint attaches `rel=attachment` links)."""
    with pikepdf.open(path) as pdf:
        page = pdf.pages[0]
        annots = [a for a in page.obj.get("/Annots", []) if a.get("/Subtype") == "/FileAttachment"]
        return len(page.get_images()), len(annots) + len(pdf.attachments)


# ------------------------------------------------------------------------------------------------ limits


def test_timeout_kills_the_conversion_and_writes_nothing(cli, tmp_path: Path) -> None:
    big = tmp_path / "big.md"
    big.write_text("\n\n".join(f"## Part {i}\n\n" + "Lorem ipsum dolor sit amet. " * 30 for i in range(4000)))
    out = tmp_path / "out" / "big.pdf"
    out.parent.mkdir()
    result = cli("convert", big, "-o", out, "--timeout", "1")
    assert result.exit_code == 124 and "TIMEOUT" in result.stderr, result
    assert list(out.parent.iterdir()) == []


def test_input_size_limit(cli, docs: dict[str, Path]) -> None:
    env = {"PDFTOOLS_MAX_INPUT_MB": "0.0003"}  # 300 bytes
    assert docs["md"].stat().st_size > 300
    result = cli("convert", docs["md"], env=env)
    assert result.exit_code == 10 and "INPUT_TOO_LARGE" in result.stderr and "0.0003 MB" in result.stderr
    result = cli("convert", "--text", "x" * 301, env=env)
    assert result.exit_code == 10 and "INPUT_TOO_LARGE" in result.stderr
    assert cli("convert", "--text", "x" * 299, env=env).exit_code == 0


def test_a_zip_bomb_is_measured_unpacked(cli, docs: dict[str, Path], tmp_path: Path) -> None:
    """A docx (a zip) is small packed: 200 MB of text is 200 KB of docx, which pandoc held as 2 GB for 45 s
    (`doc-docx-zipbomb.docx` in tests/hostile_sweep.py). The limit counts what its parts unpack to."""
    import zipfile

    bomb, out, docx = tmp_path / "bomb.docx", tmp_path / "out.md", make_docx(docs["md"], tmp_path / "doc.docx")
    with zipfile.ZipFile(docx) as z, zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as made:
        for item in z.infolist():
            made.writestr(item, z.read(item))
        made.writestr("word/padding.xml", b"a" * 3_000_000)  # 3 MB in ~3 KB
    env = {"PDFTOOLS_MAX_INPUT_MB": "2"}
    assert bomb.stat().st_size < 1_000_000
    result = cli("convert", bomb, "-o", out, env=env)
    assert result.exit_code == 10 and "INPUT_TOO_LARGE" in result.stderr and "unpacks to" in result.stderr, result
    assert not out.exists()
    assert cli("convert", docx, "-o", out, env=env).exit_code == 0  # the document itself is under it


# ------------------------------------------------------------------------------------------------ bad input


@pytest.mark.parametrize(("args", "close"), [(["-t", "markdwn"], "markdown"), (["-f", "htlm"], "html"),
                                             (["-t", "docxx"], "docx")])
def test_unknown_format_names_the_close_matches(cli, docs: dict[str, Path], args: list[str], close: str) -> None:
    result = cli("convert", docs["md"], *args)
    assert result.exit_code == 2 and "error[UNKNOWN_FORMAT]" in result.stderr
    message = result.stderr.splitlines()[0]
    assert f"did you mean {close}" in message


def test_unknown_output_extension_asks_for_to(cli, docs: dict[str, Path], tmp_path: Path) -> None:
    result = cli("convert", docs["md"], "-o", tmp_path / "out.xyz")
    assert result.exit_code == 2 and "--to" in result.stderr


def test_a_docx_that_is_really_text(cli, tmp_path: Path) -> None:
    fake = tmp_path / "notes.docx"
    fake.write_text("# Just markdown\n\nNot a zip at all.\n")
    result = cli("convert", fake, "-t", "gfm")
    assert result.exit_code == 4 and "error[WRONG_FORMAT]" in result.stderr
    assert "notes.docx is not a docx file" in result.stderr and "--from" in result.stderr
    fixed = cli("convert", fake, "-t", "gfm", "--from", "markdown")  # the hint's way out works
    assert fixed.exit_code == 0 and "# Just markdown" in fixed.stdout


def test_binary_bytes_called_markdown(cli, tmp_path: Path, sample: Path) -> None:
    blob = tmp_path / "photo.md"
    Image.new("RGB", (20, 20), (1, 2, 3)).save(blob, format="PNG")
    result = cli("convert", blob, "-t", "html")  # an image by its bytes, whatever its name: a PDF's, not html's
    assert result.exit_code == 2 and "photo.md looks like a PNG image" in result.stderr and "not html" in result.stderr
    shutil.copy(sample, tmp_path / "report.txt")
    result = cli("convert", tmp_path / "report.txt", "-t", "html")
    assert result.exit_code == 4 and "looks like a PDF (--from pdf)" in result.stderr


@pytest.mark.parametrize("how", ["file", "text", "blank-pdf"])
def test_empty_input(cli, tmp_path: Path, how: str) -> None:
    if how == "file":
        (tmp_path / "empty.md").write_bytes(b"")
        args: list[object] = [tmp_path / "empty.md"]
    elif how == "text":
        args = ["--text", " \n\t\n"]
    else:  # a page with nothing on it: no text layer, and OCR finds nothing either
        pdf = pikepdf.new()
        pdf.add_blank_page()
        pdf.save(tmp_path / "blank.pdf")
        args = [tmp_path / "blank.pdf"]
    result = cli("convert", *args, "-t", "gfm")
    assert result.exit_code == 4 and "error[EMPTY_INPUT]" in result.stderr, result


def test_output_folder_missing(cli, docs: dict[str, Path], tmp_path: Path) -> None:
    result = cli("convert", docs["md"], "-o", tmp_path / "nope" / "out.docx")
    assert result.exit_code == 6 and "OUTPUT_DIR_MISSING" in result.stderr


def test_binary_formats_need_a_file_or_a_pipe(cli, docs: dict[str, Path]) -> None:
    """With --json and no -o the result is the JSON on stdout: a docx has nowhere to go. (Into a pipe, `-o -`
    writes it: tests/convert/test_convert_pipes.py.)"""
    result = cli("convert", docs["md"], "-t", "docx", "--json")
    assert result.exit_code == 2 and "binary format" in result.stderr and "-o -" in result.stderr


def test_input_or_text_not_both(cli, docs: dict[str, Path]) -> None:
    assert cli("convert").exit_code == 2
    assert cli("convert", docs["md"], "--text", "# x").exit_code == 2


def _path_without(tmp_path: Path, *missing: str) -> str:
    """A PATH folder with poppler and tesseract (what convert may need) but not the `missing` programs."""
    bindir = tmp_path / "bin"
    bindir.mkdir(exist_ok=True)
    for name in ("pdftotext", "pdfinfo", "pdftoppm", "tesseract", "pandoc", "weasyprint"):
        found = shutil.which(name) or (Path(sys.executable).parent / name if name == "weasyprint" else None)
        if name not in missing and found and not (bindir / name).exists():
            os.symlink(found, bindir / name)
    return str(bindir)


def test_pandoc_missing(tmp_path: Path, docs: dict[str, Path]) -> None:
    """PDFTOOLS_PANDOC=pandoc: look pandoc up on PATH only (not in the pypandoc-binary wheel), on a PATH
    without it."""
    env = {**os.environ, "PATH": _path_without(tmp_path, "pandoc"), "PDFTOOLS_PANDOC": "pandoc"}
    out = subprocess.run([PDFTOOLS, "convert", docs["md"], "--json"], capture_output=True, text=True, env=env)
    assert out.returncode == 8
    error = json.loads(out.stderr)["error"]
    assert error["code"] == "DEPENDENCY_MISSING" and "pip install pypandoc-binary" in error["hint"]


def test_pdf_engine_missing(tmp_path: Path, docs: dict[str, Path]) -> None:
    env = {**os.environ, "PATH": _path_without(tmp_path, "weasyprint"), "PDFTOOLS_WEASYPRINT": "weasyprint"}
    out = subprocess.run([PDFTOOLS, "convert", docs["md"], "-o", tmp_path / "x.pdf", "--pdf-engine", "weasyprint",
                          "--json"], capture_output=True, text=True, env=env)
    assert out.returncode == 8 and not (tmp_path / "x.pdf").exists()
    error = json.loads(out.stderr)["error"]
    assert error["code"] == "DEPENDENCY_MISSING" and "pip install 'weasyprint>=68'" in error["hint"]


def test_pandoc_without_its_data_files_says_so(tmp_path: Path, docs: dict[str, Path]) -> None:
    """A pandoc that reads its data files from disk cannot write docx in its sandbox; the error must say why and
    what to install. Such a pandoc cannot be made in a test (it is how pandoc was built), so this runs where one
    is installed (Debian's pandoc package: /usr/bin/pandoc with /usr/share/pandoc/data)."""
    system = Path("/usr/bin/pandoc")
    if not system.exists() or not Path("/usr/share/pandoc/data/docx").is_dir():
        pytest.skip("no pandoc with on-disk data files here (Debian's pandoc package)")
    env = {**os.environ, "PDFTOOLS_PANDOC": str(system)}
    out = subprocess.run([PDFTOOLS, "convert", docs["md"], "-o", tmp_path / "x.docx", "--json"],
                         capture_output=True, text=True, env=env)
    error = json.loads(out.stderr)["error"]
    assert out.returncode == 8 and error["code"] == "DEPENDENCY_MISSING" and "data files" in error["message"]


def test_docx_media_only_from_the_document(cli, tmp_path: Path) -> None:
    """An image beside the document is embedded; one outside its folder, named by a relative path, is not."""
    outside = tmp_path / "private"
    outside.mkdir()
    Image.new("RGB", (10, 10), (9, 9, 9)).save(outside / "photo.png")
    folder = tmp_path / "docs"
    folder.mkdir()
    Image.new("RGB", (10, 10), (200, 9, 9)).save(folder / "ok.png")
    (folder / "d.md").write_text("![ok](ok.png) ![no](../private/photo.png)\n")
    result = cli("convert", folder / "d.md", "-o", tmp_path / "d.docx", "--json")
    assert result.exit_code == 0, result
    assert list(docx_media(tmp_path / "d.docx").values()) == [(folder / "ok.png").read_bytes()]
    assert json.loads(result.stdout)["warnings"] == [
        "image ../private/photo.png not embedded: outside the input's folder and --resource-path"]


@pytest.mark.parametrize(("name", "text", "said"), [
    ("bad.tex", "\\begin{document}\n\\end{itemize}\n", ["line 2, column 14", "expecting \\end{document}",
                                                      "\\end{itemize}"]),
    ("bad.opml", '<opml><body><outline text="a"', ["Invalid XML", "not enough input"]),
    ("bad.csv", 'a,"b\nc', ['line 4, column 1', "unexpected end of input"]),
    ("bad.ipynb", '{"cells": 3}', ["ipynb", '"worksheets" not found']),
])
def test_a_parse_error_is_wrong_format_with_pandocs_whole_message(cli, tmp_path: Path, name: str, text: str,
                                                                   said: list[str]) -> None:
    """pandoc's parse errors span lines (where, then what it expected, then the line with a caret): all of it,
    not its last line (a lone `^` for LaTeX), as WRONG_FORMAT: the document is not the format it claims."""
    doc = tmp_path / name
    doc.write_text(text)
    bare = subprocess.run([pandoc.program(), "--sandbox", str(doc), "-t", "html"], capture_output=True, text=True)
    assert bare.returncode in (44, 64, 93) and all(part in bare.stderr for part in said)  # what pandoc says
    result = cli("convert", doc, "-t", "html")
    assert result.exit_code == 4 and "WRONG_FORMAT" in result.stderr, result
    assert all(part in result.stderr for part in said), result.stderr
    assert "EXTERNAL_TOOL_FAILED" not in result.stderr and "Traceback" not in result.stderr


def test_a_docx_with_broken_xml_is_wrong_format(cli, docs: dict[str, Path], tmp_path: Path) -> None:
    """pandoc exits 63 ("couldn't parse docx file: DocxError"): the file is no valid docx (the hostile sweep's
    doc-docx-bad-xml.docx), not a failing program."""
    import zipfile

    good = make_docx(docs["md"], tmp_path / "good.docx")
    bad = tmp_path / "bad.docx"
    with zipfile.ZipFile(good) as old, zipfile.ZipFile(bad, "w") as new:
        for info in old.infolist():
            new.writestr(info, old.read(info) if info.filename != "word/document.xml" else b"<w:document><<<<&&&")
    result = cli("convert", bad, "-t", "markdown")
    assert result.exit_code == 4 and "WRONG_FORMAT" in result.stderr and "DocxError" in result.stderr, result


def test_password_protected_documents_say_so(cli, tmp_path: Path) -> None:
    """Word keeps a docx with a password in an OLE compound file (not a zip), LibreOffice encrypts an odt's parts
    inside its zip: both are named as such, with the way out, before pandoc (which spoke of a missing 'end of
    central directory signature' or 'styles.xml')."""
    docx = tmp_path / "secret.docx"
    docx.write_bytes(bytes.fromhex("D0CF11E0A1B11AE1") + bytes(4000))  # a compound file's signature
    odt = tmp_path / "secret.odt"
    with zipfile.ZipFile(odt, "w") as z:
        z.writestr("mimetype", "application/vnd.oasis.opendocument.text")
        z.writestr("META-INF/manifest.xml", '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:'
                   'xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="content.xml" manifest:media-type='
                   '"text/xml"><manifest:encryption-data manifest:checksum-type="SHA1/1K"/></manifest:file-entry>'
                   '</manifest:manifest>')
        z.writestr("content.xml", bytes(range(256)) * 8)
    for doc in (docx, odt):
        result = cli("convert", doc, "-t", "html")
        text = " ".join(result.stderr.split())
        assert result.exit_code == 4 and "error[WRONG_FORMAT]" in text, result
        assert "password" in text and "save it without" in text and "pandoc" not in text, text


def test_a_container_that_is_no_container_says_what_it_looks_like(cli, tmp_path: Path) -> None:
    """An odt or epub that is text or HTML, or a zip without the parts of one: WRONG_FORMAT naming the format and
    what the file looks like, not pandoc's parse-error hint about lines and columns."""
    odt = tmp_path / "notes.odt"
    odt.write_text("# Just markdown\n")
    epub = tmp_path / "book.epub"
    epub.write_text("<!DOCTYPE html><html><body><p>x</p></body></html>\n")
    empty = tmp_path / "empty.epub"
    with zipfile.ZipFile(empty, "w") as z:
        z.writestr("x.txt", "hi")
    for doc, says in ((odt, "notes.odt is not an odt file"), (epub, "book.epub is not an epub file"),
                      (empty, "empty.epub is not an epub file")):
        result = cli("convert", doc, "-t", "html")
        text = " ".join(result.stderr.split())
        assert result.exit_code == 4 and says in text and "--from" in text and "line, column" not in text, result
    assert "looks like text" in " ".join(cli("convert", odt, "-t", "html").stderr.split())
    assert "looks like HTML" in " ".join(cli("convert", epub, "-t", "html").stderr.split())


def test_utf16_text_is_named_with_the_way_to_utf8(cli, tmp_path: Path) -> None:
    """Windows' "Unicode" text is UTF-16 (a byte-order mark, a zero byte in each ASCII character): pandoc reads it
    as latin1 into garbage (`ÿþ# T i t r e`); pdftools says what it is and how to make it UTF-8, not that it is
    binary and in some other format."""
    doc = tmp_path / "notes.md"
    doc.write_bytes("# Titre\n\nCafé crème.\n".encode("utf-16"))
    result = cli("convert", doc, "-t", "html")
    text = " ".join(result.stderr.split())
    assert result.exit_code == 4 and "error[WRONG_FORMAT]" in text, result
    assert "notes.md is UTF-16 text" in text and "iconv -f UTF-16 -t UTF-8" in text and "binary" not in text


OFFICE = Path(__file__).parent / "office"  # made by office/make.py: real files Excel and PowerPoint would open


def test_password_protected_spreadsheets_and_slides_say_so(cli, tmp_path: Path) -> None:
    """An xlsx or pptx saved with a password is an OLE compound file holding the encrypted package: the xlsx got
    pandoc's own `Failed to unpack XLSX archive: Did not find end of central directory signature` with the hint
    about lines and columns, and the pptx a hint naming Word and .docx. Both say what the file is and name the
    program that saves it without the password, on the command line and over MCP."""
    from readback import mcp_call, mcp_error

    for name, program in (("secret.xlsx", "Excel"), ("secret.pptx", "PowerPoint")):
        result = cli("convert", OFFICE / name, "-t", "html")
        text = " ".join(result.stderr.split())
        assert result.exit_code == 4 and "error[WRONG_FORMAT]" in text, result
        assert f"{name} is protected by a password" in text and "pandoc" not in text, text
        assert f"Open it in {program}" in text and "save it without" in text, text
        (tmp_path / name).write_bytes((OFFICE / name).read_bytes())
        error = mcp_error(mcp_call(tmp_path, "doc_convert", {"input": name, "to_format": "html"}))
        assert error["code"] == "WRONG_FORMAT" and "protected by a password" in error["message"], error
        assert program in error["hint"], error
    broken = tmp_path / "broken.xlsx"  # a zip without a workbook: pandoc's "Failed to parse XLSX", not a parse error
    with zipfile.ZipFile(broken, "w") as z:
        z.writestr("x.txt", "hi")
    text = " ".join(cli("convert", broken, "-t", "html").stderr.split())
    assert "broken.xlsx is not an xlsx file" in text and "line, column" not in text, text


def test_an_image_given_to_convert_names_ocr(cli, tmp_path: Path) -> None:
    """A page image given to convert (an agent's thumbnail, a scan) was `binary, not markdown text` with a hint to
    give its real format, which convert has none for: it names the image and the command that reads its text.
    (convert makes a PDF of images, test_convert_images.py; into another format it is refused, naming ocr.)"""
    from readback import mcp_call, mcp_error

    scan = tmp_path / "scan.png"
    Image.new("RGB", (40, 20), "white").save(scan)
    text = " ".join(cli("convert", scan, "-t", "html").stderr.split())
    assert "error[INVALID_ARGUMENT]" in text and "looks like a PNG image" in text and "pdftools ocr" in text, text
    error = mcp_error(mcp_call(tmp_path, "doc_convert", {"input": "scan.png", "to_format": "markdown"}))
    assert "looks like a PNG image" in error["message"] and "pdf_ocr" in error["hint"], error
