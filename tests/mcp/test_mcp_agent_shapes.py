"""Argument shapes an agent new to the tools sends, with one meaning each: `per_sheet: "4"` was refused with
`it takes one of: 2, 4, 6...` (which lists 4; `angle: "90"` was taken), and doc_convert's `metadata` as an object
(`{"title": "Report"}`, as pdf_metadata's `values` takes it) was `it takes a list of text`. Found trying every
tool over HTTP as an agent new to them; the real server, the SDK's client."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import anyio
from surface_servers import http_server


def test_numbers_as_text_and_metadata_as_an_object(tmp_path: Path, sample: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    shutil.copy(sample, root / "four.pdf")
    (root / "doc.md").write_text("# Title\n\nText.\n", encoding="utf-8")

    async def go(server: Any) -> list[Any]:
        async with server.client() as client:
            return [await client.call_tool("pdf_nup", {"input": "four.pdf", "per_sheet": "4"}),
                    await client.call_tool("doc_convert", {"input": "doc.md", "to_format": "html",
                                                           "standalone": True,
                                                           "metadata": {"title": "Quarterly report",
                                                                        "lang": "de"}}),
                    await client.call_tool("pdf_nup", {"input": "four.pdf", "per_sheet": "four"})]

    with http_server(root, files_dir=tmp_path) as server:
        nup, converted, refused = anyio.run(go, server)
    assert not nup.is_error, nup.content[0].text
    assert nup.structured_content["per_sheet"] == 4 and nup.structured_content["sheets"] == 1
    assert not converted.is_error, converted.content[0].text
    html = converted.structured_content["content"]
    assert "<title>Quarterly report</title>" in html and 'lang="de"' in html, html[:400]
    assert refused.is_error and "one of: 2, 4" in refused.content[0].text


def test_a_choice_in_another_case_is_that_choice(tmp_path: Path, sample: Path) -> None:
    """`paper: "A4"` (as paper sizes are written) was refused with `it takes one of: a3, a4...`, and so was
    `relationship: "source"` (`Source`): a choice differing only in case has one meaning."""
    root = tmp_path / "root"
    root.mkdir()
    shutil.copy(sample, root / "four.pdf")
    (root / "data.csv").write_text("a,b\n", encoding="utf-8")

    async def go(server: Any) -> list[Any]:
        async with server.client() as client:
            return [await client.call_tool("pdf_resize", {"input": "four.pdf", "paper": "A4",
                                                          "orientation": "Landscape"}),
                    await client.call_tool("pdf_attachments", {"action": "add", "input": "four.pdf",
                                                               "files": ["data.csv"], "relationship": "source"}),
                    await client.call_tool("pdf_stamp", {"input": "four.pdf", "text": "x", "position": "Top-Left"})]

    with http_server(root, files_dir=tmp_path) as server:
        resized, attached, stamped = anyio.run(go, server)
    for result in (resized, attached, stamped):
        assert not result.is_error, result.content[0].text
    assert resized.structured_content["files"][0]["name"] == "four-a4.pdf"
    assert attached.structured_content["attachments"][0]["relationship"] == "Source"


def test_split_ranges_as_a_list(tmp_path: Path, sample: Path) -> None:
    """`ranges: ["1-2", "3-4"]` (one part per range, as a list) was `it takes text`; pages take a list already."""
    root = tmp_path / "root"
    root.mkdir()
    shutil.copy(sample, root / "four.pdf")

    async def go(server: Any) -> Any:
        async with server.client() as client:
            return await client.call_tool("pdf_split", {"input": "four.pdf", "ranges": ["1-2", "3-4"]})

    with http_server(root, files_dir=tmp_path) as server:
        split = anyio.run(go, server)
    assert not split.is_error, split.content[0].text
    assert [(p["start"], p["end"]) for p in split.structured_content["parts"]] == [(1, 2), (3, 4)]


def test_form_values_as_an_object(tmp_path: Path, corpus: Path) -> None:
    """pdf_forms' `values` as an object, `{"Name": "Ada"}`, as pdf_metadata's `values` and doc_convert's `metadata`
    take one, was `values cannot be {...}: it takes a list of text`: it fills as `["Name=Ada"]` does (a name with
    `=` in it too). A value that is not text (`true`) is still refused: `data` takes JSON's types. Found as an agent
    filling a form over stdio; the listing is unchanged (an undeclared shape of one meaning)."""
    from surface_servers import stdio_client

    shutil.copy(corpus / "010-pdflatex-forms" / "pdflatex-forms.pdf", tmp_path / "form.pdf")

    async def go() -> list[Any]:
        async with stdio_client(tmp_path) as client:
            return [await client.call_tool("pdf_forms", {"action": "fill", "input": "form.pdf", "output": out,
                                                         "values": values})
                    for out, values in (("a.pdf", {"Name": "Ada = Lovelace", "Check": "Yes"}),
                                        ("b.pdf", ["Name=Ada = Lovelace", "Check=Yes"]),
                                        ("c.pdf", {"Check": True}))]

    given, listed, refused = anyio.run(go)
    assert not given.is_error, given.content[0].text
    assert given.structured_content["filled"] == listed.structured_content["filled"] == ["Name", "Check"]
    assert given.structured_content["fields"] == listed.structured_content["fields"]
    assert {f["name"]: f["value"] for f in given.structured_content["fields"]}["Name"] == "Ada = Lovelace"
    assert refused.is_error and "values cannot be" in refused.content[0].text, refused.content[0].text
