"""`protect --allow`: `all` and `none` stand alone; mixed with permissions they are refused saying so (it said
`unknown permission(s): none` while its hint offered `none`)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
import readback as rb


@pytest.mark.parametrize("allow", ["none,print", "print,all"])
def test_all_and_none_stand_alone(cli: Any, tmp_path: Path, allow: str) -> None:
    four = Path(shutil.copy(rb.FOUR, tmp_path / "four.pdf"))
    result = cli("protect", four, "--user-password", "a", "--allow", allow, "-o", tmp_path / "out.pdf", "--json")
    assert result.exit_code == 2, result
    error = json.loads(result.stderr)["error"]
    assert "unknown" not in error["message"] and "alone" in error["message"], error
    assert not (tmp_path / "out.pdf").exists()
