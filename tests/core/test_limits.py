"""The guards: each limit is read from its environment variable, has its default, can be turned off with 0, and
gives its own error code (exit 10) from the shared places every operation goes through (open_pdf, the stream
measure, engines.run, the stdin copy), so `info`, `text` and `ls` all obey it."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pikepdf
import pytest
from broken_pdfs import bomb, one_page
from conftest import CORPUS
from harness import base_env

from pdftools.core import limits
from pdftools.errors import InvalidArgument, PageTooLarge

XMP = CORPUS / "020-xmp" / "output_with_metadata_pymupdf.pdf"
POPPLER_ONLY = CORPUS / "017-unreadable-meta-data" / "unreadablemetadata.pdf"  # qpdf cannot open it
PDFTOOLS = Path(__import__("sys").executable).with_name("pdftools")


def error_of(result: Any) -> dict[str, Any]:
    assert result.exit_code != 0, result
    return json.loads(result.stderr)["error"]  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("command", "env", "code"),
    [
        (["info", "{sample}"], {"PDFTOOLS_MAX_INPUT_BYTES": "1000"}, "INPUT_TOO_LARGE"),
        (["text", "{sample}"], {"PDFTOOLS_MAX_INPUT_BYTES": "1k"}, "INPUT_TOO_LARGE"),
        (["info", "{sample}"], {"PDFTOOLS_MAX_PAGES": "3"}, "TOO_MANY_PAGES"),
        (["text", "{sample}", "--pages", "1"], {"PDFTOOLS_MAX_PAGES": "3"}, "TOO_MANY_PAGES"),
        (["info", "{poppler_only}"], {"PDFTOOLS_MAX_PAGES": "1"}, "TOO_MANY_PAGES"),
        (["text", "{sample}"], {"PDFTOOLS_MAX_STREAM_BYTES": "1000"}, "STREAM_TOO_LARGE"),
        (["info", "{xmp}"], {"PDFTOOLS_MAX_STREAM_BYTES": "500"}, "STREAM_TOO_LARGE"),
        (["info", "{sample}"], {"PDFTOOLS_MAX_PAGES": "lots"}, "INVALID_ARGUMENT"),
    ],
)
def test_each_limit_gives_its_code(cli: Callable[..., Any], sample: Path, command: list[str],
                                   env: dict[str, str], code: str) -> None:
    argv = [a.format(sample=sample, xmp=XMP, poppler_only=POPPLER_ONLY) for a in command]
    err = error_of(cli(*argv, "--json", env=env))
    assert err["code"] == code
    if code != "INVALID_ARGUMENT":
        assert next(iter(env)) in err["message"] and next(iter(env)) in err["hint"]  # names the knob
    assert cli(*argv, "--json", env={k: "0" for k in env} if code != "INVALID_ARGUMENT" else {}).exit_code == 0


def test_limits_are_not_reached_at_their_edge(cli: Callable[..., Any], sample: Path) -> None:
    size = str(sample.stat().st_size)
    assert cli("info", sample, "--json", env={"PDFTOOLS_MAX_INPUT_BYTES": size, "PDFTOOLS_MAX_PAGES": "4"}
               ).exit_code == 0


def test_ls_reports_a_limit_per_file(cli: Callable[..., Any], sample: Path, tmp_path: Path) -> None:
    folder = tmp_path / "pdfs"
    folder.mkdir()
    shutil.copy(sample, folder / "four.pdf")
    (folder / "one.pdf").write_bytes(one_page())
    listing = json.loads(cli("ls", folder, "--json", env={"PDFTOOLS_MAX_PAGES": "2"}).stdout)
    assert {e["path"]: e["error"] for e in listing["files"]} == {"four.pdf": "TOO_MANY_PAGES", "one.pdf": None}


def test_a_stream_is_measured_before_it_is_read(cli: Callable[..., Any], tmp_path: Path) -> None:
    """64 MiB of XMP (from 70 KB): refused under a 10M limit, read under a 100M one; text never reads it."""
    xmp = tmp_path / "big-xmp.pdf"
    xmp.write_bytes(one_page(catalog=b"/Metadata 6 0 R ", objects={6: bomb(b"/Subtype /XML ", mebibytes=64)}))
    assert error_of(cli("info", xmp, "--json", env={"PDFTOOLS_MAX_STREAM_BYTES": "10M"}))["code"] == "STREAM_TOO_LARGE"
    assert cli("text", xmp, "--json", env={"PDFTOOLS_MAX_STREAM_BYTES": "10M"}).exit_code == 0
    assert cli("info", xmp, "--json", env={"PDFTOOLS_MAX_STREAM_BYTES": "100M"}).exit_code == 0


SAVERS = {  # command -> argv after the input (qpdf re-encodes streams not in plain Flate on every save)
    "compress": ["compress", "{bomb}", "-o", "{out}"],  # decodes every stream on purpose
    "protect": ["protect", "{bomb}", "-o", "{out}", "--user-password", "pw"],  # an encrypting save
    "rotate": ["rotate", "{bomb}", "-o", "{out}", "--angle", "90"],  # an ordinary edit
    "merge": ["merge", "{bomb}", "{bomb}", "-o", "{out}"],
}


@pytest.mark.parametrize("command", sorted(SAVERS))
def test_a_save_does_not_inflate_a_bomb(command: str, cli: Callable[..., Any], tmp_path: Path) -> None:
    """A page whose content inflates to 64 MiB through two layers of Flate (qpdf decodes those to re-encode
    them): refused before saving under a 10M limit (input unchanged, nothing written), saved under 100M."""
    path, out = tmp_path / "bomb.pdf", tmp_path / "out.pdf"
    path.write_bytes(one_page(objects={4: bomb(mebibytes=64)}))
    before = path.read_bytes()
    argv = [a.format(bomb=path, out=out) for a in SAVERS[command]]
    error = error_of(cli(*argv, "--json", env={"PDFTOOLS_MAX_STREAM_BYTES": "10M"}))
    assert error["code"] == "STREAM_TOO_LARGE" and "object 4" in error["message"], error
    assert path.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["bomb.pdf"]
    result = cli(*argv, "--json", env={"PDFTOOLS_MAX_STREAM_BYTES": "100M"})
    assert result.exit_code in (0, 11), result  # compress: NOT_SMALLER (one Flate layer of 64 MiB is larger)
    if command == "compress":
        assert error_of(result)["code"] == "NOT_SMALLER"
    else:
        assert out.exists()


def test_stdin_is_capped_while_it_is_copied(sample: Path, tmp_path: Path) -> None:
    proc = subprocess.run([PDFTOOLS, "info", "-", "--json"], input=sample.read_bytes(), capture_output=True,
                          env=base_env(PDFTOOLS_MAX_INPUT_BYTES="10k"), cwd=tmp_path, timeout=60, check=False)
    assert proc.returncode == 10 and json.loads(proc.stderr)["error"]["code"] == "INPUT_TOO_LARGE"
    assert "standard input" in proc.stderr.decode()


def test_values_take_suffixes_zero_turns_off_garbage_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    for raw, value in [("2G", 2e9), ("500M", 5e8), ("100k", 1e5), ("1_000", 1000), ("1.5e3", 1500), ("0", None),
                       ("", 100_000), ("  7  ", 7)]:
        monkeypatch.setenv("PDFTOOLS_MAX_PAGES", raw)
        assert limits.PAGES.value() == value, raw
    for raw in ["-1", "lots", "2X", "1 2"]:
        monkeypatch.setenv("PDFTOOLS_MAX_PAGES", raw)
        with pytest.raises(InvalidArgument, match="PDFTOOLS_MAX_PAGES"):
            limits.PAGES.value()


def test_defaults_are_documented_and_generous(monkeypatch: pytest.MonkeyPatch) -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    for limit in limits.ALL:
        monkeypatch.delenv(limit.env, raising=False)
        assert limit.env in readme and f"{limit.error.code}" in readme
    assert [limit.value() for limit in limits.ALL] == [2e9, 100_000, 1e9, 200e6]
    assert limits.child_memory() == int(1e9 + 4 * 200e6 + (1 << 30))


def test_pixels_per_rendered_page(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PDFTOOLS_MAX_PIXELS", raising=False)
    limits.check_pixels(14_142, 14_142, "page 1")  # A0 at 600 dpi is ~ 14,000 x 19,900: over
    with pytest.raises(PageTooLarge, match=r"page 2 \(14143x14143\) has 200,024,449 pixels"):
        limits.check_pixels(14_143, 14_143, "page 2")
    assert limits.max_pixels() == 200e6
    monkeypatch.setenv("PDFTOOLS_MAX_PIXELS", "0")
    limits.check_pixels(10**6, 10**6, "page 3")
    assert limits.max_pixels() == float("inf")


def test_child_memory_needs_both_data_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PDFTOOLS_MAX_STREAM_BYTES", "1M")
    monkeypatch.setenv("PDFTOOLS_MAX_PIXELS", "1")
    assert limits.child_memory() == 10**6 + 4 + (1 << 30)
    monkeypatch.setenv("PDFTOOLS_MAX_PIXELS", "0")
    assert limits.child_memory() is None


def test_a_limited_page_count_never_expands_repeated_kids(tmp_path: Path) -> None:
    """The page tree is counted before qpdf opens it for real (qpdf copies each repeated page: 200,000
    references cost it ~500 MB); counting stops just past the limit."""
    from pdftools.core.pdf import count_pages

    doc = tmp_path / "repeated.pdf"
    doc.write_bytes(one_page(objects={2: b"<< /Type /Pages /Kids [%s] /Count 1 >>" % (b"3 0 R " * 20_000)}))
    with pikepdf.open(doc, inherit_page_attributes=False) as pdf:
        assert count_pages(pdf.Root.Pages, 10) == 11
        assert count_pages(pdf.Root.Pages, 10**9) == 20_000
