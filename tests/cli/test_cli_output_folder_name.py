"""`-o NAME/` names a folder, as `cp a b NAME/` and qpdf (`open NAME/: Is a directory`) take it: pdftools dropped
the slash (pathlib does) and wrote the PDF into a file called NAME. A missing folder so named is now refused, and
nothing is written; an existing folder so named is refused as before (OUTPUT_EXISTS: it is a folder)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest


@pytest.mark.parametrize("argv", [["merge", "{pdf}", "{pdf2}"], ["rotate", "{pdf}", "--angle", "90"],
                                  ["select", "{pdf}", "1"]], ids=["merge", "rotate", "select"])
def test_an_output_ending_in_a_slash_is_not_written_as_a_file(cli: Any, tmp_path: Path, pdf: Path, pdf2: Path,
                                                               argv: list[str]) -> None:
    words = [word.format(pdf=pdf, pdf2=pdf2) for word in argv]
    done = cli(*words, "-o", "newdir/")
    assert done.exit_code == 2, done
    assert done.stderr.startswith("error[INVALID_ARGUMENT]: the output newdir/ names a folder"), done
    assert not (tmp_path / "newdir").exists()
    listed = cli(*words, "-o", "newdir/", "--json")
    assert json.loads(listed.stderr)["error"]["code"] == "INVALID_ARGUMENT"
    assert not (tmp_path / "newdir").exists()


def test_an_existing_folder_ending_in_a_slash_is_refused_as_before(cli: Any, tmp_path: Path, pdf: Path) -> None:
    (tmp_path / "there").mkdir()
    done = cli("rotate", pdf, "--angle", "90", "-o", "there/")
    assert done.exit_code == 6 and "error[OUTPUT_EXISTS]" in done.stderr, done
    assert list((tmp_path / "there").iterdir()) == []


def test_a_converted_text_output_ending_in_a_slash_is_not_written_as_a_file(cli: Any, tmp_path: Path) -> None:
    source = tmp_path / "a.md"
    source.write_text("# Title\n\nHello\n")
    done = cli("convert", source, "--to", "html", "-o", "newdir/")
    assert done.exit_code == 2 and "names a folder" in done.stderr, done
    assert not (tmp_path / "newdir").exists()


def test_an_ocr_sidecar_ending_in_a_slash_is_not_written_as_a_file(cli: Any, tmp_path: Path, pdf: Path) -> None:
    done = cli("ocr", pdf, "-o", tmp_path / "out.pdf", "--sidecar", "sided/")
    assert done.exit_code == 2 and "names a folder" in done.stderr, done
    assert not (tmp_path / "sided").exists() and not (tmp_path / "out.pdf").exists()
