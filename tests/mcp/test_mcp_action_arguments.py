"""An argument that belongs to another action of a tool is refused, not ignored: `annotations` with pdf_forms'
`list`, `pages` with its `flatten`, `data` with `list` would otherwise look obeyed. The error names the argument
and the action it goes with. An argument left at its default (`force: false`) is no claim, and passes. At a shell
such an option does not exist on that sub-command. The official client, in memory, on a corpus form."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import anyio
import pytest
from conftest import CORPUS
from mcp import Client

from pdftools.mcp.server import build_server

FORM = CORPUS / "012-libreoffice-form" / "libreoffice-form.pdf"
REFUSED = [
    ({"action": "list", "data": {"First Name": "Ann"}}, "data", "fill"),
    ({"action": "list", "values": ["First Name=Ann"]}, "values", "fill"),
    ({"action": "list", "annotations": True}, "annotations", "flatten"),
    ({"action": "list", "force": True}, "force", "fill"),
    ({"action": "list", "decrypt": True}, "decrypt", "fill"),
    ({"action": "fill", "values": ["First Name=Ann"], "annotations": True, "output": "a.pdf"}, "annotations",
     "flatten"),
    ({"action": "fill", "values": ["First Name=Ann"], "pages": "1", "output": "b.pdf"}, "pages", "list"),
    ({"action": "flatten", "pages": "1", "output": "c.pdf"}, "pages", "list"),
    ({"action": "flatten", "data": {"First Name": "Ann"}, "output": "d.pdf"}, "data", "fill"),
]
ACCEPTED = [
    {"action": "list", "force": False, "decrypt": False, "annotations": False},
    {"action": "list", "pages": "1"},
    {"action": "flatten", "annotations": True, "output": "e.pdf"},
]


def _calls(tmp_path: Path, calls: list[dict[str, Any]]) -> list[Any]:
    shutil.copy(FORM, tmp_path / "form.pdf")

    async def go() -> list[Any]:
        async with Client(build_server([tmp_path], tools="all")) as client:
            return [await client.call_tool("pdf_forms", {"input": "form.pdf", **args}) for args in calls]

    return anyio.run(go)


@pytest.mark.parametrize(("args", "name", "goes_with"), REFUSED)
def test_pdf_forms_refuses_an_argument_of_another_action(tmp_path: Path, args: dict[str, Any], name: str,
                                                         goes_with: str) -> None:
    (result,) = _calls(tmp_path, [args])
    assert result.is_error, result.content[0].text
    error = json.loads(result.content[0].text)
    assert error["code"] == "INVALID_ARGUMENT", error
    assert name in error["message"] and args["action"] in error["message"], error
    assert goes_with in error["message"] + error["hint"], error
    assert not [p for p in tmp_path.iterdir() if p.name != "form.pdf"], "nothing is written"


def test_pdf_forms_takes_its_own_arguments_and_defaults_of_others(tmp_path: Path) -> None:
    for args, result in zip(ACCEPTED, _calls(tmp_path, ACCEPTED), strict=True):
        assert not result.is_error, (args, result.content[0].text)
