"""The MCP server through the official SDK client: in memory for breadth, a real stdio subprocess for truth."""

from __future__ import annotations

import json
import os
import shutil
import sys
import textwrap
from pathlib import Path

import anyio
import pytest
from conftest import CORPUS
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from pdftools.mcp.listing import shared_parameters
from pdftools.mcp.server import build_server
from pdftools.ops import OPS

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"
OUTLINE = CORPUS / "006-pdflatex-outline" / "pdflatex-outline.pdf"
ENCRYPTED = CORPUS / "005-libreoffice-writer-password" / "libreoffice-writer-password.pdf"
PDFTOOLS = Path(sys.executable).with_name("pdftools")


@pytest.fixture
def root(tmp_path: Path) -> Path:
    assert CORPUS.is_dir(), f"the shared corpus is missing: {CORPUS}"
    work = tmp_path / "root"
    work.mkdir()
    shutil.copy(FOUR, work / "four.pdf")
    shutil.copy(OUTLINE, work / "outline.pdf")
    shutil.copy(ENCRYPTED, work / "locked.pdf")
    (work / "sub").mkdir()
    return work


def call(root: Path, tool: str, args: dict, roots: list[Path] | None = None):
    async def go():
        async with Client(build_server(roots or [root])) as client:
            return await client.call_tool(tool, args)

    return anyio.run(go)


def error_of(result) -> dict:
    assert result.is_error, result
    return json.loads(result.content[0].text)


def test_tools_are_generated_from_the_registry_with_schemas_and_hints(root: Path) -> None:
    async def go():
        async with Client(build_server([root])) as client:
            return (await client.list_tools()).tools

    tools = {t.name: t for t in anyio.run(go)}
    assert set(tools) == {op.tool for op in OPS}
    text = tools["pdf_extract_text"]
    props = text.input_schema["properties"]
    assert props["max_chars"]["default"] == 40_000  # the MCP default from Mcp(default=...)
    assert props["mode"]["enum"] == ["plain", "layout"]
    assert all(p.get("description") for name, p in props.items() if name not in shared_parameters())
    assert text.output_schema and "next_page" in text.output_schema["properties"]
    assert text.annotations.read_only_hint is True
    # a writer sends only openWorldHint: the spec's defaults (not read-only, destructive, not idempotent) are
    # its meaning; a read-only tool, readOnlyHint and openWorldHint (the others mean nothing for it)
    merge = tools["pdf_merge"].annotations
    assert merge.model_dump(exclude_none=True) == {"open_world_hint": False}
    assert text.annotations.model_dump(exclude_none=True) == {"read_only_hint": True, "open_world_hint": False}
    assert "Merge PDFs" in tools["pdf_merge"].description


def test_info_text_list_merge_split_in_memory(root: Path) -> None:
    info = call(root, "pdf_info", {"input": "four.pdf"})
    assert not info.is_error and info.structured_content["pages"] == 4

    listing = call(root, "pdf_list", {"folder": "."}).structured_content
    entries = {e["path"]: e for e in listing["files"]}
    assert entries["four.pdf"]["pages"] == 4 and entries["locked.pdf"]["encrypted"] is True

    merged = call(root, "pdf_merge", {"inputs": ["four.pdf", "outline.pdf:1-2"], "output": "sub/m.pdf"})
    assert merged.structured_content["pages"] == 6 and (root / "sub" / "m.pdf").is_file()

    parts = call(root, "pdf_split", {"input": "sub/m.pdf", "out_dir": "sub", "every": 3}).structured_content
    assert [p["pages"] for p in parts["parts"]] == [3, 3]


def test_text_budget_and_continuation_reassemble_the_document(root: Path) -> None:
    full = call(root, "pdf_extract_text", {"input": "four.pdf", "max_chars": 1_000_000}).structured_content
    whole = "".join(p["text"] for p in full["pages"])
    got, args = "", {"input": "four.pdf", "max_chars": 5000}
    for _ in range(20):
        result = call(root, "pdf_extract_text", args)
        data = result.structured_content
        assert data["chars"] <= 5000
        got += "".join(p["text"] for p in data["pages"])
        if not data["truncated"]:
            break
        assert "start_page=" in result.content[0].text  # the model is told how to go on
        args = {**args, "start_page": data["next_page"], "offset": data["next_offset"] or 0}
    assert got == whole


def test_encrypted_needs_password(root: Path) -> None:
    assert error_of(call(root, "pdf_info", {"input": "locked.pdf"}))["code"] == "ENCRYPTED"
    assert error_of(call(root, "pdf_info", {"input": "locked.pdf", "password": "nope"}))["code"] == "BAD_PASSWORD"
    ok = call(root, "pdf_extract_text", {"input": "locked.pdf", "password": "openpassword"})
    assert "Lorem ipsum" in ok.structured_content["pages"][0]["text"]


def test_validation_errors_are_pdftools_errors(root: Path) -> None:
    err = error_of(call(root, "pdf_split", {"input": "four.pdf", "every": 0}))
    assert err["code"] == "INVALID_ARGUMENT" and "every" in err["message"] and err["hint"]


