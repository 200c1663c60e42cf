"""Bad arguments as an agent sends them, through a real stdio server and the official client: each is an error that
says what was wrong, and nothing is written.

- An empty path (`""`, what a model sends for a file it has not named) was taken as the root folder: `pdf_merge`
  of `["a.pdf", ""]` merged every PDF in the roots into the output; `pdf_info` of `""` said ` is a folder`.
- A stamp's margin larger than the page put the text off every page, and the result said every page was stamped
  (with a 300-digit coordinate in the content stream for a margin of 1e300).
- An `offset` past the end of a converted text said how long the text is, but its hint was the generic one."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import pikepdf
import pytest
from surface_servers import stdio_client


@pytest.fixture
def root(tmp_path: Path) -> Path:
    for name, pages in (("a.pdf", 2), ("b.pdf", 3), ("c.pdf", 1)):
        with pikepdf.new() as pdf:
            for _ in range(pages):
                pdf.add_blank_page()
            pdf.save(tmp_path / name)
    (tmp_path / "doc.md").write_text("# Title\n\nSome text.\n", encoding="utf-8")
    return tmp_path


def _calls(root: Path, *calls: tuple[str, dict[str, Any]]) -> list[Any]:
    async def go() -> list[Any]:
        async with stdio_client(root) as client:
            return [await client.call_tool(name, args) for name, args in calls]

    return anyio.run(go)


def _error(result: Any) -> dict[str, str]:
    assert result.is_error, result.content[0].text[:300]
    return json.loads(result.content[0].text)  # type: ignore[no-any-return]


def test_an_empty_path_is_refused_not_taken_as_the_root(root: Path) -> None:
    merged, info, rotated = _calls(root, ("pdf_merge", {"inputs": ["a.pdf", ""], "output": "m.pdf"}),
                                   ("pdf_info", {"input": ""}),
                                   ("pdf_rotate", {"input": "a.pdf", "angle": 90, "output": ""}))
    for result in (merged, info, rotated):
        error = _error(result)
        assert error["code"] == "INVALID_ARGUMENT" and "empty" in error["message"], error
    assert not (root / "m.pdf").exists()


def test_a_margin_that_puts_the_stamp_off_the_page_is_refused(root: Path) -> None:
    wide, fits = _calls(root, ("pdf_stamp", {"input": "b.pdf", "text": "x", "position": "bottom-right",
                                             "margin": 1e300, "output": "s.pdf"}),
                        ("pdf_stamp", {"input": "b.pdf", "text": "x", "position": "bottom-right", "margin": 200,
                                       "output": "t.pdf"}))
    error = _error(wide)
    assert error["code"] == "INVALID_ARGUMENT" and "margin" in error["message"] and "page 1" in error["message"], error
    assert not (root / "s.pdf").exists()
    assert not fits.is_error and fits.structured_content["stamped"] == [1, 2, 3]


def test_an_offset_past_the_text_says_where_offsets_come_from(root: Path) -> None:
    (past,) = _calls(root, ("doc_convert", {"input": "doc.md", "to_format": "plain", "offset": 10_000}))
    error = _error(past)
    assert error["code"] == "INVALID_ARGUMENT" and "next_offset" in error["hint"], error
