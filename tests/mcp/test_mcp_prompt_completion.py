"""`completion/complete` for a prompt's arguments: a prompt the server does not offer (a misspelt one, or one whose
tools `--tools` left out) or an argument it does not have is -32602, as `prompts/get` answers for them: both
completed file names as if they were the prompt's. And `searchable_summary`'s `language` is completed with the
installed tesseract languages (what the shell offers after `ocr -l`): it had nothing. Over a real `pdftools serve`
on stdio, with the official client."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import anyio
from conftest import CORPUS
from mcp.shared.exceptions import MCPError
from mcp.types import INVALID_PARAMS, PromptReference
from surface_servers import stdio_client

from pdftools.engines import tesseract

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"


def _prompt(name: str) -> PromptReference:
    return PromptReference(type="ref/prompt", name=name)


def test_completion_knows_the_prompts_and_their_arguments(tmp_path: Path) -> None:
    shutil.copy(FOUR, tmp_path / "four.pdf")
    asked = [("all", "no_such_prompt", "file", "fo"), ("all", "rename_invoices", "file", "fo"),
             ("read", "rename_invoices", "folder", ""), ("all", "read_long_pdf", "file", "fo"),
             ("all", "searchable_summary", "language", ""), ("all", "searchable_summary", "language", "eng+")]

    async def go() -> list[Any]:
        answers = []
        for tools, prompt, argument, typed in asked:
            async with stdio_client(tmp_path, "--tools", tools) as client:
                try:
                    answers.append((await client.complete(_prompt(prompt), {"name": argument, "value": typed}))
                                   .completion.values)
                except MCPError as exc:
                    answers.append(exc.error.code)
        return answers

    unknown, no_such_argument, not_offered, files, languages, more = anyio.run(go)
    assert (unknown, no_such_argument, not_offered) == (INVALID_PARAMS,) * 3
    assert files == ["four.pdf"]
    installed = list(tesseract.languages())
    assert languages == installed and more == [f"eng+{code}" for code in installed if code != "eng"], more
