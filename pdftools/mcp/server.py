"""Build the MCP server from the op registry: the same functions, the same signatures.

Each tool wraps its op in the roots policy (every path confined), maps pdftools errors to `isError` results
whose text is `{code, message, hint}`, and otherwise returns the op's result as structured content.
"""

from __future__ import annotations

import base64
import contextlib
import functools
import inspect
import json
import logging
import re
import sys
import threading
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Annotated, Any, get_type_hints

import anyio
import anyio.lowlevel
from mcp.server.lowlevel.helper_types import ReadResourceContents
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ResourceNotFoundError, ToolError
from mcp.types import (
    CallToolResult,
    CompleteRequestParams,
    EmptyResult,
    ImageContent,
    ListResourcesResult,
    Resource,
    SetLevelRequestParams,
    TextContent,
    ToolAnnotations,
)
from mcp.types import Tool as MCPTool
from pydantic import ValidationError

from pdftools import __version__
from pdftools.core import limits, paths, results, task
from pdftools.core.params import (
    MISSING,
    Mcp,
    Param,
    describe,
    marker,
    name_parameters,
    split_annotated,
    with_note,
    without_empty,
)
from pdftools.errors import Busy, InvalidArgument, PdftoolsError, unexpected
from pdftools.mcp import logs, prompts, schemas
from pdftools.mcp.arguments import (
    about_as_close,
    argument_errors,
    arguments_by_flag,
    by_command,
    command_arguments,
    either,
    member,
    misplaced_arguments,
)
from pdftools.mcp.coerce import coercion
from pdftools.mcp.limiter import limiter_for
from pdftools.mcp.store import URI_PREFIX, FileStore
from pdftools.mcp.words import for_agent, mcp_hint, mcp_namer, mcp_text
from pdftools.ops import Op, get, selected

log = logging.getLogger("pdftools.mcp")
Publish = Callable[[dict[str, Any], int], tuple[dict[str, Any], list[Any]]]
Scrub = Callable[[Any], Any]
PolicyFactory = Callable[[Context], paths.RootsPolicy]
CANCEL_GRACE = 10.0  # seconds a cancelled call may take to remove its temporary files
MOST_ROWS = 50  # a batch's rows in one result: 300 files made 80 kB, more than a client keeps of a result
MOST_DETAILED = 20  # rename_invoice's rows with their fields in full: 125 invoices made 95 kB (~760 bytes a file)
MOST_BOOKMARKS = 200  # of an outline in pdf_info (an overview): a book's 2,000 made 100 kB
MOST_LISTED = 500  # of an outline in pdf_bookmarks (list; `pages` for the others): 2,000 made 96 kB of text
MOST_PAGES = 100  # whose boxes and images pdf_inspect lists: 500 pages made 100 kB
MOST_IMAGES = 100  # pdf_inspect's images: 100 pages of 10 images made 56 kB with their boxes
MOST_FIELDS = 250  # of a form in pdf_forms (list, fill; `pages` for the others): 3,000 fields made 340 kB
MOST_VALUE, MOST_VALUES = 1_000, 16_000  # characters of one Info or XMP value, of all of them: 400 kB made 600 kB
MOST_TITLE = 100  # characters of a title pdf_list shows: 200 files of 1,000 made 230 kB
MOST_LABELS, MOST_RANGES = 1_000, 500  # pdf_page_labels' labels and ranges: 5,000 pages, a range each, made 370 kB
MOST_NUMBERS = 1_000  # page numbers in one list of an edit's result (rotated, deleted...): 5,000 made 60 kB
VALUES_REST = "pdf_metadata {} with the same input"  # the call for the rest of a cut Info or XMP
LABELS_REST = "`pdf_inspect` with `pages` gives each of those pages' label (page_boxes)"
MOST_FILES = 50  # outputs a result lists (split, thumbnails, images, attachments): 500 pages made 220 kB over HTTP
PLAN_REST = "give fewer `inputs` to see the others"
MOST_ERROR = 2_000  # characters of an error's message or hint: a 200,000-character page spec, quoted twice, made 400 kB
MOST_STRING = 2_000  # characters of any string in a result but its budgeted text: 50 bookmark titles made 1 MB,
MOST_STRINGS, FEWEST = 30_000, 100  # and of all of them, the longest cut first, none below FEWEST; never a name
NAMES = frozenset({"path", "input", "output", "out_dir", "folder", "file", "name", "new_path", "uri", "download_url",
                   "attachments", "next_file"})  # what names a file, a field or an attachment for the next call
