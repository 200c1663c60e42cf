"""A placeholder's width or precision (`{page:>99999999}`, `{start:0300}`) past what a name or a stamp can use is
refused, through a real stdio server and the official client. `pdf_stamp` of `{page:>99999999}` held the server for
good (100 million characters laid out on each page; the client's cancel could not stop it, nor SIGTERM), a split's
`{start:>999999999}` made a string of a gigabyte to cut it to a name of 240 bytes, and a thumbnail's
`{page:099999}` wrote `000...0.png`: the page number cut off, every page the same name."""

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
    with pikepdf.new() as pdf:
        for _ in range(2):
            pdf.add_blank_page()
        pdf.save(tmp_path / "a.pdf")
    return tmp_path


def _calls(root: Path, *calls: tuple[str, dict[str, Any]]) -> list[Any]:
    async def go() -> list[Any]:
        async with stdio_client(root) as client:
            return [await client.call_tool(name, args) for name, args in calls]

    return anyio.run(go)


def test_a_width_past_what_a_name_or_a_stamp_can_use_is_refused(root: Path) -> None:
    before = sorted(p.name for p in root.rglob("*"))
    results = _calls(root, ("pdf_stamp", {"input": "a.pdf", "text": "{page:>100000}", "output": "s.pdf"}),
                     ("pdf_split", {"input": "a.pdf", "out_dir": "parts", "pattern": "{start:>300}.pdf"}),
                     ("pdf_thumbnails", {"input": "a.pdf", "out_dir": "thumbs", "pattern": "{page:0999}.{ext}"}),
                     ("pdf_rename_invoice", {"inputs": ["a.pdf"], "pattern": "{amount:.500f}.pdf"}))
    for result, shown, number in zip(results, ("{page:>100000}", "{start:>300}", "{page:0999}", "{amount:.500f}"),
                                     ("100,000", "300", "999", "500"), strict=True):
        assert result.is_error, result.content[0].text[:300]
        error = json.loads(result.content[0].text)
        assert error["code"] == "INVALID_ARGUMENT", error
        assert shown in error["message"] and number in error["message"] and "255" in error["message"], error
    assert sorted(p.name for p in root.rglob("*")) == before


def test_a_width_a_name_can_hold_still_pads(root: Path) -> None:
    stamped, split = _calls(root, ("pdf_stamp", {"input": "a.pdf", "text": "ACME-{page:06}", "output": "s.pdf"}),
                            ("pdf_split", {"input": "a.pdf", "out_dir": "parts", "pattern": "{start:>5}.pdf"}))
    assert not stamped.is_error and stamped.structured_content["first"] == "ACME-000001"
    assert not split.is_error, split.content[0].text
    assert sorted(p.name for p in (root / "parts").iterdir()) == ["    1.pdf", "    2.pdf"]
