"""Over MCP a call whose arguments do not fit the tool's schema gets a plain sentence that names the argument and
says what it takes, as an agent's next call needs; never pydantic's words (`Input should be a valid integer`,
`int_parsing`, `literal_error`, `type=...`, its URLs) nor Python's type names. ~40 bad calls across tools: wrong
types, unknown choices, missing required arguments, numbers out of range, through the official client in memory."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import anyio
from conftest import CORPUS
from mcp import Client

from pdftools.mcp.server import build_server

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"
F = {"input": "four.pdf"}
# (tool, arguments, the argument the error must name, words of which the error must hold one: what it takes)
BAD: list[tuple[str, dict[str, Any], str, tuple[str, ...]]] = [
    ("pdf_rotate", {**F, "angle": "ninety"}, "angle", ("one of: 90",)),
    ("pdf_rotate", {**F, "angle": 1.5}, "angle", ("one of: 90",)),
    ("pdf_rotate", {**F}, "angle", ("give angle",)),  # or flatten: the op says so
    ("pdf_rotate", {**F, "angle": 90, "absolute": "yes please"}, "absolute", ("true or false",)),
    ("pdf_rotate", {**F, "angle": 90, "pages": {"a": 1}}, "pages", ("text",)),
    ("pdf_rotate", {"angle": 90}, "input", ("required",)),
    ("pdf_rotate", {**F, "angle": 90, "in_place": "sometimes"}, "in_place", ("true or false",)),
    ("pdf_extract_text", {**F, "max_chars": -5}, "max_chars", ("at least 1",)),
    ("pdf_extract_text", {**F, "max_chars": 0}, "max_chars", ("at least 1",)),
    ("pdf_extract_text", {**F, "max_chars": "lots"}, "max_chars", ("whole number",)),
    ("pdf_extract_text", {**F, "max_chars": True}, "max_chars", ("whole number",)),
    ("pdf_extract_text", {**F, "mode": "fancy"}, "mode", ("plain", "layout")),
    ("pdf_extract_text", {**F, "format": "xml"}, "format", ("words",)),
    ("pdf_extract_text", {**F, "start_page": -1}, "start_page", ("at least 1",)),
    ("pdf_extract_text", {**F, "offset": -3}, "offset", ("at least 0",)),
    ("pdf_reorder_pages", {**F, "mode": "shuffle"}, "mode", ("reverse",)),
    ("pdf_reorder_pages", {**F}, "mode", ("required",)),
    ("pdf_metadata", {**F, "action": "print"}, "action", ("show",)),
    ("pdf_metadata", {**F}, "action", ("required",)),
    ("pdf_metadata", {**F, "action": "set", "values": 3.5}, "values", ("list", "object")),
    ("pdf_forms", {**F, "action": "erase"}, "action", ("list",)),
    ("pdf_forms", {**F, "action": "fill", "values": {"a": [1]}}, "values", ("list",)),
    ("pdf_bookmarks", {**F, "action": "add", "title": "x", "page": 2.5}, "page", ("whole number",)),
    ("pdf_bookmarks", {**F, "action": "zap"}, "action", ("replace",)),
    ("pdf_merge", {"inputs": "four.pdf four.pdf", "collate": "maybe"}, "collate", ("whole number",)),
    ("pdf_merge", {}, "inputs", ("required",)),
    ("pdf_merge", {"inputs": [1.5]}, "inputs", ("list",)),
    ("pdf_split", {**F, "every": -2}, "every", ("at least 1",)),
    ("pdf_split", {**F, "every": "two"}, "every", ("whole number",)),
    ("pdf_thumbnails", {**F, "width": -10}, "width", ("at least",)),
    ("pdf_thumbnails", {**F, "format": "gif"}, "format", ("png",)),
    ("pdf_stamp", {**F, "text": "x", "opacity": 7}, "opacity", ("at most 1",)),
    ("pdf_stamp", {**F, "text": "x", "opacity": "half"}, "opacity", ("number",)),
    ("pdf_stamp", {**F, "text": "x", "position": "middle"}, "position", ("center",)),
    ("pdf_stamp", {**F, "text": "x", "font_size": "NaN"}, "font_size", ("finite", "at most")),
    ("pdf_resize", {**F, "paper": "a0"}, "paper", ("a4",)),
    ("pdf_nup", {**F, "per_sheet": 3}, "per_sheet", ("2",)),
    ("pdf_compress", {**F, "jpeg_quality": 500}, "jpeg_quality", ("at most",)),
    ("pdf_list", {"limit": -1}, "limit", ("at least",)),
    ("pdf_search", {"inputs": ["four.pdf"]}, "pattern", ("required",)),
    ("pdf_search", {"pattern": "x", "inputs": ["four.pdf"], "context": -1}, "context", ("at least 0",)),
    ("pdf_protect", {**F, "cipher": "rot13"}, "cipher", ("aes-256",)),
    ("pdf_batch", {"command": "frobnicate", "inputs": ["four.pdf"], "out_dir": "b"}, "command", ("rotate",)),
    ("pdf_batch", {"command": "rotate", "inputs": ["four.pdf"], "out_dir": "b", "jobs": 0}, "jobs", ("at least 1",)),
    ("pdf_batch", {"command": "rotate", "inputs": ["four.pdf"], "out_dir": "b", "options": {"angle": "ninety"}},
     "angle", ("whole number",)),
    ("pdf_batch", {"command": "text", "inputs": ["four.pdf"], "out_dir": "b", "options": {"max_chars": -1}},
     "max_chars", ("equal to 1", "at least 1")),
    ("doc_convert", {"content": "# x", "to_format": "html", "standalone": "perhaps"}, "standalone",
     ("true or false",)),
]
PYDANTIC = re.compile(r"Input should|pydantic|errors\.pydantic|_parsing|_type\b|literal_error|type=|\[type|"
                      r"validation error|\bint\b|\bstr\b|\bbool\b|\bfloat\b|NoneType|list\[|dict\[|Field required")


def test_bad_arguments_get_plain_sentences(tmp_path: Path) -> None:
    shutil.copy(FOUR, tmp_path / "four.pdf")

    async def go() -> list[Any]:
        async with Client(build_server([tmp_path], tools="all")) as client:
            return [await client.call_tool(tool, args) for tool, args, _, _ in BAD]

    problems = []
    for (tool, args, name, takes), result in zip(BAD, anyio.run(go), strict=True):
        text = result.content[0].text
        if not result.is_error:
            problems.append(f"{tool} {args}: accepted")
            continue
        error = json.loads(text)
        words = f"{error['message']} {error['hint']}"
        print(f"{tool} {args}: {error['message']} | {error['hint']}")
        if PYDANTIC.search(words):
            problems.append(f"{tool} {args}: internals: {words}")
        if name not in error["message"]:
            problems.append(f"{tool} {args}: does not name {name}: {words}")
        if not any(t in words for t in takes):
            problems.append(f"{tool} {args}: says none of {takes}: {words}")
    assert not problems, "\n".join(problems)
