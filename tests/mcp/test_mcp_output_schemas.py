"""Every tool's real result, on each transport, against the output schema that transport advertises, with a
JSON Schema 2020-12 validator (as the TypeScript SDK's client validates): no field the schema does not
declare, no declared field missing (over HTTP, `files` is there exactly when the call wrote files)."""

from __future__ import annotations

import copy
import shutil
from pathlib import Path
from typing import Any

import anyio
import pytest
import readback as rb
from conftest import CORPUS
from jsonschema import Draft202012Validator
from surface_servers import http_server, stdio_client

EINVOICE = CORPUS.parent / "einvoices" / "library__EN16931_Einfach.pdf"

CALLS: list[tuple[str, dict[str, Any]]] = [
    ("pdf_merge", {"inputs": ["four.pdf", "outline.pdf"], "output": "m.pdf"}),
    ("pdf_split", {"input": "four.pdf", "out_dir": "parts", "every": 2}),
    ("pdf_info", {"input": "outline.pdf", "pages": "1"}),
    ("pdf_extract_text", {"input": "four.pdf", "max_chars": 100}),
    ("pdf_list", {}),
    ("pdf_thumbnails", {"input": "four.pdf", "out_dir": "thumbs", "pages": "1", "width": 40}),
    ("pdf_diagnose", {}),
    ("pdf_ocr", {"input": "four.pdf", "mode": "text", "pages": "1", "force_ocr": True, "language": "eng"}),
    ("pdf_rotate", {"input": "four.pdf", "angle": 90, "output": "r.pdf"}),
    ("pdf_select_pages", {"input": "four.pdf", "pages": "2,1", "output": "s.pdf"}),
    ("pdf_delete_pages", {"input": "four.pdf", "pages": "1", "output": "d.pdf"}),
    ("pdf_reorder_pages", {"input": "four.pdf", "mode": "reverse", "output": "o.pdf"}),
    ("pdf_insert_blank", {"input": "four.pdf", "output": "b.pdf"}),
    ("pdf_insert_pages", {"input": "four.pdf", "source": "outline.pdf", "after": 1, "output": "i.pdf"}),
    ("pdf_metadata", {"action": "show", "input": "four.pdf"}),
    ("pdf_metadata", {"action": "set", "input": "four.pdf", "values": ["title=T"], "output": "meta.pdf"}),
    ("pdf_bookmarks", {"action": "list", "input": "nested.pdf"}),
    ("pdf_bookmarks", {"action": "add", "input": "four.pdf", "title": "X", "page": 2, "output": "bm.pdf"}),
    ("pdf_attachments", {"action": "list", "input": "attached.pdf"}),
    ("pdf_attachments", {"action": "extract", "input": "attached.pdf", "out_dir": "att"}),
    ("pdf_annotations", {"action": "list", "input": "form.pdf"}),
    ("pdf_annotations", {"action": "remove", "input": "form.pdf", "types": ["Widget"], "output": "nw.pdf"}),
    ("pdf_annotations", {"action": "flatten", "input": "form.pdf", "output": "na.pdf"}),
    ("pdf_forms", {"action": "list", "input": "form.pdf"}),
    ("pdf_forms", {"action": "fill", "input": "form.pdf", "values": ["Name=X"], "output": "f.pdf"}),
    ("pdf_extract_images", {"input": "image.pdf", "out_dir": "imgs"}),
    ("pdf_compress", {"input": "four.pdf", "output": "c.pdf"}),
    ("pdf_stamp", {"input": "four.pdf", "text": "{page}", "output": "st.pdf"}),
    ("pdf_nup", {"input": "four.pdf", "output": "n.pdf"}),
    ("pdf_booklet", {"input": "four.pdf", "output": "bk.pdf"}),
    ("pdf_protect", {"input": "four.pdf", "user_password": "pw", "output": "p.pdf"}),
    ("pdf_unprotect", {"input": "locked.pdf", "password": rb.PASSWORD, "output": "u.pdf"}),
    ("pdf_rename_invoice", {"inputs": "invoices"}),
    ("pdf_search", {"pattern": "e", "inputs": ["four.pdf"], "max_count": 2}),
    ("pdf_page_labels", {"input": "four.pdf"}),
    ("pdf_page_labels", {"input": "four.pdf", "scheme": "1:r", "output": "lab.pdf"}),
    ("pdf_crop", {"input": "four.pdf", "margins": "10", "output": "cr.pdf"}),
    ("pdf_resize", {"input": "four.pdf", "paper": "a5", "output": "rs.pdf"}),
    ("pdf_check", {"input": "four.pdf"}),
    ("pdf_repair", {"input": "four.pdf", "output": "rep.pdf"}),
    ("pdf_inspect", {"input": "four.pdf", "pages": "1"}),
    ("pdf_linearize", {"input": "four.pdf", "output": "lin.pdf"}),
    ("pdf_batch", {"command": "info", "inputs": ["four.pdf", "outline.pdf"], "out_dir": "batch", "jobs": 1}),
    ("doc_convert", {"content": "# Hi\n\nSome text.", "to_format": "html"}),
    ("doc_convert", {"content": "# Hi\n\nSome text.", "output": "doc.html"}),
]


