"""What a stored file is: its MIME type from its bytes first and its name second, and the name a download
offers (RFC 6266's Content-Disposition). An output named without an extension (`out`, `part-{start}`) was
application/octet-stream, and a PDF named `out.txt` was served as text/plain."""

from __future__ import annotations

import json
import mimetypes
import re
import unicodedata
import zipfile
from pathlib import Path
from urllib.parse import quote

OCTET = "application/octet-stream"
MAGIC = ((b"%PDF-", "application/pdf"), (b"\x89PNG\r\n\x1a\n", "image/png"), (b"\xff\xd8\xff", "image/jpeg"),
         (b"GIF87a", "image/gif"), (b"GIF89a", "image/gif"), (b"II*\0", "image/tiff"), (b"MM\0*", "image/tiff"),
         (b"\0\0\0\x0cjP  \r\n\x87\n", "image/jp2"))
OOXML = "application/vnd.openxmlformats-officedocument."
OFFICE = (("word/", OOXML + "wordprocessingml.document"), ("xl/", OOXML + "spreadsheetml.sheet"),
          ("ppt/", OOXML + "presentationml.presentation"))
EXTENSIONS = {"application/pdf": ".pdf", "image/png": ".png", "image/jpeg": ".jpg", "image/gif": ".gif",
              "image/tiff": ".tif", "image/jp2": ".jp2", "image/webp": ".webp", "application/zip": ".zip",
              "application/epub+zip": ".epub", "application/vnd.oasis.opendocument.text": ".odt",
              OFFICE[0][1]: ".docx", OFFICE[1][1]: ".xlsx", OFFICE[2][1]: ".pptx", "text/html": ".html",
              "application/json": ".json", "application/xml": ".xml", "text/plain": ".txt", "text/markdown": ".md",
              "text/csv": ".csv"}
HEAD = 4096
MOST_JSON = 10_000_000  # bytes of text parsed to tell JSON from text (beyond: text/plain)
_HTML = re.compile(r"\s*<(!doctype html|html|head|body|h[1-6]|p|div|section|article|header|nav|main|ul|ol|dl|table|"
                   r"blockquote|pre|figure|hr)[\s>/]", re.IGNORECASE)
_TEXT_CONTROLS = set(range(32)) - {9, 10, 12, 13}


def of(path: Path) -> str:
    """`path`'s MIME type: what its first bytes show (PDF, images, zip containers), else what its name says,
    else text (UTF-8: JSON, HTML, XML or plain) or application/octet-stream."""
    with path.open("rb") as fh:
        head = fh.read(HEAD)
    return _by_content(path, head) or mimetypes.guess_type(path.name)[0] or _text(path, head) or OCTET


def _by_content(path: Path, head: bytes) -> str | None:
    found = next((mime for magic, mime in MAGIC if head.startswith(magic)), None)
    if found:
        return found
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "image/webp"
    if head.startswith((b"PK\x03\x04", b"PK\x05\x06")):
        return _zip(path)
    return None


def _zip(path: Path) -> str:
    """A zip container's own type (odt and epub name theirs in `mimetype`; OOXML by its folders), else zip."""
    try:
        with zipfile.ZipFile(path) as z:
            names = z.namelist()
            declared = z.read("mimetype")[:100].decode("ascii", "replace") if "mimetype" in names else ""
    except (zipfile.BadZipFile, OSError, KeyError, ValueError, RuntimeError, NotImplementedError):
        return "application/zip"
    if re.fullmatch(r"application/[\w.+\-]+", declared):
        return declared
    if "[Content_Types].xml" in names:
        return next((mime for folder, mime in OFFICE if any(n.startswith(folder) for n in names)), "application/zip")
    return "application/zip"


def _text(path: Path, head: bytes) -> str | None:
    """UTF-8 text without control characters (a character cut at the end of `head` is no fault), by its start."""
    try:
        text = head.decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.reason != "unexpected end of data" or exc.start < len(head) - 3:
            return None
        text = head[:exc.start].decode("utf-8")
    if any(ord(c) in _TEXT_CONTROLS for c in text):
        return None
    start = text.lstrip()
    if start[:1] in ("{", "[") and path.stat().st_size <= MOST_JSON and _is_json(path):
        return "application/json"
    if _HTML.match(text):
        return "text/html"
    return "application/xml" if start.startswith("<?xml") else "text/plain"


def _is_json(path: Path) -> bool:
    try:
        json.loads(path.read_bytes())
    except (ValueError, OSError):
        return False
    return True


def disposition(name: str, mime: str) -> str:
    """`attachment` naming `name`, given the extension of its type when it has none (`out` holding a PDF is
    offered as `out.pdf`): an ASCII `filename` (accents dropped, anything else `_`) for every client, and the
    whole name as `filename*` (RFC 5987) when that differs."""
    if not Path(name).suffix and mime in EXTENSIONS:
        name += EXTENSIONS[mime]
    plain = "".join(c if c.isascii() and c.isprintable() and c not in '"\\' else "_"
                    for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    header = f'attachment; filename="{plain}"'
    return header if plain == name else f"{header}; filename*=UTF-8''{quote(name.encode('utf-8', 'replace'), safe='')}"
