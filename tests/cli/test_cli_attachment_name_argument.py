"""`attachments extract FILE NAME` (pdfcpu's `attachments extract in.pdf dir file`, pdfdetach's `-save N`): the
attachment's name given as an argument is refused naming --name and the command to type, the name quoted; it
said only `got unexpected extra argument(s)` and to read the help."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from conftest import CORPUS

ATTACHED = CORPUS / "025-attachment" / "with-attachment.pdf"


@pytest.mark.parametrize("action", ["extract", "remove"])
def test_a_name_given_as_an_argument_is_shown_as_names_value(cli: Any, tmp_path: Path, action: str) -> None:
    pdf = Path(shutil.copy(ATTACHED, tmp_path / "in.pdf"))
    done = cli("attachments", action, pdf, "data file ü.csv", "b.txt", "--json")
    assert done.exit_code == 2, done
    error = json.loads(done.stderr)["error"]
    assert "--name 'data file ü.csv' --name b.txt" in error["hint"], error
    assert f"pdftools attachments {action}" in error["hint"], error
    assert list(tmp_path.iterdir()) == [pdf]  # nothing written
