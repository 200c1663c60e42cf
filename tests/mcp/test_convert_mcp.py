"""doc_convert over MCP: every direction through a real stdio server, and what an MCP client may not do
(filters, templates, paths outside the roots), through the SDK's in-memory client."""

from __future__ import annotations

import base64
import json
import os
import re
from pathlib import Path

import anyio
import pytest
from convert_docs import ARABIC, CHINESE, GERMAN, docx_media, docx_xml, make_docx, pdf_images, pdf_text, write_docs
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from PIL import Image
from test_mcp import PDFTOOLS, error_of

from pdftools.mcp.server import build_server


@pytest.fixture
def root(tmp_path: Path) -> Path:
    work = tmp_path / "root"
    write_docs(work)
    return work


def call(root: Path, args: dict) -> object:
    async def go():
        async with Client(build_server([root])) as client:
            return await client.call_tool("doc_convert", args)

    return anyio.run(go)


def test_schema_has_no_filters_templates_or_arbitrary_arguments(root: Path) -> None:
    async def go():
        async with Client(build_server([root])) as client:
            return {t.name: t for t in (await client.list_tools()).tools}["doc_convert"]

    tool = anyio.run(go)
    props = tool.input_schema["properties"]
    assert {"input", "output", "content", "from_format", "to_format", "reference_doc", "resource_path"} <= set(props)
    assert not {"template", "lua_filter", "filter", "extra_args", "args"} & set(props)
    assert props["max_chars"]["default"] == 40_000 and props["timeout"]["default"] == 120
    assert "typst" in json.dumps(props["pdf_engine"]) and not tool.annotations.read_only_hint
    assert tool.output_schema and "content" in tool.output_schema["properties"]


def test_a_lua_filter_or_template_from_a_client_is_never_run(root: Path, tmp_path: Path) -> None:
    marker = tmp_path / "filter-ran"
    (root / "evil.lua").write_text(f'io.open("{marker}", "w"):write("x")\nfunction Str(s) return s end\n')
    (root / "evil.html").write_text("EVIL TEMPLATE $body$")
    result = call(root, {"input": "sample.md", "to_format": "html", "standalone": True,
                         "lua_filter": ["evil.lua"], "template": "evil.html"})
    assert not marker.exists()
    if not result.is_error:  # the SDK drops arguments the schema does not have
        assert "EVIL TEMPLATE" not in result.structured_content["content"]


@pytest.mark.parametrize("field", ["input", "output", "reference_doc", "resource_path"])
def test_every_path_is_confined_to_the_roots(root: Path, tmp_path: Path, field: str) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "x.md").write_text("# outside\n")
    (outside / "ref.docx").write_bytes(b"PK")
    args: dict = {"input": "sample.md", "output": "out.docx"}
    args[field] = {"input": str(outside / "x.md"), "output": str(outside / "out.docx"),
                   "reference_doc": str(outside / "ref.docx"), "resource_path": [str(outside)]}[field]
    error = error_of(call(root, args))
    assert error["code"] == "PATH_OUTSIDE_ROOT" and str(root) in error["hint"]
    assert not (outside / "out.docx").exists() and not (root / "out.docx").exists()


