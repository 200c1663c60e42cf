"""`compress` deflates at zlib's best level, as `qpdf --recompress-flate --compression-level=9` does: its output
is no larger than qpdf's (but for a few bytes of layout), and a file qpdf makes smaller is not refused as
NOT_SMALLER with "already as small as lossless compression makes it". The level is the process's (qpdf's
global): after a compress, other commands write as before."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from conftest import CORPUS

from pdftools.ops.compress import compress
from pdftools.ops.rotate import rotate

CMYK = CORPUS / "023-cmyk-image" / "cmyk-image.pdf"  # Flate streams that level 9 makes smaller, barely
FILES = [CMYK, CORPUS / "009-pdflatex-geotopo" / "GeoTopo-komprimiert.pdf",
         CORPUS / "019-grayscale-image" / "grayscale-image.pdf", CORPUS / "011-google-doc-document"
         / "google-doc-document.pdf"]


def qpdf_best(src: Path, out: Path) -> int:
    subprocess.run(["qpdf", "--object-streams=generate", "--recompress-flate", "--compression-level=9",
                    "--remove-unreferenced-resources=yes", str(src), str(out)], check=True, capture_output=True)
    return out.stat().st_size


@pytest.mark.parametrize("src", FILES, ids=lambda p: p.stem)
def test_no_larger_than_qpdf_at_its_best_level(tmp_path: Path, src: Path) -> None:
    best = qpdf_best(src, tmp_path / "qpdf.pdf")
    assert best < src.stat().st_size  # qpdf finds something to save on each
    result = compress(str(src), output=str(tmp_path / "out.pdf"))
    assert result.size <= best * 1.002, (result.size, best)


def test_other_commands_write_as_before(tmp_path: Path) -> None:
    import pikepdf

    with pikepdf.open(CORPUS / "009-pdflatex-geotopo" / "GeoTopo-komprimiert.pdf") as pdf:  # streams inflated:
        pdf.save(tmp_path / "raw.pdf", compress_streams=False,  # a rotate deflates them at the level set
                 stream_decode_level=pikepdf.StreamDecodeLevel.generalized)
    raw = str(tmp_path / "raw.pdf")
    rotate(raw, output=str(tmp_path / "before.pdf"), angle=90)
    compress(raw, output=str(tmp_path / "c.pdf"))
    rotate(raw, output=str(tmp_path / "after.pdf"), angle=90)
    assert (tmp_path / "after.pdf").stat().st_size == (tmp_path / "before.pdf").stat().st_size
