"""Every tool the server lists, called on the most extreme input it takes (tests/extreme_pdfs.py: 3,000 form fields,
5,000 pages each its own page-label range, 10,000 bookmarks, 2,000 attachments, 2,000 images, Info and XMP of
400 kB, a page list of 5,000 numbers), returns a result an agent can hold: its text and its structured content
each under BOUND. A result cut to fit says so, and names the argument that gets the rest (`pages`, `offset`,
`limit`...) or where the rest is. The tools are those the server lists, so a new tool without a case here fails.
The official client, in memory."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import anyio
import extreme_pdfs as extreme
import pytest
from mcp import Client

from pdftools.mcp.server import build_server

BOUND = 50_000  # bytes of text, or of structured content: ~12k tokens, half of the ~25k a client keeps
FILES = 300  # small PDFs in one folder, for the tools that take many inputs
EVERY_PAGE = extreme.page_list()

# (tool, arguments, words of which a cut result names one: the argument (`name`), the folder (`/folder`) or the
# words that say it is cut; None when the result need not be cut). Called in this order (pdf_unprotect opens what
# pdf_protect wrote).
CALLS: list[tuple[str, dict[str, Any], tuple[str, ...] | None]] = [
    ("pdf_list", {"folder": "many"}, ("with limit",)),
    ("pdf_list", {}, ("pdf_metadata",)),  # meta.pdf's title: 133,000 characters
    ("pdf_info", {"input": "meta.pdf"}, ("value(s) cut",)),
    ("pdf_info", {"input": "pages.pdf", "pages": EVERY_PAGE}, ("`pages`",)),
    ("pdf_info", {"input": "outline.pdf"}, ("pdf_bookmarks",)),
    ("pdf_info", {"input": "form.pdf"}, None),
    ("pdf_metadata", {"action": "show", "input": "meta.pdf"}, ("value(s) cut",)),
    ("pdf_inspect", {"input": "meta.pdf"}, None),
    ("pdf_inspect", {"input": "images.pdf"}, ("`pages`",)),
    ("pdf_inspect", {"input": "form.pdf"}, None),
    ("pdf_inspect", {"input": "pages.pdf"}, ("`pages`",)),
    ("pdf_forms", {"action": "list", "input": "form.pdf"}, ("`pages`",)),
    ("pdf_forms", {"action": "fill", "input": "form.pdf", "values": ["section_0.field_0=new"],
                   "output": "filled.pdf"}, ("`pages`",)),
    ("pdf_forms", {"action": "flatten", "input": "form.pdf", "output": "flat.pdf"}, None),
    ("pdf_annotations", {"action": "list", "input": "form.pdf"}, ("`pages`",)),
    ("pdf_annotations", {"action": "remove", "input": "form.pdf", "types": ["Widget"], "output": "bare.pdf"},
     ("every one was removed",)),
    ("pdf_annotations", {"action": "flatten", "input": "form.pdf", "output": "flat-annots.pdf"},
     None),  # (its widgets have no appearance: they stay, as qpdf 12 leaves them; remove's cap is the same)
    ("pdf_extract_text", {"input": "pages.pdf"}, ("start_page",)),
    ("pdf_search", {"pattern": "value", "inputs": ["text.pdf"]}, ("start_page", "skip", "start_file")),
    ("pdf_page_labels", {"input": "pages.pdf"}, ("`pdf_inspect`",)),
    ("pdf_page_labels", {"input": "pages.pdf", "scheme": ",".join(f"{p}:{'iA'[p % 2]}" for p in range(1, 5001)),
                         "output": "relabelled.pdf"}, ("`pdf_inspect`",)),
    ("pdf_bookmarks", {"action": "list", "input": "outline.pdf"}, ("`pages`",)),
    ("pdf_attachments", {"action": "list", "input": "attach.pdf"}, ("`names`", "/attach")),
    ("pdf_attachments", {"action": "extract", "input": "attach.pdf", "out_dir": "attached"}, ("/attached",)),
    ("pdf_extract_images", {"input": "images.pdf", "out_dir": "images"}, ("/images",)),
    ("pdf_thumbnails", {"input": "outline.pdf", "out_dir": "thumbs", "width": 16}, ("/thumbs",)),
    ("pdf_split", {"input": "outline.pdf", "out_dir": "parts", "every": 1}, ("/parts",)),
    ("pdf_merge", {"inputs": ["pages.pdf", "pages.pdf"], "output": "merged.pdf"}, None),
    ("pdf_rotate", {"input": "pages.pdf", "angle": 90, "pages": EVERY_PAGE, "output": "rotated.pdf"}, None),
    ("pdf_select_pages", {"input": "pages.pdf", "pages": EVERY_PAGE, "output": "selected.pdf"}, None),
    ("pdf_delete_pages", {"input": "pages.pdf", "pages": EVERY_PAGE[:-1], "output": "deleted.pdf"}, None),
    ("pdf_reorder_pages", {"input": "pages.pdf", "mode": "reverse", "output": "reversed.pdf"}, None),
    ("pdf_insert_blank", {"input": "pages.pdf", "after": 1, "count": 1000, "output": "blanks.pdf"}, None),
    ("pdf_insert_pages", {"input": "pages.pdf", "source": "pages.pdf", "output": "inserted.pdf"}, None),
    ("pdf_crop", {"input": "pages.pdf", "margins": "1", "pages": EVERY_PAGE, "output": "cropped.pdf"}, None),
    ("pdf_resize", {"input": "pages.pdf", "paper": "a4", "pages": EVERY_PAGE, "output": "resized.pdf"}, None),
    ("pdf_stamp", {"input": "pages.pdf", "text": "DRAFT", "pages": EVERY_PAGE, "output": "stamped.pdf"}, None),
    ("pdf_nup", {"input": "pages.pdf", "output": "nup.pdf"}, None),
    ("pdf_booklet", {"input": "pages.pdf", "output": "booklet.pdf"}, None),
    ("pdf_compress", {"input": "pages.pdf", "output": "compressed.pdf"}, None),
    ("pdf_linearize", {"input": "pages.pdf", "output": "linear.pdf"}, None),
    ("pdf_repair", {"input": "pages.pdf", "output": "repaired.pdf"}, None),
    ("pdf_check", {"input": "pages.pdf"}, None),
    ("pdf_check", {"input": "form.pdf"}, None),
    ("pdf_protect", {"input": "pages.pdf", "user_password": "u", "output": "locked.pdf"}, None),
    ("pdf_unprotect", {"input": "locked.pdf", "password": "u", "output": "unlocked.pdf"}, None),
    ("pdf_ocr", {"input": "pages.pdf", "pages": "1-2", "dpi": 72, "output": "ocr.pdf"}, None),
    ("pdf_diagnose", {}, None),
    ("pdf_rename_invoice", {"inputs": ["many"]}, ("`inputs`",)),
    ("pdf_batch", {"command": "info", "inputs": ["many"], "out_dir": "batch"}, ("/batch",)),
    ("doc_convert", {"input": "text.pdf", "to_format": "markdown"}, ("offset",)),
    ("doc_convert", {"content": "# Title\n\n" + "A line of text.\n\n" * 20_000, "from_format": "markdown",
                     "to_format": "html"}, ("offset",)),
]


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("extreme")
    extreme.make_all(folder)
    many = folder / "many"
    many.mkdir()
    one = extreme.pages(folder / "one.pdf", 1)
    for index in range(FILES):
        shutil.copy(one, many / f"file-{index:04}.pdf")
    return folder


def _sizes(result: Any) -> tuple[int, int, str]:
    text = "\n".join(block.text for block in result.content if block.type == "text")
    return len(text.encode()), len(json.dumps(result.structured_content or {}, ensure_ascii=False).encode()), text


def test_every_tool_returns_a_bounded_result_on_an_extreme_input(root: Path) -> None:
    async def go() -> tuple[list[str], list[tuple[str, dict[str, Any], tuple[str, ...] | None, Any]]]:
        async with Client(build_server([root], tools="all")) as client:
            listed = [tool.name for tool in (await client.list_tools()).tools]
            return listed, [(tool, args, more, await client.call_tool(tool, args)) for tool, args, more in CALLS]

    listed, calls = anyio.run(go)
    assert not set(listed) - {tool for tool, _, _ in CALLS}, "tools without an extreme case here"
    problems = []
    for tool, args, more, result in calls:
        text_size, structured_size, text = _sizes(result)
        shown = {k: (v if len(str(v)) < 60 else f"{str(v)[:40]}...") for k, v in args.items()}
        print(f"{tool} {shown}: text {text_size:,}, structured {structured_size:,}{' (error)' * result.is_error}")
        if result.is_error:
            problems.append(f"{tool} {shown} failed: {text[:300]}")
        if text_size > BOUND or structured_size > BOUND:
            problems.append(f"{tool} {shown}: text {text_size:,} bytes, structured {structured_size:,}")
        elif more is not None and not any(word.lstrip("/") in text for word in more):
            problems.append(f"{tool} {shown}: a cut result names none of {more}: {text[-400:]}")
    assert not problems, "\n".join(problems)


def test_empty_pages_cost_their_share_of_the_budget_and_the_pieces_reach_the_end(tmp_path: Path) -> None:
    """A page without text costs 32 characters of `max_chars` (its marker and number): 300 empty pages read
    1,000 at a time come in pieces of at most 32 pages, and going on from `next_page` reaches the last."""
    from pdftools.ops.text import text

    pdf = extreme.pages(tmp_path / "empty.pdf", 300)
    seen, start, calls = [], None, 0
    while True:
        calls += 1
        result = text(str(pdf), max_chars=1_000, start_page=start)
        assert len(result.pages) <= 1_000 // 32 + 1, len(result.pages)
        seen += [p.page for p in result.pages]
        if not result.truncated:
            break
        start = result.next_page
    assert seen == list(range(1, 301)) and calls >= 300 // 32, (calls, seen[-3:])


def test_forms_list_takes_pages(tmp_path: Path, cli: Any) -> None:
    """`pages` lists the fields with a widget on those pages (100 a page here); the CLI's `forms list --pages`."""
    from pdftools.ops.forms import forms

    pdf = extreme.form(tmp_path / "form.pdf", 300)
    names = [f.name for f in forms("list", str(pdf), pages="2").fields]
    assert names == [f"section_1.field_{i}" for i in range(100, 200)], names[:3]
    assert len(forms("list", str(pdf), pages="1,3").fields) == 200
    assert len(forms("list", str(pdf)).fields) == 300
    listed = cli("forms", "list", pdf, "--pages", "3", "--json")
    assert listed.exit_code == 0, listed
    assert [f["name"] for f in json.loads(listed.stdout)["fields"]][0] == "section_2.field_200"
    refused = cli("forms", "fill", pdf, "--pages", "3", "--set", "section_2.field_200=x")
    assert refused.exit_code != 0, refused
