"""Over HTTP, pdf_stamp's `font` is a file as any input is: sent as base64 (a `data:` URL) by an agent that holds
no path on the server, or a path inside the roots; the stamped PDF, read back through its resource, has the text
in that font. The real server on 127.0.0.1 with the official client."""

from __future__ import annotations

import base64
import io
import subprocess
from pathlib import Path
from typing import Any

import anyio
import pikepdf
from surface_servers import http_server


def _small_font(path: Path) -> bytes:
    """DejaVu Sans cut to Basic Latin and Cyrillic (.ci/setup installs it): a few kB to send."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    dejavu = subprocess.run(["fc-match", "-f", "%{file}", "DejaVu Sans"], capture_output=True, text=True).stdout
    assert dejavu.endswith("DejaVuSans.ttf"), f"DejaVu Sans is not installed ({dejavu!r}): run .ci/setup"
    font = TTFont(dejavu)
    subsetter = subset.Subsetter()
    subsetter.populate(unicodes=[*range(0x20, 0x7F), *range(0x400, 0x460)])
    subsetter.subset(font)
    data = io.BytesIO()
    font.save(data)
    path.write_bytes(data.getvalue())
    return data.getvalue()


def test_the_font_is_sent_as_base64_or_named_in_the_roots(tmp_path: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    with pikepdf.new() as pdf:
        pdf.add_blank_page(page_size=(300, 200))
        pdf.save(root / "blank.pdf")
    font = _small_font(root / "cyr.ttf")
    sent = "data:font/ttf;base64," + base64.b64encode(font).decode()

    async def go() -> list[tuple[Any, bytes]]:
        done = []
        async with server.client() as client:
            for given in (sent, "cyr.ttf"):
                result = await client.call_tool("pdf_stamp", {"input": "blank.pdf", "text": "Секрет", "font": given})
                assert not result.is_error, result.content
                read = await client.read_resource(result.structured_content["files"][0]["uri"])
                done.append((result, base64.b64decode(read.contents[0].blob)))
        return done

    with http_server(root, files_dir=tmp_path) as server:
        done = anyio.run(go)
    for _, data in done:
        text = subprocess.run(["pdftotext", "-", "-"], input=data, capture_output=True, check=True).stdout
        assert text.decode().strip() == "Секрет"
        with pikepdf.open(io.BytesIO(data)) as pdf:
            fonts = list(pdf.pages[0].Resources.Font.values())
            assert [f.DescendantFonts[0].Subtype for f in fonts] == ["/CIDFontType2"]
