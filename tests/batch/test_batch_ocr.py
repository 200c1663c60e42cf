"""`pdftools batch ocr` as OCRmyPDF's users run it over a folder: a PDF that already has text on every page is
copied through as its searchable output (OCRmyPDF's `--skip-text`), and the same input and options give the
same bytes in any run."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from batch_files import one_scan, scans, small_pdfs
from terminal import run_at_terminal

PDFTOOLS = Path(sys.executable).with_name("pdftools")


def rows(stdout: str) -> dict[str, dict[str, Any]]:
    found = [json.loads(line) for line in stdout.splitlines() if line.strip()]
    return {Path(r["input"]).name: r for r in found}


def text_of(path: Path) -> str:
    return subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout


def test_a_pdf_with_text_on_every_page_is_copied_through(cli: Any, tmp_path: Path, sample: Path) -> None:
    scans(sample, tmp_path / "in", dpi=72, pages=1)
    small_pdfs(tmp_path / "in", 1, pages=2, prefix="typed")  # text on every page: nothing to OCR
    result = cli("batch", "ocr", tmp_path / "in", "-d", tmp_path / "out", "--json")
    got = rows(result.stdout)
    assert result.exit_code == 0, result
    typed = got["typed-0000.pdf"]
    assert typed["status"] == "ok" and typed["error"] is None and typed["pages"] == 2, typed
    output = Path(typed["output"])
    assert output.read_bytes() == (tmp_path / "in" / "typed-0000.pdf").read_bytes()
    assert "File typed 0 page 2" in text_of(output)
    assert got["pg-1.pdf"]["status"] == "ok" and text_of(Path(got["pg-1.pdf"]["output"])).strip()


def test_the_same_input_gives_the_same_bytes_in_any_run(cli: Any, tmp_path: Path, sample: Path) -> None:
    """The names of what OCR and stamp add to a page's resources (a text layer, a font) were random."""
    scans(sample, tmp_path / "in", dpi=72, pages=1)
    for command, extra in (("ocr", []), ("stamp", ["--set", "text=Page {page}", "--set", "opacity=0.5"])):
        for out in ("one", "two"):
            done = cli("batch", command, tmp_path / "in", "-d", tmp_path / command / out, *extra, "--json")
            assert done.exit_code == 0, done
        first, second = ((tmp_path / command / out / "pg-1.pdf").read_bytes() for out in ("one", "two"))
        assert first == second, command


ANSI = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]")


def labels_at_terminal(argv: list[str], cwd: Path) -> list[str]:
    """The text before the bar in each frame the progress bar drew on a real terminal (standard error on a
    pseudo-terminal the test opens: none is assumed)."""
    proc, written = run_at_terminal(argv, cwd, 120, stream="stderr")  # read as it is written (a loaded machine's
    assert proc.returncode == 0, written  # bar filled the terminal's few kB, and the batch waited for ever)
    frames = [ANSI.sub(b"", frame).decode(errors="replace") for frame in re.split(rb"\r|\x1b\[2K", written)]
    return [frame.split("\u2501")[0].split("\u257a")[0].strip() for frame in frames if "%" in frame]


def test_the_progress_bar_keeps_one_label(tmp_path: Path, sample: Path) -> None:
    """The bar opened with the command's name (`ocr`, `batch`) and then showed the op's own words (`OCR`,
    `0/5 files`): its label flickered between the two at a terminal."""
    long = one_scan(scans(sample, tmp_path / "pages", dpi=72, pages=4), tmp_path / "long.pdf")
    ocr = labels_at_terminal([str(PDFTOOLS), "ocr", str(long), "-o", "out.pdf", "--dpi", "72"], tmp_path)
    assert ocr and set(ocr) == {"OCR"}, ocr
    batch = labels_at_terminal([str(PDFTOOLS), "batch", "ocr", "pages", "long.pdf", "-d", "out", "--set", "dpi=72",
                                "--jobs", "2"], tmp_path)
    assert batch and all(re.match(r"\d+/5 files", label) for label in batch), batch


def test_a_cut_document_shows_its_parts_in_the_progress(tmp_path: Path, sample: Path) -> None:
    """`batch ocr big-scan.pdf --pages-per-task 50` (the README's example) counted one file: no bar at all at a
    terminal (one step), and over MCP `0/1 files` until the whole document was done, hours for a big one."""
    one_scan(scans(sample, tmp_path / "pages", dpi=72, pages=4), tmp_path / "long.pdf")
    labels = labels_at_terminal([str(PDFTOOLS), "batch", "ocr", "long.pdf", "-d", "out", "--set", "dpi=72",
                                 "--pages-per-task", "1", "--jobs", "2"], tmp_path)
    assert labels and all(re.match(r"[01]/1 files \([0-4]/4 parts\)", label) for label in labels), labels
    assert any(label.startswith("0/1 files (2/4 parts), ") and "pages/s, ETA" in label for label in labels), labels


@pytest.mark.parametrize(("language", "code", "exit_code", "words"), [
    ("osd", "INVALID_ARGUMENT", 2, "orientation data"),
    ("eng+osd", "INVALID_ARGUMENT", 2, "orientation data"),
    ("xyz", "OCR_LANGUAGE_MISSING", 8, "not installed: xyz"),
    ("english", "INVALID_ARGUMENT", 2, "`eng` for english"),
])
def test_a_language_tesseract_cannot_read_is_refused_once_before_any_file(
        tmp_path: Path, language: str, code: str, exit_code: int, words: str) -> None:
    """As `pdftools ocr` refuses it; it was one failed row per file, each with the same error."""
    small_pdfs(tmp_path / "in", 3)
    alone = subprocess.run([str(PDFTOOLS), "ocr", str(tmp_path / "in" / "doc-0000.pdf"), "-l", language, "--json"],
                           capture_output=True, text=True, cwd=tmp_path)
    done = subprocess.run([str(PDFTOOLS), "batch", "ocr", str(tmp_path / "in"), "-d", str(tmp_path / "out"),
                           "--set", f"language={language}", "--json"], capture_output=True, text=True, cwd=tmp_path)
    error = json.loads(done.stderr)["error"]
    assert (done.returncode, error["code"]) == (alone.returncode, json.loads(alone.stderr)["error"]["code"])
    assert (done.returncode, error["code"]) == (exit_code, code), done
    assert words in error["message"] and done.stdout == "", done  # one error, no row
    assert not (tmp_path / "out").exists()
    assert "{{" not in error["hint"], error  # an option's placeholder named as the batch takes it


def test_on_a_cluster_only_what_holds_on_any_machine_is_refused_before_any_file(tmp_path: Path) -> None:
    """The workers' tesseract reads the files, not this machine's: a language missing here is theirs to say
    (the batch goes on to the cluster, here one that does not answer); `osd` is refused wherever it would run."""
    pytest.importorskip("distributed")  # the cluster extra (without it --cluster says to install it)
    small_pdfs(tmp_path / "in", 3)
    env = {**os.environ, "PDFTOOLS_CLUSTER_TIMEOUT": "1"}
    codes = []
    for language in ("xyz", "osd"):
        done = subprocess.run([str(PDFTOOLS), "batch", "ocr", str(tmp_path / "in"), "-d", str(tmp_path / "out"),
                               "--set", f"language={language}", "--cluster", "tcp://127.0.0.1:9", "--json"],
                              capture_output=True, text=True, cwd=tmp_path, env=env)
        codes.append(json.loads(done.stderr)["error"]["code"])
    assert codes == ["CLUSTER_UNAVAILABLE", "INVALID_ARGUMENT"]
