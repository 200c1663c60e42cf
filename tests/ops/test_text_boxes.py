"""`text --format words|lines`: poppler's words with their boxes (checked against `pdftotext -bbox`, a
different output of poppler's), lines made of them, rotated pages, the budget over MCP, the piped TSV."""

from __future__ import annotations

import html
import re
import shutil
import subprocess
import sys
from pathlib import Path

import anyio
import pytest
from conftest import CORPUS, ENCRYPTED_REL
from mcp import Client

from pdftools.mcp.server import build_server
from pdftools.ops.rotate import rotate
from pdftools.ops.text import text

PDFTOOLS = Path(sys.executable).with_name("pdftools")
FILES = ["004-pdflatex-4-pages/pdflatex-4-pages.pdf", "026-latex-multicolumn/multicolumn.pdf",
         "011-google-doc-document/google-doc-document.pdf", "021-pdfa/crazyones-pdfa.pdf",
         "022-pdfkit/pdfkit.pdf"]
WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>')


def bbox_words(path: Path) -> list[tuple[int, str, tuple[float, ...]]]:
    """(page, word, box) from `pdftotext -bbox`: words without blocks or lines."""
    out = subprocess.run(["pdftotext", "-bbox", "-enc", "UTF-8", path, "-"], capture_output=True, check=True)
    found = []
    for number, page in enumerate(out.stdout.decode().split("<page ")[1:], 1):
        found += [(number, html.unescape(m[5]), tuple(round(float(v), 2) for v in m.groups()[:4]))
                  for m in WORD.finditer(page)]
    return found


@pytest.mark.parametrize("rel", FILES)
def test_words_and_boxes_are_poppler_bbox_words(rel: str) -> None:
    result = text(str(CORPUS / rel), format="words")
    ours = [(b.page, b.text, (b.x0, b.y0, b.x1, b.y1)) for b in result.boxes]
    assert len(ours) >= 5 and sorted(ours) == sorted(bbox_words(CORPUS / rel))
    assert result.pages == [] and all(0 < b.size < 40 for b in result.boxes)


def test_lines_are_their_words_in_order_inside_their_box() -> None:
    path = str(CORPUS / FILES[1])
    words, lines = text(path, format="words").boxes, text(path, format="lines").boxes
    grouped: dict[tuple[int, int, int], list] = {}
    for word in words:
        grouped.setdefault((word.page, word.block, word.line), []).append(word)
    assert [(line.page, line.block, line.line) for line in lines] == list(grouped)
    for line in lines:
        members = grouped[(line.page, line.block, line.line)]
        assert line.text == " ".join(w.text for w in members)
        assert all(line.x0 <= w.x0 and w.x1 <= line.x1 and line.y0 <= w.y0 and w.y1 <= line.y1 for w in members)
    assert {line.page for line in lines} == {1, 2, 3}


def test_rotated_pages_give_boxes_as_displayed(tmp_path: Path) -> None:
    src = CORPUS / FILES[0]
    turned = rotate(str(src), 90, pages="1", output=str(tmp_path / "r.pdf")).output
    upright = text(str(src), format="words", pages="1").boxes
    sideways = text(turned, format="words", pages="1").boxes
    assert [b.text for b in sideways] == [b.text for b in upright]
    assert max(b.x1 for b in sideways) > 600  # the page is 842 points wide as displayed
    assert [b.size for b in sideways] == [b.size for b in upright]  # the text's height, not the box's
    # 90 degrees clockwise: the displayed x is the upright y measured from the bottom
    first_up, first_side = upright[0], sideways[0]
    assert first_side.x1 == pytest.approx(841.89 - first_up.y0, abs=0.02)


def test_encrypted_input_with_its_password() -> None:
    boxes = text(str(CORPUS / ENCRYPTED_REL), format="lines", password="openpassword").boxes
    assert boxes and all(b.text for b in boxes)


def test_piped_output_is_a_tsv_with_a_header() -> None:
    done = subprocess.run([PDFTOOLS, "text", "--format", "lines", "--pages", "2", CORPUS / FILES[0]],
                          capture_output=True, check=True)
    rows = [line.split("\t") for line in done.stdout.decode().splitlines()]
    assert rows[0] == ["page", "block", "line", "x0", "y0", "x1", "y1", "size", "text"]
    assert all(len(row) == 9 and row[0] == "2" for row in rows[1:]) and len(rows) > 10


def test_mcp_words_fit_the_budget_and_continue_to_the_end(tmp_path: Path) -> None:
    shutil.copy(CORPUS / FILES[0], tmp_path / "four.pdf")
    whole = [(b.page, b.text, b.x0) for b in text(str(tmp_path / "four.pdf"), format="words").boxes]

    async def go() -> list[tuple[int, str, float]]:
        seen: list[tuple[int, str, float]] = []
        args: dict = {"input": "four.pdf", "format": "words", "max_chars": 4000}
        async with Client(build_server([tmp_path])) as client:
            for _ in range(200):
                result = await client.call_tool("pdf_extract_text", args)
                data = result.structured_content
                assert not result.is_error and data["chars"] <= 4000
                seen += [(b["page"], b["text"], b["x0"]) for b in data["boxes"]]
                if not data["truncated"]:
                    return seen
                assert "start_page=" in result.content[0].text
                args = {**args, "start_page": data["next_page"], "offset": data["next_offset"] or 0}
        raise AssertionError("never finished")

    assert anyio.run(go) == whole and len(whole) > 1000


def test_the_layout_parser_reads_entities_and_control_characters() -> None:
    from pdftools.engines.poppler import parse_bbox_layout

    xml = ('<doc>\n  <page width="100.5" height="200">\n    <flow>\n      <block xMin="1" yMin="2" xMax="3" yMax="4">\n'
           '        <line xMin="1" yMin="2" xMax="3" yMax="4">\n'
           '          <word xMin="1.5" yMin="2" xMax="-3" yMax="4">a&amp;b&lt;\x01</word>\n'
           '          <word xMin="5" yMin="2" xMax="6" yMax="4">[bold]</word>\n        </line>\n      </block>\n'
           '    </flow>\n  </page>\n  <page width="1" height="2">\n  </page>\n</doc>')
    first, second = parse_bbox_layout(xml)
    words = first.blocks[0].lines[0].words
    assert (first.width, first.height, second.blocks) == (100.5, 200.0, [])
    assert [(w.text, w.box) for w in words] == [("a&b<\x01", (1.5, 2.0, -3.0, 4.0)), ("[bold]", (5.0, 2.0, 6.0, 4.0))]
