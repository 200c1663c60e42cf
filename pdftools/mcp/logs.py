"""Log messages to the client, as the protocol has them, besides stderr.

A client sets the level with `logging/setLevel` (2025 protocol versions; the level is kept per connection)
or opts in per request with `_meta` (2026-07-28 versions, where the SDK filters). What the `pdftools`
loggers say while a call runs then also reaches that call's client as `notifications/message`, on the call's
own stream; stderr keeps its handler and level.
"""

from __future__ import annotations

import contextlib
import logging
import warnings
import weakref
from collections.abc import Iterator
from contextvars import ContextVar
from typing import Any

import anyio
import anyio.from_thread
import anyio.lowlevel

# RFC 5424 names as MCP has them, and the logging levels they correspond to
LEVELS = {"debug": logging.DEBUG, "info": logging.INFO, "notice": logging.INFO + 5, "warning": logging.WARNING,
          "error": logging.ERROR, "critical": logging.CRITICAL, "alert": logging.CRITICAL + 5,
          "emergency": logging.CRITICAL + 9}

_levels: weakref.WeakKeyDictionary[Any, int] = weakref.WeakKeyDictionary()  # connection -> threshold
_current: ContextVar[_Sink | None] = ContextVar("pdftools_mcp_log_sink", default=None)


def connection_of(session: Any) -> Any:
    """What identifies a client's connection across its requests (the SDK's Connection)."""
    return getattr(session, "_connection", session)


def set_level(session: Any, level: str) -> None:
    _levels[connection_of(session)] = LEVELS[level]
    _open_up(LEVELS[level])


def mcp_level(levelno: int) -> str:
    return next((name for name, number in reversed(LEVELS.items()) if levelno >= number), "debug")


class _Sink:
    """Where one call's log records go: its client, from whatever thread logs them."""

    def __init__(self, ctx: Any, threshold: int) -> None:
        self.ctx, self.threshold, self.token = ctx, threshold, anyio.lowlevel.current_token()

    def send(self, record: logging.LogRecord) -> None:
        if record.levelno < self.threshold:
            return
        data = record.getMessage()
        with contextlib.suppress(Exception):  # a lost log message must never fail the operation
            anyio.from_thread.run(self._send, mcp_level(record.levelno), data, record.name, token=self.token)

    async def _send(self, level: str, data: str, logger: str) -> None:
        with warnings.catch_warnings():  # deprecated in 2026 versions, where the request's `_meta` opts in
            warnings.simplefilter("ignore")
            await self.ctx.request_context.session.send_log_message(level=level, data=data, logger=logger,
                                                                    related_request_id=self.ctx.request_id)


class ClientHandler(logging.Handler):
    """Installed once on the `pdftools` logger: forwards records to the client of the call that made them."""

    def emit(self, record: logging.LogRecord) -> None:
        sink = _current.get()
        if sink is not None and not getattr(record, "_from_client_handler", False):
            sink.send(record)


def install() -> None:
    root = logging.getLogger("pdftools")
    if not any(isinstance(h, ClientHandler) for h in root.handlers):
        root.addHandler(ClientHandler(logging.DEBUG))


class _StderrLevel(logging.Filter):
    """On stderr's handlers: pdftools records below the level stderr had before a client asked for more."""

    def __init__(self, level: int) -> None:
        super().__init__()
        self.level = level

    def filter(self, record: logging.LogRecord) -> bool:
        return record.levelno >= self.level or not record.name.startswith("pdftools")


def _open_up(level: int) -> None:
    """Let `pdftools` records down to `level` reach the client handler, stderr keeping its own level."""
    logger = logging.getLogger("pdftools")
    current = logger.getEffectiveLevel()
    if level >= current:
        return
    for handler in logging.getLogger().handlers:
        if not any(isinstance(f, _StderrLevel) for f in handler.filters):
            handler.addFilter(_StderrLevel(current))
    logger.setLevel(level)


@contextlib.contextmanager
def to_client(ctx: Any) -> Iterator[None]:
    """While the block runs (in this task and the worker threads it starts), log records go to `ctx`'s client
    at the level it set; with no level set (2025 versions), none do. 2026 versions filter per request."""
    session = ctx.request_context.session
    threshold = _levels.get(connection_of(session))
    if getattr(session, "_log_is_request_scoped", False):  # 2026: what this request's `_meta` opted in to
        opted = [LEVELS[name] for name in getattr(session, "_allowed_log_levels", ())]
        threshold = min(opted) if opted else None
    if threshold is None:
        yield
        return
    _open_up(threshold)
    token = _current.set(_Sink(ctx, threshold))
    try:
        yield
    finally:
        _current.reset(token)
