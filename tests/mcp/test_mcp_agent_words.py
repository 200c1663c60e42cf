"""What an agent reads speaks its terms: tool and argument names, never a command-line flag (`--rotate-pages`)
or a command-line convention (`INPUT-ocr.pdf`). The listing's parameter and output texts, and the results of a
few typical calls, through a real `pdftools serve` over stdio. `pdf_ocr`'s output said `INPUT-ocr.pdf`,
`pdf_diagnose` said `ocr --rotate-pages`, and `pdf_batch`'s `command` did not list its choices."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
from conftest import CORPUS
from surface_servers import stdio_client

from pdftools.batch.plan import commands
from pdftools.ops import OPS

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"
FLAG = re.compile(r"(?<![^\s`(\[/])--?[A-Za-z][\w-]*(?!\.\w)")
CLI_ONLY = re.compile(r"\bINPUT\b|\bFILE\b|`-`|\bstdout\b|\bstdin\b|--json|`pdftools ")
INSTALL = ("install",)  # a shell command for whoever runs the server: its flags are the installer's


def strings(node: Any, skip: tuple[str, ...] = ()) -> Iterator[str]:
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for key, value in node.items():
            if key not in skip:
                yield from strings(value, skip)
    elif isinstance(node, list):
        for value in node:
            yield from strings(value, skip)


def descriptions(schema: Any) -> Iterator[str]:
    if isinstance(schema, dict):
        if isinstance(schema.get("description"), str):
            yield schema["description"]
        for value in schema.values():
            yield from descriptions(value)
    elif isinstance(schema, list):
        for value in schema:
            yield from descriptions(value)


def test_the_listing_and_results_speak_the_agents_terms(tmp_path: Path) -> None:
    shutil.copy(FOUR, tmp_path / "four.pdf")

    async def go() -> tuple[list[Any], list[tuple[str, Any]]]:
        async with stdio_client(tmp_path, "--tools", "all") as client:
            tools = (await client.list_tools()).tools
            calls: list[tuple[str, dict[str, Any]]] = [
                ("pdf_diagnose", {}), ("pdf_info", {"input": "four.pdf"}),
                ("pdf_ocr", {"input": "four.pdf", "mode": "text", "pages": "1"}),
                ("pdf_extract_text", {"input": "four.pdf", "max_chars": 200}),
                ("pdf_check", {"input": "four.pdf"}), ("pdf_inspect", {"input": "four.pdf"})]
            return tools, [(name, await client.call_tool(name, args)) for name, args in calls]

    tools, results = anyio.run(go)
    for tool in tools:
        texts = [tool.description or "", *descriptions(tool.input_schema), *descriptions(tool.output_schema)]
        for text in texts:
            assert not FLAG.search(text) and not CLI_ONLY.search(text), (tool.name, text)
    for name, result in results:
        assert not result.is_error, (name, result.content)
        for text in strings(result.structured_content, skip=INSTALL):
            assert not FLAG.search(text) and not CLI_ONLY.search(text), (name, text)
    ocr = next(t for t in tools if t.name == "pdf_ocr").input_schema["properties"]["output"]
    assert "-ocr.pdf" in ocr["description"], ocr  # the default still said, in the agent's words
    checks = {c["name"]: c for c in dict(results)["pdf_diagnose"].structured_content["checks"]}
    assert "upright" in checks["tesseract osd"]["used_for"], checks
    commands = {op.name for op in OPS}  # what pdf_diagnose's `used_for` said: `thumbnails, ocr`, `convert`
    for check in checks.values():
        assert not commands & set(re.split(r"[\s,:()]+", check["used_for"])), check
    assert checks["pdftoppm"]["used_for"] == "pdf_thumbnails, pdf_ocr, pdf_crop (to the content)", checks
    assert checks["pdftocairo"]["used_for"] == "pdf_repair (where qpdf gives up)", checks
    assert checks["weasyprint"]["used_for"].startswith("doc_convert to PDF"), checks


def test_the_command_line_names_commands(cli: Any) -> None:
    """`doctor --json` names the commands, as it did."""
    checks = {c["name"]: c for c in json.loads(cli("doctor", "--json").stdout)["checks"]}
    assert checks["pdftoppm"]["used_for"] == "thumbnails, ocr, crop (to the content)", checks
    assert checks["tesseract osd"]["used_for"] == "ocr: turning pages upright", checks


def test_a_batch_lists_the_commands_it_runs(tmp_path: Path) -> None:
    """The choices in the schema (the error listed them); a command named by its tool still runs."""
    shutil.copy(FOUR, tmp_path / "four.pdf")

    async def go() -> tuple[Any, Any, Any]:
        async with stdio_client(tmp_path, "--tools", "all") as client:
            tool = {t.name: t for t in (await client.list_tools()).tools}["pdf_batch"]
            calls = [{"command": "pdf_info", "inputs": ["four.pdf"], "out_dir": "out"},
                     {"command": "nope", "inputs": ["four.pdf"], "out_dir": "out"}]
            by_tool, unknown = [await client.call_tool("pdf_batch", args) for args in calls]
            return tool, by_tool, unknown

    tool, by_tool, unknown = anyio.run(go)
    assert not by_tool.is_error and by_tool.structured_content["command"] == "info", by_tool.content
    assert unknown.is_error and "INVALID_ARGUMENT" in unknown.content[0].text and ", linearize" in \
        unknown.content[0].text, unknown.content
    command = tool.input_schema["properties"]["command"]
    assert command.get("enum") == commands() and "ocr" in command["enum"], command
    assert "merge" not in command["enum"] and "batch" not in command["enum"], command


def test_error_hints_speak_of_arguments_not_options(tmp_path: Path) -> None:
    """A command has options; a tool has arguments. The general hint said `Check the option values`."""
    shutil.copy(FOUR, tmp_path / "four.pdf")
    calls: list[tuple[str, dict[str, Any]]] = [
        ("pdf_crop", {"input": "four.pdf"}),
        ("pdf_split", {"input": "four.pdf", "out_dir": "s", "every": 2, "ranges": "1-2"}),
        ("pdf_bookmarks", {"input": "four.pdf", "action": "add"})]

    async def go() -> list[Any]:
        async with stdio_client(tmp_path, "--tools", "all") as client:
            return [await client.call_tool(name, args) for name, args in calls]

    for (name, _), result in zip(calls, anyio.run(go), strict=True):
        assert result.is_error and "INVALID_ARGUMENT" in result.content[0].text, (name, result.content)
        error = json.loads(result.content[0].text)
        for text in (error["message"], error["hint"]):
            assert not re.search(r"\boptions?\b", text) and not FLAG.search(text), (name, text)


def test_errors_of_typical_calls_speak_the_agents_terms(tmp_path: Path) -> None:
    """The errors of typical mistakes, read as an agent reads them: `in_place` took `neither output nor \\`-\\``
    (standard input, the command line's), a bad pattern was explained by `pdfgrep -P`."""
    shutil.copy(FOUR, tmp_path / "four.pdf")
    (tmp_path / "notpdf.pdf").write_text("nope")
    calls: list[tuple[str, dict[str, Any]]] = [
        ("pdf_rotate", {"input": "four.pdf", "angle": 90, "in_place": True, "output": "x.pdf"}),
        ("pdf_search", {"pattern": "(", "inputs": ["four.pdf"]}),
        ("pdf_metadata", {"action": "show", "input": "four.pdf", "values": {"title": "x"}}),
        ("pdf_page_labels", {"input": "four.pdf", "scheme": "1:i", "clear": True}),
        ("pdf_protect", {"input": "four.pdf"}),
        ("pdf_protect", {"input": "four.pdf", "user_password": "a", "cipher": "aes-128", "legacy": True}),
        ("pdf_info", {"input": "notpdf.pdf"}), ("pdf_list", {"folder": "four.pdf"}),
        ("pdf_extract_text", {"input": "four.pdf", "pages": "9"}),
        ("pdf_thumbnails", {"input": "four.pdf", "out_dir": "th", "pattern": "x.png"}),
        ("pdf_search", {"pattern": "x", "inputs": ["four.pdf"], "start_page": 2}),
        ("doc_convert", {"content": "# hi", "input": "four.pdf"}),
        ("pdf_batch", {"command": "select", "inputs": ["four.pdf"], "out_dir": "o"})]

    async def go() -> list[Any]:
        async with stdio_client(tmp_path, "--tools", "all") as client:
            return [await client.call_tool(name, args) for name, args in calls]

    for (name, args), result in zip(calls, anyio.run(go), strict=True):
        assert result.is_error, (name, args, result)
        error = json.loads(result.content[0].text)
        for text in (error["message"], error["hint"]):
            assert not FLAG.search(text) and not CLI_ONLY.search(text), (name, text)


def test_errors_inside_results_speak_the_agents_terms(tmp_path: Path) -> None:
    """The inputs a search skipped and the invoices a rename could not read carry their errors in the result: they
    said `pass --password, or set PDFTOOLS_PASSWORD`, `pdftools check FILE`, and showed the raw
    `{{cli: (a relative path starts in the current folder)}}` meant for the command line."""
    from conftest import ENCRYPTED_REL

    shutil.copy(FOUR, tmp_path / "four.pdf")
    shutil.copy(CORPUS / ENCRYPTED_REL, tmp_path / "locked.pdf")
    (tmp_path / "broken.pdf").write_bytes(FOUR.read_bytes()[:2000])
    calls: list[tuple[str, dict[str, Any]]] = [
        ("pdf_search", {"pattern": "Hello", "inputs": ["four.pdf", "locked.pdf", "broken.pdf", "nope.txt"]}),
        ("pdf_rename_invoice", {"inputs": ["locked.pdf", "broken.pdf"]})]

    async def go() -> list[Any]:
        async with stdio_client(tmp_path, "--tools", "all") as client:
            return [await client.call_tool(name, args) for name, args in calls]

    search, rename = anyio.run(go)
    skipped = {s["code"] for s in search.structured_content["skipped"]}
    assert skipped == {"ENCRYPTED", "DAMAGED_PDF", "FILE_NOT_FOUND"}, search.content[0].text
    assert {f["error"] for f in rename.structured_content["files"]} == {"ENCRYPTED", "DAMAGED_PDF"}, rename
    for name, result in (("pdf_search", search), ("pdf_rename_invoice", rename)):
        for text in [*strings(result.structured_content), result.content[0].text]:
            assert not FLAG.search(text) and not CLI_ONLY.search(text) and "{{" not in text, (name, text)
            assert "PDFTOOLS_" not in text and "current folder" not in text, (name, text)


def test_notes_inside_results_speak_the_agents_terms(tmp_path: Path) -> None:
    """What an op tells about its work, in its result: `pdf_check` said `pdftools repair` may recover the pages
    poppler still reads, `doc_convert` that an image was not found in `--resource-path`."""
    shutil.copy(CORPUS / "017-unreadable-meta-data" / "unreadablemetadata.pdf", tmp_path / "damaged.pdf")
    (tmp_path / "note.md").write_text("# Note\n\n![a](missing.png)\n")
    calls: list[tuple[str, dict[str, Any]]] = [
        ("pdf_check", {"input": "damaged.pdf"}),
        ("doc_convert", {"input": "note.md", "output": "note.pdf"})]

    async def go() -> list[Any]:
        async with stdio_client(tmp_path, "--tools", "all") as client:
            return [await client.call_tool(name, args) for name, args in calls]

    check, convert = anyio.run(go)
    assert any("pdf_repair" in p["message"] for p in check.structured_content["problems"]), check
    assert any("resource_path" in w for w in convert.structured_content["warnings"]), convert
    for name, result in (("pdf_check", check), ("doc_convert", convert)):
        for text in [*strings(result.structured_content), result.content[0].text]:
            assert not FLAG.search(text) and not CLI_ONLY.search(text), (name, text)


def test_a_prompt_without_an_optional_argument_reads_whole(tmp_path: Path) -> None:
    """`searchable_summary` without a language said `(language:  if given, else its default)`: a hole where the
    argument goes; with one, `language: eng if given`."""
    async def go() -> list[str]:
        async with stdio_client(tmp_path, "--tools", "all") as client:
            return [(await client.get_prompt("searchable_summary", args)).messages[0].content.text
                    for args in ({"file": "scan.pdf"}, {"file": "scan.pdf", "language": "eng+deu"})]

    bare, with_language = anyio.run(go)
    for text in (bare, with_language):
        assert "  " not in text and "if given" not in text and "pdf_ocr with input='scan.pdf'" in text, text
    assert "language" not in bare.split("pdf_extract_text")[0], bare
    assert "language='eng+deu'" in with_language, with_language


def test_the_ocr_prompt_says_what_to_read_when_the_file_has_text_already(tmp_path: Path) -> None:
    """`searchable_summary` on a PDF that has text: pdf_ocr writes nothing (`already_text`, its note says so), and
    the prompt said to read "the searchable copy" and "name the searchable file you made", which do not exist.
    It says to read the file itself then. The prompt as the client gets it, and pdf_ocr's answer on such a file."""
    shutil.copy(CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf", tmp_path / "four.pdf")

    async def go() -> tuple[str, Any]:
        async with stdio_client(tmp_path, "--tools", "all") as client:
            prompt = (await client.get_prompt("searchable_summary", {"file": "four.pdf"})).messages[0].content.text
            return prompt, await client.call_tool("pdf_ocr", {"input": "four.pdf"})

    prompt, ocr = anyio.run(go)
    assert ocr.structured_content["already_text"] and ocr.structured_content["output"] is None, ocr
    assert "already_text" in prompt and "four.pdf itself" in prompt, prompt
