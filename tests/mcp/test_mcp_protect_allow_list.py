"""pdf_protect's `allow` takes a list of permission names (`["print", "copy"]`, what an agent writes for a list)
as well as the comma-separated text the command line takes; both give the same permissions, read back from the
written file. An empty list is refused like an empty text (granting everything would be the wrong guess), and an
unknown name is named."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pikepdf
import pytest
import readback as rb


@pytest.mark.parametrize("allow", ["print,copy", ["print", "copy"], ["print,copy"], "print, copy"])
def test_allow_as_a_list_or_text_gives_the_same_permissions(tmp_path: Path, allow: Any) -> None:
    shutil.copy(rb.FOUR, tmp_path / "four.pdf")
    result = rb.mcp_call(tmp_path, "pdf_protect", {"input": "four.pdf", "user_password": "u", "allow": allow,
                                                   "output": "locked.pdf"})
    assert not result.is_error, result.content[0].text
    data = result.structured_content
    assert {"print", "copy"} <= set(data["allowed"]) and "modify" in data["denied"], data
    with pikepdf.open(tmp_path / "locked.pdf", password="u") as pdf:
        allowed = pdf.allow
        assert allowed.print_lowres and allowed.extract and not allowed.modify_other and not allowed.modify_form


@pytest.mark.parametrize(("allow", "said"), [([], "empty"), (["print", "bogus"], "bogus"), (["none", "print"],
                                                                                             "alone")])
def test_a_bad_list_is_refused_saying_why(tmp_path: Path, allow: list[str], said: str) -> None:
    shutil.copy(rb.FOUR, tmp_path / "four.pdf")
    result = rb.mcp_call(tmp_path, "pdf_protect", {"input": "four.pdf", "user_password": "u", "allow": allow,
                                                   "output": "locked.pdf"})
    error = rb.mcp_error(result)
    assert error["code"] == "INVALID_ARGUMENT" and said in error["message"], error
    assert not (tmp_path / "locked.pdf").exists()
