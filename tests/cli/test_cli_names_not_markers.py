"""A file name is data, in errors too. Messages and hints are written with markers each front end resolves
(`{{pages}}` as `--pages` at a shell, `{{cli:...}}`/`{{mcp:...}}` for one front end only), and they were
resolved in the message after the file's name was put into it: `{{cli:x}}.pdf` was said as `x.pdf`,
`{{mcp:y}}.pdf` as `.pdf`, `{{pages}}.pdf` as `--pages.pdf`. Every such name must be said as it is, in the
human error line, in --json, and in the errors a result carries (a search's skipped inputs, a rename's unread
files, a batch's failed rows)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from conftest import CORPUS

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"
NAMES = ["{{cli:x}}.pdf", "{{mcp:y}}.pdf", "{{pages}}.pdf", "{{timeout}}.pdf", "a{{b}}c.pdf", "{x}.pdf",
         "}{.pdf", "{{cli:a}}{{mcp:b}}}}.pdf", "100%.pdf", "%s{0}.pdf", "[bold]x.pdf", "{{password}}.pdf"]


def not_a_pdf(folder: Path, name: str) -> Path:
    path = folder / name
    path.write_text("hello, not a PDF\n")
    return path


@pytest.mark.parametrize("name", NAMES)
def test_a_file_name_is_said_as_it_is_in_an_error(cli: Any, tmp_path: Path, name: str) -> None:
    path = not_a_pdf(tmp_path, name)
    shown = cli("info", path)
    assert shown.exit_code == 4 and f"error[NOT_A_PDF]: {path} is not a PDF" in shown.stderr, shown.stderr
    error = json.loads(cli("info", path, "--json").stderr)["error"]
    assert error["message"] == f"{path} is not a PDF", error
    missing = tmp_path / f"gone-{name}"
    error = json.loads(cli("info", missing, "--json").stderr)["error"]
    assert error["code"] == "FILE_NOT_FOUND" and error["message"].startswith(f"no such file: {missing}"), error
    assert f"no such file: {missing}" in cli("info", missing).stderr
    damaged = tmp_path / f"damaged-{name}"
    damaged.write_bytes(b"%PDF-1.4\n" + b"\x00garbage " * 50)
    error = json.loads(cli("info", damaged, "--json").stderr)["error"]
    assert error["code"] == "DAMAGED_PDF" and error["message"].startswith(f"{damaged} cannot be read"), error


def test_a_name_like_an_ops_own_option_is_said_as_it_is(cli: Any, tmp_path: Path) -> None:
    """ocr has a `timeout`, text and info `pages`: the name is not the option's flag."""
    for command, name in (("ocr", "{{timeout}}.pdf"), ("text", "{{pages}}.pdf"), ("ocr", "{{cli:x}}.pdf")):
        path = not_a_pdf(tmp_path, name)
        error = json.loads(cli(command, path, "--json").stderr)["error"]
        assert error["code"] == "NOT_A_PDF" and error["message"].startswith(str(path)), (command, error)
        assert f"error[NOT_A_PDF]: {path} " in cli(command, path).stderr, command


def test_a_searchs_skipped_inputs_say_their_names_as_they_are(cli: Any, tmp_path: Path) -> None:
    shutil.copy(FOUR, tmp_path / "four.pdf")
    paths = [not_a_pdf(tmp_path, name) for name in NAMES]
    skipped = json.loads(cli("search", "text", tmp_path, "--json").stdout)["skipped"]
    messages = sorted(row["message"] for row in skipped)
    assert messages == sorted(f"{path} is not a PDF" for path in paths), messages
    stderr = cli("search", "text", tmp_path).stderr
    for path in paths:
        assert f"{path} is not a PDF" in stderr, (path, stderr)


def test_a_renames_unread_files_say_their_names_as_they_are(cli: Any, tmp_path: Path) -> None:
    for name in NAMES:
        not_a_pdf(tmp_path, name)
    rows = json.loads(cli("rename-invoice", tmp_path, "--dry-run", "--no-ocr", "--json").stdout)["files"]
    assert sorted(Path(row["file"]).name for row in rows) == sorted(NAMES), rows
    for row in rows:
        assert row["reason"].startswith(f"{row['file']} is not a PDF. "), row
    shown = cli("rename-invoice", tmp_path, "--dry-run", "--no-ocr")
    for row in rows:
        assert f"{row['file']} is not a PDF" in shown.stdout, (row["file"], shown.stdout)


def test_a_batchs_failed_rows_say_their_names_as_they_are(cli: Any, tmp_path: Path) -> None:
    (tmp_path / "in").mkdir()
    paths = [not_a_pdf(tmp_path / "in", name) for name in NAMES]
    result = cli("batch", "info", tmp_path / "in", "-d", tmp_path / "out", "-j", "1", "--json")
    rows = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    messages = {row["error"]["message"] for row in rows if row.get("error")}
    for path in paths:
        assert f"{path} is not a PDF" in messages, (path, messages)