# Path escapes for every path argument of every tool: tests/test_mcp_security.py.


def test_inside_paths_absolute_and_file_uri_are_allowed(root: Path) -> None:
    assert not call(root, "pdf_info", {"input": str(root / "four.pdf")}).is_error
    assert not call(root, "pdf_info", {"input": (root / "four.pdf").as_uri()}).is_error
    inner = root / "sub" / "link-in.pdf"
    inner.symlink_to(root / "four.pdf")
    assert not call(root, "pdf_info", {"input": "sub/link-in.pdf"}).is_error


def test_globs_and_folders_cannot_reach_out_through_symlinks(root: Path, tmp_path: Path) -> None:
    outside = tmp_path / "secret.pdf"
    shutil.copy(FOUR, outside)
    (root / "sub" / "a.pdf").symlink_to(outside)
    shutil.copy(FOUR, root / "sub" / "b.pdf")
    err = error_of(call(root, "pdf_merge", {"inputs": ["sub/*.pdf"], "output": "m.pdf"}))
    assert err["code"] == "PATH_OUTSIDE_ROOT"
    assert not (root / "m.pdf").exists()


def test_second_root_is_usable(root: Path, tmp_path: Path) -> None:
    other = tmp_path / "other"
    other.mkdir()
    shutil.copy(FOUR, other / "o.pdf")
    result = call(root, "pdf_info", {"input": str(other / "o.pdf")}, roots=[root, other])
    assert result.structured_content["pages"] == 4


def _stdio(root: Path, *extra: str, command: str | None = None, args: list[str] | None = None):
    params = StdioServerParameters(
        command=command or str(PDFTOOLS),
        args=args or ["serve", "--transport", "stdio", "--root", str(root), *extra],
        env={"PATH": os.environ["PATH"]},
        cwd=str(root),
    )
    return Client(params)


def test_real_stdio_subprocess_lists_merges_splits_reads(root: Path) -> None:
    async def go():
        async with _stdio(root) as client:
            names = {t.name for t in (await client.list_tools()).tools}
            listed = await client.call_tool("pdf_list", {})
            merged = await client.call_tool("pdf_merge", {"inputs": ["four.pdf", "outline.pdf"], "output": "m.pdf"})
            split = await client.call_tool("pdf_split", {"input": "m.pdf", "out_dir": "sub", "ranges": "1-4,5-"})
            info = await client.call_tool("pdf_info", {"input": "sub/m-005-008.pdf"})
            text = await client.call_tool("pdf_extract_text", {"input": "m.pdf", "pages": "last"})
            bad = await client.call_tool("pdf_info", {"input": "/etc/passwd"})
            return names, listed, merged, split, info, text, bad

    names, listed, merged, split, info, text, bad = anyio.run(go)
    assert {"pdf_merge", "pdf_split", "pdf_info", "pdf_extract_text", "pdf_list"} <= names
    assert listed.structured_content["total"] == 3
    assert merged.structured_content["pages"] == 8
    assert [p["pages"] for p in split.structured_content["parts"]] == [4, 4]
    assert info.structured_content["pages"] == 4
    assert text.structured_content["pages"][0]["page"] == 8
    assert error_of(bad)["code"] == "PATH_OUTSIDE_ROOT"


def test_stdout_is_guarded_while_serving(root: Path, tmp_path: Path) -> None:
    """A tool that prints and spawns a child writing to fd 1 must not corrupt the protocol stream."""
    script = tmp_path / "noisy_server.py"
    script.write_text(textwrap.dedent(f"""
        import os, subprocess, sys
        from pathlib import Path
        import pdftools.ops.info as info_mod
        real = info_mod.info
        import functools
        @functools.wraps(real)
        def noisy(*args, **kwargs):
            print("stray print on stdout")
            subprocess.run(["echo", "stray child output"])
            os.write(1, b"raw write to fd 1\\n")
            return real(*args, **kwargs)
        info_mod.info = noisy
        from pdftools.mcp.stdio import serve_stdio
        serve_stdio([Path({str(root)!r})])
    """))

    errlog = tmp_path / "server-stderr.txt"
    shell = f"exec {sys.executable} {script} 2>{errlog}"  # the SDK client would tolerate junk on stdout,

    async def go():  # so the proof is where the junk went: the server's stderr
        async with _stdio(root, command="/bin/sh", args=["-c", shell]) as client:
            return await client.call_tool("pdf_info", {"input": "four.pdf"})

    result = anyio.run(go)
    assert not result.is_error and result.structured_content["pages"] == 4
    stderr = errlog.read_text()
    for junk in ("stray print on stdout", "stray child output", "raw write to fd 1"):
        assert junk in stderr


def test_pages_given_as_the_input_say_which_argument_is_which(root: Path) -> None:
    """`input: "1-3", pages: "four.pdf"` said only `no such file: 1-3`: the hint names the two arguments."""
    error = error_of(call(root, "pdf_select_pages", {"input": "1-3", "pages": str(root / "four.pdf")}))
    assert error["code"] == "FILE_NOT_FOUND", error
    assert error["hint"].startswith("input is the file and pages the pages") and "pdftools" not in error["hint"], error
