"""A file name an agent gets slightly wrong (`Minimal-Document.pdf`, `minimal-document` without `.pdf`, a space
for a dash) was `no such file` with `Check the path; pdf_list lists the PDFs in a folder.`: a second call to
find a name the server could have named. The hint names the close names in that folder, as they are given
back (with the folder the agent wrote). Found as an agent over stdio; the real server, the SDK's client."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import anyio
from surface_servers import stdio_client


def test_a_missing_file_names_the_close_names_in_its_folder(tmp_path: Path, sample: Path) -> None:
    (tmp_path / "sub").mkdir()
    shutil.copy(sample, tmp_path / "minimal-document.pdf")
    shutil.copy(sample, tmp_path / "sub" / "Annual Report 2024.pdf")
    asked = ["Minimal-Document.pdf", "minimal-document", "minimal document.pdf", "sub/annual report 2024.PDF",
             "sub/Annual-Report-2024.pdf", "nothing-like-it.pdf", "missing/minimal-document.pdf"]

    async def go() -> list[Any]:
        async with stdio_client(tmp_path) as client:
            return [await client.call_tool("pdf_info", {"input": name}) for name in asked]

    errors = [json.loads(result.content[0].text) for result in anyio.run(go)]
    assert all(e["code"] == "FILE_NOT_FOUND" for e in errors), errors
    hints = dict(zip(asked, (e["hint"] for e in errors), strict=True))
    for name in asked[:3]:
        assert "did you mean `minimal-document.pdf`?" in hints[name], (name, hints[name])
    for name in asked[3:5]:
        assert "did you mean `sub/Annual Report 2024.pdf`?" in hints[name], (name, hints[name])
    for name in asked[5:]:  # nothing close, or no such folder: the hint as it was
        assert "did you mean" not in hints[name] and "pdf_list" in hints[name], (name, hints[name])


def test_a_pattern_given_as_one_file_names_what_it_matches(tmp_path: Path, sample: Path) -> None:
    """A glob where a tool takes one file (`input: "scans/*.pdf"` to pdf_info or pdf_extract_text) was `no such
    file` with `Check the path`: an agent checked the path, which is right. The hint says it is a pattern, what it
    matches, and that pdf_batch runs a tool on each."""
    (tmp_path / "scans").mkdir()
    for name in ("a.pdf", "b.pdf"):
        shutil.copy(sample, tmp_path / "scans" / name)

    async def go() -> list[Any]:
        async with stdio_client(tmp_path) as client:
            return [await client.call_tool("pdf_extract_text", {"input": "scans/*.pdf"}),
                    await client.call_tool("pdf_info", {"input": "scans/*.tiff"})]

    many, none = (json.loads(result.content[0].text) for result in anyio.run(go))
    assert many["code"] == "FILE_NOT_FOUND", many
    assert many["hint"] == ("`scans/*.pdf` is a pattern, and input is one file: 2 files match it (`scans/a.pdf`, "
                            "`scans/b.pdf`); give one of them, or run the tool on each with `pdf_batch`."), many
    assert none["code"] == "FILE_NOT_FOUND" and "pattern" not in none["hint"], none
