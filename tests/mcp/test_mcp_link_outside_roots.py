"""One symbolic link in a root's folder, to a file outside the roots, made every search of that folder (`.`,
`*.pdf`) PATH_OUTSIDE_ROOT, with the hint "Use a path inside them" for a path that was. A search passes the link
over as a skipped input and searches the rest; merge of the folder still refuses (a merge without one of its
files would be another document) and says which file is the link and what to do. Real stdio server."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import anyio
from conftest import CORPUS
from surface_servers import stdio_client

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"


def test_a_link_outside_the_roots_is_skipped_by_search_and_named_by_merge(tmp_path: Path) -> None:
    root, elsewhere = tmp_path / "root", tmp_path / "elsewhere"
    root.mkdir()
    elsewhere.mkdir()
    shutil.copy(FOUR, root / "four.pdf")
    shutil.copy(FOUR, elsewhere / "secret.pdf")
    (root / "zz-link.pdf").symlink_to(elsewhere / "secret.pdf")
    calls: list[tuple[str, dict[str, Any]]] = [
        ("pdf_search", {"pattern": "e", "inputs": ["."], "count": True}),
        ("pdf_search", {"pattern": "e", "inputs": ["*.pdf"], "count": True}),
        ("pdf_merge", {"inputs": ["."], "output": "m.pdf"}),
    ]

    async def go() -> list[Any]:
        async with stdio_client(root) as client:
            return [await client.call_tool(tool, args) for tool, args in calls]

    *searches, merged = anyio.run(go)
    for result in searches:
        assert not result.is_error, result.content
        data = result.structured_content
        assert [Path(f["path"]).name for f in data["files"]] == ["four.pdf"], data
        assert [(Path(s["path"]).name, s["code"]) for s in data["skipped"]] == [("zz-link.pdf", "PATH_OUTSIDE_ROOT")]
    assert merged.is_error
    error = json.loads(merged.content[0].text)
    assert error["code"] == "PATH_OUTSIDE_ROOT" and "zz-link.pdf" in error["hint"] and "symbolic link" in error["hint"]
    assert not (root / "m.pdf").exists()
