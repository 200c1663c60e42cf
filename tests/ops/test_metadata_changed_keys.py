"""`metadata set` lists each key it changed once: a key given twice (`--set title=x --set title=y`, the last
value wins) was listed twice in `changed`, and a key removed that was never there was listed as changed."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pikepdf
import readback as rb


def test_each_changed_key_once(cli: Any, tmp_path: Path) -> None:
    four = Path(shutil.copy(rb.FOUR, tmp_path / "four.pdf"))
    out = tmp_path / "out.pdf"
    result = cli("metadata", "set", four, "--set", "title=x", "--set", "title=y", "--set", "subject=",
                 "-o", out, "--json")
    assert result.exit_code == 0, result
    report = json.loads(result.stdout)
    assert report["changed"] == ["Title"], report
    with pikepdf.open(out) as pdf:
        assert str(pdf.docinfo["/Title"]) == "y" and "/Subject" not in pdf.docinfo
