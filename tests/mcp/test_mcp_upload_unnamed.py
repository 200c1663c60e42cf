"""`POST /upload` of raw bytes without `?name=` names the file `upload` with its type's extension, as a data: URL
without a name is (README): a PDF is `upload.pdf`, downloaded so. It was `upload.bin` whatever it held, so the
download link gave a PDF as `upload.bin`. The real HTTP server on 127.0.0.1; the stored file read back through the
official client."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

import anyio
import pikepdf
from surface_servers import TOKEN, http_server


def _post(url: str, body: bytes, content_type: str | None = None) -> dict[str, str]:
    request = urllib.request.Request(url + "/upload", data=body, method="POST",
                                     headers={"Authorization": f"Bearer {TOKEN}"})
    if content_type:
        request.add_header("Content-Type", content_type)
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read())  # type: ignore[no-any-return]


def test_an_upload_without_a_name_is_named_by_its_type(tmp_path: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    with pikepdf.new() as pdf:
        pdf.add_blank_page()
        pdf.save(tmp_path / "a.pdf")
    with http_server(root, files_dir=tmp_path) as server:
        pdf = _post(server.url, (tmp_path / "a.pdf").read_bytes())
        markdown = _post(server.url, b"# Notes\n", "text/markdown")
        request = urllib.request.Request(pdf["download_url"], headers={"Authorization": f"Bearer {TOKEN}"})
        with urllib.request.urlopen(request, timeout=60) as response:
            disposition = response.headers["Content-Disposition"]

        async def info() -> str:
            async with server.client() as client:
                result = await client.call_tool("pdf_info", {"input": pdf["uri"]})
                assert not result.is_error, result.content[0].text
                return str(result.structured_content["path"])

        assert anyio.run(info) == pdf["uri"]
    assert pdf["name"] == "upload.pdf", pdf
    assert markdown["name"] == "upload.md", markdown
    assert 'filename="upload.pdf"' in disposition, disposition
