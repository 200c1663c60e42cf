"""An attachment is data like any stream: `attachments list` measures one that does not declare its size
(/Params /Size is optional) in pieces, and both `list` and `extract` refuse one that inflates beyond
PDFTOOLS_MAX_STREAM_BYTES (STREAM_TOO_LARGE, nothing written). A 10 KB file whose attachment inflated to 4 GiB
made `attachments list` hold it all in memory (8 GB, 50 s) to print its size, and `extract` write it."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from broken_pdfs import bomb, one_page

MIB = 1 << 20


def with_attachment(path: Path, mebibytes: int) -> Path:
    path.write_bytes(one_page(catalog=b"/Names << /EmbeddedFiles << /Names [(big.bin) 6 0 R] >> >> ", objects={
        6: b"<< /Type /Filespec /F (big.bin) /UF (big.bin) /EF << /F 7 0 R >> >>",
        7: bomb(b"/Type /EmbeddedFile ", mebibytes=mebibytes)}))
    return path


def error_of(result: Any) -> dict[str, Any]:
    return json.loads(result.stderr)["error"]


@pytest.mark.parametrize("action", ["list", "extract"])
def test_an_attachment_beyond_the_limit_is_refused(action: str, cli: Callable[..., Any], tmp_path: Path) -> None:
    pdf = with_attachment(tmp_path / "a.pdf", 16)
    extra = ["-d", str(tmp_path / "out")] if action == "extract" else []
    result = cli("attachments", action, pdf, *extra, "--json", env={"PDFTOOLS_MAX_STREAM_BYTES": "1M"})
    error = error_of(result)
    assert result.exit_code == 10 and error["code"] == "STREAM_TOO_LARGE" and "big.bin" in error["message"], result
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_within_the_limit_its_size_is_measured_and_it_is_extracted(cli: Callable[..., Any], tmp_path: Path) -> None:
    pdf = with_attachment(tmp_path / "a.pdf", 16)
    listed = cli("attachments", "list", pdf, "--json", env={"PDFTOOLS_MAX_STREAM_BYTES": "100M"})
    assert listed.exit_code == 0, listed
    assert json.loads(listed.stdout)["attachments"][0]["size"] == 16 * MIB
    done = cli("attachments", "extract", pdf, "-d", tmp_path / "out", "--json",
               env={"PDFTOOLS_MAX_STREAM_BYTES": "100M"})
    assert done.exit_code == 0, done
    assert (tmp_path / "out" / "big.bin").stat().st_size == 16 * MIB
