"""`forms fill --data` takes JSON: a value's error shows it as JSON (`null`, `["a"]`, `{"a": 1}`), never as
Python (`None`, `['a']`, `{'a': 1}`); and a value with no meaning for the field is refused, not written as
Python's text of it (`null` and `true` in a text field became the text `None` and `True`)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pikepdf
import pytest
from conftest import CORPUS

FORM = CORPUS / "012-libreoffice-form" / "libreoffice-form.pdf"


@pytest.fixture
def form(tmp_path: Path) -> Path:
    return Path(shutil.copy(FORM, tmp_path / "form.pdf"))


@pytest.mark.parametrize(("data", "shown"), [
    ({"Birthday": None}, "null"),
    ({"Birthday": True}, "true"),
    ({"Birthday": ["a"]}, '["a"]'),
    ({"Birthday": {"a": 1}}, '{"a": 1}'),
    ({"gdpr": None}, "null"),
    ({"female": None}, "null"),
    ({"Nationality": None}, "null"),
    ({"Nationality": False}, "false"),
])
def test_a_value_the_field_cannot_take_is_shown_as_json(cli: Any, form: Path, tmp_path: Path,
                                                          data: dict[str, Any], shown: str) -> None:
    out = tmp_path / "out.pdf"
    result = cli("forms", "fill", form, "--data", json.dumps(data), "-o", out, "--json")
    assert result.exit_code == 2, result
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "INVALID_FIELD_VALUE" and shown in error["message"], error
    assert not any(word in error["message"] for word in ("None", "True", "False", "['", "{'")), error
    assert not out.exists()


def test_numbers_and_text_still_fill(cli: Any, form: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.pdf"
    result = cli("forms", "fill", form, "--data", '{"Birthday": 1.5, "Last Name": "", "gdpr": true}', "-o", out)
    assert result.exit_code == 0, result
    with pikepdf.open(out) as pdf:
        values = {f.fully_qualified_name: f.value for f in pdf.acroform.fields}
    assert str(values["Birthday"]) == "1.5" and str(values["Last Name"]) == ""
