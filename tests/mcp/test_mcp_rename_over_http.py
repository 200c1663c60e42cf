"""pdf_rename_invoice over HTTP. `apply` moved an invoice out of the roots into the server's workspace (it then
vanished into the file store) and the call failed with `files is required: give anything`: the stored files'
descriptions had overwritten the result's own `files` (its rows); the plan named the new file
`pdftools://files//2024-11-15_...pdf`. Now a file in the roots is renamed in its folder, as over stdio; a stored
file keeps its name (its row says to give `copy_to`); copies are stored, described in `stored_files`. Found
trying every tool over HTTP as an agent new to them; the real server, the SDK's client."""

from __future__ import annotations

import shutil
import urllib.request
from pathlib import Path
from typing import Any

import anyio
from invoices.real import EINVOICES
from surface_servers import TOKEN, http_server

from pdftools.mcp.server import instructions

INVOICE = EINVOICES / "library__EN16931_Einfach.pdf"  # an embedded XML: the fields are certain
NEW = "2024-11-15_Lieferant GmbH_471102.pdf"


def _upload(url: str, path: Path) -> str:
    request = urllib.request.Request(f"{url}/upload?name=invoice.pdf", data=path.read_bytes(), method="POST",
                                     headers={"Authorization": f"Bearer {TOKEN}"})
    with urllib.request.urlopen(request, timeout=60) as response:
        import json

        return json.loads(response.read())["uri"]  # type: ignore[no-any-return]


def test_renaming_over_http(tmp_path: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    shutil.copy(INVOICE, root / "inv.pdf")

    async def go(server: Any) -> list[Any]:
        uri = _upload(server.url, INVOICE)
        async with server.client() as client:
            return [await client.call_tool("pdf_rename_invoice", {"inputs": ["inv.pdf"]}),
                    await client.call_tool("pdf_rename_invoice", {"inputs": ["inv.pdf"], "apply": True}),
                    await client.call_tool("pdf_rename_invoice", {"inputs": [uri], "apply": True}),
                    await client.call_tool("pdf_rename_invoice", {"inputs": [uri], "apply": True,
                                                                  "copy_to": "renamed"}),
                    await client.call_tool("pdf_rename_invoice", {"inputs": [uri], "copy_to": "renamed"})]

    with http_server(root, files_dir=tmp_path) as server:
        plan, renamed, stored, copied, copy_plan = anyio.run(go, server)
    for result in (plan, renamed, stored, copied, copy_plan):
        assert not result.is_error, result.content[0].text[:400]
    assert plan.structured_content["files"][0]["new_path"] == str(root / NEW), plan.structured_content
    row = renamed.structured_content["files"][0]
    assert row["status"] == "renamed" and row["new_path"] == str(root / NEW), row
    assert sorted(p.name for p in root.iterdir()) == [NEW]
    row = stored.structured_content["files"][0]
    assert row["status"] == "error" and "Give copy_to:" in row["reason"] and "{" not in row["reason"], row
    row = copied.structured_content["files"][0]
    assert row["status"] == "copied" and row["new_path"].startswith("pdftools://files/"), row
    (kept,) = copied.structured_content["stored_files"]
    assert kept["name"] == NEW and kept["uri"] == row["new_path"] and kept["download_url"], kept
    assert "`stored_files`" in instructions("http")  # where an agent learns of them
    row = copy_plan.structured_content["files"][0]  # a copy not made yet: its name, not a uri that names nothing
    assert row["status"] == "planned" and row["new_path"] == NEW, row
