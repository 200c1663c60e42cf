"""`pdf_batch` over MCP: a folder inside the roots, rows in the result, progress notifications, every path
(inputs, out_dir, and files an option names) confined to the roots, and a client's cancel stopping the batch
with only whole outputs left."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import anyio
import pikepdf
from batch_files import scans, small_pdfs
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from pdftools.mcp.server import build_server

PDFTOOLS = Path(sys.executable).with_name("pdftools")


def call(root: Path, args: dict[str, Any], seen: list[str] | None = None) -> Any:
    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        if seen is not None:
            seen.append(message or "")

    async def go() -> Any:
        async with Client(build_server([root])) as client:
            return await client.call_tool("pdf_batch", args, progress_callback=on_progress)

    return anyio.run(go)


def error_code(result: Any) -> str:
    assert result.is_error, result
    return str(json.loads(result.content[0].text)["code"])


def test_a_folder_inside_the_roots_with_rows_and_progress(tmp_path: Path) -> None:
    small_pdfs(tmp_path / "docs" / "2024", 5)
    small_pdfs(tmp_path / "docs", 1, prefix="top")
    seen: list[str] = []
    result = call(tmp_path, {"command": "rotate", "inputs": ["docs"], "out_dir": "out", "recursive": True,
                             "options": {"angle": 180}, "jobs": 2}, seen)
    assert not result.is_error, result
    data = result.structured_content
    assert (data["total"], data["succeeded"], data["failed"]) == (6, 6, 0) and "rows_streamed" not in data
    assert sorted(Path(r["output"]).relative_to(tmp_path / "out").as_posix() for r in data["rows"]) == [
        *(f"2024/doc-{i:04}.pdf" for i in range(5)), "top-0000.pdf"]
    with pikepdf.open(tmp_path / "out" / "2024" / "doc-0003.pdf") as pdf:
        assert int(pdf.pages[0].obj.Rotate) == 180
    assert seen and "files/s" in seen[-1] and "pages/s" in seen[-1] and "ETA" in seen[-1]
    assert seen[0] == "0/6 files"  # the batch has started: 0 of N, with no rate or time left to tell yet
    assert seen[-1].count("ETA") == 1


def test_every_path_stays_inside_the_roots(tmp_path: Path) -> None:
    root = tmp_path / "root"
    small_pdfs(root / "docs", 2)
    small_pdfs(tmp_path / "outside", 1)
    assert error_code(call(root, {"command": "info", "inputs": [str(tmp_path / "outside")], "out_dir": "o"})) \
        == "PATH_OUTSIDE_ROOT"
    assert error_code(call(root, {"command": "info", "inputs": ["docs"], "out_dir": "../o"})) == "PATH_OUTSIDE_ROOT"
    assert not (tmp_path / "o").exists()
    listing = root / "list.txt"
    listing.write_text(f"{tmp_path / 'outside' / 'doc-0000.pdf'}\n")
    assert error_code(call(root, {"command": "info", "inputs": ["@list.txt"], "out_dir": "o"})) == \
        "PATH_OUTSIDE_ROOT"
    stamped = call(root, {"command": "stamp", "inputs": ["docs"], "out_dir": "o",
                          "options": {"pdf": str(tmp_path / "outside" / "doc-0000.pdf")}})  # read by each worker
    assert not stamped.is_error and stamped.structured_content["failed"] == 2
    assert {r["error"]["code"] for r in stamped.structured_content["rows"]} == {"PATH_OUTSIDE_ROOT"}


def test_a_clients_cancel_stops_the_batch_leaving_whole_outputs(tmp_path: Path, sample: Path) -> None:
    root = tmp_path / "root"
    scans(sample, root / "scans", dpi=72, pages=4)
    params = StdioServerParameters(command=str(PDFTOOLS), args=["serve", "--root", str(root)],
                                   env={"PATH": os.environ["PATH"]})

    async def go() -> Any:
        async with Client(params) as client:
            with anyio.CancelScope() as scope:
                async def on_progress(progress: float, total: float | None, message: str | None) -> None:
                    if progress >= 1:  # one file is done (the first notification is 0 of N): cancel the rest
                        scope.cancel()  # (notifications/cancelled)

                await client.call_tool("pdf_batch", {"command": "ocr", "inputs": ["scans"], "out_dir": "out",
                                                     "options": {"dpi": 72}, "jobs": 1},
                                       progress_callback=on_progress)
            await anyio.sleep(1)
            return await client.call_tool("pdf_batch", {"command": "info", "inputs": ["scans"], "out_dir": "i"})

    after = anyio.run(go)
    assert not after.is_error  # the server lives on
    out = root / "out"
    written = sorted(p.name for p in out.iterdir() if not p.name.startswith("."))
    journal = [json.loads(line) for line in (out / ".pdftools-batch.jsonl").read_text().splitlines()]
    assert 1 <= len(written) < 4 and written == sorted(Path(e["output"]).name for e in journal)
    assert not (out / ".pdftools-staging").exists()
    for name in written:
        with pikepdf.open(out / name) as pdf:
            assert len(pdf.pages) == 1


def test_a_batch_over_mcp_can_linearize_and_still_runs_no_lua_filter_or_template(tmp_path: Path) -> None:
    """`linearize` and `object_streams` shape the PDF written, nothing more: an agent's batch takes them beside
    the command's tool arguments (the tools leave them out to keep the listing short). What runs a program with
    the server's rights (`lua_filter`, `template` of convert) stays refused."""
    root = tmp_path / "root"
    small_pdfs(root / "docs", 2, pages=3)
    (root / "a.md").write_text("# A\n\ntext\n")
    (root / "evil.lua").write_text("os.execute('touch pwned')\n")
    (root / "evil.html").write_text("$body$\n")
    params = StdioServerParameters(command=str(PDFTOOLS), args=["serve", "--root", str(root)],
                                   env={"PATH": os.environ["PATH"]}, cwd=str(root))
    calls: list[dict[str, Any]] = [
        {"command": "rotate", "inputs": ["docs"], "out_dir": "rot",
         "options": {"angle": 90, "linearize": True, "object_streams": "generate"}},
        {"command": "pdf_linearize", "inputs": ["docs"], "out_dir": "lin"},
        {"command": "convert", "inputs": ["a.md"], "out_dir": "c1", "options": {"to_format": "html",
                                                                                 "lua_filter": "evil.lua"}},
        {"command": "convert", "inputs": ["a.md"], "out_dir": "c2", "options": {"to_format": "html",
                                                                                 "template": "evil.html"}},
        {"command": "info", "inputs": ["docs"], "out_dir": "i", "options": {"linearize": True}},
    ]

    async def go() -> list[Any]:
        async with Client(params) as client:
            return [await client.call_tool("pdf_batch", args) for args in calls]

    rotated, linearized, lua, template, info = anyio.run(go)
    for result in (rotated, linearized):
        assert not result.is_error and result.structured_content["succeeded"] == 2, result.content
    for folder in ("rot", "lin"):
        for path in sorted((root / folder).glob("*.pdf")):
            with pikepdf.open(path) as pdf:
                assert pdf.is_linearized, path
                assert folder != "rot" or int(pdf.pages[0].obj.Rotate) == 90
    assert len(list((root / "rot").glob("*.pdf"))) == 2
    for refused, name in ((lua, "lua_filter"), (template, "template")):
        error = json.loads(refused.content[0].text)
        assert error["code"] == "INVALID_ARGUMENT" and name in error["message"], error
    assert not (root / "pwned").exists() and not (root / "c1").exists() and not (root / "c2").exists()
    error = json.loads(info.content[0].text)  # info writes no PDF: nothing to linearize
    assert error["code"] == "INVALID_ARGUMENT" and "linearize" in error["message"], error