@pytest.fixture
def root(tmp_path: Path) -> Path:
    folder = tmp_path / "root"
    for sub in ("parts", "thumbs", "att", "imgs", "invoices"):
        (folder / sub).mkdir(parents=True)
    for source, name in ((rb.FOUR, "four.pdf"), (rb.OUTLINE, "outline.pdf"), (rb.NESTED, "nested.pdf"),
                         (rb.ATTACHED, "attached.pdf"), (rb.FORM_LATEX, "form.pdf"),
                         (rb.JPEG_IMAGE, "image.pdf"), (rb.ENCRYPTED, "locked.pdf"),
                         (EINVOICE, "invoices/invoice.pdf")):
        shutil.copy(source, folder / name)
    return folder


def strict(schema: dict[str, Any]) -> dict[str, Any]:
    """The schema with `additionalProperties: false` wherever it lists properties (an extra field fails)."""
    out = copy.deepcopy(schema)

    def close(node: Any) -> None:
        if isinstance(node, dict):
            if "properties" in node and "additionalProperties" not in node:
                node["additionalProperties"] = False
            for value in node.values():
                close(value)
        elif isinstance(node, list):
            for value in node:
                close(value)

    close(out)
    return out


def run(client_cm: Any) -> tuple[dict[str, Any], list[Any]]:
    async def go() -> tuple[dict[str, Any], list[Any]]:
        async with client_cm as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            return tools, [await client.call_tool(name, args) for name, args in CALLS]

    return anyio.run(go)


@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_every_result_matches_its_advertised_output_schema(transport: str, root: Path, tmp_path: Path) -> None:
    if transport == "stdio":
        tools, results = run(stdio_client(root))
    else:
        with http_server(root, files_dir=tmp_path) as server:
            tools, results = run(server.client())
    assert {name for name, _ in CALLS} == set(tools), "every tool is called (add a call for a new tool)"
    problems = []
    for (name, args), result in zip(CALLS, results, strict=True):
        assert not result.is_error, (name, args, result.content)
        schema = tools[name].output_schema
        assert schema is not None, name
        data = result.structured_content
        problems += [f"{name} {args}: {e.json_path}: {e.message}"
                     for e in Draft202012Validator(strict(schema)).iter_errors(data)]
        declared = set(schema["properties"])
        missing = declared - set(data) - {"files", "stored_files"}  # optional: a call may write nothing
        problems += [f"{name} {args}: declared but missing: {sorted(missing)}"] if missing else []
        wrote = any(c.type == "resource_link" for c in result.content)
        if transport == "http" and wrote:
            assert "files" in declared and "files" in data, name
            assert all(f["uri"].startswith("pdftools://files/") for f in data["files"])
        if transport == "stdio" or name in ("pdf_list", "pdf_rename_invoice", "pdf_search"):  # their own `files`
            continue
        assert ("files" in data) == wrote, name
    assert not problems, "\n".join(problems)


LONG = [("pdf_rotate", {"input": "long.pdf", "angle": 90, "output": "r.pdf"}),
        ("pdf_select_pages", {"input": "long.pdf", "pages": "1200-1", "output": "s.pdf"}),
        ("pdf_resize", {"input": "long.pdf", "paper": "a5", "output": "rs.pdf"}),
        ("pdf_stamp", {"input": "long.pdf", "text": "{page}", "output": "st.pdf"})]


def test_a_cut_list_of_pages_keeps_to_the_schema_and_says_how_many(tmp_path: Path) -> None:
    """A list of page numbers is cut to its first 1,000 (5,000 made 60 kB): the count beside it was a field no
    output schema declares (`rotated_count`, `scales_count`...), which a client validating the result against the
    schema, with `additionalProperties: false`, refused. The result says the count in words instead: in its
    warnings where it has them, else in a note beside the JSON."""
    import extreme_pdfs as extreme

    extreme.pages(tmp_path / "long.pdf", 1_200)

    async def go() -> tuple[dict[str, Any], list[Any]]:
        async with stdio_client(tmp_path) as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            return tools, [await client.call_tool(name, args) for name, args in LONG]

    tools, results = anyio.run(go)
    for (name, _), result in zip(LONG, results, strict=True):
        assert not result.is_error, (name, result.content)
        errors = [e.message for e in Draft202012Validator(strict(tools[name].output_schema)).iter_errors(
            result.structured_content)]
        assert not errors, (name, errors)
        said = "\n".join(block.text for block in result.content if block.type == "text")
        assert "first 1,000 of 1,200" in said, (name, said[-300:])
