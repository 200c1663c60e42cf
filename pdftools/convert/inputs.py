"""What is given to convert, checked before pandoc reads it: its size (and a zip's unpacked size), emptiness,
UTF-16 text, an image (OCR's to read), binary data given as text, and an Office file that is no zip (a password
keeps it encrypted) named as such, before pandoc speaks of central directories.
"""

from __future__ import annotations

import re
import shlex
import zipfile
from contextlib import nullcontext
from pathlib import Path

from pdftools.convert.pandoc import BINARY_READERS, CONTAINERS, a_or_an, base
from pdftools.core import limits
from pdftools.core.pdf import OCR_HINT, image_kind
from pdftools.errors import EmptyInput, InputTooLarge, WrongFormat


def check_input(source: Path | None, content: str | None, fmt: str) -> bytes | None:
    """The content's bytes (None for a file, which pandoc reads itself), after the size, emptiness and
    binary-for-text checks."""
    data = content.encode() if content is not None else None
    name, size = (str(source), source.stat().st_size) if source else ("the content", len(data or b""))
    if size > limits.max_input_bytes():
        raise InputTooLarge(f"{name} is {size / 1e6:.3g} MB; the limit is {limits.max_input_bytes() / 1e6:g} MB, "
                            "set by PDFTOOLS_MAX_INPUT_MB")
    unpacked = _unpacked(source) if source and base(fmt) in CONTAINERS else 0
    if unpacked > limits.max_input_bytes():  # a zip bomb: pandoc unpacks every part into memory
        raise InputTooLarge(f"{name} unpacks to {unpacked / 1e6:.3g} MB (a zip bomb?); the limit is "
                            f"{limits.max_input_bytes() / 1e6:g} MB, set by PDFTOOLS_MAX_INPUT_MB")
    with source.open("rb") if source else nullcontext(None) as fh:
        head = fh.read(4096) if fh else (data or b"")[:4096]
    if not head.strip() and size <= len(head):
        raise EmptyInput(f"{name} is empty")
    if head.startswith((b"\xff\xfe", b"\xfe\xff")) and base(fmt) not in BINARY_READERS:
        copy = f"iconv -f UTF-16 -t UTF-8 {shlex.quote(name)} > utf8{Path(name).suffix}"
        raise WrongFormat(f"{name} is UTF-16 text (Windows' \"Unicode\"); pandoc reads UTF-8 only, and would read "
                          f"this as garbage", hint=f"{{{{cli:Make a UTF-8 copy and convert that: `{copy}`.}}}}"
                          f"{{{{mcp:Give its text as UTF-8 ({{{{content}}}}), or a UTF-8 copy of the file.}}}}")
    image = image_kind(head)
    if image and b"\0" in head[:1024] and base(fmt) not in BINARY_READERS:  # a scan: its text is OCR's to read
        raise WrongFormat(f"{name} is binary, not {base(fmt)} text: it looks like {a_or_an(image)} image",
                          hint=OCR_HINT)
    if b"\0" in head[:1024] and base(fmt) not in BINARY_READERS:
        raise WrongFormat(f"{name} is binary, not {base(fmt)} text" + _looks_like(head))
    if base(fmt) in OFFICE_ZIPS:
        _check_container(source, head, name, base(fmt))
    return data


OFFICE_ZIPS = CONTAINERS | {"xlsx"}  # zip containers: what is no zip is named before pandoc speaks of zips
_COMPOUND = bytes.fromhex("D0CF11E0A1B11AE1")  # an OLE compound file: an Office file with a password, or a .doc
_ENCRYPTED = "EncryptedPackage".encode("utf-16-le")  # the stream name of an encrypted docx, xlsx, pptx inside it
_PROGRAMS = {"docx": ("Word", "LibreOffice Writer"), "xlsx": ("Excel", "LibreOffice Calc"),
             "pptx": ("PowerPoint", "LibreOffice Impress")}
_PASSWORD_HINT = "Open it in {} or {} and save it without a password, then convert that copy."
_MOST_SCANNED = 64 << 20  # bytes of a compound file searched for its encrypted package's name


def _check_container(source: Path | None, head: bytes, name: str, fmt: str) -> None:
    """WRONG_FORMAT for a docx, odt, epub, pptx or xlsx that is no zip (a password-protected Office file, text,
    HTML) or an odt whose parts are encrypted, before pandoc speaks of central directories and styles.xml."""
    hint = _PASSWORD_HINT.format(*_PROGRAMS.get(fmt, ("Word", "LibreOffice")))
    if head.startswith(_COMPOUND) and source is not None and _ENCRYPTED in _read(source, _MOST_SCANNED):
        raise WrongFormat(f"{name} is protected by a password: {_PROGRAMS.get(fmt, ('Office',))[0]} keeps such a "
                          f"file encrypted inside an OLE compound file, not as the zip a .{fmt} is, and it cannot "
                          "be read without the password", hint=hint)
    if head.startswith(_COMPOUND):
        raise WrongFormat(f"{name} is not {a_or_an(fmt)} file but an Office file protected by a password (or an old "
                          f".doc, .xls or .ppt)", hint=hint)
    if not head.startswith(b"PK"):
        raise WrongFormat(f"{name} is not {a_or_an(fmt)} file (no zip){_looks_like(head) or _looks_like_text(head)}")
    if fmt == "odt" and source is not None and b"encryption-data" in _part(source, "META-INF/manifest.xml"):
        raise WrongFormat(f"{name} is encrypted: LibreOffice saved it with a password",
                          hint=_PASSWORD_HINT.format("LibreOffice", "Word"))


def _read(path: Path, most: int) -> bytes:
    with path.open("rb") as fh:
        return fh.read(most)


def _part(path: Path, name: str, most: int = 1 << 20) -> bytes:
    """The first `most` bytes of a zip's part (nothing when it or the zip cannot be read: pandoc says why)."""
    try:
        with zipfile.ZipFile(path) as z, z.open(name) as part:
            return part.read(most)
    except (zipfile.BadZipFile, OSError, KeyError, ValueError, RuntimeError, NotImplementedError):
        return b""


def _looks_like_text(head: bytes) -> str:
    if b"\0" in head[:1024]:
        return ""
    html = re.match(rb"\s*<(!doctype html|html|head|body|div|p|h[1-6])\b", head, re.IGNORECASE)
    return (f"; it looks like {'HTML' if html else 'text: markdown?'} ({{{{from_format}}}} "
            f"{'html' if html else 'markdown'})")


def _unpacked(path: Path) -> int:
    """What a zip container's parts unpack to, as its directory says (0 for what is no zip: pandoc says so)."""
    try:
        with zipfile.ZipFile(path) as z:
            return sum(item.file_size for item in z.infolist())
    except (zipfile.BadZipFile, OSError, ValueError):
        return 0


def _looks_like(head: bytes) -> str:
    for magic, what in ((b"%PDF-", "a PDF ({{from_format}} pdf)"),
                        (b"PK", "a zip: docx, odt, epub? ({{from_format}} docx...)")):
        if head.startswith(magic):
            return f"; it looks like {what}"
    return ""
