"""`compress -o -` never leaves the pipe empty: when compressing would not make the PDF smaller, the input goes
down the pipe unchanged, with a warning in the result (a file output still refuses: NOT_SMALLER)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
PDFTOOLS = Path(sys.executable).with_name("pdftools")


def _compress(*args: object, stdin: bytes = b"", cwd: Path) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([str(PDFTOOLS), "compress", *map(str, args), "--json"], input=stdin, capture_output=True,
                          cwd=cwd, timeout=120)


def test_a_pdf_that_cannot_shrink_goes_down_the_pipe_unchanged(tmp_path: Path) -> None:
    small = tmp_path / "small.pdf"
    assert _compress(REPO / "samples" / "letter.pdf", "-o", small, cwd=tmp_path).returncode == 0  # now minimal
    assert _compress(small, "-o", tmp_path / "x.pdf", cwd=tmp_path).returncode == 11  # a file: NOT_SMALLER
    for args, stdin in (([small, "-o", "-"], b""), (["-"], small.read_bytes())):
        done = _compress(*args, stdin=stdin, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        assert done.stdout == small.read_bytes()
        result = json.loads(done.stderr)
        assert result["saved"] == 0 and result["unchanged"] is True
        assert any("unchanged" in w for w in result["warnings"])


def test_a_pdf_that_shrinks_goes_down_the_pipe_compressed(tmp_path: Path, corpus: Path) -> None:
    big = corpus / "018-base64-image" / "base64image.pdf"
    done = _compress(big, "-o", "-", cwd=tmp_path)
    assert done.returncode == 0 and done.stdout.startswith(b"%PDF-")
    result = json.loads(done.stderr)
    assert result["unchanged"] is False and len(done.stdout) == result["size"] < big.stat().st_size


def test_images_that_cannot_shrink_are_named_and_the_hint_does_not_repeat_the_options(cli: Any, tmp_path: Path,
                                                                                      corpus: Path) -> None:
    """A user's report: an indexed CMYK image kept as it was, then NOT_SMALLER suggesting the --image-dpi and
    --jpeg-quality already given. The error says what became of the images, and its hint suggests nothing
    that was tried."""
    src = tmp_path / "cmyk.pdf"  # compressed once already: no lossless saving left
    assert cli("compress", corpus / "023-cmyk-image" / "cmyk-image.pdf", "-o", src).exit_code == 0
    done = cli("compress", src, "--image-dpi", "20", "--jpeg-quality", "30", "-o", tmp_path / "c.pdf")
    assert done.exit_code == 11 and "NOT_SMALLER" in done.stderr, done
    assert "kept (colour space)" in done.stderr, done.stderr
    assert "--image-dpi" not in done.stderr.split("hint:", 1)[1], done.stderr
    assert done.stderr.lower().count("nothing was written") == 1, done.stderr  # said once, not in the hint again
    assert not (tmp_path / "c.pdf").exists()
