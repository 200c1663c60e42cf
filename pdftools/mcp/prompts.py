"""Prompts: the workflows people ask agents for, each offered only when its tools are served; and argument
completion for file arguments (names inside the roots; over HTTP also the session's stored files).

An unknown prompt, or one missing a required argument, is JSON-RPC -32602 (invalid params).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mcp.server.mcpserver.prompts import Prompt
from mcp.server.mcpserver.prompts.base import PromptArgument, UserMessage
from mcp.shared.exceptions import MCPError
from mcp.types import INVALID_PARAMS, CompleteRequestParams, CompleteResult, Completion, GetPromptResult

from pdftools.core import pathnames

MAX_COMPLETIONS = 100  # the spec's cap per response


@dataclass(frozen=True)
class Workflow:
    name: str
    title: str
    description: str
    tools: tuple[str, ...]  # offered only when every one is served
    arguments: tuple[tuple[str, str, bool], ...]  # (name, description, required)
    text: str  # the message, with {argument} fields
    optional: tuple[tuple[str, str, str], ...] = ()  # (argument, its words when given: {value}, words when not)

    def render(self, arguments: dict[str, str]) -> str:
        values = {name: arguments.get(name) or "" for name, _, _ in self.arguments}
        for name, given, otherwise in self.optional:
            values[name] = given.format(value=values[name]) if values[name] else otherwise
        return self.text.format(**values).strip()


WORKFLOWS = (
    Workflow("searchable_summary", "Make a scan searchable and summarise it",
             "OCR a scanned PDF into a searchable copy, then summarise what it says.",
             ("pdf_ocr", "pdf_extract_text"),
             (("file", "The scanned PDF", True), ("language", "tesseract languages, e.g. eng+deu", False)),
             "Make {file} searchable: call pdf_ocr with input={file!r}{language}. Then read the searchable copy "
             "(when pdf_ocr answers `already_text`, every page has text and it made none: read {file} itself) "
             "with pdf_extract_text, following its `next_page` until the whole document is read, and write a "
             "summary: what the document is, who it is from and to, dates, amounts and anything the reader must act "
             "on. Name the searchable file you made, if any.",
             (("language", " and language={value!r}", ""),)),
    Workflow("merge_protect_share", "Merge, protect and share",
             "Merge PDFs into one, encrypt it with a password, and hand back the file.",
             ("pdf_merge", "pdf_protect"),
             (("files", "The PDFs to merge, in order (comma-separated)", True),
              ("password", "The password to open the result", True)),
             "Merge these PDFs in this order with pdf_merge: {files}. Then encrypt the merged file with "
             "pdf_protect (user_password as given: {password!r}). Check both results for errors and follow any "
             "hint. Finally give me the protected file: its path, or over HTTP its download link from `files`. "
             "Do not repeat the password in your answer."),
    Workflow("rename_invoices", "Rename a folder of invoices",
             "Rename invoice PDFs from their date, issuer, number and total: show the plan, then apply it.",
             ("pdf_rename_invoice",),
             (("folder", "The folder (or glob) holding the invoices", True),),
             "Call pdf_rename_invoice on {folder!r} without apply (a dry run). Show me the plan as a table: old "
             "name, new name, and the fields with low confidence. Ask me before calling it again with apply=true; "
             "files it cannot read keep their names, so list them separately."),
    Workflow("read_long_pdf", "Read a long PDF in budgeted pieces",
             "Read a long PDF piece by piece within a character budget, then answer a question about it.",
             ("pdf_info", "pdf_extract_text"),
             (("file", "The PDF to read", True), ("question", "What to find out (default: a summary)", False)),
             "Call pdf_info on {file!r} to see its pages and outline. Then read it with pdf_extract_text, "
             "max_chars 20000 per call, starting at page 1; go on from each result with its `next_page` as "
             "start_page and its `next_offset` as offset (a piece may end inside a page) until `next_page` is "
             "null. Keep notes per piece, not the whole text. Then answer: {question}",
             (("question", "{value}", "summarise the document"),)),
)


def prompts_for(tools: set[str]) -> list[Prompt]:
    """The workflows whose tools are all served, as the SDK's prompts."""
    return [_prompt(w) for w in WORKFLOWS if set(w.tools) <= tools]


