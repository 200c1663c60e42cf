"""Each op as an MCP tool: an async function with the op's own signature (and the SDK's Context) that runs the op
in a worker thread under the call's path policy (the roots; over HTTP also the file store) and a task that
sends progress notifications, a client's cancel cancelling it; its result, or any failure, is mapped to a tool
result (`{code, message, hint}` for an error, never a traceback).
"""

from __future__ import annotations

import contextlib
import inspect
import logging
import threading
from collections.abc import Callable
from typing import Any, get_type_hints

import anyio
import anyio.lowlevel
from mcp.server.mcpserver import Context
from mcp.types import CallToolResult

from pdftools.core import limits, paths, policies, results, task
from pdftools.core.foreign_errors import unexpected
from pdftools.core.params import without_empty
from pdftools.errors import Busy, PdftoolsError
from pdftools.mcp import logs
from pdftools.mcp.limiter import limiter_for
from pdftools.mcp.listing import tool_parameters
from pdftools.mcp.results import Publish, Scrub, error_result, success_result, trim
from pdftools.mcp.words import for_agent, limit_row, mcp_namer
from pdftools.ops import Op, get

log = logging.getLogger("pdftools.mcp")
PolicyFactory = Callable[[Context], policies.RootsPolicy]
CANCEL_GRACE = 10.0  # seconds a cancelled call may take to remove its temporary files


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
        ran = getattr(result, "command", None)  # a batch's command: its failed rows say a limit is the server's
        if callable(reword) and isinstance(ran, str):  # setting, as `error_result` does
            names = set(mcp_namer(get(ran).load()).values())
            for row in getattr(result, "rows", None) or ():
                if isinstance(getattr(row, "error", None), dict):
                    limit_row(row.error, names)
        if callable(reword):  # errors inside a result (a batch's failed rows, a search's skipped inputs)
            reword(lambda text, command: for_agent(text, fn, get(command).load()))
        elif isinstance(getattr(result, "warnings", None), list):  # in the tool's words: `pdf_compress`
            result.warnings = [for_agent(said, fn, fn) for said in result.warnings]
        trim(result, "stdio" if publish is None else "http", offered)
        named = getattr(result, "name_commands", None)
        if callable(named):  # commands a result names (what pdf_diagnose's checks are used for), as tools
            named(lambda command: get(command).tool)
        warned = [for_agent(said, fn, fn) for said in results.shortfalls(result)]  # in the tool's words
        return success_result(result, publish, scrub, warned)
    except PdftoolsError as exc:
        from pdftools.document.recovery import true_hint

        log.info("%s failed: %s", op.tool, exc.code)
        true_hint(exc)  # DAMAGED_PDF names `repair` only when a repair recovers something
        return error_result(exc, scrub, mcp_namer(fn))
    except Exception as exc:
        error = unexpected(exc)
        if error.code != PdftoolsError.code:  # the environment's limit, or damage met where no op expected it
            log.warning("%s failed: %s", op.tool, error.message)
            return error_result(error, scrub)
        log.exception("%s crashed", op.tool)
        return error_result(error, scrub)


def _progress_sender(ctx: Context) -> task.ProgressFn:
    """Progress from any worker thread to the client (a no-op unless the request carried a progress token)."""
    token = anyio.lowlevel.current_token()

    def send(done: int, total: int, message: str) -> None:
        with contextlib.suppress(Exception):  # a lost notification must never fail the operation
            anyio.from_thread.run(ctx.report_progress, done, total, message or None, token=token)

    return send
