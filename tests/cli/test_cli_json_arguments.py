"""An option that takes JSON inline or a file's path (`bookmarks replace --data`, `forms fill --data`): text that
is neither (`--data 'not json'`) said `FILE_NOT_FOUND: no such file: not json`; it is INVALID_ARGUMENT naming
both forms. A path to a missing file is still FILE_NOT_FOUND."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def test_text_that_is_neither_json_nor_a_file(cli: Any, sample: Path, tmp_path: Path) -> None:
    result = cli("bookmarks", "replace", sample, "--data", "not json", "-o", tmp_path / "o.pdf", "--json")
    error = json.loads(result.stderr)["error"]
    assert result.exit_code == 2 and error["code"] == "INVALID_ARGUMENT", result
    assert "neither JSON nor a file" in error["message"] and "--data" in error["message"], error
    assert not (tmp_path / "o.pdf").exists()


def test_a_missing_file_is_still_missing(cli: Any, sample: Path, tmp_path: Path) -> None:
    for name in ("toc.json", str(tmp_path / "nowhere" / "toc")):
        result = cli("bookmarks", "replace", sample, "--data", name, "-o", tmp_path / "o.pdf", "--json")
        assert json.loads(result.stderr)["error"]["code"] == "FILE_NOT_FOUND", (name, result)
