"""`pdf_batch`'s options over MCP, through a real client over stdio: an object, so its errors quote the member as
the agent sent it (JSON), and its keys are the command's tool's arguments, no more (the command line's form,
`--set key=value`, and its options stay the command line's: tests/batch/test_batch_option_words.py)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import anyio
from conftest import CORPUS
from surface_servers import stdio_client

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"


OBJECT_WORDS = [  # options as an agent sends them (an object), the message in its terms: the member as JSON
    ("rotate", {"angel": 90}, 'options {"angel": 90}', ['pdf_rotate takes no argument angel', "did you mean angle?"]),
    ("rotate", {"angle": "x"}, 'options {"angle": "x"}', ["not a whole number"]),
    ("rotate", {"angle": True}, 'options {"angle": true}', ["expected a whole number"]),
    ("rotate", {"angle": 45}, 'options {"angle": 45}', ["must be one of 90, 180, 270"]),
    ("compress", {"jpeg_quality": 500}, 'options {"jpeg_quality": 500}', ["less than or equal to 95"]),
    ("nup", {"per_sheet": 5}, 'options {"per_sheet": 5}', ["choose from 2, 4, 6, 8, 9, 16"]),
    ("text", {"mode": "bogus"}, 'options {"mode": "bogus"}', ['choose from "plain", "layout"']),
    ("text", {"mode": ["plain", "layout"]}, 'options {"mode": ["plain", "layout"]}', ["one value, not a list"]),
    ("rotate", {"per_sheet": 4}, 'options {"per_sheet": 4}', ["pdf_rotate takes no argument per_sheet",
                                                              "pdf_nup takes it"]),
    ("rotate", {"output": "x.pdf"}, 'options {"output": "x.pdf"}', ["pdf_batch sets output itself"]),
    ("rotate", {"pages": "zz"}, 'options {"pages": "zz"}', ["cannot read 'zz'"]),
]


def test_over_mcp_an_option_is_named_as_the_agent_sent_it(tmp_path: Path) -> None:
    """`options` is an object over MCP: a bad member is quoted as JSON (`options {"angle": "x"}`) and the hint
    points at the tool's schema; the messages quoted `--set angle=x` and `options angle=x`, the command line's form
    (the server renamed `--set`), and said `Options of this command`."""
    shutil.copy(FOUR, tmp_path / "four.pdf")

    async def go() -> list[Any]:
        async with stdio_client(tmp_path, "--tools", "all") as client:
            return [await client.call_tool("pdf_batch", {"command": command, "inputs": ["four.pdf"],
                                                         "out_dir": "out", "options": options})
                    for command, options, _, _ in OBJECT_WORDS]

    for (command, options, member, words), result in zip(OBJECT_WORDS, anyio.run(go), strict=True):
        assert result.is_error, (options, result)
        error = json.loads(result.content[0].text)
        assert error["message"].startswith(member + ": "), (options, error)
        assert all(w in error["message"] for w in words), (options, error)
        for text in (error["message"], error["hint"]):
            assert "--set" not in text and "=" not in text.replace('"', "") and "Options" not in text, (options, error)
            assert "`pdftools" not in text, (options, error)
        if error["code"] == "INVALID_ARGUMENT":
            tool = {"rotate": "pdf_rotate", "compress": "pdf_compress", "nup": "pdf_nup",
                    "text": "pdf_extract_text"}[command]
            assert tool in error["hint"], (options, error)


def test_over_mcp_options_take_only_the_tools_arguments(tmp_path: Path) -> None:
    """A command-line-only option (a Lua filter or template runs a program with the server's rights) is no key of
    `options`: `doc_convert` does not take it, and a batch ran it (an agent that can write a file could run code)."""
    (tmp_path / "note.md").write_text("# Hi\n")
    marker = tmp_path / "ran"
    (tmp_path / "f.lua").write_text(f'io.open("{marker}", "w"):close()\nreturn {{}}\n')
    calls = [{"lua_filter": ["f.lua"], "to_format": "html"}, {"template": "t.html", "to_format": "html"}]
    # `linearize` and `object_streams` are taken: they only shape the PDF saved (tests/batch/test_batch_mcp.py)

    async def go() -> list[Any]:
        async with stdio_client(tmp_path, "--tools", "all") as client:
            return [await client.call_tool("pdf_batch", {"command": "rotate" if "angle" in options else "convert",
                                                         "inputs": ["four.pdf" if "angle" in options else "note.md"],
                                                         "out_dir": "out", "options": options})
                    for options in calls]

    shutil.copy(FOUR, tmp_path / "four.pdf")
    for options, result in zip(calls, anyio.run(go), strict=True):
        assert result.is_error, (options, result)
        error = json.loads(result.content[0].text)
        key = next(iter(options))
        assert error["code"] == "INVALID_ARGUMENT" and f"takes no argument {key}" in error["message"], error
    assert not marker.exists()
    assert not (tmp_path / "out").exists()


def test_over_mcp_options_take_json_where_the_tool_does(tmp_path: Path) -> None:
    """`pdf_metadata` takes `values` as an object and `pdf_bookmarks` `data` as the bookmarks themselves; in a
    batch's options the same values were refused (`expected text`)."""
    import pikepdf

    shutil.copy(FOUR, tmp_path / "four.pdf")
    calls = [("metadata", {"action": "set", "values": {"title": "Batched"}}),
             ("bookmarks", {"action": "replace", "data": [{"title": "Start", "page": 2}]})]

    async def go() -> list[Any]:
        async with stdio_client(tmp_path, "--tools", "all") as client:
            return [await client.call_tool("pdf_batch", {"command": command, "inputs": ["four.pdf"],
                                                         "out_dir": command, "options": options})
                    for command, options in calls]

    for (command, _), result in zip(calls, anyio.run(go), strict=True):
        assert not result.is_error and result.structured_content["succeeded"] == 1, (command, result)
    with pikepdf.open(tmp_path / "metadata" / "four.pdf") as pdf:
        assert str(pdf.docinfo["/Title"]) == "Batched"
    with pikepdf.open(tmp_path / "bookmarks" / "four.pdf") as pdf, pdf.open_outline() as outline:
        assert [item.title for item in outline.root] == ["Start"]


def test_a_failed_files_error_speaks_the_agents_terms(tmp_path: Path) -> None:
    """A row's error is made in a worker, which chose the command line's words: `--user-password-file FILE or
    PDFTOOLS_NEW_PASSWORD`, `a relative path starts in the current folder` (over MCP it starts at the first root)."""
    shutil.copy(FOUR, tmp_path / "four.pdf")
    calls = [("protect", {}), ("stamp", {"pdf": "nope.png"}), ("split", {"every": 2, "ranges": "1-2"})]

    async def go() -> list[Any]:
        async with stdio_client(tmp_path, "--tools", "all") as client:
            return [await client.call_tool("pdf_batch", {"command": command, "inputs": ["four.pdf"],
                                                         "out_dir": command, "options": options})
                    for command, options in calls]

    protect, stamp, split = (r.structured_content["rows"][0]["error"] for r in anyio.run(go))
    assert "user_password" in protect["hint"] and "PDFTOOLS_" not in protect["hint"], protect
    assert stamp["code"] == "FILE_NOT_FOUND" and "current folder" not in stamp["hint"], stamp
    assert "pdf_split" in split["hint"] and "options" in split["hint"], split
    for error in (protect, stamp, split):
        assert "--" not in error["hint"] and "terminal" not in error["hint"], error


def test_a_commands_argument_beside_options_says_where_it_goes(tmp_path: Path) -> None:
    """`{"command": "rotate", "angle": 90}`: the angle is the command's, and goes in `options`; the error only
    listed pdf_batch's own arguments."""
    shutil.copy(FOUR, tmp_path / "four.pdf")

    async def go() -> Any:
        async with stdio_client(tmp_path, "--tools", "all") as client:
            return await client.call_tool("pdf_batch", {"command": "pdf_rotate", "inputs": ["four.pdf"],
                                                        "out_dir": "out", "angle": 90})

    error = json.loads(anyio.run(go).content[0].text)
    assert error["code"] == "INVALID_ARGUMENT" and 'options {"angle": 90}' in error["message"], error
    assert not (tmp_path / "out").exists()
