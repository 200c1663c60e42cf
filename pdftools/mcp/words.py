"""The ops' words in an agent's terms: help text and error hints written for a shell (`--force`, `pdftools forms
list FILE`, `{{name}}`) with the tool's argument names and the tools instead of flags and commands."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, get_type_hints

from pdftools.core.params import Cli, describe, marker, name_parameters, split_annotated

_FLAG = re.compile(r"(?<![^\s`(\[/])--?[A-Za-z][\w-]*(?!\.\w)")  # `--force`, `--set/--data`, `-n`; not
# `{stem}-p{page}`, nor a file name (`-d.pdf`)


def mcp_namer(fn: Callable[..., Any]) -> dict[str, str]:
    """The op's command-line flags (`--force`, `-n`) and the argument names an agent knows them by."""
    names: dict[str, str] = {}
    for name, hint in get_type_hints(fn, include_extras=True).items():
        cli = marker(split_annotated(hint)[1], Cli) or Cli()
        for flag in (*(part for flags in cli.flags for part in flags.split("/")), "--" + name.replace("_", "-")):
            names.setdefault(flag, name)
    return names


def mcp_text(text: str, flags: dict[str, str]) -> str:
    """Help text in MCP terms: `{{name}}` references as argument names, a command line the text shows
    (`pdftools merge a.pdf b.pdf -o c.pdf`) as the tool, and any flag the text still names (`--force`) as
    the argument it sets. Two asides in a row, each for one action of a tool that has several (`as pdftk (show:
    dump_data's text) (set: ...)`: the command line shows each sub-command its own), are one parenthesis."""
    text = _FLAG.sub(lambda m: flags.get(m.group(0), m.group(0)), _as_tools(describe(text, str, "mcp"))).strip()
    return re.sub(r"\) \((?=[a-z/]+: )", "; ", text)


_COMMAND = re.compile(r"`pdftools ([a-z][\w-]*)((?: [a-z]+)?)[^`]*`")


def mcp_hint(hint: str, flags: dict[str, str]) -> str:
    """An error's message or hint (written for a shell) as an agent acts on it: `pdftools forms list FILE` is
    the tool `pdf_forms` (action list), `--password` the argument `password`, `--help` the tool's input schema;
    no environment variable (the server's, not the agent's to set). Only the op's own flags are renamed (a file
    name in the text is data: `-d.pdf` is not a flag)."""
    hint = hint.replace("Check the option values", "Check the argument values")  # a tool has arguments
    hint = hint.replace("`pdftools <command> --help`", "the tool's input schema")
    hint = hint.replace("`pdftools --help`", "`pdf_diagnose`")
    hint = hint.replace("`pdftools ocr --list-languages` lists the installed ones",
                        "`pdf_diagnose` lists the installed ones as `ocr_languages`")
    hint = hint.replace("`pdftools ocr --list-languages`", "`pdf_diagnose` (its `ocr_languages`)")  # pdf_ocr cannot
    hint = re.sub(r",? or set PDFTOOLS_\w+", "", hint)  # the server's environment: not the agent's to set
    hint = re.sub(r";? ?if you trust the (?:document|file), raise PDFTOOLS_\w+(?: \([^)]*\))?", "", hint)  # nor raise
    hint = re.sub(r"\bpass (--[\w-]+)", lambda m: f"give `{flags.get(m.group(1), m.group(1))}`", _as_tools(hint))
    return _FLAG.sub(lambda m: flags.get(m.group(0), m.group(0)), hint)


_SETTING = re.compile(r"\bPDFTOOLS_[A-Z_]+")
_LIMITS = {  # a limit's error: what an agent can do about it, and the server's setting it is by default
    "INPUT_TOO_LARGE": ("Give a smaller file: no tool here opens one this large.", "PDFTOOLS_MAX_INPUT_BYTES"),
    "TOO_MANY_PAGES": ("Give a PDF with fewer pages: no tool here opens one with this many (a `pages` range does "
                       "not help: the whole file is counted).", "PDFTOOLS_MAX_PAGES"),
    "STREAM_TOO_LARGE": ("Leave out the page the message names ({pages} without it).", "PDFTOOLS_MAX_STREAM_BYTES"),
    "PAGE_TOO_LARGE": ("Give a lower `dpi`, or a smaller `width` or `height`.", "PDFTOOLS_MAX_PIXELS"),
    "TIMEOUT": ("Give it less work: {pages}, fewer files.", "PDFTOOLS_TIMEOUT"),  # (a larger `timeout`: no help,
    # the server's limit stopped it)
    "TOO_LARGE_TO_SEND": ("Leave the file the message names out of the batch: files sent with `send_files` travel "
                          "whole, through the cluster's scheduler, so each is capped (for ocr, `pages_per_task` cuts "
                          "a long scan into parts, each sent on its own: a smaller value, smaller parts). Workers that "
                          "share the server's storage need nothing sent; that too is for whoever runs the server",
                          "PDFTOOLS_MAX_SEND_BYTES"),
    "UPLOAD_TOO_LARGE": ("Give a smaller file, or a file already on the server by its path inside the roots (or the "
                         "pdftools://files/ URI a result gave it): those are not sent.", "PDFTOOLS_MAX_UPLOAD_BYTES"),
}


