"""The upload page in headless Chromium (Debian's package, driven by Playwright): a real upload."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import anyio
import pytest
from test_mcp_http import TOKEN, Server, _client, server  # noqa: F401 - the running-server fixture

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]


def test_upload_in_a_real_browser_then_use_the_uri(server: Server, sample: Path) -> None:  # noqa: F811
    from playwright.sync_api import sync_playwright

    assert Path(CHROMIUM).exists(), "chromium is missing: apt-get install chromium (.ci/setup does)"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page()
        page.goto(f"{server.url}/?token={TOKEN}")
        page.set_input_files("#pick", str(sample))
        page.wait_for_selector("#uploads code", timeout=15_000)
        uri = page.inner_text("#uploads code")
        page.wait_for_selector("#files code", timeout=15_000)
        listed = page.inner_text("#files")
        link = page.get_attribute("#uploads a", "href")
        browser.close()
    assert uri.startswith("pdftools://files/") and uri in listed and link and "/files/" in link

    async def use() -> Any:
        async with _client(server) as client:
            return await client.call_tool("pdf_info", {"input": uri})

    assert anyio.run(use).structured_content["pages"] == 4


def test_the_page_needs_the_token(server: Server) -> None:  # noqa: F811
    assert server.request("GET", "/", token=None)[0] == 401
    status, headers, body = server.request("GET", "/")
    assert status == 200 and b"pdftools" in body and headers.get("cache-control") == "no-store"
    status, _, body = server.request("GET", "/files")
    assert status == 200 and json.loads(body) == {"files": []}


@pytest.fixture(autouse=True)
def _chromium_ready() -> None:
    """Fail loudly (not skip) when the browser the test needs is not installed."""
    assert shutil.which("chromium") or Path(CHROMIUM).exists(), "apt-get install chromium"
