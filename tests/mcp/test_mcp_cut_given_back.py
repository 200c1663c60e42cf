"""A long text a result cut to fit (`head … [18,000 characters cut] … tail`, MCP's rule for strings over 2,000
characters) and given back in a write. An agent that renamed one bookmark by sending `pdf_bookmarks` list's outline
back to `replace` wrote every long title with the cut's mark into the PDF: 20,000 characters became 2,000 and a
`[… characters cut]` no reader should see. A bookmark title (and `parent`) given back cut stands for the whole
title it was cut from; one that is no cut of any of the input's titles is refused, and so is the mark in any other
tool's argument, naming the call that gives the whole value where there is one. Over real stdio, with the SDK's
client."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import pikepdf
from surface_servers import stdio_client

LONG = "Chapter one: " + "words " * 4_000 + "the end"


def _outlined(path: Path) -> None:
    with pikepdf.new() as pdf:
        for _ in range(3):
            pdf.add_blank_page()
        with pdf.open_outline() as outline:
            outline.root.extend([pikepdf.OutlineItem("Intro", 0), pikepdf.OutlineItem(LONG, 1)])
        pdf.docinfo["/Title"] = LONG
        pdf.save(path)


def _titles(path: Path) -> list[str]:
    with pikepdf.open(path) as pdf, pdf.open_outline() as outline:
        found: list[str] = []

        def walk(items: Any) -> None:
            for item in items:
                found.append(item.title)
                walk(item.children)

        walk(outline.root)
        return found


def _error(result: Any) -> dict[str, str]:
    assert result.is_error, result.content[0].text[:300]
    return json.loads(result.content[0].text)  # type: ignore[no-any-return]


def test_a_cut_title_given_back_is_the_whole_title(tmp_path: Path) -> None:
    _outlined(tmp_path / "book.pdf")

    async def go() -> list[Any]:
        async with stdio_client(tmp_path) as client:
            listed = await client.call_tool("pdf_bookmarks", {"action": "list", "input": "book.pdf"})
            outline = listed.structured_content["outline"]
            cut = outline[1]["title"]
            assert "characters cut]" in cut and len(cut) < 2_100, cut[-80:]
            outline[0]["title"] = "Introduction"
            edited = json.loads(json.dumps(outline))
            edited[1]["title"] = "Chapter 1:" + cut[len("Chapter one:"):]  # the agent edited the part it saw
            return [listed,
                    await client.call_tool("pdf_bookmarks", {"action": "replace", "input": "book.pdf",
                                                             "data": outline, "output": "renamed.pdf"}),
                    await client.call_tool("pdf_bookmarks", {"action": "add", "input": "book.pdf", "title": "1.1",
                                                             "page": 2, "parent": cut, "output": "added.pdf"}),
                    await client.call_tool("pdf_bookmarks", {"action": "replace", "input": "book.pdf",
                                                             "data": json.dumps(edited), "output": "edited.pdf"}),
                    await client.call_tool("pdf_bookmarks", {"action": "add", "input": "book.pdf", "title": cut,
                                                             "page": 3, "output": "copied.pdf"}),
                    await client.call_tool("pdf_metadata", {"action": "set", "input": "book.pdf",
                                                            "values": {"subject": cut}, "output": "meta.pdf"})]

    _, renamed, added, edited, copied, meta = anyio.run(go)
    assert not renamed.is_error, renamed.content[0].text[:300]
    assert _titles(tmp_path / "renamed.pdf") == ["Introduction", LONG]
    assert not added.is_error, added.content[0].text[:300]
    assert _titles(tmp_path / "added.pdf") == ["Intro", LONG, "1.1"]  # under the long one
    assert not copied.is_error, copied.content[0].text[:300]
    assert _titles(tmp_path / "copied.pdf") == ["Intro", LONG, LONG]
    error = _error(edited)
    assert error["code"] == "INVALID_ARGUMENT" and "characters cut]" in error["message"], error
    assert "no cut of" in error["message"] and "pdf_bookmarks" in error["hint"], error
    assert not (tmp_path / "edited.pdf").exists()
    error = _error(meta)
    assert error["code"] == "INVALID_ARGUMENT" and "values.subject" in error["message"], error
    assert '"key"' in error["hint"] and "pdf_metadata" in error["hint"], error
    assert not (tmp_path / "meta.pdf").exists()
