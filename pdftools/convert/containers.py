"""What pandoc's sandbox leaves wrong in the zip containers it writes (docx, odt, epub, pptx), put right in one
pass over the parts:

- dates: the sandbox has no clock, so the document's created and modified dates said 1970-01-01 and the zip's
  entries 1980-01-01. They get the time bare pandoc gives them: SOURCE_DATE_EPOCH when set (reproducible
  builds), else now.
- docx pictures: pandoc's docx writer describes a picture by its source (`pic:cNvPr descr`), which for an image
  pdftools handed over (or one written in the document) is its whole data: URI, the image a second time in
  base64. It becomes the name the document gave the image (as bare pandoc writes it), else nothing.
"""

from __future__ import annotations

import io
import os
import re
import time
import zipfile

from pdftools.convert.media import Resolver, digest

CONTAINERS = frozenset({"docx", "odt", "epub", "epub2", "epub3", "pptx"})
EPOCH = b"1970-01-01T00:00:00Z"
_DESCR = re.compile(rb'descr="(data:[^"]*)"')


def timestamp() -> float:
    """SOURCE_DATE_EPOCH (seconds since 1970) when it is set and a number, else now."""
    raw = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    return float(raw) if raw.isdigit() else time.time()


def finish(data: bytes, fmt: str, resolver: Resolver) -> bytes:
    """The container with its dates and (docx) picture descriptions put right; other formats as they are."""
    if fmt not in CONTAINERS:
        return data
    when = time.gmtime(max(timestamp(), 315532800))  # zip dates start in 1980
    stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", when).encode()

    def named(match: re.Match[bytes]) -> bytes:
        name = resolver.names.get(digest(match[1]), "")
        for char, entity in (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&quot;")):
            name = name.replace(char, entity)
        return b'descr="%s"' % name.encode()

    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as old, zipfile.ZipFile(out, "w") as new:
        for info in old.infolist():
            part = old.read(info)
            if info.filename.endswith((".xml", ".opf", ".rdf")):
                part = part.replace(EPOCH, stamp)
                part = _DESCR.sub(named, part) if fmt == "docx" and b'descr="data:' in part else part
            info.date_time = tuple(when[:6])  # type: ignore[assignment]
            new.writestr(info, part)
    return out.getvalue()
