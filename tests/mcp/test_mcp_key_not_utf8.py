"""A metadata key whose name holds a byte that is not UTF-8 (`/PTE\\xa7.Fullbanner`: one flipped byte in the
corpus's pdflatex-image.pdf, found by reading damaged copies) made `pdf_info` and `pdf_metadata` fail with an
internal error (the SDK could not encode the key's surrogate escape); its values were already made writable,
not its keys. The key is shown as a terminal shows it (`\\xa7`), as a value's bytes are. The real server over
stdio through the SDK's client."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
import pikepdf
from surface_servers import stdio_client


def test_a_key_that_is_not_utf8_is_shown_not_a_failure(tmp_path: Path) -> None:
    with pikepdf.new() as pdf:
        pdf.add_blank_page()
        pdf.docinfo[pikepdf.Name("/PTEXFullbanner")] = pikepdf.String("pdfTeX")
        pdf.save(tmp_path / "clean.pdf", compress_streams=False, object_stream_mode=pikepdf.ObjectStreamMode.disable)
    raw = (tmp_path / "clean.pdf").read_bytes()
    assert raw.count(b"/PTEXFullbanner") == 1
    (tmp_path / "key.pdf").write_bytes(raw.replace(b"/PTEXFullbanner", b"/PTE\xa7Fullbanner"))

    async def go() -> list[Any]:
        async with stdio_client(tmp_path) as client:
            return [await client.call_tool("pdf_info", {"input": "key.pdf"}),
                    await client.call_tool("pdf_metadata", {"input": "key.pdf", "action": "show"})]

    info, shown = anyio.run(go)
    assert not info.is_error and not shown.is_error, (info, shown)
    assert info.structured_content["metadata"]["PTE\\xa7Fullbanner"] == "pdfTeX", info.structured_content
    assert shown.structured_content["info"]["PTE\\xa7Fullbanner"] == "pdfTeX", shown.structured_content
