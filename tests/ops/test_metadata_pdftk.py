"""`metadata show --format pdftk` prints what `pdftk FILE dump_data` prints, byte for byte (`pdftk-utf8`:
`dump_data_utf8`): Info keys in pdftk's (Java HashMap) order, XML entities for text, IDs, page count, bookmarks,
page media and labels. A PDF written by hand carries the checked expectation everywhere; where pdftk is
installed (pdftk-java, `.ci/setup` installs it), the same file and the corpus are compared with its output."""

from __future__ import annotations

import html
import json
import math
import shutil
import subprocess
from pathlib import Path
from typing import Any

import anyio
import pdftk_files
import pytest
from conftest import CORPUS
from mcp import Client

from pdftools.document.pdftk_data import escape, java_number
from pdftools.mcp.server import build_server

PDFTK = shutil.which("pdftk")
needs_pdftk = pytest.mark.skipif(PDFTK is None, reason="pdftk is not installed (apt-get install pdftk-java)")


def test_handmade_file_as_pdftk_prints_it(cli: Any, tmp_path: Path) -> None:
    pdf = pdftk_files.handmade(tmp_path / "hand.pdf")
    shown = cli("metadata", "show", pdf, "--format", "pdftk")
    assert shown.exit_code == 0, shown
    assert shown.stdout_bytes == pdftk_files.DUMP_DATA.encode("ascii")
    utf8 = cli("metadata", "show", pdf, "--format", "pdftk-utf8")
    assert utf8.exit_code == 0, utf8
    assert utf8.stdout_bytes == html.unescape(pdftk_files.DUMP_DATA).encode("utf-8")
    assert "Keywords\nInfoValue: é 😀\n" in utf8.stdout


@needs_pdftk
def test_handmade_expectation_is_pdftks(tmp_path: Path) -> None:
    pdf = pdftk_files.handmade(tmp_path / "hand.pdf")
    assert _pdftk(pdf, "dump_data") == pdftk_files.DUMP_DATA.encode("ascii")


@needs_pdftk
def test_corpus_as_pdftk_prints_it(cli: Any) -> None:
    compared = 0
    for pdf in sorted(CORPUS.rglob("*.pdf")):
        for form, command in (("pdftk", "dump_data"), ("pdftk-utf8", "dump_data_utf8")):
            theirs = subprocess.run([PDFTK, pdf, command], capture_output=True, timeout=120)
            ours = cli("metadata", "show", pdf, "--format", form)
            if theirs.returncode or ours.exit_code:  # encrypted, or too damaged for one of the two
                continue
            assert ours.stdout_bytes == theirs.stdout, (pdf, form)
            compared += 1
    assert compared >= 40, compared


def test_escaping_and_numbers_as_java_writes_them() -> None:
    assert escape("a&b<c>\"d\"'e'") == "a&amp;b&lt;c&gt;&quot;d&quot;&apos;e&apos;"
    assert escape("é\x7f\x85😀\x01\x1f\tx\ny\r") == "&#233;&#127;&#133;&#128512;\tx\ny\r"
    numbers = (595.2760009765625, 14400.0, -0.0001, 0.0005, 0.0625, 0.1875, 1234567.5, -0.0, math.inf, -12.5)
    assert [java_number(v) for v in numbers] == ["595.276", "14,400", "-0", "0.001", "0.062", "0.188", "1,234,567.5",
                                                 "-0", "∞", "-12.5"]  # as Java 17 prints them


def test_json_and_mcp_carry_the_report(cli: Any, tmp_path: Path) -> None:
    pdf = pdftk_files.handmade(tmp_path / "hand.pdf")
    shown = cli("metadata", "show", pdf, "--format", "pdftk", "--json")
    assert shown.exit_code == 0, shown
    assert json.loads(shown.stdout)["dump_data"] == pdftk_files.DUMP_DATA

    async def go() -> Any:
        async with Client(build_server([tmp_path])) as client:
            return await client.call_tool("pdf_metadata", {"action": "show", "input": "hand.pdf",
                                                           "format": "pdftk-utf8"})

    done = anyio.run(go)
    assert not done.is_error, done
    assert done.structured_content["dump_data"] == html.unescape(pdftk_files.DUMP_DATA)


def test_format_goes_with_show_only(tmp_path: Path) -> None:
    from pdftools.errors import InvalidArgument
    from pdftools.ops.metadata import metadata

    pdf = pdftk_files.handmade(tmp_path / "hand.pdf")
    with pytest.raises(InvalidArgument, match="goes with `show`"):
        metadata("set", str(pdf), values=["title=x"], output=str(tmp_path / "o.pdf"), format="pdftk")


def _pdftk(pdf: Path, command: str) -> bytes:
    return subprocess.run([PDFTK, pdf, command], capture_output=True, check=True, timeout=120).stdout
