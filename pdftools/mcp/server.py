"""Build the MCP server from the op registry: the same functions, the same signatures.

The server lists the tools (made ahead), makes each when first called, refuses a call that does not fit it
(an unknown tool or argument, a value of the wrong type) as a pdftools error, and serves the file store's files
as resources, the prompts and the client's logging level.

Its parts: `tools` (each op as a tool: run in a thread under the roots policy, its result or error mapped),
`listing` (the instructions, and each tool's description, parameters and hints), `coerce` (what an argument
may be given as), `arguments` (arguments that do not fit, in plain words), `words` (the ops' words in an
agent's terms), `results` (results and errors made to fit an agent's context), `limiter` (heavy calls at once).
The transports: `stdio` and `http`.
"""

from __future__ import annotations

import contextlib
import inspect
import re
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from mcp.server.lowlevel.helper_types import ReadResourceContents
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ResourceNotFoundError, ToolError
from mcp.types import (
    CompleteRequestParams,
    EmptyResult,
    ListResourcesResult,
    Resource,
    SetLevelRequestParams,
)
from mcp.types import Tool as MCPTool
from pydantic import ValidationError

from pdftools import __version__
from pdftools.core import policies
from pdftools.errors import InvalidArgument
from pdftools.mcp import logs, prompts, schemas
from pdftools.mcp.arguments import (
    about_as_close,
    argument_errors,
    arguments_by_flag,
    by_command,
    command_arguments,
    cut_given_back,
    either,
    member,
    misplaced_arguments,
    nulls_left_out,
    one_or_many,
)
from pdftools.mcp.listing import hints_for, instructions, tool_description
from pdftools.mcp.results import error_result
from pdftools.mcp.store import URI_PREFIX, FileStore
from pdftools.mcp.tools import PolicyFactory, make_tool
from pdftools.mcp.words import mcp_namer, mcp_text
from pdftools.ops import Op, selected


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
    local_only: dict[str, tuple[str, ...]] = {}  # per tool, those left out over HTTP (the folder written: `local_only`)

    ops: tuple[Op, ...] = ()  # the operations served, each a tool made when first called (see `_tool`)
    policy_for: PolicyFactory | None = None  # each call's path policy

    def _tool(self, name: str) -> Any:
        """The tool `name` as the SDK runs it (None if not served), made when first asked for: its op's module
        imported, its arguments' and result's models built. A call pays for its own tool only; the listing is
        made ahead (mcp/listed.py)."""
        tool = self._tool_manager.get_tool(name)
        op = next((op for op in self.ops if op.tool == name), None) if tool is None else None
        if op is not None and self.policy_for is not None:  # (build_server sets it)
            add_tool(self, op, self.policy_for, frozenset(op.tool for op in self.ops))
            tool = self._tool_manager.get_tool(name)
        return tool

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
                raise ResourceNotFoundError(f"no file {text} for this session (expired, another session's, or "
                                            "made before the server restarted)")
            content = _as_text(stored.path.read_bytes(), stored.mime)
            return [ReadResourceContents(content=content, mime_type=stored.mime)]
        return await super().read_resource(uri, context)

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Any = None) -> Any:
        tool = self._tool(name)
        if tool is None:
            return error_result(self._unknown_tool(name))
        arguments = one_or_many(set(tool.parameters.get("properties", {})), arguments)
        arguments = nulls_left_out(tool.parameters, arguments)
        unknown = self._unknown_arguments(name, arguments) or misplaced_arguments(name, arguments) or \
            cut_given_back(name, arguments)
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

        offered = sorted(op.tool for op in self.ops)
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
        """The tools as this transport serves them, in compact schemas (mcp/schemas.py): as made ahead
        (mcp/listed_tools.py, the same bytes), so that the first listing imports no operation and builds no model;
        a tool made since is made now."""
        if self._listing is None:
            from pdftools.mcp.listed_tools import HTTP, STDIO

            ahead = HTTP if self.transport == "http" else STDIO
            self._listing = [MCPTool.model_validate_json(ahead[op.tool]) if op.tool in ahead
                             else await self._listed_now(op.tool) for op in self.ops]
        return self._listing

    _listing: list[MCPTool] | None = None

    async def listed_live(self) -> list[MCPTool]:
        """Every tool made and listed now, as the SDK lists it and made compact: what listed_tools.py holds."""
        return [await self._listed_now(op.tool) for op in self.ops]

    async def _listed_now(self, name: str) -> MCPTool:
        self._tool(name)
        return self._as_listed(next(tool for tool in await super().list_tools() if tool.name == name))

    def _as_listed(self, tool: MCPTool) -> MCPTool:
        output = schemas.compact(schemas.shallow(tool.output_schema))
        hidden = self.cli_only.get(tool.name, ())  # a result's fields that mean something at a shell only
        if self.transport == "http":  # and those that name a folder on the server (its files are stored)
            hidden += self.local_only.get(tool.name, ())
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
    server.policy_for = policy_for or (lambda ctx: policies.RootsPolicy(roots))
    server.writers = frozenset(op.tool for op in chosen if not op.read_only)  # from the registry: nothing imported
    _serve_prompts(server, roots, {op.tool for op in chosen})
    _serve_logging(server)
    server.ops = chosen  # each tool is made when first called; the listing is made ahead
    return server


def add_tool(server: PdftoolsServer, op: Op, policy_for: PolicyFactory, offered: frozenset[str]) -> None:
    """The op's tool: its module imported, its schemas built. Done when a client first calls it (or lists the
    tools from a listing not made ahead), never before `initialize` is answered (it doubled the server's start)."""
    fn = make_tool(op, policy_for, offered)
    description = mcp_text(tool_description(inspect.cleandoc(op.doc()) or op.summary), mcp_namer(op.load()))
    # no title: the spec has clients show the name instead, and an agent gains nothing from it (1.1 kB of `all`)
    server.add_tool(fn, name=op.tool, description=description, annotations=hints_for(op), structured_output=True)
    result = fn.__annotations__["return"]  # the result type make_tool resolved
    hidden, local = getattr(result, "cli_only", ()), getattr(result, "local_only", ())
    if hidden:
        server.cli_only = {**server.cli_only, op.tool: tuple(hidden)}
    if local:
        server.local_only = {**server.local_only, op.tool: tuple(local)}


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

        return prompts.complete(params, roots, stored, offered)

    server._lowlevel_server.add_request_handler("completion/complete", CompleteRequestParams, complete)


def _serve_logging(server: PdftoolsServer) -> None:
    """`logging/setLevel` (the capability advertised): the client's level for this connection's calls."""

    async def set_level(ctx: Any, params: Any) -> EmptyResult:
        logs.set_level(ctx.session, params.level)
        return EmptyResult()

    server._lowlevel_server.add_request_handler("logging/setLevel", SetLevelRequestParams, set_level)
    logs.install()