def _prompt(workflow: Workflow) -> Prompt:
    def render(**arguments: Any) -> list[UserMessage]:
        return [UserMessage(workflow.render(arguments))]

    return Prompt(name=workflow.name, title=workflow.title, description=workflow.description,
                  arguments=[PromptArgument(name=n, description=d, required=r) for n, d, r in workflow.arguments],
                  fn=render, context_kwarg=None)


def check_arguments(prompt: Any, arguments: dict[str, Any] | None, *, required: bool = True) -> None:
    """-32602 for a prompt not offered (None), or one missing a `required` argument."""
    if prompt is None:
        known = ", ".join(w.name for w in WORKFLOWS)
        raise MCPError(code=INVALID_PARAMS, message=f"unknown prompt; this server's prompts are among: {known}")
    missing = [a.name for a in prompt.arguments or [] if required and a.required and not (arguments or {}).get(a.name)]
    if missing:
        raise MCPError(code=INVALID_PARAMS, message=f"prompt {prompt.name} needs: {', '.join(missing)}")


def rendered(prompt: Any, messages: Any) -> GetPromptResult:
    return GetPromptResult(description=prompt.description, messages=messages)


FILE_ARGUMENTS = {"file", "files", "folder"}


def complete(params: CompleteRequestParams, roots: list[Path], stored: Callable[[], list[Any]],
             offered: list[Prompt]) -> CompleteResult:
    """Values for an `offered` prompt's file argument (names inside the first root, then stored files' URIs) or
    languages (the installed tesseract languages), or for the token of a `pdftools://files/{token}` resource
    template (the session's stored files). A prompt not offered, or an argument it does not have, is -32602, as
    `prompts/get` says of them."""
    ref, name, typed = params.ref, params.argument.name, params.argument.value or ""
    values: list[str] = []
    if getattr(ref, "type", "") == "ref/prompt":
        prompt = next((p for p in offered if p.name == getattr(ref, "name", None)), None)
        check_arguments(prompt, None, required=False)
        if prompt is not None and name not in {a.name for a in prompt.arguments or []}:
            raise MCPError(code=INVALID_PARAMS, message=f"prompt {getattr(ref, 'name', '')} has no argument {name}")
    if getattr(ref, "type", "") == "ref/resource" and name == "token":
        values = [f.token for f in stored() if f.token.startswith(typed)]
    elif getattr(ref, "type", "") == "ref/prompt" and name == "language":
        from pdftools.engines import tesseract

        head, _, last = typed.rpartition("+")
        chosen = set(head.split("+")) if head else set()
        values = [(head + "+" if head else "") + code for code in tesseract.offered()
                  if code.startswith(last) and code not in chosen]
    elif getattr(ref, "type", "") == "ref/prompt" and name in FILE_ARGUMENTS:
        last = typed.rsplit(",", 1)[-1].lstrip() if name == "files" else typed
        head = typed[: len(typed) - len(last)]
        values = [head + v for v in [*_names_in(roots, last, folders_only=name == "folder"),
                                     *(f.uri for f in stored() if f.uri.startswith(last))]]
    return CompleteResult(completion=Completion(values=values[:MAX_COMPLETIONS], total=len(values),
                                                has_more=len(values) > MAX_COMPLETIONS))


def _names_in(roots: list[Path], typed: str, *, folders_only: bool) -> list[str]:
    """Entries of the folder `typed` points into (relative to the first root), whose names start with what
    follows its last `/`: folders end with `/`. Nothing outside the roots; no hidden names unless typed."""
    folder_part, _, prefix = typed.rpartition("/")
    base = pathnames.as_shown(roots[0] / folder_part) if folder_part else roots[0]  # a folder named as it was shown
    real = Path(os.path.realpath(base))
    if not any(real == r or real.is_relative_to(r) for r in (Path(os.path.realpath(r)) for r in roots)):
        return []
    try:
        entries = sorted(os.scandir(real), key=lambda e: e.name)
    except OSError:
        return []
    out = []
    for entry in entries:
        name = pathnames.shown(entry.name)  # bytes that are not UTF-8 as `\\xe9`: the transport cannot carry them
        if not name.startswith(prefix) or (name.startswith(".") and not prefix.startswith(".")):
            continue
        is_dir = entry.is_dir()
        if folders_only and not is_dir:
            continue
        if not is_dir and not folders_only and not entry.name.lower().endswith(".pdf"):
            continue
        out.append(f"{folder_part + '/' if folder_part else ''}{name}{'/' if is_dir else ''}")
    return out
