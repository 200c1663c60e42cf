"""A thumbnail made to a width (the default, 300 px) of a page far taller than wide passes PDFTOOLS_MAX_PIXELS;
the error's hint said `Lower --dpi`, an option not given (the size came from the width, and --dpi is the other
way of sizing). It names the width and height, at the shell as options, over MCP as arguments (found running
thumbnails over the corpus: validator__corruptedV2PDF.pdf, 300x1153735 px). The real CLI; the real server over
stdio through the SDK's client."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import pikepdf
from surface_servers import stdio_client

PDFTOOLS = Path(sys.executable).with_name("pdftools")


def test_a_page_too_tall_for_its_width_names_width_and_height(tmp_path: Path) -> None:
    with pikepdf.new() as pdf:
        pdf.add_blank_page(page_size=(10, 10))
        pdf.pages[0].mediabox = [0, 0, 10, 100_000]  # 300 px wide: 3,000,000 px tall, 900 M pixels
        pdf.save(tmp_path / "tall.pdf")
    shell = subprocess.run([PDFTOOLS, "thumbnails", tmp_path / "tall.pdf", "-d", tmp_path / "t"], capture_output=True,
                           text=True)
    assert shell.returncode != 0 and "PAGE_TOO_LARGE" in shell.stderr, shell.stderr
    hint = shell.stderr.split("hint:", 1)[1]
    assert "--dpi" not in hint and "--width" in hint and "--height" in hint, hint

    async def go() -> Any:
        async with stdio_client(tmp_path) as client:
            return await client.call_tool("pdf_thumbnails", {"input": "tall.pdf", "out_dir": "t"})

    result = anyio.run(go)
    said = json.loads(result.content[0].text)
    assert result.is_error and said["code"] == "PAGE_TOO_LARGE", said
    assert "dpi" not in said["hint"] and "`width`" in said["hint"] and "--" not in said["hint"], said