MOST_INLINE = 10  # images inline in one result (thumbnails): Claude Code counts ~1,600 tokens each of the 25,000
# it keeps of a result, MCPJam's inspector drops those past 16
ALL_FILES = {"stdio": "all are in {folder}", "http": "`files` holds a manifest (JSON) of every one"}

INSTRUCTIONS = {
    "stdio": "PDF tools. A file argument is a path inside the allowed roots (relative paths start at the first); "
             "outputs are written there too. Call pdf_list to see which PDFs exist.",
    "http": "PDF tools on a remote server. A file argument is a pdftools://files/ URI (from POST /upload or an "
            "earlier result), base64 (or a data: URL), or a path inside the server's roots. An output (file or "
            "folder) counts only by its file name: what a call writes is stored for this session and comes back "
            "in the result's `files` (name, size, mime, sha256, uri for the next call, download_url, expires_at "
            "(Unix time, in seconds)).",
}
TOKEN_WORDS = ("A download_url, like every route of this server, needs its token: send it as `Authorization: Bearer "
               "<token>` (the header this client sends), or add `?token=<token>` to the link for a browser or a "
               "plain download.")
EXCEPTIONS = {  # what a served tool does otherwise than the transport's instructions say
    "http": {"pdf_batch": "pdf_batch's out_dir is a folder inside the roots: its outputs stay there, not in `files`."},
}
SHARED_OVER = {  # what a shared parameter means on one transport, where it differs from the op's words
    "http": {"output": "the output's file name (default: the input's name and the operation's, e.g. "
                       "report-rotated.pdf), stored, see `files`"},
}
COMMON = ("Errors come back as {code, message, hint}: follow the hint. A file name's bytes that are not UTF-8 are "
          "shown as `\\xNN`: give the name back as shown. An optional argument left out means none, false or the "
          "default its schema gives. Arguments many tools share, described here and not in each tool: ")


def error_result(exc: PdftoolsError, scrub: Scrub | None = None, flags: dict[str, str] | None = None) -> CallToolResult:
    """`scrub` (HTTP) takes server paths out of the message and hint (e.g. an OSError naming the workspace);
    `flags` (the op's, see `mcp_namer`) puts the hint in MCP terms (`mcp_hint`)."""
    data = exc.to_dict()
    known = set((flags or {}).values())
    for key in ("message", "hint"):  # `{{name}}` in the op's words: the argument's name; commands and flags too
        data[key] = utf8(mcp_hint(name_parameters(data[key], str, known, "mcp"), flags or {}))  # names as shown
        data[key] = _cut_middle(data[key], MOST_ERROR)
    return CallToolResult(content=[TextContent(type="text", text=json.dumps(scrub(data) if scrub else data))],
                          is_error=True)


def _cut_strings(value: Any, most: int, skip: set[str] | frozenset[str] = frozenset(),
                 lengths: list[int] | None = None) -> int:
    """Every string inside `value` (a list or dict, changed in place; its keys in `skip`, and names (`NAMES`) at
    any depth, left as they are) `_cut_middle`d to `most`; how many were. With `lengths`, only their lengths."""
    cut = 0
    items = list(value.items()) if isinstance(value, dict) else list(enumerate(value)) if isinstance(value, list) \
        else []
    for key, item in items:
        if key in skip or key in NAMES:
            continue
        if isinstance(item, str) and lengths is not None:
            lengths.append(len(item))
        elif isinstance(item, str) and len(item) > most:
            value[key], cut = _cut_middle(item, most), cut + 1
        elif isinstance(item, dict | list):
            cut += _cut_strings(item, most, lengths=lengths)
    return cut


