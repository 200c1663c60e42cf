"""pdf_rename_invoice over a folder with `recursive` passed over a subfolder it could not read (mode 000, or 0644:
listed but not entered) in silence: its invoices were not read, and nothing said so (`errors: 0`). Each is a row
with PERMISSION_DENIED and what to do, as pdf_batch gives such a folder a failed row. The real stdio server, run
as a user whom a folder's mode binds (root gives up CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH through setpriv)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from surface_servers import PDFTOOLS


def _server(root: Path) -> StdioServerParameters:
    argv = [str(PDFTOOLS), "serve", "--root", str(root)]
    if os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("running as root (permissions do not bind it) and util-linux's setpriv is not installed")
        caps = "-dac_override,-dac_read_search"
        argv = [setpriv, f"--bounding-set={caps}", f"--inh-caps={caps}", *argv]
    return StdioServerParameters(command=argv[0], args=argv[1:], cwd=str(root),
                                 env={k: v for k, v in os.environ.items() if k in ("PATH", "PYTHONPATH")})


def test_a_subfolder_rename_invoice_could_not_read_is_a_row(tmp_path: Path, sample: Path) -> None:
    for name in ("open", "locked", "half"):
        (tmp_path / "tree" / name).mkdir(parents=True)
        shutil.copy(sample, tmp_path / "tree" / name / "doc.pdf")
    (tmp_path / "tree" / "locked").chmod(0)
    (tmp_path / "tree" / "half").chmod(0o644)

    async def go() -> Any:
        async with Client(_server(tmp_path), mode="legacy") as client:
            return await client.call_tool("pdf_rename_invoice", {"inputs": ["tree"], "recursive": True,
                                                                 "apply": False, "ocr": False})

    try:
        result = anyio.run(go)
    finally:
        for name in ("locked", "half"):
            (tmp_path / "tree" / name).chmod(0o755)
    assert not result.is_error, result.content[0].text
    data = result.structured_content
    rows = {Path(row["file"]).name: row for row in data["files"]}
    assert set(rows) == {"locked", "half", "doc.pdf"}, data
    for name in ("locked", "half"):
        row = rows[name]
        assert (row["status"], row["error"]) == ("error", "PERMISSION_DENIED"), row
        assert "permission denied" in row["reason"] and "not read" in row["reason"], row
        assert "{{" not in row["reason"] and "ls -ld" not in row["reason"], row
    assert data["errors"] == 2, data
    assert json.dumps(rows["locked"]["reason"])[1:-1] in result.content[0].text, result.content[0].text
