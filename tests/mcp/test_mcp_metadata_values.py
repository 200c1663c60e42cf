"""`pdf_metadata` takes `values` as an agent writes them: an object (`{"Title": "x"}`; an empty value or null
removes a key), as well as the list of `key=value` strings (and one such string) it took before. It refused the
object with `values: Input should be a valid list`. One signature feeds both front ends: the command line keeps
`--set KEY=VALUE`."""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path
from typing import Any

import anyio
import pikepdf
import readback as rb
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from pdftools.mcp.server import build_server

PDFTOOLS = Path(sys.executable).with_name("pdftools")


def _doc(root: Path) -> Path:
    shutil.copy(rb.XMP, root / "x.pdf")
    with pikepdf.open(root / "x.pdf", allow_overwriting_input=True) as pdf:
        pdf.docinfo["/Subject"] = "old subject"
        pdf.docinfo["/Keywords"] = "old, words"
        pdf.save(root / "x.pdf")
    return root / "x.pdf"


def _calls(client: Client, calls: list[dict[str, Any]]) -> Any:
    async def go() -> list[Any]:
        async with client:
            return [await client.call_tool("pdf_metadata", args) for args in calls]

    return anyio.run(go)


def _info(path: Path) -> dict[str, str]:
    with pikepdf.open(path) as pdf:
        return {str(k): str(v) for k, v in pdf.docinfo.items()}


def test_values_as_an_object_set_and_remove_keys(tmp_path: Path) -> None:
    _doc(tmp_path)
    values = {"Title": "Annual report", "author": "Ann = Bee", "Subject": "", "keywords": None,
              "creationdate": "2024-05-31"}
    done, = _calls(Client(build_server([tmp_path])), [{"action": "set", "input": "x.pdf", "values": values,
                                                      "output": "o.pdf"}])
    assert not done.is_error, done
    info = _info(tmp_path / "o.pdf")
    assert info["/Title"] == "Annual report" and info["/Author"] == "Ann = Bee" and "/Subject" not in info
    assert "/Keywords" not in info  # an empty value or null removes a key
    assert info["/CreationDate"].startswith("D:20240531")
    assert done.structured_content["changed"] == ["Title", "Author", "Subject", "Keywords", "CreationDate"]
    with pikepdf.open(tmp_path / "o.pdf") as pdf, pdf.open_metadata() as xmp:
        assert xmp["dc:title"] == "Annual report"  # XMP follows, as with key=value


def test_the_list_and_one_string_still_work_and_bad_keys_are_refused(tmp_path: Path) -> None:
    _doc(tmp_path)
    listed, one, bad, empty = _calls(Client(build_server([tmp_path])), [
        {"action": "set", "input": "x.pdf", "values": ["title=T1", "author=A"], "output": "l.pdf"},
        {"action": "set", "input": "x.pdf", "values": "title=T2", "output": "s.pdf"},
        {"action": "set", "input": "x.pdf", "values": {"bad key": "1"}, "output": "b.pdf"},
        {"action": "set", "input": "x.pdf", "values": {}, "output": "e.pdf"},
    ])
    assert _info(tmp_path / "l.pdf")["/Title"] == "T1" and _info(tmp_path / "l.pdf")["/Author"] == "A"
    assert _info(tmp_path / "s.pdf")["/Title"] == "T2"
    error = rb.mcp_error(bad)
    assert error["code"] == "INVALID_ARGUMENT" and "bad key" in error["message"], error
    assert '{"title": "Annual report"' in error["hint"] and "--set" not in error["hint"], error
    assert rb.mcp_error(empty)["code"] == "INVALID_ARGUMENT"
    assert not (tmp_path / "b.pdf").exists() and not (tmp_path / "e.pdf").exists()


def test_the_schema_offers_the_object_over_a_real_stdio_server(tmp_path: Path) -> None:
    _doc(tmp_path)
    client = Client(StdioServerParameters(command=str(PDFTOOLS), args=["serve", "--transport", "stdio", "--root",
                                                                       str(tmp_path)],
                                          env={"PATH": os.environ["PATH"]}, cwd=str(tmp_path)))

    async def go() -> tuple[Any, Any]:
        async with client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            done = await client.call_tool("pdf_metadata", {"action": "set", "input": "x.pdf", "in_place": True,
                                                           "values": {"Title": "x"}})
            return tools["pdf_metadata"], done

    tool, done = anyio.run(go)
    kinds = json.dumps(tool.input_schema["properties"]["values"])
    assert '"object"' in kinds and '"array"' in kinds, kinds
    assert not done.is_error, done
    assert _info(tmp_path / "x.pdf")["/Title"] == "x"


def test_an_empty_file_is_empty_input_over_mcp(tmp_path: Path) -> None:
    """(Beside metadata: the same server.) An empty file is EMPTY_INPUT, not NOT_A_PDF, for an agent too."""
    (tmp_path / "empty.pdf").touch()
    error = rb.mcp_error(rb.mcp_call(tmp_path, "pdf_info", {"input": "empty.pdf"}))
    assert error["code"] == "EMPTY_INPUT" and error["message"].endswith("empty.pdf is empty"), error
    assert "piped" not in error["hint"] and "`-`" not in error["hint"], error  # a shell's words: no pipe here


def test_values_given_to_another_action_say_which_action_takes_them(tmp_path: Path) -> None:
    _doc(tmp_path)
    show, = _calls(Client(build_server([tmp_path])), [{"action": "show", "input": "x.pdf", "values": {"Title": "x"}}])
    error = rb.mcp_error(show)
    assert error["message"] == "pdf_metadata action `show` takes no values: values is for action `set`", error
