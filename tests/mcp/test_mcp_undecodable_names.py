"""A file in the roots whose name is not UTF-8 (`caf\\xe9.pdf`, Latin-1 bytes Linux allows): the stdio server
died as soon as a result named it (`pdf_list`, a folder search): the SDK could not write the surrogate escape
Python holds such a name in as UTF-8, and the session ended. The name is given with the byte escaped (`\\xe9`,
as a terminal shows control characters), the file is read, and the server goes on."""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path
from typing import Any

import anyio
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from surface_servers import stdio_client

PDFTOOLS = Path(sys.executable).with_name("pdftools")


def test_a_name_that_is_not_utf8_is_listed_and_the_server_goes_on(tmp_path: Path, sample: Path) -> None:
    shutil.copy(sample, Path(os.fsdecode(bytes(tmp_path) + b"/caf\xe9.pdf")))
    params = StdioServerParameters(command=str(PDFTOOLS), args=["serve", "--root", str(tmp_path)],
                                   env={"PATH": os.environ["PATH"], "LC_ALL": "C.UTF-8"})

    async def go() -> list[Any]:
        with anyio.fail_after(60):  # a server that died leaves the client waiting
            return await calls()

    async def calls() -> list[Any]:
        async with Client(params) as client:
            return [await client.call_tool("pdf_list", {}),
                    await client.call_tool("pdf_search", {"pattern": "Hello", "inputs": ["."], "count": True}),
                    await client.call_tool("pdf_list", {})]

    listed, found, again = anyio.run(go)
    assert not listed.is_error, listed
    (row,) = listed.structured_content["files"]
    assert row["path"] == "caf\\xe9.pdf" and row["pages"] == 4 and row["error"] is None, row
    assert json.loads(listed.content[0].text) == listed.structured_content
    assert not found.is_error and found.structured_content["matches"] > 0, found
    assert found.structured_content["files"][0]["path"].endswith("caf\\xe9.pdf"), found.structured_content
    assert not again.is_error, again  # the session is still there


def raw(folder: Path, name: bytes) -> Path:
    """A path below `folder` whose name is these bytes (not UTF-8: Python holds them as surrogate escapes)."""
    return Path(os.fsdecode(bytes(folder) + b"/" + name))


def test_a_name_shown_escaped_is_taken_back_as_shown(tmp_path: Path, sample: Path) -> None:
    """`caf\\xe9.pdf` was shown, but an agent that gave it back got FILE_NOT_FOUND: no file has that name. A path
    that does not exist as written, whose `\\xNN` escapes name bytes that are not UTF-8 of an existing file, is that
    file: an input, a folder of one, an output beside it, a search's next file; what it writes is shown escaped too
    and is taken back as well."""
    root = tmp_path / "root"
    root.mkdir()
    shutil.copy(sample, raw(root, b"caf\xe9.pdf"))
    raw(root, b"r\xe9p").mkdir()
    shutil.copy(sample, raw(root, b"r\xe9p/a.pdf"))

    async def go() -> dict[str, Any]:
        async with stdio_client(root, "--tools", "all") as client:
            calls = {"info": ("pdf_info", {"input": "caf\\xe9.pdf"}),
                     "upper": ("pdf_info", {"input": "caf\\xE9.pdf"}),
                     "absolute": ("pdf_info", {"input": str(root) + "/r\\xe9p/a.pdf"}),
                     "uri": ("pdf_info", {"input": f"file://{root}/caf%E9.pdf"}),
                     "listed": ("pdf_list", {"folder": "r\\xe9p"}),
                     "rotated": ("pdf_rotate", {"input": "caf\\xe9.pdf", "angle": 90}),
                     "into": ("pdf_rotate", {"input": "caf\\xe9.pdf", "angle": 90, "output": "r\\xe9p/b.pdf"}),
                     "search": ("pdf_search", {"pattern": "Hello", "inputs": ["caf\\xe9.pdf", "r\\xe9p"],
                                               "start_file": "r\\xe9p/a.pdf", "count": True})}
            results = {key: await client.call_tool(name, args) for key, (name, args) in calls.items()}
            shown = results["rotated"].structured_content["output"]
            results["again"] = await client.call_tool("pdf_info", {"input": shown})
            return results

    results = anyio.run(go)
    for key, result in results.items():
        assert not result.is_error, (key, result.content)
    assert results["info"].structured_content["path"] == f"{root}/caf\\xe9.pdf", results["info"]
    assert results["info"].structured_content["pages"] == 4
    assert results["uri"].structured_content["path"] == f"{root}/caf\\xe9.pdf"
    assert [f["path"] for f in results["listed"].structured_content["files"]] == ["a.pdf"]
    assert raw(root, b"caf\xe9-rotated.pdf").is_file() and raw(root, b"r\xe9p/b.pdf").is_file()
    assert results["rotated"].structured_content["output"] == f"{root}/caf\\xe9-rotated.pdf"
    assert results["again"].structured_content["pages"] == 4
    searched = [f["path"] for f in results["search"].structured_content["files"]]  # from start_file on
    assert searched == [f"{root}/r\\xe9p/a.pdf", f"{root}/r\\xe9p/b.pdf"], searched
    names = (b"caf\xe9.pdf", b"caf\xe9-rotated.pdf", b"r\xe9p")
    assert sorted(os.listdir(root)) == sorted(os.fsdecode(n) for n in names)


