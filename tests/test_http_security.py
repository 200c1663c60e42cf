"""Security over HTTP: the path-escape table through `HttpPolicy`, token guessing, another session's files,
oversized and malformed uploads. The real server on 127.0.0.1 and the official SDK client (test_mcp_http).

Over HTTP a path argument that reads (an input, a folder to list) is confined to the roots as over stdio, and
gets the same codes. An output argument is only a name: every output lands in the call's private workspace and
then in the file store, so an escape there is harmless by construction; what must hold is that nothing is
written outside the store, the published name is a plain name, and no server path reaches the client.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from test_mcp_http import Server, _client, start
from test_mcp_security import ESCAPES, PATH_ARGS, TOOLS, arguments, kind_of, layout, snapshot

__all__ = ["layout"]  # a module-scoped fixture of test_mcp_security: the root, symlinks out, files beside it

WRITES = {"output"}  # argument kinds that only name a file in the workspace over HTTP
WRITE_FOLDERS = {("pdf_split", "out_dir"), ("pdf_thumbnails", "out_dir"), ("pdf_attachments", "out_dir"),
                 ("pdf_extract_images", "out_dir"), ("pdf_rename_invoice", "copy_to")}
# HttpPolicy.input/folder are RootsPolicy's behind a URI and base64 check, whatever the tool, so a set of
# arguments that covers each way an op takes paths stands for the rest (~40 ms a call over HTTP on 2 busy CPUs);
# PDFTOOLS_HTTP_ESCAPES=all runs every argument. Every escape of an output argument runs the tool for real (the
# name is accepted): a few cheap tools stand for HttpPolicy.output, which is one function whatever the tool.
REPRESENTATIVE = {("pdf_merge", "inputs"), ("pdf_info", "input"), ("pdf_split", "input"), ("pdf_split", "pattern"),
                  ("pdf_list", "folder"), ("pdf_list", "glob"), ("pdf_thumbnails", "input"),
                  ("pdf_insert_pages", "source"), ("pdf_stamp", "pdf"), ("pdf_bookmarks", "data"),
                  ("pdf_forms", "data"), ("pdf_attachments", "files"), ("pdf_attachments", "names"),
                  ("pdf_rename_invoice", "inputs"), ("pdf_rename_invoice", "templates"), ("doc_convert", "input"),
                  ("doc_convert", "reference_doc"), ("doc_convert", "resource_path"),
                  ("pdf_merge", "output"), ("pdf_rotate", "output"), ("pdf_split", "out_dir"),
                  ("pdf_attachments", "out_dir")}
OUTPUTS_TRIED = {arg for arg in REPRESENTATIVE if kind_of(arg[1]) in WRITES or arg in WRITE_FOLDERS}
# the SDK client sends UTF-8 JSON, which cannot carry a lone surrogate (the stdio table covers it in process)
HTTP_ESCAPES = [(template, code) for template, code in ESCAPES if "\ud800" not in template]
HTTP_ARGS = [(tool, name) for tool, name in PATH_ARGS
             if (tool, name) in OUTPUTS_TRIED or not (kind_of(name) in WRITES or (tool, name) in WRITE_FOLDERS)]
if os.environ.get("PDFTOOLS_HTTP_ESCAPES") != "all":
    HTTP_ARGS = [arg for arg in HTTP_ARGS if arg in REPRESENTATIVE]


@pytest.fixture(scope="module")
def escapes_server(layout: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    files = tmp_path_factory.mktemp("store")  # not beside the root: outputs land there, the snapshot stays still
    srv = start(layout["root"], PDFTOOLS_FILES_DIR=str(files), PDFTOOLS_HEAVY_QUEUE="64")
    yield srv
    srv.proc.terminate()
    srv.proc.wait(timeout=20)


def call_all(srv: Server, tool: str, calls: list[dict[str, Any]], at_once: int = 6) -> list[Any]:
    """The calls in one session, `at_once` in flight (the server has a heavy-call queue long enough)."""
    results: list[Any] = [None] * len(calls)

    async def go() -> None:
        limit = anyio.Semaphore(at_once)

        async def one(i: int, args: dict[str, Any]) -> None:
            async with limit:
                results[i] = await client.call_tool(tool, args)

        async with _client(srv) as client, anyio.create_task_group() as tasks:
            for i, args in enumerate(calls):
                tasks.start_soon(one, i, args)

    anyio.run(go)
    return results


def _code(result: Any) -> str:
    return json.loads(result.content[0].text).get("code") if result.is_error else "ok"


@pytest.mark.parametrize(("tool", "target"), HTTP_ARGS, ids=[f"{t}.{n}" for t, n in HTTP_ARGS])
def test_path_escapes_over_http(tool: str, target: str, layout: dict[str, Path], escapes_server: Server) -> None:
    root, tmp = layout["root"], layout["tmp"]
    schema = TOOLS[tool]
    writes = kind_of(target) in WRITES or (tool, target) in WRITE_FOLDERS
    valid = arguments(tool, schema, target, None)
    first = call_all(escapes_server, tool, [valid])[0]
    assert not first.is_error, (valid, first.content)  # else the escapes below would prove nothing
    before, inside = snapshot(tmp, root), snapshot(root, root / "-")
    values = [template.format(**{k: str(v) for k, v in layout.items()}) for template, _ in HTTP_ESCAPES]
    results = call_all(escapes_server, tool, [arguments(tool, schema, target, value) for value in values])
    failures = []
    for (template, expected), result in zip(HTTP_ESCAPES, results, strict=True):
        code = _code(result)
        wire = json.dumps(result.model_dump(mode="json", by_alias=True, exclude_none=True))
        wanted = None if writes or kind_of(target) == "name" else expected
        if code == "INTERNAL" or (wanted is not None and code != wanted):
            failures.append(f"{template[:60]!r}: got {code}, want {wanted}: {result.content[0].text[:200]}")
        if writes and code not in ("ok", "INVALID_ARGUMENT"):
            failures.append(f"{template[:60]!r}: an output name gave {code}: {result.content[0].text[:200]}")
        if code == "PATH_OUTSIDE_ROOT" and str(root) not in json.loads(result.content[0].text)["hint"]:
            failures.append(f"{template[:60]!r}: the hint does not name the root")
        if any(mark in wire for mark in ("pdftools-files-", ".call-", ".input-")):  # the store's paths
            failures.append(f"{template[:60]!r}: a server path reached the client: {wire[:300]}")
        for link in (c for c in result.content if c.type == "resource_link"):
            if "/" in link.name or link.name.startswith(".") or not link.uri.startswith("pdftools://files/"):
                failures.append(f"{template[:60]!r}: published as {link.name!r} at {link.uri}")
    assert snapshot(tmp, root) == before, "something outside the root changed"
    assert snapshot(root, root / "-") == inside, "over HTTP nothing is written into the root"
    assert not failures, "\n".join(failures)
