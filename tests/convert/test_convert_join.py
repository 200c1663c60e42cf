"""Several documents joined into one, in order, as `pandoc ch1.md ch2.md -o book.pdf` joins its inputs: through
the CLI (`convert ch1.md ch2.md ...`) and over MCP (`append`), each chapter's images found beside it, the output
read back; and what cannot be joined (another format, a docx or PDF, a string) is refused before anything runs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import pytest
from convert_docs import pdf_images, pdf_text
from mcp import Client
from PIL import Image

from pdftools.mcp.server import build_server


@pytest.fixture
def book(tmp_path: Path) -> Path:
    """book/ch1.md, book/part2/ch2.md (with an image beside it) and book/ch3.md."""
    root = tmp_path / "book"
    (root / "part2").mkdir(parents=True)
    (root / "ch1.md").write_text("# One\n\nFirst chapter, Grüße.\n")
    (root / "part2" / "ch2.md").write_text("# Two\n\n![A green dot](dot.png)\n\nSecond chapter.\n")
    Image.new("RGB", (20, 20), (0, 160, 0)).save(root / "part2" / "dot.png")
    (root / "ch3.md").write_text("# Three\n\nThird chapter.\n")
    return root


def test_chapters_become_one_document_in_order(cli: Any, book: Path) -> None:
    result = cli("convert", book / "ch1.md", book / "part2" / "ch2.md", book / "ch3.md", "-t", "gfm", "--json")
    assert result.exit_code == 0, result
    data = json.loads(result.stdout)
    md = data["content"]
    assert md.index("# One") < md.index("# Two") < md.index("# Three") and "Grüße" in md
    assert data["input"] == str(book / "ch1.md")
    assert data["appended"] == [str(book / "part2" / "ch2.md"), str(book / "ch3.md")]


def test_a_book_pdf_from_chapters_with_their_images(cli: Any, book: Path, tmp_path: Path) -> None:
    out = tmp_path / "book.pdf"
    result = cli("convert", book / "ch1.md", book / "part2" / "ch2.md", book / "ch3.md", "-o", out, "--toc", "--json")
    assert result.exit_code == 0, result
    assert json.loads(result.stdout)["images"] == ["dot.png"]
    text = " ".join(pdf_text(out).split())
    assert text.count("One") >= 2 and text.index("First chapter") < text.index("Second chapter") < \
        text.index("Third chapter")  # (the table of contents names each once before)
    assert pdf_images(out) == 1


@pytest.mark.parametrize(("names", "says"), [
    (["ch1.md", "x.docx"], "docx"),          # one format: pandoc joins documents of one reader
    (["x.docx", "ch1.md"], "docx"),          # a docx, odt, epub or PDF is read whole, alone
    (["x.pdf", "ch1.md"], "pdf"),
])
def test_what_cannot_be_joined_is_refused(cli: Any, book: Path, tmp_path: Path, names: list[str], says: str) -> None:
    (book / "x.docx").write_bytes(b"PK\x03\x04 not really")
    (book / "x.pdf").write_bytes(b"%PDF-1.4\n")
    out = tmp_path / "joined.html"
    result = cli("convert", *[book / n for n in names], "-o", out, "--json")
    assert result.exit_code == 2 and not out.exists(), result
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT" and says in error["message"], error


def test_a_missing_chapter_is_file_not_found(cli: Any, book: Path) -> None:
    result = cli("convert", book / "ch1.md", book / "nope.md", "-t", "html", "--json")
    assert result.exit_code == 3 and json.loads(result.stderr)["error"]["code"] == "FILE_NOT_FOUND"


def test_chapters_over_mcp(book: Path) -> None:
    async def go() -> Any:
        async with Client(build_server([book])) as client:
            joined = await client.call_tool("doc_convert", {"input": "ch1.md", "append": ["part2/ch2.md", "ch3.md"],
                                                            "to_format": "gfm"})
            text = await client.call_tool("doc_convert", {"content": "# Zero", "append": ["ch1.md"]})
            return joined, text

    joined, text = anyio.run(go)
    assert not joined.is_error, joined
    md = joined.structured_content["content"]
    assert md.index("# One") < md.index("# Two") < md.index("# Three")
    assert text.is_error and "append" in json.loads(text.content[0].text)["message"]