def limit_hint(code: str, message: str, hint: str | None, names: set[str]) -> str | None:
    """The hint of a limit's error (`code`) as an agent can act on it: what it can change (`names`: the tool's
    arguments), and that the limit is the server's setting, named (from the message) for the agent's user; the
    shell's hint says to raise the variable, which an agent cannot. `hint`: the op's own (it knows what sized
    the page), else None. None for any other error."""
    if code not in _LIMITS or (code == "TIMEOUT" and not _SETTING.search(message)):
        return None  # (a TIMEOUT of the tool's own `timeout`: its hint says to give a larger one)
    offer, setting = _LIMITS[code]
    pages = "a `pages` range" if code == "STREAM_TOO_LARGE" else "a smaller `pages` range" if "pages" in names \
        else "a smaller file"
    if code == "STREAM_TOO_LARGE" and "pages" not in names:
        offer = "Give another file: this one inflates past the limit (a decompression bomb?)."
    if code == "PAGE_TOO_LARGE":  # what the tool takes of them (pdf_ocr has no width or height)
        sized = [said for name, said in (("dpi", "a lower `dpi`"), ("width", "a smaller `width` or `height`"))
                 if name in names]
        offer = f"Give {' or '.join(sized)}." if sized else "Give another file: this page is too large to draw."
    said, offer = _SETTING.findall(message), (hint or offer.format(pages=pages)).rstrip(" .;,")
    return (f"{offer}. The limit is the server's setting {said[0] if said else setting}: only whoever runs the "
            "server changes it (tell the user, if this file needs more).")


_TELL = "only whoever runs the server can change that: tell the user"
_SERVER_SIDE = {  # what only the server's machine can change: what the agent can do, then whom to tell
    "DEPENDENCY_MISSING": "It is missing on the server's machine, where {tell}. For them: {hint}.",
    "CLUSTER_EXTRA_MISSING": "It is missing on the server's machine, where {tell}. For them: {hint}.",
    "OCR_LANGUAGE_MISSING": "Give a `language` the server has (`pdf_diagnose` lists them as `ocr_languages`); others "
                            "are missing on the server's machine, where {tell}. For them: {hint}.",
    "OUT_OF_MEMORY": "The server ran out of memory: give it less work at once (fewer files, fewer pages); its memory "
                     "is the server's, and {tell}.",
    "TOO_MANY_OPEN_FILES": "The server reached its open-file limit (a merge keeps every input open): merge fewer files "
                           "at once, in steps; the limit is the server's, and {tell}.",
    "WORKER_LOST": "The cluster's workers running this file kept dying (out of memory? killed?); nothing partial was "
                   "kept. Call again to retry it; the workers are the server's cluster, and {tell} if it fails again.",
}


def server_hint(code: str, hint: str) -> str | None:
    """The hint (in MCP terms) of an error only the server's machine can mend (a program or language missing
    there, its memory or open files, its cluster's workers), as an agent can act on it: what it can do itself,
    and that whoever runs the server does the rest (with the shell's words for it). None for any other error."""
    said = _SERVER_SIDE.get(code)
    if said is None or "whoever runs the server" in hint:  # (an op's own hint that says so already)
        return None
    return said.format(tell=_TELL, hint=re.split(r"; check the codes with", hint)[0].rstrip(" ."))  # (said above)


def limit_row(error: dict[str, Any], names: set[str]) -> None:
    """A batch row's error (`{code, message, hint}`, in the shell's words: `for_agent` rewords it after) with a
    limit's hint as `limit_hint` gives it; the hint is the op's own when it is not its error's default."""
    from pdftools import errors

    kinds = [kind for kind in vars(errors).values()
             if isinstance(kind, type) and issubclass(kind, errors.PdftoolsError)]
    defaults = {kind.code: {kind.hint, describe(kind.hint, str, "mcp")} for kind in kinds}  # as a worker says it
    code, hint = str(error.get("code")), error.get("hint")
    said = limit_hint(code, str(error.get("message") or ""), None if hint in defaults.get(code, ()) else hint, names)
    if said is None and isinstance(hint, str):
        said = server_hint(code, mcp_hint(hint, {}))
    if said is not None:
        error["hint"] = said


def _as_tools(text: str) -> str:
    """`pdftools forms list FILE` as `pdf_forms` (action `list`); `pdftools convert --help` as
    `doc_convert`'s input schema."""
    from pdftools.ops import OPS

    tools = {op.name: op.tool for op in OPS}

    def tool(m: re.Match[str]) -> str:
        name, action = m.group(1), m.group(2).strip()
        if name not in tools:
            return m.group(0)
        if "--help" in m.group(0):
            return f"`{tools[name]}`'s input schema"
        actions = ("list", "show", "set", "remove", "add", "extract", "fill", "flatten", "replace")
        return f"`{tools[name]}`" + (f" (action `{action}`)" if action in actions else "")

    return _COMMAND.sub(tool, text)


def for_agent(text: str, fn: Callable[..., Any], command: Callable[..., Any]) -> str:
    """An error's text carried in a result of `fn` (made by `command`'s op: a batch's rows), as `error_result`
    words an error: the op's `{{name}}` references and `{{mcp:...}}` text, flags as arguments."""
    flags = {**mcp_namer(fn), **mcp_namer(command)}
    return mcp_hint(name_parameters(text, str, set(flags.values()), "mcp"), flags)
