"""What a client is told about the tools: the instructions sent once at initialize (what files mean on this
transport, errors, the parameters most tools share), and each tool as listed: its description (the op's docstring,
in MCP terms), its parameters (the op's, as pydantic fields, near-misses coerced) and its hints.
"""

from __future__ import annotations

import functools
import inspect
import re
from collections.abc import Callable
from typing import Annotated, Any, get_type_hints

from mcp.types import ToolAnnotations

from pdftools.core.params import MISSING, Mcp, Param, describe, marker, split_annotated, with_note
from pdftools.mcp.coerce import coercion
from pdftools.mcp.words import mcp_namer, mcp_text
from pdftools.ops import Op

INSTRUCTIONS = {
    "stdio": "PDF tools. A file argument is a path inside the allowed roots (relative paths start at the first); "
             "outputs are written there too. Call pdf_list to see which PDFs exist.",
    "http": "PDF tools on a remote server. A file argument is a pdftools://files/ URI (from POST /upload or an "
            "earlier result), base64 (or a data: URL, `;name=notes.txt` before `;base64` naming the file), or a path "
            "inside the server's roots. An output file counts only by its name, an output folder (`out_dir`) not at "
            "all: what a call writes is stored for this session and comes back "
            "in the result's `files` (name, size, mime, sha256, uri for the next call, download_url, expires_at "
            "(Unix time, in seconds)).",
}
TOKEN_WORDS = ("A download_url, like every route of this server, needs its token: send it as `Authorization: Bearer "
               "<token>` (the header this client sends), or add `?token=<token>` to the link for a browser or a "
               "plain download.")
EXCEPTIONS = {  # what a served tool does otherwise than the transport's instructions say
    "http": {"pdf_batch": "pdf_batch's out_dir is a folder inside the roots: its outputs stay there, not in `files`.",
             "pdf_rename_invoice": "pdf_rename_invoice renames files in the roots where they are; its copies "
                                   "(copy_to) are stored, in `stored_files`."},
}
SHARED_OVER = {  # what a shared parameter means on one transport, where it differs from the op's words
    "http": {"output": "the output's file name (default: the input's name and the operation's, e.g. "
                       "report-rotated.pdf), stored, see `files`",
             "in_place": "Replace the input, a file in the roots (a stored file never changes)"},
}
COMMON = ("Errors come back as {code, message, hint}: follow the hint. A file name's bytes that are not UTF-8 are "
          "shown as `\\xNN`: give the name back as shown. An optional argument left out means none, false or the "
          "default its schema gives. Arguments many tools share, described here and not in each tool: ")


def tool_parameters(fn: Callable[..., Any]) -> list[inspect.Parameter]:
    """The op's parameters as MCP sees them: `Param` as pydantic's `Field` (description and constraints in
    the schema, enforced by the SDK; the description in MCP terms, see `mcp_text`), `Mcp(hidden=True)`
    dropped, `Mcp(default=...)` and `Mcp(annotation=...)` applied, and near-misses with one meaning
    accepted (`coercion`)."""
    hints = get_type_hints(fn, include_extras=True)
    name_of = mcp_namer(fn)
    params = []
    for name, param in inspect.signature(fn).parameters.items():
        base, meta = split_annotated(hints[name])
        mcp = marker(meta, Mcp) or Mcp()
        if mcp.hidden:
            continue
        spec = marker(meta, Param)
        base = base if mcp.annotation is MISSING else mcp.annotation
        coerce = coercion(base, name)
        extra: list[Any] = [*coerce] if isinstance(coerce, tuple) else [coerce] if coerce is not None else []
        if spec is not None and spec.aliases:  # a choice's other names (pdf_stamp's `bc`), taken as its own
            from pydantic import BeforeValidator

            extra.append(BeforeValidator(spec.canonical))
        if spec is not None and not mcp.note and shared_parameters().get(name) == spec:
            extra.insert(0, spec.field(""))  # described once, in the instructions
        elif spec is not None:
            extra.insert(0, spec.field(mcp_text(with_note(spec.description, mcp.note), name_of)))
        annotation = Annotated[(base, *extra)] if extra else base  # type: ignore[valid-type]
        default = param.default if mcp.default is MISSING else mcp.default
        params.append(param.replace(annotation=annotation, default=default, kind=inspect.Parameter.KEYWORD_ONLY))
    return params


@functools.cache
def shared_parameters() -> dict[str, Param]:
    """The parameters most tools share (core/edit.py), by name. A tool's parameter declared the same way is
    listed without a description: the server's instructions give it once per session, not with every
    request (~7 kB of `all`'s listing)."""
    from pdftools.core.edit import SHARED

    return {name: marker(split_annotated(hint)[1], Param) for name, hint in SHARED.items()}


def instructions(transport: str, tools: frozenset[str] | None = None, token: bool = False) -> str:
    """What the server says once, at initialize: what files mean on this transport (with the exceptions of the
    `tools` served, default all; over HTTP with a `token`, that download links need it), errors, and the shared
    parameters."""
    over = SHARED_OVER.get(transport, {})
    shared = "; ".join(f"`{name}`: {over.get(name) or describe(spec.description, str, 'mcp')}"
                       for name, spec in shared_parameters().items())
    exceptions = [text for tool, text in EXCEPTIONS.get(transport, {}).items() if tools is None or tool in tools]
    links = [TOKEN_WORDS] if token and transport == "http" else []
    return " ".join([INSTRUCTIONS[transport], *links, *exceptions, f"{COMMON}{shared}."])


def tool_description(doc: str) -> str:
    """Over MCP, an op's docstring gives its first paragraph (what the tool does) and the paragraphs written
    `{{mcp:...}}` (what an agent needs beyond the input schema to call it right); the rest is help for a
    person at a shell, and would cost every request."""
    first, *rest = re.split(r"\n\s*\n", doc.strip())
    return "\n\n".join([first, *(p for p in rest if p.startswith("{{mcp:"))])


def hints_for(op: Op) -> ToolAnnotations:
    """The op's annotations, each sent only where it differs from the spec's default (readOnlyHint false,
    destructiveHint true, idempotentHint false, openWorldHint true). A writer is destructive (it may replace a
    file) and, as a tool, not idempotent: called twice with `in_place`, pdf_rotate turns the pages twice and
    pdf_bookmarks adds two bookmarks. Every tool works on local files only: a closed world."""
    return ToolAnnotations(read_only_hint=True if op.read_only else None, open_world_hint=False)
