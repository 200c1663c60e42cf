"""pandoc's options a pandoc user reaches for first, through `convert`: --embed-resources (one HTML file, its images
inside), --css (a stylesheet for HTML and for PDF through weasyprint), --number-sections and --toc-depth; each
output read back (the HTML itself, pdftotext, pdfinfo for the page size)."""

from __future__ import annotations

import base64
import json
import re
import subprocess
from pathlib import Path
from typing import Any

import anyio
import pytest
from convert_docs import pdf_text, write_docs
from mcp import Client

from pdftools.mcp.server import build_server


@pytest.fixture
def docs(tmp_path: Path) -> dict[str, Path]:
    return write_docs(tmp_path / "docs")


def ok(cli: Any, *args: object) -> dict:
    result = cli("convert", *args, "--json")
    assert result.exit_code == 0, result
    return json.loads(result.stdout)


def img_sources(html: str) -> list[str]:
    return re.findall(r'<img[^>]*\ssrc="([^"]+)"', html)


@pytest.mark.parametrize("flag", ["--embed-resources", "--self-contained"])
def test_embed_resources_puts_a_markdown_documents_images_inside_the_html(cli: Any, docs: dict[str, Path],
                                                                          tmp_path: Path, flag: str) -> None:
    out = tmp_path / "one-file.html"
    data = ok(cli, docs["md"], "-o", out, "-s", flag)
    [src] = img_sources(out.read_text(encoding="utf-8"))
    assert src.startswith("data:image/png;base64,")
    assert base64.b64decode(src.split(",", 1)[1]) == docs["png"].read_bytes()
    assert data["images"] == ["red.png"] and data["warnings"] == []
    assert img_sources(cli("convert", docs["md"], "-t", "html").stdout) == ["red.png"]  # else a link


def test_embed_resources_says_which_images_it_could_not_put_inside(cli: Any, tmp_path: Path) -> None:
    (tmp_path / "doc.md").write_text("# Doc\n\n![gone](missing.png)\n")
    data = ok(cli, tmp_path / "doc.md", "-t", "html", "--embed-resources")
    assert img_sources(data["content"]) == ["missing.png"] and "missing.png not embedded" in " ".join(data["warnings"])


CSS = "@page { size: 100mm 150mm; margin: 10mm }\nh1 { color: rgb(0, 128, 0) }\n"


def page_size(pdf: Path) -> tuple[float, float]:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    width, height = re.search(r"Page size:\s+([\d.]+) x ([\d.]+) pts", info).groups()  # type: ignore[union-attr]
    return float(width), float(height)


def test_css_styles_a_pdf_made_by_weasyprint(cli: Any, docs: dict[str, Path], tmp_path: Path) -> None:
    (tmp_path / "print.css").write_text(CSS)
    plain, styled = tmp_path / "plain.pdf", tmp_path / "styled.pdf"
    ok(cli, docs["md"], "-o", plain)
    ok(cli, docs["md"], "-o", styled, "--css", tmp_path / "print.css")
    assert page_size(plain) != page_size(styled)
    width, height = page_size(styled)
    assert abs(width - 100 / 25.4 * 72) < 1 and abs(height - 150 / 25.4 * 72) < 1
    assert "Überblick" in pdf_text(styled)


def test_css_is_put_inside_an_html_output(cli: Any, docs: dict[str, Path], tmp_path: Path) -> None:
    (tmp_path / "a.css").write_text("h1 { color: rgb(0, 128, 0) }\n")
    (tmp_path / "b.css").write_text("p { margin: 0 } /* </style><script>x</script> */\n")
    html = ok(cli, docs["md"], "-t", "html", "--css", tmp_path / "a.css", "--css", tmp_path / "b.css")["content"]
    head = html[: html.index("</head>")]  # a stylesheet needs a head: --css makes a whole document
    assert head.index("rgb(0, 128, 0)") < head.index("p { margin: 0 }") and "</style><script>" not in html


@pytest.mark.parametrize(("args", "says"), [(["-t", "docx", "-o", "x.docx"], "docx"),
                                            (["-o", "x.pdf", "--pdf-engine", "typst"], "typst")])
def test_css_where_nothing_reads_it_is_refused(cli: Any, docs: dict[str, Path], tmp_path: Path, args: list[str],
                                               says: str) -> None:
    (tmp_path / "a.css").write_text("h1 { color: red }\n")
    result = cli("convert", docs["md"], "--css", tmp_path / "a.css", *args, "--json")
    assert result.exit_code == 2 and not (tmp_path / args[args.index("-o") + 1]).exists(), result
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT" and says in error["message"], error


def test_a_missing_stylesheet_is_file_not_found(cli: Any, docs: dict[str, Path]) -> None:
    result = cli("convert", docs["md"], "-t", "html", "--css", "nope.css", "--json")
    assert result.exit_code == 3 and json.loads(result.stderr)["error"]["code"] == "FILE_NOT_FOUND"


@pytest.mark.parametrize("engine", ["weasyprint", "typst"])
def test_number_sections_numbers_the_headings(cli: Any, docs: dict[str, Path], tmp_path: Path, engine: str) -> None:
    out = tmp_path / f"{engine}.pdf"
    ok(cli, docs["md"], "-o", out, "-N", "--pdf-engine", engine)
    text = " ".join(pdf_text(out).split())
    assert re.search(r"\b1 Überblick\b", text) and re.search(r"\b1\.1 Listen\b", text), text
    assert re.search(r"\b1\.2 Tabelle\b", text), text