def test_images_outside_the_roots_are_not_embedded(root: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    Image.new("RGB", (12, 12), (0, 0, 0)).save(outside / "secret.png")
    (root / "inside.png").symlink_to(outside / "secret.png")
    (root / "d.md").write_text(f"![a]({outside}/secret.png) ![b](inside.png) ![c](red.png)\n")
    result = call(root, {"input": "d.md", "output": "d.docx"})
    assert not result.is_error, result
    data = result.structured_content
    assert data["images"] == ["red.png"]
    assert list(docx_media(root / "d.docx").values()) == [(root / "red.png").read_bytes()]
    assert sorted(data["warnings"]) == [f"image {outside}/secret.png not embedded: outside the allowed roots",
                                        "image inside.png not embedded: outside the allowed roots"]


def test_inline_text_is_cut_at_the_budget(root: Path) -> None:
    result = call(root, {"input": "sample.md", "to_format": "html", "max_chars": 100})
    data = result.structured_content
    assert data["truncated"] is True and len(data["content"]) == 100 and data["output"] is None
    assert result.content[0].text.startswith(data["content"]) and "offset=100" in result.content[0].text
    whole = call(root, {"input": "sample.md", "to_format": "html"}).structured_content
    assert whole["truncated"] is False and whole["content"].startswith(data["content"])


def test_errors_over_mcp(root: Path) -> None:
    (root / "fake.docx").write_text("just text")
    assert error_of(call(root, {"input": "fake.docx"}))["code"] == "WRONG_FORMAT"
    unknown = error_of(call(root, {"input": "sample.md", "to_format": "markdwn"}))
    assert unknown["code"] == "UNKNOWN_FORMAT" and "markdown" in unknown["message"]
    binary = error_of(call(root, {"input": "sample.md", "to_format": "docx"}))
    assert binary["code"] == "INVALID_ARGUMENT" and "output file" in binary["message"]
    assert error_of(call(root, {"content": " "}))["code"] == "EMPTY_INPUT"
    for args in ({}, {"input": "sample.md", "content": "# x"}):  # no document, or two: each argument named once
        neither = error_of(call(root, args))
        assert neither["code"] == "INVALID_ARGUMENT", neither
        words = re.findall(r"\w+", neither["message"] + " " + neither["hint"])
        assert words.count("input") == 1 and words.count("content") == 1, neither


def test_every_direction_over_a_real_stdio_server(root: Path) -> None:
    make_docx(root / "sample.md", root / "made.docx")
    params = StdioServerParameters(command=str(PDFTOOLS), args=["serve", "--transport", "stdio", "--root", str(root)],
                                   env={"PATH": os.environ["PATH"]}, cwd=str(root))

    async def go() -> dict:
        out = {}
        async with Client(params) as client:
            async def convert(name: str, **args) -> None:
                out[name] = await client.call_tool("doc_convert", args)

            await convert("md-html", input="sample.md")
            await convert("md-docx", input="sample.md", output="out/md.docx")
            await convert("md-pdf", input="sample.md", output="out/md.pdf", toc=True)
            await convert("docx-md", input="made.docx", to_format="gfm")
            await convert("html-pdf", input="sample.html", output="out/html.pdf")
            await convert("pdf-md", input="out/md.pdf", to_format="markdown")
            await convert("pdf-docx", input="out/md.pdf", output="out/pdf.docx")
            await convert("text-gfm", content="# Title\n\nSome *text*.", to_format="gfm")
        return out

    (root / "out").mkdir()
    results = anyio.run(go)
    for name, result in results.items():
        assert not result.is_error, (name, result.content[0].text)
    inline = {name: r.structured_content.get("content") or "" for name, r in results.items()}
    assert re.search(r"<h2[^>]*>Listen</h2>", inline["md-html"]) and ARABIC in inline["md-html"]
    assert results["md-html"].content[0].text == inline["md-html"]  # the model reads the text, not JSON

    assert "Grüße aus München" in docx_xml(root / "out" / "md.docx") and docx_media(root / "out" / "md.docx")
    md_pdf = pdf_text(root / "out" / "md.pdf")
    assert GERMAN.split(":")[0] in md_pdf and ARABIC in md_pdf and CHINESE in md_pdf
    assert pdf_images(root / "out" / "md.pdf") == 1
    assert "# Überblick" in inline["docx-md"] and "| Kairo" in inline["docx-md"]
    assert "Überblick" in pdf_text(root / "out" / "html.pdf")
    assert re.search(r"^## Listen$", inline["pdf-md"], re.M) and CHINESE in inline["pdf-md"]
    assert 'w:val="Heading2"' in docx_xml(root / "out" / "pdf.docx")
    assert inline["text-gfm"] == "# Title\n\nSome *text*.\n"


def test_uploads_in_and_download_links_out_over_http(tmp_path: Path) -> None:
    """Over HTTP the same tool takes uploads (a pdftools:// URI, or base64) and gives download links; the
    formats of nameless inputs come from their content."""
    from test_mcp_http import _client, start

    root = tmp_path / "root"
    docs = write_docs(root)
    docx = make_docx(docs["md"], tmp_path / "made.docx")
    server = start(root, PDFTOOLS_FILES_DIR=str(tmp_path))
    try:
        async def go() -> tuple:
            async with _client(server) as client:
                uri = server.upload(docx)["uri"]
                to_md = await client.call_tool("doc_convert", {"input": uri, "to_format": "gfm"})
                encoded = "data:application/octet-stream;base64," + base64.b64encode(docx.read_bytes()).decode()
                to_pdf = await client.call_tool("doc_convert", {"input": encoded, "output": "report.pdf"})
                return uri, to_md, to_pdf

        uri, to_md, to_pdf = anyio.run(go)
        assert not to_md.is_error and not to_pdf.is_error, (to_md.content, to_pdf.content)
        assert "# Überblick" in to_md.structured_content["content"] and to_md.structured_content["input"] == uri
        produced = to_pdf.structured_content["files"][0]
        assert to_pdf.structured_content["from_format"] == "docx" and produced["name"] == "report.pdf"
        assert to_pdf.structured_content["output"] == produced["uri"]  # a URI, not the server's path
        status, _, body = server.request("GET", "/files/" + produced["uri"].rsplit("/", 1)[1])
        assert status == 200 and body[:5] == b"%PDF-"
        (tmp_path / "got.pdf").write_bytes(body)
        assert CHINESE in pdf_text(tmp_path / "got.pdf")
    finally:
        server.proc.terminate()
        server.proc.wait(timeout=20)


def test_a_cut_text_goes_on_at_the_offset_the_note_names_over_stdio(tmp_path: Path) -> None:
    """Over stdio a cut text pointed to `output`: a file the agent cannot read with any tool. The note names the
    offset to call again with; the parts, joined, are the whole text (the command line's), and an offset past
    its end is an error that says how long the text is. A real server, the official client."""
    import subprocess
    import sys

    sys.path.insert(0, str(Path(__file__).parent))
    from surface_servers import stdio_client

    (tmp_path / "long.md").write_text("\n\n".join(f"Paragraph {i}: " + "words and more words " * 20
                                                  for i in range(60)), encoding="utf-8")
    whole = subprocess.run([PDFTOOLS, "convert", "long.md", "--to", "plain"], cwd=tmp_path, capture_output=True,
                           text=True, check=True).stdout

    async def go() -> tuple[list[str], list[str], object]:
        parts, notes, offset = [], [], 0
        async with stdio_client(tmp_path) as client:
            for _ in range(10):
                result = await client.call_tool("doc_convert", {"input": "long.md", "to_format": "plain",
                                                                "max_chars": 10_000, "offset": offset})
                assert not result.is_error, result.content[0].text
                parts.append(result.structured_content["content"])
                if not result.structured_content["truncated"]:
                    break
                notes.append(result.content[0].text[len(parts[-1]):])
                offset = int(re.search(r"offset=(\d+)", notes[-1]).group(1))
            past = await client.call_tool("doc_convert", {"input": "long.md", "to_format": "plain",
                                                          "offset": len(whole) + 1})
        return parts, notes, past

    parts, notes, past = anyio.run(go)
    assert len(whole) > 25_000 and len(parts) == -(-len(whole) // 10_000), (len(whole), len(parts))
    assert "".join(parts) == whole
    assert all("`output`" not in note for note in notes), notes
    error = error_of(past)
    assert error["code"] == "INVALID_ARGUMENT" and str(len(whole)) in error["message"], error


def test_deep_nesting_and_parse_errors_over_mcp(root: Path) -> None:
    """The nesting limit and pandoc's parse errors reach an agent as codes with hints in its terms."""
    (root / "deep.md").write_text("[" * 40 + "x\n")
    error = error_of(call(root, {"input": "deep.md", "to_format": "html"}))
    assert error["code"] == "INPUT_TOO_LARGE" and "PDFTOOLS_MAX_NESTING" in error["message"]
    assert "from_format" in error["hint"] and "--from" not in error["hint"]
    (root / "bad.tex").write_text("\\begin{document}\n\\end{itemize}\n")
    error = error_of(call(root, {"input": "bad.tex", "to_format": "html"}))
    assert error["code"] == "WRONG_FORMAT" and "line 2, column 14" in error["message"], error
    assert "expecting \\end{document}" in error["message"]
