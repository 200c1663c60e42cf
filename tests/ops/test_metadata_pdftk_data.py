"""`metadata set --data FILE` applies a pdftk `update_info` data file (`--format pdftk-utf8`: `update_info_utf8`):
the InfoKey/InfoValue records, other blocks passed over, values written as pdftk-java writes them (UTF-16 text;
an empty value an empty string). Checked against pdftk where it is installed: the same Info dictionary, entry by
entry and byte by byte."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import anyio
import pikepdf
import pytest
import readback as rb
from conftest import CORPUS
from mcp import Client

from pdftools.document.pdftk_update import read, unescape
from pdftools.mcp.server import build_server

PDFTK = shutil.which("pdftk")
SOURCE = CORPUS / "006-pdflatex-outline" / "pdflatex-outline.pdf"
DATA = """\
# a comment
InfoBegin
InfoKey: Title
InfoValue: Caf&#233; &amp; more &#128512; &lt;b&gt;
InfoBegin
InfoKey: Author
InfoValue: \n\
InfoBegin
InfoKey: New Key
InfoValue: plain
BookmarkBegin
BookmarkTitle: not applied
BookmarkLevel: 1
BookmarkPageNumber: 1
InfoBegin
InfoKey: Subject

InfoValue: cut by the blank line: skipped
InfoBegin
InfoKey: Creator
InfoValue: first
InfoBegin
InfoKey: Creator
InfoValue: \tsecond (the later record wins)
PdfID0: 00
NumberOfPages: 4
"""


def _info(path: Path) -> dict[str, bytes]:
    with pikepdf.open(path) as pdf:
        return {str(k): bytes(v) if isinstance(v, pikepdf.String) else str(v).encode()
                for k, v in pdf.trailer.Info.items()}


def _utf16(text: str) -> bytes:
    return b"\xfe\xff" + text.encode("utf-16-be")


def test_data_file_sets_info_as_pdftk_writes_it(cli: Any, tmp_path: Path) -> None:
    (tmp_path / "data.txt").write_text(DATA, encoding="utf-8")
    out = tmp_path / "out.pdf"
    done = cli("metadata", "set", SOURCE, "--data", tmp_path / "data.txt", "-o", out, "--json")
    assert done.exit_code == 0, done
    info = _info(out)
    assert info["/Title"] == _utf16("Café & more 😀 <b>")
    assert info["/Author"] == b"\xfe\xff"  # pdftk-java 3.3.2: an empty value is an empty string
    assert info["/New Key"] == _utf16("plain") and info["/Creator"] == _utf16("\tsecond (the later record wins)")
    assert info["/Producer"] == b"pdfTeX-1.40.23" and info["/Subject"] == b""  # untouched
    report = json.loads(done.stdout)
    assert report["changed"] == ["Title", "Author", "New Key", "Creator"]
    assert any("without InfoValue" in w for w in report["warnings"]), report["warnings"]
    xmp = cli("metadata", "set", rb.XMP, "--data", tmp_path / "data.txt", "-o", tmp_path / "xmp.pdf")
    assert xmp.exit_code == 0, xmp
    with pikepdf.open(tmp_path / "xmp.pdf") as pdf, pdf.open_metadata() as meta:
        assert meta["dc:title"] == "Café & more 😀 <b>"  # XMP follows, as with --set
    utf8 = cli("metadata", "set", SOURCE, "--data", tmp_path / "data.txt", "--format", "pdftk-utf8",
               "-o", tmp_path / "utf8.pdf")
    assert utf8.exit_code == 0, utf8
    assert _info(tmp_path / "utf8.pdf")["/Title"] == _utf16("Caf&#233; &amp; more &#128512; &lt;b&gt;")


@pytest.mark.skipif(PDFTK is None, reason="pdftk is not installed (apt-get install pdftk-java)")
@pytest.mark.parametrize(("command", "form"), [("update_info", "pdftk"), ("update_info_utf8", "pdftk-utf8")])
def test_same_info_as_pdftk(cli: Any, tmp_path: Path, command: str, form: str) -> None:
    (tmp_path / "data.txt").write_text(DATA + "InfoBegin\nInfoKey: K2\nInfoValue: Ōsaka &#x41;\n", encoding="utf-8")
    # pdftk (Java 17) reads the file in the locale's charset: under LANG=C (a bare container's) the Ō became two
    # U+FFFD and the Info dictionaries differed; the data file is UTF-8, so pdftk is told the locale that says so
    subprocess.run([PDFTK, SOURCE, command, tmp_path / "data.txt", "output", tmp_path / "theirs.pdf"],
                   check=True, capture_output=True, timeout=120, env={**os.environ, "LC_ALL": "C.UTF-8"})
    done = cli("metadata", "set", SOURCE, "--data", tmp_path / "data.txt", "--format", form,
               "-o", tmp_path / "ours.pdf")
    assert done.exit_code == 0, done
    assert _info(tmp_path / "ours.pdf") == _info(tmp_path / "theirs.pdf")


def test_reading_rules() -> None:
    data = read("\ufeffInfoBegin\r\nInfoKey: A\r\nInfoValue:x\rInfoBegin\nInfoValue: no key\n", utf8=False)
    assert data.values == {"A": "x"} and "without InfoKey" in data.warnings[0]
    assert unescape("&#xE9;&#233;&amp;amp;&copy;&#;&#65") == "éé&amp;&copy;&#;&#65"


def test_no_info_dictionary_gets_one_and_mcp_takes_data(tmp_path: Path) -> None:
    pdf = pikepdf.new()
    pdf.add_blank_page()
    pdf.save(tmp_path / "bare.pdf")
    (tmp_path / "data.txt").write_text("InfoBegin\nInfoKey: Title\nInfoValue: T\n", encoding="utf-8")

    async def go() -> Any:
        async with Client(build_server([tmp_path])) as client:
            return await client.call_tool("pdf_metadata", {"action": "set", "input": "bare.pdf",
                                                           "data": "data.txt", "output": "o.pdf"})

    done = anyio.run(go)
    assert not done.is_error, done
    assert _info(tmp_path / "o.pdf")["/Title"] == _utf16("T")


def test_set_needs_values_or_data(cli: Any, tmp_path: Path) -> None:
    done = cli("metadata", "set", SOURCE, "-o", tmp_path / "o.pdf")
    assert done.exit_code == 2 and "--data" in done.stderr, done
    shown = cli("metadata", "show", SOURCE, "--data", tmp_path / "x")
    assert shown.exit_code == 2, shown