def _fair_share(lengths: list[int], total: int, most: int, fewest: int) -> int:
    """The longest a string may stay so that all of them (`lengths`) fit in `total` characters, the longest cut
    first (as water finds its level), within `fewest` and `most`."""
    left, count = total, len(lengths)
    for length in sorted(lengths):
        if length * count > left:
            return max(fewest, min(most, left // count))
        left, count = left - length, count - 1
    return most


def _cut_middle(text: str, most: int) -> str:
    """`text` cut to about `most` characters in its middle, saying how many were cut: an error that quotes a huge
    argument keeps what it says of it at the start and what it says of the file at the end."""
    if len(text) <= most:
        return text
    head, tail = most * 3 // 4, most // 4
    return f"{text[:head]} … [{len(text) - head - tail:,} characters cut] … {text[-tail:]}"


def success_result(result: Any, publish: Publish | None = None, scrub: Scrub | None = None) -> CallToolResult:
    """Structured content is the result; the text block is what a model reads (plain text where the result
    offers it, e.g. extracted text, which JSON escaping would only bloat). `publish` (HTTP) turns written
    files into stored ones: URIs and links in the data, resource links in the content (at most MOST_FILES, and
    a manifest of them all); so inline images are read before it moves them, and `scrub` takes server paths out
    of the text that goes with them."""
    data, links = results.to_dict(result), list[Any]()
    for name in getattr(result, "cli_only", ()):  # what only the command line's output means (see `_as_listed`)
        data.pop(name, None)
    _cap_numbers(data, MOST_NUMBERS)
    for name in getattr(result, "echoes", ()):  # what the agent gave, said back (a stamp's text, a pattern)
        if isinstance(data.get(name), str):
            data[name] = _cut_middle(data[name], MOST_ERROR)
    budgeted = set(getattr(result, "budgeted", ()))  # text in pieces the agent sized (max_chars): never cut here
    lengths: list[int] = []
    _cut_strings(data, 0, budgeted, lengths)  # (measures only)
    cut = _cut_strings(data, _fair_share(lengths, MOST_STRINGS, MOST_STRING, FEWEST), budgeted)
    if cut and isinstance(data.get("warnings"), list):
        data["warnings"].append(f"{cut} long text value(s) of the PDF cut in their middle to fit, each saying how many "
                                "characters it lost")
    chosen, left = getattr(result, "inline_images", lambda most: ([], 0))(MOST_INLINE)
    # small images travel in the response itself, within the result's byte budget
    images = [ImageContent(type="image", data=base64.b64encode(Path(path).read_bytes()).decode(), mime_type=mime)
              for path, mime in chosen]
    where = str(data.get("out_dir", ""))
    if publish is not None:
        data, links = publish(data, MOST_FILES)
        where = "the result's `files` (download links)"
    data = results.map_strings(data, utf8)
    as_text = getattr(result, "as_text", None)
    text = utf8(as_text()) if callable(as_text) else None
    if text is None:
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    elif scrub is not None:
        text = scrub(text)
    content: list[Any] = [TextContent(type="text", text=text), *images]
    if left:
        content.append(TextContent(type="text", text=f"{left} image(s) not inline (at most {MOST_INLINE}, 700 kB, "
                                                     f"a response); they are in {where}"))
    return CallToolResult(content=[*content, *links], structured_content=data)


def _cap_numbers(data: dict[str, Any], most: int) -> None:
    """A long list of page numbers in a result (`rotated`, `deleted`: the pages an agent named, 5,000 of them;
    resize's `scales` beside its `resized`) cut to its first `most`, with its length beside it as
    `<name>_count`."""
    for name, value in list(data.items()):
        if isinstance(value, list) and len(value) > most and all(type(v) in (int, float) for v in value):
            data[name], data[f"{name}_count"] = value[:most], len(value)


def utf8(text: Any) -> Any:
    """Text the transport can write: a file name's bytes that are not UTF-8 (`caf\\xe9.pdf`, which Python holds
    as surrogate escapes) shown as `\\xe9`, as a terminal shows them; the SDK cannot encode them and the
    session died."""
    if not isinstance(text, str) or text.isascii():
        return text
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        try:
            return paths.shown(text)  # given back, it names the file again (paths.as_shown)
        except UnicodeEncodeError:  # a surrogate no file name's byte makes
            return text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


def _as_text(data: bytes, mime: str) -> bytes | str:
    """A stored text file (a result's JSON manifest of its outputs) as a text resource, which a model can read;
    anything else, or text that is not UTF-8, as bytes (a base64 blob)."""
    if mime.startswith("text/") or mime == "application/json":
        with contextlib.suppress(UnicodeDecodeError):
            return data.decode("utf-8")
    return data


def session_of(request: Any) -> str | None:
    """The MCP session a request belongs to (None in stateless mode)."""
    headers = getattr(request, "headers", None)
    return headers.get("mcp-session-id") if headers is not None else None


class PdftoolsServer(MCPServer):
    """MCPServer whose argument-validation failures are pdftools errors too ({code, message, hint}), whose
    resources, over HTTP, are the files the store holds for the calling session, and whose listing is
    compact and true to its transport (mcp/schemas.py)."""

    store: FileStore | None = None
    transport: str = "stdio"
    writers: frozenset[str] = frozenset()  # tools that may write files (over HTTP their results add `files`)
    cli_only: dict[str, tuple[str, ...]] = {}  # per tool, result fields left out over MCP (the result's `cli_only`)

    pending_tools: Callable[[], None] | None = None  # adds the tools; run before the first listing or call

    def _add_pending_tools(self) -> None:
        add, self.pending_tools = self.pending_tools, None
        if add is not None:
            add()

    async def _handle_list_resources(self, ctx: Any, params: Any) -> ListResourcesResult:
        listed = await self.list_resources()
        if self.store is not None:
            listed += [Resource(uri=f.uri, name=f.name, mime_type=f.mime, size=f.size)
                       for f in self.store.of(session_of(ctx.request))]
        return ListResourcesResult(resources=listed)

    async def read_resource(self, uri: Any, context: Any = None) -> Any:
        text = str(uri)
        if self.store is not None and text.startswith(URI_PREFIX):
            owner = session_of(context.request_context.request) if context is not None else None
            stored = self.store.get(text[len(URI_PREFIX):], owner)
            if stored is None:
                raise ResourceNotFoundError(f"no file {text} for this session (expired, or another session's)")
            content = _as_text(stored.path.read_bytes(), stored.mime)
            return [ReadResourceContents(content=content, mime_type=stored.mime)]
        return await super().read_resource(uri, context)

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Any = None) -> Any:
        self._add_pending_tools()
        if self._tool_manager.get_tool(name) is None:
            return error_result(self._unknown_tool(name))
        unknown = self._unknown_arguments(name, arguments) or misplaced_arguments(name, arguments)
        if unknown is not None:
            return error_result(unknown)
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as exc:
            cause = exc.__cause__
            if isinstance(cause, ValidationError):
                tool = self._tool_manager.get_tool(name)
                return error_result(argument_errors(cause, tool.parameters if tool is not None else {}))
            raise

    def _unknown_tool(self, name: str) -> InvalidArgument:
        """A tool this server does not offer: a close match, or that it exists but was left out at start."""
        import difflib

        from pdftools.ops import OPS

        offered = sorted(tool.name for tool in self._tool_manager.list_tools())
        if name in {op.tool for op in OPS}:
            return InvalidArgument(f"this server does not offer {name}",
                                   hint="It exists but is not offered here: the server was started with a "
                                        f"narrower choice of tools. It offers: {', '.join(offered)}.")
        bare = {re.sub(r"^(pdf|doc)_", "", tool): tool for tool in offered}  # spelling, past the prefix all share
        close = by_command(name, offered) or [bare[word] for word in difflib.get_close_matches(
            re.sub(r"^(pdf|doc)_", "", name), list(bare), n=1, cutoff=0.75)]
        return InvalidArgument(f"no tool {name}", hint=f"Did you mean {close[0]}?" if close
                               else f"The tools: {', '.join(offered)}.")

    def _unknown_arguments(self, name: str, arguments: dict[str, Any] | None) -> InvalidArgument | None:
        """An argument the tool does not take is refused, not ignored: `pages` on a tool that reads every page,
        or `path` for `input`, would otherwise look obeyed."""
        tool = self._tool_manager.get_tool(name)
        if tool is None or not arguments:
            return None
        known = set(tool.parameters.get("properties", {}))
        unknown = sorted(set(arguments) - known)
        if not unknown:
            return None
        by_flag, commands = arguments_by_flag(name), command_arguments(arguments) if "options" in known else set()
        close = {u: [by_flag[u]] if by_flag.get(u) in known else about_as_close(u, known) for u in unknown}
        meant = "; ".join(f"{u} is the command's: give it as options {member(u, arguments[u])}" if u in commands
                          else f"{u}: did you mean {either(c)}?" for u, c in close.items() if c or u in commands)
        return InvalidArgument(f"{name} takes no argument {', '.join(unknown)}" + (f" ({meant})" if meant else ""),
                               hint=f"It takes: {', '.join(sorted(known))}.")

    async def list_tools(self) -> list[MCPTool]:
        """The tools as this transport serves them, in compact schemas (mcp/schemas.py)."""
        self._add_pending_tools()
        if self._listing is None:
            self._listing = [self._as_listed(tool) for tool in await super().list_tools()]
        return self._listing

    _listing: list[MCPTool] | None = None

    def _as_listed(self, tool: MCPTool) -> MCPTool:
        output = schemas.compact(schemas.shallow(tool.output_schema))
        hidden = self.cli_only.get(tool.name, ())  # a result's fields that mean something at a shell only
        if output is not None and hidden:
            output = {**output, "properties": {k: v for k, v in output.get("properties", {}).items()
                                               if k not in hidden}}
        if self.transport == "http" and tool.name in self.writers:
            output = schemas.with_files(output)
        return tool.model_copy(update={"input_schema": schemas.compact(tool.input_schema, optional_null=False),
                                       "output_schema": output})

    async def get_prompt(self, name: str, arguments: dict[str, Any] | None = None, context: Any = None) -> Any:
        """-32602 for an unknown prompt or a missing argument (the SDK answers code 0 and logs a traceback)."""
        prompt = self._prompt_manager.get_prompt(name)
        prompts.check_arguments(prompt, arguments)
        return await super().get_prompt(name, arguments, context)


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


def make_tool(op: Op, policy_for: PolicyFactory, offered: frozenset[str] | None = None) -> Callable[..., Any]:
    """An async tool around the op: it runs in a worker thread under a path policy (the roots; over HTTP also
    the file store) and a task that sends progress notifications; a client's cancel cancels the task. `offered`:
    the tools the server serves (a cut result's warning says when the tool it names is not among them)."""
    fn, limiter = op.load(), limiter_for(op)

    async def tool(ctx: Context, **kwargs: Any) -> Any:
        if limiter is None:
            return await run(ctx, kwargs)
        try:
            async with limiter(op.tool):
                return await run(ctx, kwargs)
        except Busy as exc:
            return error_result(exc)

    async def run(ctx: Context, kwargs: dict[str, Any]) -> Any:
        running = task.Task(_progress_sender(ctx), timeout=limits.timeout(limits.SERVE_TIMEOUT))
        finished = threading.Event()

        def work() -> Any:
            try:
                policy = policy_for(ctx)
                with paths.using(policy), task.running(running):
                    return call(op, fn, kwargs, getattr(policy, "publish", None), getattr(policy, "scrub", None),
                                offered)
            finally:
                finished.set()

        try:
            with logs.to_client(ctx):
                return await anyio.to_thread.run_sync(work, abandon_on_cancel=True)
        except anyio.get_cancelled_exc_class():
            running.cancel()  # the thread sees it at its next check; its children die now
            with anyio.CancelScope(shield=True):
                await anyio.to_thread.run_sync(finished.wait, CANCEL_GRACE)  # let it clean up its temp files
            raise

    params = [inspect.Parameter("ctx", inspect.Parameter.KEYWORD_ONLY, annotation=Context),
              *tool_parameters(fn)]
    return_type = get_type_hints(fn)["return"]
    tool.__signature__ = inspect.Signature(params, return_annotation=return_type)  # type: ignore[attr-defined]
    tool.__annotations__ = {"ctx": Context, "return": return_type}  # the SDK finds the Context parameter here
    tool.__name__ = op.tool
    return tool


def call(op: Op, fn: Callable[..., Any], kwargs: dict[str, Any], publish: Publish | None = None,
         scrub: Scrub | None = None, offered: frozenset[str] | None = None) -> CallToolResult:
    """Run the op; map its result, or any failure, to a tool result (never a traceback to the client)."""
    try:
        result = fn(**without_empty(fn, kwargs))
        reword = getattr(result, "reword_errors", None)
        if callable(reword):  # errors inside a result (a batch's failed rows, a search's skipped inputs)
            reword(lambda text, command: for_agent(text, fn, get(command).load()))
        _trim(result, "stdio" if publish is None else "http", offered)
        named = getattr(result, "name_commands", None)
        if callable(named):  # commands a result names (what pdf_diagnose's checks are used for), as tools
            named(lambda command: get(command).tool)
        return success_result(result, publish, scrub)
    except PdftoolsError as exc:
        log.info("%s failed: %s", op.tool, exc.code)
        return error_result(exc, scrub, mcp_namer(fn))
    except Exception as exc:
        error = unexpected(exc)
        if error.code != PdftoolsError.code:  # the environment's limit, or damage met where no op expected it
            log.warning("%s failed: %s", op.tool, error.message)
            return error_result(error, scrub)
        log.exception("%s crashed", op.tool)
        return error_result(error, scrub)


def _trim(result: Any, transport: str = "stdio", offered: frozenset[str] | None = None) -> None:
    """Leave out of a result what would fill an agent's context for nothing asked (a batch's thousands of rows,
    a book's outline in an overview, the files a search did not match, a split's thousand parts), saying what
    it left out and where the rest is (and when the tool that has it is not among those `offered`)."""
    for hook, args in (("cap_rows", (MOST_ROWS,)), ("cap_plan", (MOST_ROWS, MOST_DETAILED, PLAN_REST)),
                       ("cap_outline", (MOST_BOOKMARKS, "pdf_bookmarks (action list)")),
                       ("cap_list", (MOST_LISTED, "give `pages` for the bookmarks of those pages")),
                       ("drop_unmatched", ()), ("cap_pages", (MOST_PAGES, "give `pages` for the others")),
                       ("cap_images", (MOST_IMAGES, "give `pages` for the others")),
                       ("cap_fields", (MOST_FIELDS, "give `pages` (action list) for the fields of those pages")),
                       ("cap_values", (MOST_VALUE, MOST_VALUES, VALUES_REST)),
                       ("cap_titles", (MOST_TITLE, "pdf_metadata {}")),
                       ("cap_labels", (MOST_LABELS, MOST_RANGES, LABELS_REST)),
                       ("cap_outputs", (MOST_FILES, ALL_FILES[transport]))):
        trim = getattr(result, hook, None)
        if callable(trim):
            trim(*(_offered(arg, offered) if isinstance(arg, str) else arg for arg in args))


def _offered(rest: str, offered: frozenset[str] | None) -> str:
    """Where the rest of a cut result is (`rest`), saying which tools it names this server does not offer."""
    from pdftools.ops import OPS

    if offered is None:
        return rest
    named = [tool for tool in dict.fromkeys(re.findall(r"\b(?:pdf|doc)_\w+", rest))
             if tool in {op.tool for op in OPS} - offered]
    if not named:
        return rest
    return f"{rest} ({' and '.join(named)}: not offered by this server, which was started with fewer tools)"


def _progress_sender(ctx: Context) -> task.ProgressFn:
    """Progress from any worker thread to the client (a no-op unless the request carried a progress token)."""
    token = anyio.lowlevel.current_token()

    def send(done: int, total: int, message: str) -> None:
        with contextlib.suppress(Exception):  # a lost notification must never fail the operation
            anyio.from_thread.run(ctx.report_progress, done, total, message or None, token=token)

    return send


@contextlib.asynccontextmanager
async def _prints_to_stderr(_: Any) -> AsyncIterator[None]:
    """While serving, `print()` goes to stderr at once (the SDK's stdio transport already points fd 1 at
    stderr, but text buffered in `sys.stdout` would otherwise reach the real stdout after it is restored)."""
    with contextlib.redirect_stdout(sys.stderr):
        yield


def describe_store(server: MCPServer) -> None:
    """A resource template that tells clients the form of file URIs (reads are served by read_resource)."""

    @server.resource(URI_PREFIX + "{token}", name="file", mime_type="application/octet-stream",
                     description="A file the server holds for this session: an upload or a tool's output.")
    def stored_file(token: str) -> bytes:
        raise ResourceNotFoundError(f"no file {URI_PREFIX}{token} for this session")


def build_server(roots: list[Path], log_level: str = "WARNING", tools: str | None = None, *,
                 policy_for: PolicyFactory | None = None, store: FileStore | None = None,
                 token: bool = False) -> MCPServer:
    """The server: one tool per op that `tools` names (profiles, commands or tool names; default:
    ops.DEFAULT_PROFILE). `policy_for` gives each call its path policy (default: the roots); with a
    `store` (HTTP), its files are also MCP resources of the session that owns them, and the instructions
    and output schemas say what HTTP means for files (and, with a `token`, that its download links need it)."""
    transport = "http" if store is not None else "stdio"
    chosen = selected(tools)  # an unknown name fails here, at once
    server = PdftoolsServer(name="pdftools", title="pdftools", version=__version__,
                            instructions=instructions(transport, frozenset(op.tool for op in chosen), token),
                            lifespan=_prints_to_stderr,
                            log_level=log_level.upper())  # type: ignore[arg-type]
    server.store, server.transport = store, transport
    if store is not None:
        describe_store(server)
    policy_for = policy_for or (lambda ctx: paths.RootsPolicy(roots))
    server.writers = frozenset(op.tool for op in chosen if not op.read_only)  # from the registry: nothing imported
    _serve_prompts(server, roots, {op.tool for op in chosen})
    _serve_logging(server)
    server.pending_tools = lambda: add_tools(server, chosen, policy_for)
    return server


def add_tools(server: MCPServer, ops: tuple[Op, ...], policy_for: PolicyFactory) -> None:
    """One tool per op. Each imports its op's module and builds its schemas: done when a client first lists or
    calls tools, not before `initialize` is answered (it doubled the server's start)."""
    for op in ops:
        fn = make_tool(op, policy_for, frozenset(o.tool for o in ops))
        description = mcp_text(tool_description(inspect.cleandoc(op.doc()) or op.summary),
                               mcp_namer(op.load()))
        # no title: the spec has clients show the name instead, and an agent gains nothing from it (1.1 kB of `all`)
        server.add_tool(fn, name=op.tool, description=description, annotations=hints_for(op), structured_output=True)
        hidden = getattr(fn.__annotations__["return"], "cli_only", ())  # the result type make_tool resolved
        if hidden and isinstance(server, PdftoolsServer):
            server.cli_only = {**server.cli_only, op.tool: tuple(hidden)}


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


def _serve_prompts(server: PdftoolsServer, roots: list[Path], tools: set[str]) -> None:
    """The workflows whose tools are served, and completion of their file arguments; with none, no prompts
    capability at all (an empty one is a promise with nothing behind it)."""
    offered = prompts.prompts_for(tools)
    for prompt in offered:
        server.add_prompt(prompt)
    if not offered:
        for method in ("prompts/list", "prompts/get"):
            server._lowlevel_server._request_handlers.pop(method, None)

    async def complete(ctx: Any, params: Any) -> Any:
        def stored() -> list[Any]:
            return server.store.of(session_of(ctx.request)) if server.store is not None else []

        return prompts.complete(params, roots, stored)

    server._lowlevel_server.add_request_handler("completion/complete", CompleteRequestParams, complete)


def _serve_logging(server: PdftoolsServer) -> None:
    """`logging/setLevel` (the capability advertised): the client's level for this connection's calls."""

    async def set_level(ctx: Any, params: Any) -> EmptyResult:
        logs.set_level(ctx.session, params.level)
        return EmptyResult()

    server._lowlevel_server.add_request_handler("logging/setLevel", SetLevelRequestParams, set_level)
    logs.install()


def serve_stdio(roots: list[Path], log_level: str = "WARNING", tools: str | None = None) -> None:
    """Serve over stdio. The SDK's transport points fd 1 at stderr while serving, so a stray print or a
    child process cannot corrupt the protocol stream (tested in tests/test_mcp.py)."""
    import anyio

    server = build_server(roots, log_level, tools)
    if sys.stdin.isatty() and log_level.upper() != "ERROR":  # typed at a shell: say what it waits for
        sys.stderr.write(f"pdftools: serving MCP over stdio (roots: {', '.join(map(str, roots))}) to a client that "
                         "starts this program and speaks on its stdin and stdout; `pdftools mcp-config CLIENT` "
                         "configures one. Ctrl-C stops.\n")
        sys.stderr.flush()
    anyio.run(server.run_stdio_async)
