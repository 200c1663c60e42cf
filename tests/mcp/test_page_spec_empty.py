"""An empty page spec (`--pages ''`, `"pages": ""`) is leaving the spec out where that means all pages, and is
refused (INVALID_PAGE_RANGE, with how to name every page) where the spec chooses what to delete, keep or cut,
or where leaving it out means something else. Both front ends alike: the CLI in process, MCP through the SDK
client over stdio (a real `pdftools serve`)."""

from __future__ import annotations

import inspect
import json
import shutil
from pathlib import Path
from typing import Any

import anyio
import pytest
from conftest import CORPUS
from surface_servers import stdio_client

from pdftools.ops import OPS

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"
ALL = [1, 2, 3, 4]

# command: (CLI arguments, MCP tool and arguments, what a run over all four pages reports), the result checked
# by `covers` below; None: the empty spec is refused
CASES: dict[str, tuple[list[str], str, dict[str, Any], Any]] = {
    "delete": (["four.pdf", ""], "pdf_delete_pages", {"pages": ""}, None),
    "select": (["four.pdf", ""], "pdf_select_pages", {"pages": ""}, None),
    "split": (["four.pdf", "--ranges", "", "-d", "parts"], "pdf_split", {"ranges": "", "out_dir": "parts"}, None),
    "info": (["four.pdf", "--pages", ""], "pdf_info", {"pages": ""}, None),
    "bookmarks": (["list", "four.pdf", "--pages", ""], "pdf_bookmarks", {"action": "list", "pages": ""},
                  ("count", 0)),  # '' is every page: the whole outline (this file has none)
    "forms": (["list", "four.pdf", "--pages", ""], "pdf_forms", {"action": "list", "pages": ""},
              ("fields", [])),  # '' is every page: every field (this file has none)
    "annotations": (["list", "four.pdf", "--pages", ""], "pdf_annotations", {"action": "list", "pages": ""},
                    ("annotations", [])),  # '' is every page: every annotation (this file has none)
    "rotate": (["four.pdf", "--pages", "", "--angle", "90"], "pdf_rotate", {"pages": "", "angle": 90},
               ("rotated", ALL)),
    "crop": (["four.pdf", "--pages", "", "--margins", "10"], "pdf_crop", {"pages": "", "margins": "10"},
             ("cropped", ALL)),
    "resize": (["four.pdf", "--pages", "", "--to", "a5"], "pdf_resize", {"pages": "", "paper": "a5"},
               ("resized", ALL)),
    "stamp": (["four.pdf", "--pages", "", "--text", "X"], "pdf_stamp", {"pages": "", "text": "X"},
              ("stamped", ALL)),
    "nup": (["four.pdf", "--pages", ""], "pdf_nup", {"pages": ""}, ("sheets", 2)),
    "images": (["four.pdf", "--pages", "", "-d", "imgs"], "pdf_extract_images", {"pages": "", "out_dir": "imgs"},
               ("images", [])),
    "text": (["four.pdf", "--pages", ""], "pdf_extract_text", {"pages": ""}, ("pages", ALL)),
    "thumbnails": (["four.pdf", "--pages", "", "-d", "thumbs"], "pdf_thumbnails", {"pages": "", "out_dir": "thumbs"},
                   ("images", ALL)),
    "inspect": (["four.pdf", "--pages", ""], "pdf_inspect", {"pages": ""}, ("page_boxes", ALL)),
    "search": (["text", "four.pdf", "--pages", ""], "", {}, ("hits", ALL)),  # its `pages` is CLI-only
    "ocr": (["four.pdf", "--pages", "", "-o", "ocr.pdf"], "pdf_ocr", {"pages": "", "output": "ocr.pdf"},
            ("pages_skipped", ALL)),  # every page has text: each looked at, none OCRed
}


def covers(result: dict[str, Any], expected: tuple[str, Any]) -> bool:
    """Whether a result reports the run over all four pages (or what an all-page run makes of them)."""
    key, want = expected
    got = result[key]
    if key in ("pages", "images", "page_boxes", "hits") and want:
        return sorted({item["page"] for item in got}) == want
    return bool(got == want)


def test_every_page_spec_of_every_command_is_decided() -> None:
    """A command given a page spec later joins this table: what '' does in it is decided, not inherited."""
    found = {op.name for op in OPS
             if {"pages", "ranges"} & set(inspect.signature(op.load()).parameters)}
    assert found == set(CASES)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    shutil.copy(FOUR, tmp_path / "four.pdf")
    return tmp_path


@pytest.mark.parametrize("command", sorted(CASES))
def test_the_cli(command: str, cli: Any, folder: Path) -> None:
    args, _, _, expected = CASES[command]
    before = sorted(folder.rglob("*"))
    ran = cli(command, *args, "--json")
    if expected is None:
        assert ran.exit_code == 2, ran
        error = json.loads(ran.stderr)["error"]
        assert error["code"] == "INVALID_PAGE_RANGE" and "`all`" in error["hint"], error
        assert sorted(folder.rglob("*")) == before  # nothing written
    else:
        assert ran.exit_code in (0, 14), ran  # ocr: every page has text already (exit 14), all pages looked at
        assert covers(json.loads(ran.stdout), expected), ran.stdout


def test_mcp_over_stdio(folder: Path) -> None:
    calls = {name: (tool, {"input": "four.pdf", **arguments}) for name, (_, tool, arguments, _) in CASES.items()
             if tool}

    async def go() -> dict[str, Any]:
        async with stdio_client(folder) as client:
            return {name: await client.call_tool(tool, arguments) for name, (tool, arguments) in calls.items()}

    before = sorted(folder.rglob("*"))
    results = anyio.run(go)
    refused = {name for name, result in results.items() if result.is_error}
    assert refused == {name for name, case in CASES.items() if case[3] is None}
    for name in refused:
        error = json.loads(results[name].content[0].text)
        assert error["code"] == "INVALID_PAGE_RANGE" and "`all`" in error["hint"], (name, error)
    for name in set(results) - refused:
        assert covers(results[name].structured_content, CASES[name][3]), (name, results[name].structured_content)
    made = {p.relative_to(folder).parts[0] for p in folder.rglob("*") if p not in before}
    assert not made & {"four-deleted.pdf", "four-selected.pdf", "parts"}, made  # the refused wrote nothing


def test_all_and_1_last_name_every_page_where_empty_is_refused(cli: Any, folder: Path) -> None:
    for spec in ("all", "1-last"):
        ran = cli("select", "four.pdf", spec, "-o", f"{spec}.pdf", "--json")
        assert ran.exit_code == 0 and json.loads(ran.stdout)["pages"] == 4, ran
        ran = cli("info", "four.pdf", "--pages", spec, "--json")
        assert [d["page"] for d in json.loads(ran.stdout)["page_details"]] == ALL


def test_a_batch_given_an_empty_spec_runs_every_page(cli: Any, folder: Path) -> None:
    ran = cli("batch", "rotate", "four.pdf", "--out-dir", "out", "--set", "pages=", "--set", "angle=90", "--json")
    assert ran.exit_code == 0, ran
    import pikepdf

    with pikepdf.open(next((folder / "out").glob("*.pdf"))) as pdf:
        assert [int(p.obj.get("/Rotate", 0)) for p in pdf.pages] == [90] * 4