def test_a_literal_name_wins_and_escapes_never_lead_out(tmp_path: Path, sample: Path) -> None:
    """When a file is named with the backslash itself, that name is the one meant. Decoding makes only bytes of
    0x80 and above (no `/`, `.` or NUL), and the path found is confined to the roots like any other: a link whose
    name is escaped, pointing outside, is PATH_OUTSIDE_ROOT; so is a path outside the roots, decoded or not; and an
    escape of a plain byte (`\\x2e`, `.`) is a name, not a dot."""
    root, outside = tmp_path / "root", tmp_path / "outside"
    root.mkdir()
    outside.mkdir()
    shutil.copy(sample, root / "lit\\xe9.pdf")  # the backslash is part of the name
    (raw(root, b"lit\xe9.pdf")).write_bytes(b"not a pdf")
    shutil.copy(sample, raw(outside, b"o\xe9.pdf"))
    raw(root, b"l\xe9nk.pdf").symlink_to(raw(outside, b"o\xe9.pdf"))

    async def go() -> list[Any]:
        async with stdio_client(root, "--tools", "all") as client:
            return [await client.call_tool("pdf_info", {"input": name}) for name in (
                "lit\\xe9.pdf", "l\\xe9nk.pdf", f"{outside}/o\\xe9.pdf", "\\x2e\\x2e/outside/o\\xe9.pdf",
                "../outside/o\\xe9.pdf")]

    literal, link, absolute, dots, parent = anyio.run(go)
    assert not literal.is_error and literal.structured_content["pages"] == 4, literal
    for result in (link, absolute, parent):
        assert result.is_error and json.loads(result.content[0].text)["code"] == "PATH_OUTSIDE_ROOT", result
    assert json.loads(dots.content[0].text)["code"] == "FILE_NOT_FOUND", dots


def test_an_error_names_the_file_as_results_do(tmp_path: Path) -> None:
    """An error's message showed the name as `\\udce9` (Python's surrogate, JSON-escaped), not `\\xe9` as results show
    it, and that cannot be given back."""
    raw(tmp_path, b"bad\xe9.pdf").write_bytes(b"not a pdf")

    async def go() -> Any:
        async with stdio_client(tmp_path) as client:
            return await client.call_tool("pdf_info", {"input": "bad\\xe9.pdf"})

    result = anyio.run(go)
    error = json.loads(result.content[0].text)
    assert error["code"] == "NOT_A_PDF" and "bad\\xe9.pdf" in error["message"], error


def test_completion_shows_such_names_and_the_server_goes_on(tmp_path: Path, sample: Path) -> None:
    """A prompt's file argument completed in a root holding `caf\\xe9.pdf`: the server died writing the name (the
    client waited for ever). Names are completed as results show them, in a folder shown so too."""
    from mcp.types import PromptReference

    shutil.copy(sample, raw(tmp_path, b"caf\xe9.pdf"))
    raw(tmp_path, b"r\xe9p").mkdir()
    shutil.copy(sample, raw(tmp_path, b"r\xe9p/a.pdf"))
    prompt = PromptReference(type="ref/prompt", name="searchable_summary")

    async def go() -> list[Any]:
        with anyio.fail_after(60):  # a server that died leaves the client waiting
            async with stdio_client(tmp_path) as client:
                return [(await client.complete(prompt, {"name": "file", "value": typed})).completion.values
                        for typed in ("c", "caf\\xe9", "r\\xe9p/")]

    assert anyio.run(go) == [["caf\\xe9.pdf"], ["caf\\xe9.pdf"], ["r\\xe9p/a.pdf"]]


def test_a_cut_search_names_where_to_go_on_as_shown(tmp_path: Path, sample: Path) -> None:
    """The text a model reads said `start_file='.../caf\\udce9.pdf'` (Python's repr of the name), which names no
    file; the structured result said `caf\\xe9.pdf`."""
    shutil.copy(sample, raw(tmp_path, b"caf\xe9.pdf"))

    async def go() -> Any:
        async with stdio_client(tmp_path) as client:
            return await client.call_tool("pdf_search", {"pattern": "e", "inputs": ["caf\\xe9.pdf"], "max_chars": 60})

    result = anyio.run(go)
    assert result.structured_content["truncated"] and result.structured_content["next_file"].endswith("caf\\xe9.pdf")
    text = result.content[0].text
    assert f"start_file='{tmp_path}/caf\\xe9.pdf'" in text and "udce9" not in text, text
