"""ocr writes its PDF as every other writer does: an encrypted input's output keeps its encryption unless
--decrypt; --linearize, --object-streams and --in-place work; language codes are checked before anything
else. Real tesseract, poppler and qpdf on a scan made from a corpus page."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pikepdf
import pytest
from PIL import Image

DPI = 100
HOSTILE = set(";|&$<>(){}*?!\\\"'\n")  # what a shell reads as more than a word


@pytest.fixture(scope="module")
def scan_dir(tmp_path_factory: pytest.TempPathFactory, sample: Path) -> Path:
    """Page 1 of the corpus sample as an image-only PDF (no text layer)."""
    work = tmp_path_factory.mktemp("scan")
    subprocess.run(["pdftoppm", "-r", str(DPI), "-gray", "-f", "1", "-l", "1", str(sample), str(work / "pg")],
                   check=True)
    Image.open(next(work.glob("pg-*.pgm"))).save(work / "scan.pdf", resolution=DPI)
    return work


@pytest.fixture
def scan(tmp_path: Path, scan_dir: Path) -> Path:
    return Path(shutil.copy(scan_dir / "scan.pdf", tmp_path / "scan.pdf"))


def _ok(result: Any) -> dict[str, Any]:
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def test_ocr_keeps_the_inputs_encryption_unless_decrypt(cli: Any, scan: Path, tmp_path: Path) -> None:
    _ok(cli("protect", scan, "--user-password", "s", "--owner-password", "o", "--allow", "extract", "-o",
            tmp_path / "enc.pdf", "--json"))
    done = _ok(cli("ocr", tmp_path / "enc.pdf", "--password", "s", "-o", tmp_path / "out.pdf", "--json"))
    assert done["encrypted"] is True and done["pages_ocred"] == [1]
    with pytest.raises(pikepdf.PasswordError):
        pikepdf.open(tmp_path / "out.pdf")
    with pikepdf.open(tmp_path / "out.pdf", password="s") as out, \
            pikepdf.open(tmp_path / "enc.pdf", password="s") as src:
        assert out.is_encrypted and out.allow == src.allow and not out.allow.print_highres
        assert out.encryption.R == src.encryption.R
    with pikepdf.open(tmp_path / "out.pdf", password="o") as out:
        assert out.owner_password_matched
    assert "printed text" in subprocess.run(["pdftotext", "-upw", "s", str(tmp_path / "out.pdf"), "-"],
                                       capture_output=True, text=True, check=True).stdout
    opened = _ok(cli("ocr", tmp_path / "enc.pdf", "--password", "s", "--decrypt", "-o", tmp_path / "open.pdf",
                     "--json"))
    assert opened["encrypted"] is False
    with pikepdf.open(tmp_path / "open.pdf") as out:
        assert not out.is_encrypted
    assert _ok(cli("ocr", scan, "-o", tmp_path / "plain.pdf", "--json"))["encrypted"] is False


def test_ocr_takes_the_output_options_of_every_writer(cli: Any, scan: Path, tmp_path: Path) -> None:
    _ok(cli("ocr", scan, "-o", tmp_path / "lin.pdf", "--linearize", "--object-streams", "generate", "--json"))
    with pikepdf.open(tmp_path / "lin.pdf") as out:
        assert out.is_linearized
    assert b"/ObjStm" in (tmp_path / "lin.pdf").read_bytes()
    scan.chmod(0o640)
    done = _ok(cli("ocr", scan, "--in-place", "--json"))
    assert done["output"] == str(scan) and not (tmp_path / "scan-ocr.pdf").exists()
    assert scan.stat().st_mode & 0o777 == 0o640
    assert "printed text" in subprocess.run(["pdftotext", str(scan), "-"], capture_output=True, text=True,
                                       check=True).stdout
    refused = cli("ocr", scan, "--in-place", "-o", tmp_path / "x.pdf", "--json")
    assert refused.exit_code == 2 and json.loads(refused.stderr)["error"]["code"] == "INVALID_ARGUMENT"


def test_ocr_over_mcp_takes_decrypt_and_in_place_from_the_same_signature(tmp_path: Path) -> None:
    import anyio
    from mcp import Client

    from pdftools.mcp.server import build_server

    async def listing() -> dict[str, Any]:
        async with Client(build_server([tmp_path])) as client:
            tools = (await client.list_tools()).tools
            return next(t.input_schema for t in tools if t.name == "pdf_ocr")

    schema = anyio.run(listing)
    assert {"decrypt", "in_place"} <= set(schema["properties"])
    assert not {"linearize", "object_streams"} & set(schema["properties"])  # as on every tool: pdf_linearize


@pytest.mark.parametrize("spec", ["eng;rm", "eng+$(id)", "eng|x", "../eng", "-eng", "eng deu", "script/../eng", ""])
def test_language_codes_are_checked_before_anything_else(cli: Any, scan: Path, spec: str) -> None:
    result = cli("ocr", scan, "-l", spec, "--json")
    assert result.exit_code == 2, result.stderr
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT" and (not spec or spec not in error["hint"])
    assert all(not HOSTILE & set(command) for command in re.findall(r"`([^`]*)`", error["hint"]))


@pytest.mark.parametrize("spec", ["xyz", "chi_sim+eng", "script/Latin", "deu_latf"])
def test_a_missing_language_hint_is_a_command_to_copy(cli: Any, scan: Path, spec: str) -> None:
    result = cli("ocr", scan, "-l", spec, "--json")
    error = json.loads(result.stderr)["error"]
    if error["code"] == "INVALID_ARGUMENT":
        pytest.fail(f"{spec!r} is tesseract's own syntax: {error}")
    if result.exit_code == 0:
        return  # installed here
    assert error["code"] == "OCR_LANGUAGE_MISSING"
    commands = re.findall(r"`([^`]*)`", error["hint"])
    assert commands and all(not HOSTILE & set(command) for command in commands)  # each one safe to paste
