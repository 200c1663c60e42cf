"""A call of a tool the server does not offer is an error like every other: isError with `{code, message,
hint}` (README), not the SDK's bare `Unknown tool: NAME` text. The hint names the close match, or says the tool
exists but this server was started without it (`--tools`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
from surface_servers import stdio_client


def test_a_tool_not_offered_is_a_structured_error(tmp_path: Path) -> None:
    async def go() -> list[Any]:
        async with stdio_client(tmp_path, "--tools", "read") as client:
            return [await client.call_tool(name, {"input": "x.pdf"}) for name in
                    ("pdf_inf", "pdf_merge", "frobnicate")]

    typo, not_served, unknown = anyio.run(go)
    errors = []
    for result in (typo, not_served, unknown):
        assert result.is_error, result
        error = json.loads(result.content[0].text)
        assert error["code"] == "INVALID_ARGUMENT" and set(error) == {"code", "message", "hint"}, error
        assert "--" not in error["message"] + error["hint"], error
        errors.append(error)
    assert "pdf_inf" in errors[0]["message"] and "pdf_info" in errors[0]["hint"], errors[0]
    assert "pdf_merge" in errors[1]["message"] and "not offered" in errors[1]["hint"], errors[1]
    assert "pdf_list" in errors[2]["hint"], errors[2]  # the tools there are


def test_a_tool_guessed_from_its_command_name_is_named(tmp_path: Path) -> None:
    """An agent that knows the command line guesses `pdf_text` for `pdftools text`: the hint named `pdf_protect`
    (the closest spelling), never the tool that does it."""
    guesses = {"pdf_text": "pdf_extract_text", "pdf_delete": "pdf_delete_pages", "pdf_labels": "pdf_page_labels",
               "pdf_convert": "doc_convert", "pdf_images": "pdf_extract_images", "pdf_ls": "pdf_list",
               "pdf_doctor": "pdf_diagnose", "text": "pdf_extract_text", "pdf_merg": "pdf_merge"}

    async def go() -> list[Any]:
        async with stdio_client(tmp_path, "--tools", "all") as client:
            return [await client.call_tool(name, {"input": "x.pdf"}) for name in guesses]

    for (guess, tool), result in zip(guesses.items(), anyio.run(go), strict=True):
        error = json.loads(result.content[0].text)
        assert result.is_error and error["hint"] == f"Did you mean {tool}?", (guess, error)


def test_a_tool_named_in_other_words_is_named_not_a_lookalike(tmp_path: Path) -> None:
    """Agents name tools in the words of other PDF tools and of their task (`pdf_encrypt`, `pdf_watermark`,
    `pdf_split_pages`, `pdf_grep`): the closest spelling sent them to pdf_crop, pdf_bookmarks, pdf_select_pages
    and pdf_repair, a wrong call an agent may well make. The words other tools use for a command (the command
    line's table, tests/cli) and the words in the name find the tool; a name that matches nothing lists the tools,
    never a lookalike (`pdf_sign` was pdf_info)."""
    guesses = {"pdf_encrypt": "pdf_protect", "pdf_decrypt": "pdf_unprotect", "pdf_watermark": "pdf_stamp",
               "pdf_split_pages": "pdf_split", "pdf_grep": "pdf_search", "pdf_get_metadata": "pdf_metadata",
               "pdf_add_watermark": "pdf_stamp", "pdf_fill_form": "pdf_forms", "pdf_to_markdown": "doc_convert",
               "pdf_read": "pdf_extract_text", "pdf_page_count": "pdf_info", "pdf_optimize": "pdf_compress",
               "pdf_insert_blank_pages": "pdf_insert_blank"}
    unknown = ("pdf_sign", "pdf_nonexistent")

    async def go() -> list[Any]:
        async with stdio_client(tmp_path, "--tools", "all") as client:
            return [await client.call_tool(name, {"input": "x.pdf"}) for name in (*guesses, *unknown)]

    results = anyio.run(go)
    for (guess, tool), result in zip(guesses.items(), results, strict=False):
        error = json.loads(result.content[0].text)
        assert result.is_error and error["hint"] == f"Did you mean {tool}?", (guess, error)
    for guess, result in zip(unknown, results[len(guesses):], strict=True):
        error = json.loads(result.content[0].text)
        assert error["hint"].startswith("The tools: ") and "pdf_list" in error["hint"], (guess, error)
