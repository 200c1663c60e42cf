"""An agent is told when a tool did less than, or other than, it asked, as a person and a script are (see
tests/cli/test_cli_json_warnings.py): `pdf_annotations` remove that matched nothing, `pdf_rotate` flatten of upright
pages, `pdf_stamp` text cut at the edge... were successes whose result said nothing a model reads. Each warning is
a `warning: ...` line of the result's text, in the tool's words (argument names, not flags); the structured content
is as it was. Over a real stdio server."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import anyio
from conftest import CORPUS
from surface_servers import stdio_client

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"
ANNOTATED = CORPUS / "024-annotations" / "annotated_pdf.pdf"
LINK = CORPUS / "016-libre-office-link" / "libre-office-link.pdf"

CALLS = {  # name: (tool, arguments, what the warning says)
    "images none": ("pdf_extract_images", {"input": "four.pdf", "out_dir": "imgs"},
                    ["four.pdf has no images: nothing was written"]),
    "unprotect plain": ("pdf_unprotect", {"input": "four.pdf", "output": "u.pdf"},
                        ["four.pdf was not encrypted: nothing removed, written as it is"]),
    "unprotect remove restrictions plain": ("pdf_unprotect", {"input": "four.pdf", "remove_restrictions": True,
                                                              "output": "v.pdf"},
                                            ["four.pdf was neither encrypted nor signed: nothing removed"]),
    "annotations remove none matched": ("pdf_annotations", {"action": "remove", "input": "annotated.pdf",
                                                            "types": ["Link"], "output": "a.pdf"},
                                        ["annotated.pdf: no annotation matched: none removed"]),
    "annotations flatten nothing drawn": ("pdf_annotations", {"action": "flatten", "input": "link.pdf",
                                                              "output": "f.pdf"},
                                          ["its one annotation has no appearance to draw", "none flattened"]),
    "attachments extract none": ("pdf_attachments", {"action": "extract", "input": "four.pdf", "out_dir": "att"},
                                 ["four.pdf has no attachments: nothing was written"]),
    "stamp pdfcpu marks": ("pdf_stamp", {"input": "four.pdf", "text": "Page %p", "output": "s.pdf"},
                           ["%p stamped as written", "e.g. text 'Page {page} of {pages}'"]),
    "stamp off the page": ("pdf_stamp", {"input": "four.pdf", "text": "CONFIDENTIAL DOCUMENT", "font_size": 120,
                                         "output": "c.pdf"},
                           ["the text runs off page 1 (", "cut at the edge: a font_size of at most "]),
    "rotate flatten nothing": ("pdf_rotate", {"input": "four.pdf", "flatten": True, "output": "r.pdf"},
                               ["flatten: no page chosen had a rotation to flatten"]),
    "search folder without pdfs": ("pdf_search", {"pattern": "ipsum", "inputs": ["empty"], "recursive": True},
                                   ["no PDFs in the folder empty: nothing searched there"]),
    "ocr already text": ("pdf_ocr", {"input": "four.pdf", "output": "o.pdf"},
                         ["every page asked for already has text, so nothing was OCRed",
                          "force_ocr: true OCRs them again"]),
}


def test_each_warning_reaches_the_agent_in_the_tools_words(tmp_path: Path) -> None:
    for name, source in (("four.pdf", FOUR), ("annotated.pdf", ANNOTATED), ("link.pdf", LINK)):
        shutil.copy(source, tmp_path / name)
    (tmp_path / "empty").mkdir()

    async def go() -> dict[str, Any]:
        async with stdio_client(tmp_path) as client:
            return {case: await client.call_tool(tool, args) for case, (tool, args, _) in CALLS.items()}

    for case, result in anyio.run(go).items():
        assert not result.is_error, (case, result.content)
        text = "\n".join(block.text for block in result.content if block.type == "text")
        warned = [line for line in text.splitlines() if line.startswith("warning: ")]
        assert len(warned) == 1 and all(part in warned[0] for part in CALLS[case][2]), (case, text)
        assert "--" not in warned[0], (case, warned)  # the tool's arguments, not the command line's flags
        said = warned[0].removeprefix("warning: ")  # the structured content as it was: no field holds it
        assert said not in json.dumps(result.structured_content, ensure_ascii=False), case


def test_a_tool_that_did_what_was_asked_warns_of_nothing(tmp_path: Path) -> None:
    shutil.copy(ANNOTATED, tmp_path / "annotated.pdf")

    async def go() -> Any:
        async with stdio_client(tmp_path) as client:
            return await client.call_tool("pdf_annotations", {"action": "remove", "input": "annotated.pdf",
                                                              "types": ["Ink"], "output": "a.pdf"})

    result = anyio.run(go)
    assert not result.is_error and result.structured_content["remaining"] == 2, result.content
    assert "warning:" not in "\n".join(block.text for block in result.content if block.type == "text")
