"""Over HTTP a stored output's type comes from what it is, not only from its name: an output the agent named
without an extension (`out`, `part-{start}`) was `application/octet-stream`, and a PDF it named `out.txt` was
served as `text/plain`. Every kind of file the tools write is downloaded here, through the real server and the
SDK's client: its Content-Type, the result's `mime` and the resource link's agree with its bytes, and its
Content-Disposition names it safely (ASCII `filename=` with the extension its type has, `filename*=` for the
rest)."""

from __future__ import annotations

import io
import json
import re
import shutil
import urllib.parse
import urllib.request
import zipfile
from pathlib import Path
from typing import Any

import anyio
from surface_servers import TOKEN, http_server

OOXML = "application/vnd.openxmlformats-officedocument."
CALLS: list[tuple[str, dict[str, Any], str, bytes, str]] = [  # tool, arguments, type, first bytes, download name
    ("pdf_rotate", {"input": "four.pdf", "angle": 90, "output": "out"}, "application/pdf", b"%PDF-", "out.pdf"),
    ("pdf_rotate", {"input": "four.pdf", "angle": 90, "output": "out.txt"}, "application/pdf", b"%PDF-", "out.txt"),
    ("pdf_split", {"input": "four.pdf", "ranges": "1-2", "pattern": "part-{start}"}, "application/pdf", b"%PDF-",
     "part-1.pdf"),
    ("pdf_rotate", {"input": "four.pdf", "angle": 90, "output": "résumé \u201cfinal\u201d"}, "application/pdf",
     b"%PDF-", "résumé \u201cfinal\u201d.pdf"),
    ("pdf_thumbnails", {"input": "four.pdf", "pages": "1", "width": 40, "pattern": "thumb-{page}"}, "image/png",
     b"\x89PNG", "thumb-1.png"),
    ("pdf_thumbnails", {"input": "four.pdf", "pages": "1", "width": 40, "format": "jpeg", "pattern": "t-{page}"},
     "image/jpeg", b"\xff\xd8\xff", "t-1.jpg"),
    ("pdf_thumbnails", {"input": "four.pdf", "pages": "1", "width": 40, "format": "webp", "pattern": "w-{page}"},
     "image/webp", b"RIFF", "w-1.webp"),
    ("pdf_thumbnails", {"input": "four.pdf", "pages": "1", "width": 40}, "image/png", b"\x89PNG", "four-p001.png"),
    ("doc_convert", {"input": "doc.md", "output": "word", "to_format": "docx"}, OOXML +
     "wordprocessingml.document", b"PK", "word.docx"),
    ("doc_convert", {"input": "doc.md", "output": "open", "to_format": "odt"},
     "application/vnd.oasis.opendocument.text", b"PK", "open.odt"),
    ("doc_convert", {"input": "doc.md", "output": "book", "to_format": "epub"}, "application/epub+zip", b"PK",
     "book.epub"),
    ("doc_convert", {"input": "doc.md", "output": "slides", "to_format": "pptx"}, OOXML +
     "presentationml.presentation", b"PK", "slides.pptx"),
    ("doc_convert", {"input": "doc.md", "output": "page", "to_format": "html"}, "text/html", b"<h1", "page.html"),
    ("doc_convert", {"input": "doc.md", "output": "whole", "to_format": "html", "standalone": True}, "text/html",
     b"<!DOCTYPE html>", "whole.html"),
    ("doc_convert", {"input": "doc.md", "output": "notes", "to_format": "plain"}, "text/plain", b"Hi", "notes.txt"),
    ("doc_convert", {"input": "doc.md", "output": "notes.txt"}, "text/plain", b"Hi", "notes.txt"),
    ("doc_convert", {"input": "doc.md", "output": "ast", "to_format": "json"}, "application/json", b"{",
     "ast.json"),
    ("doc_convert", {"input": "doc.md", "output": "printed", "to_format": "pdf"}, "application/pdf", b"%PDF-",
     "printed.pdf"),
    ("pdf_attachments", {"action": "extract", "input": "attached.pdf", "names": ["bundle"]}, "application/zip",
     b"PK", "bundle.zip"),
]


def _disposition(header: str) -> tuple[str, str | None]:
    """The ASCII `filename` and the decoded `filename*` of a Content-Disposition header."""
    plain = re.search(r'filename="([^"]*)"', header)
    extended = re.search(r"filename\*=UTF-8''([^;\s]+)", header, re.IGNORECASE)
    assert plain, header
    return plain[1], urllib.parse.unquote(extended[1]) if extended else None


def _get(url: str) -> tuple[dict[str, str], bytes]:
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {TOKEN}"})
    with urllib.request.urlopen(request, timeout=60) as response:
        return {k.lower(): v for k, v in response.headers.items()}, response.read()


def test_every_kind_of_output_is_served_as_what_it_is(tmp_path: Path, sample: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    shutil.copy(sample, root / "four.pdf")
    (root / "doc.md").write_text("# Hi\n\nSome *text*.\n", encoding="utf-8")
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w") as z:
        z.writestr("a.txt", "a")
    (root / "bundle").write_bytes(packed.getvalue())

    async def go(server: Any) -> list[Any]:
        async with server.client() as client:
            attached = await client.call_tool("pdf_attachments", {"action": "add", "input": "four.pdf",
                                                                  "files": ["bundle"], "output": "attached.pdf"})
            assert not attached.is_error, attached.content[0].text
            _, body = _get(attached.structured_content["files"][0]["download_url"])
            (root / "attached.pdf").write_bytes(body)
            return [await client.call_tool(tool, arguments) for tool, arguments, *_ in CALLS]

    with http_server(root, files_dir=tmp_path) as server:
        results = anyio.run(go, server)
        for (tool, arguments, mime, magic, download), result in zip(CALLS, results, strict=True):
            where = f"{tool} {json.dumps(arguments, ensure_ascii=False)}"
            assert not result.is_error, (where, result.content[0].text)
            stored = result.structured_content["files"][0]
            headers, body = _get(stored["download_url"])
            assert body.startswith(magic), (where, body[:20])
            assert headers["content-type"].split(";")[0] == mime, (where, headers["content-type"])
            assert stored["mime"] == mime, where
            links = [c for c in result.content if c.type == "resource_link" and c.uri == stored["uri"]]
            assert [link.mime_type for link in links] == [mime], where
            assert headers.get("x-content-type-options") == "nosniff", where
            assert headers["content-disposition"].startswith("attachment;"), where
            plain, extended = _disposition(headers["content-disposition"])
            assert plain.isascii() and plain.isprintable() and not set(plain) & set('"\\/'), (where, plain)
            assert (extended or plain) == download, (where, headers["content-disposition"])
            assert plain.rsplit(".", 1)[-1] == download.rsplit(".", 1)[-1], (where, plain)
