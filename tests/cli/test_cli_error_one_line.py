"""An error at a shell is two lines, `error[CODE]: message` and `  hint: ...`, whatever the message quotes: a
file name with a line break in it is shown with `\\n` (as control characters are), so a script reading the
first line gets the whole message. `--json` keeps the name as it is."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def test_a_line_break_in_a_file_name_stays_in_the_error_line(cli: Any, tmp_path: Path) -> None:
    name = "no\nsuch\r.pdf"
    result = cli("info", name)
    assert result.exit_code == 3, result
    lines = result.stderr.splitlines()
    assert len(lines) == 2, lines
    assert lines[0] == "error[FILE_NOT_FOUND]: no such file: no\\nsuch\\r.pdf" and lines[1].startswith("  hint: ")
    data = json.loads(cli("info", name, "--json").stderr)
    assert data["error"]["message"] == f"no such file: {name}"