def test_toc_depth_limits_the_table_of_contents(cli: Any, docs: dict[str, Path]) -> None:
    deep = ok(cli, docs["md"], "-t", "html", "-s", "--toc")["content"]
    shallow = ok(cli, docs["md"], "-t", "html", "-s", "--toc", "--toc-depth", "1")["content"]
    toc = re.compile(r'<nav id="TOC".*?</nav>', re.S)
    assert "Listen" in toc.search(deep).group() and "Listen" not in toc.search(shallow).group()  # type: ignore
    assert "Überblick" in toc.search(shallow).group()  # type: ignore[union-attr]


def test_the_options_over_mcp(docs: dict[str, Path]) -> None:
    """embed_resources and css over MCP; the typographic options (toc_depth, number_sections, wrap) are the command
    line's: each would cost every agent's tool listing."""
    root = docs["md"].parent
    (root / "print.css").write_text(CSS)

    async def go() -> Any:
        async with Client(build_server([root])) as client:
            props = {t.name: t for t in (await client.list_tools()).tools}["doc_convert"].input_schema["properties"]
            return props, await client.call_tool("doc_convert", {
                "input": "sample.md", "to_format": "html", "embed_resources": True, "css": ["print.css"]})

    props, result = anyio.run(go)
    assert not result.is_error, result
    html = result.structured_content["content"]
    assert img_sources(html)[0].startswith("data:image/png;base64,") and "size: 100mm 150mm" in html
    assert {"embed_resources", "css", "append"} <= set(props)
    assert not {"toc_depth", "number_sections", "wrap"} & set(props)


@pytest.mark.parametrize("engine", ["weasyprint", "typst"])
def test_at_names_are_text_not_citations_in_both_engines(cli: Any, tmp_path: Path, engine: str) -> None:
    """pandoc's markdown reads `@alice` and `[@doe99, p. 3]` as citations; typst wrote them as references to labels
    its document does not have and failed (`the document does not contain a bibliography`), so any README with an
    `@handle` could not become a PDF through typst. Both engines now print them as they were written."""
    (tmp_path / "at.md").write_text("# Hi\n\nAsk @alice on Slack, or see [@doe99, p. 3].\n\nMail bob@example.org.\n")
    out = tmp_path / f"{engine}.pdf"
    ok(cli, tmp_path / "at.md", "-o", out, "--pdf-engine", engine)
    text = " ".join(pdf_text(out).split())
    assert "Ask @alice on Slack, or see [@doe99, p. 3]." in text and "bob@example.org" in text, text


def test_links_to_anchors_typst_has_no_label_for_are_text(cli: Any, tmp_path: Path) -> None:
    """A link to `#id` that typst has no label for (a misspelt anchor, an inline code's or a code block's id, a
    footnote's `#fn1` as HTML numbers them) failed the whole PDF (`label <fn1> does not exist`). It is now its
    text, the result says which, and a link to a heading stays a link."""
    import pikepdf

    (tmp_path / "l.md").write_text("# Hi\n\n`c`{#cd} [to code](#cd), [to nowhere](#nowhere) and x[^1].\n\n"
                                   "~~~ {#cb}\ncode\n~~~\n\n[to block](#cb), [to note](#fn1), [up](#hi).\n\n"
                                   "[^1]: note\n")
    out = tmp_path / "l.pdf"
    data = ok(cli, tmp_path / "l.md", "-o", out, "--pdf-engine", "typst")
    text = " ".join(pdf_text(out).split())
    for words in ("to code", "to nowhere", "to block", "to note", "up"):
        assert words in text, (words, text)
    assert sorted(w.split()[2] for w in data["warnings"]) == ["#cb", "#cd", "#fn1", "#nowhere"], data["warnings"]
    with pikepdf.open(out) as pdf:
        named = [str(a.Dest) for page in pdf.pages for a in page.get("/Annots", [])
                 if isinstance(a.get("/Dest"), pikepdf.String)]  # (the footnote's own links are explicit ones)
    assert named == ["hi"], named


def test_a_typst_failure_names_typst_not_python(cli: Any, tmp_path: Path) -> None:
    """typst runs inside a child Python; its failure read `.../bin/python failed (exit 1): typst: ...`."""
    (tmp_path / "bad.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"><rect width=</svg>')
    (tmp_path / "bad.md").write_text("# Bad\n\n![b](bad.svg)\n")
    result = cli("convert", tmp_path / "bad.md", "-o", tmp_path / "bad.pdf", "--pdf-engine", "typst", "--json")
    assert result.exit_code == 9 and not (tmp_path / "bad.pdf").exists(), result
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "EXTERNAL_TOOL_FAILED", error
    assert error["message"].startswith("typst could not make the PDF"), error
    assert "python" not in error["message"] and "failed to parse SVG" in error["message"], error


@pytest.mark.parametrize(("wrap", "lines"), [(None, "several"), ("auto", "several"), ("none", "one"),
                                             ("preserve", "as written")])
def test_wrap_decides_how_text_output_lines_break(cli: Any, tmp_path: Path, wrap: str | None, lines: str) -> None:
    """docx to markdown for a repository is `pandoc --wrap=none` (a paragraph a line, diffs stay small)."""
    first, rest = " ".join(f"word{i}" for i in range(15)), " ".join(f"word{i}" for i in range(15, 40))
    words = f"{first} {rest}"
    (tmp_path / "p.md").write_text(f"# P\n\n{first}\n{rest}\n")
    md = ok(cli, tmp_path / "p.md", "-t", "markdown", *(["--wrap", wrap] if wrap else []))["content"]
    body = md.split("\n\n", 1)[1].strip().splitlines()
    if lines == "one":
        assert body == [words], body
    elif lines == "as written":
        assert body == [first, rest], body
    else:
        assert len(body) >= 3 and all(len(line) <= 72 for line in body), body
