"""Requests the SDK cannot read, answered rather than dropped: a JSON string holding a lone surrogate
(`"\\ud83d"`: half of an emoji a JavaScript client cut in two, which JSON.stringify writes so). pydantic's JSON
parser refuses the whole message, so over stdio the request had no answer at all (the client waited for ever)
and over HTTP it was a 400 `Parse error: unexpected end of hex escape`, with no id. Here a tool call gets a tool
error naming the argument (INVALID_ARGUMENT, as any bad argument), any other request JSON-RPC's invalid params.
"""

from __future__ import annotations

import json
import re
from types import TracebackType
from typing import Any

from pdftools.errors import InvalidArgument

_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
_LONE = re.compile("[\ud800-\udfff]")  # json.loads joins a pair into one character: what is left is alone
INVALID_PARAMS = -32602
HINT = "Send whole characters: the text again, without the half one (or with the whole character)."


def refusal(raw: str | bytes) -> dict[str, Any] | None:
    """The JSON-RPC response to a request whose JSON holds a lone surrogate; None for anything else (what the SDK
    reads, or refuses itself: bad JSON, a notification, which has no id to answer)."""
    text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
    if not _SURROGATE_ESCAPE.search(text):
        return None
    try:
        message = json.loads(text)
    except ValueError:
        return None
    if not isinstance(message, dict) or "id" not in message or not isinstance(message.get("method"), str):
        return None
    params = message["params"] if isinstance(message.get("params"), dict) else {}
    tool_call = message["method"] == "tools/call" and isinstance(params.get("arguments"), dict)
    where = _lone(params["arguments"], "") if tool_call else _lone(params, "params")
    if where is None:
        return None
    what, character = where
    said = (f"{what} holds half of a character ({character}, a lone UTF-16 surrogate: an emoji or another "
            "character cut in two?), which is no text")
    if tool_call:
        from pdftools.mcp.results import error_result

        result = error_result(InvalidArgument(said, hint=HINT))
        return {"jsonrpc": "2.0", "id": message["id"],
                "result": result.model_dump(mode="json", by_alias=True, exclude_none=True)}
    return {"jsonrpc": "2.0", "id": message["id"], "error": {"code": INVALID_PARAMS, "message": f"{said}. {HINT}"}}


def _lone(value: Any, path: str) -> tuple[str, str] | None:
    """Where in `value` a key or a string holds a lone surrogate (`the argument values.title`), and it escaped."""
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        inner = f"{path}.{key}" if path else str(key)
        if isinstance(key, str) and (found := _LONE.search(key)):
            return f"a key of {_named(path) if path else 'the arguments'}", _escaped(found[0])
        if isinstance(item, str) and (found := _LONE.search(item)):
            return _named(inner), _escaped(found[0])
        if (deeper := _lone(item, inner)) is not None:
            return deeper
    return None


def _named(path: str) -> str:
    return path if path.startswith("params") else f"the argument {path}"


def _escaped(character: str) -> str:
    return f"\\u{ord(character):04x}"


def raw_input(item: Any) -> str | bytes | None:
    """The message the SDK's transport could not parse (pydantic's `json_invalid` keeps it whole), if that is why
    it failed."""
    errors = getattr(item, "errors", None)
    try:
        first = errors()[0] if callable(errors) else None
    except (IndexError, TypeError):
        return None
    if first and first.get("type") == "json_invalid" and isinstance(first.get("input"), str | bytes):
        return first["input"]  # type: ignore[no-any-return]
    return None


class Answering:
    """The stdio transport's read stream, but a request it could not parse for a lone surrogate is answered on
    `write` (the session never sees it); everything else passes as it is."""

    def __init__(self, read: Any, write: Any) -> None:
        self.read, self.write = read, write

    @property
    def last_context(self) -> Any:  # the sender's contextvars, which the dispatcher reads after each item
        return getattr(self.read, "last_context", None)

    async def receive(self) -> Any:
        while True:
            item = await self.read.receive()
            if not await self._answered(item):
                return item

    def __aiter__(self) -> Answering:
        return self

    async def __anext__(self) -> Any:
        while True:
            item = await self.read.__anext__()
            if not await self._answered(item):
                return item

    async def _answered(self, item: Any) -> bool:
        if not isinstance(item, Exception):
            return False
        raw = raw_input(item)
        reply = refusal(raw) if raw is not None else None
        if reply is None:
            return False
        import mcp_types as types
        from mcp.shared.message import SessionMessage

        await self.write.send(SessionMessage(types.jsonrpc_message_adapter.validate_python(reply)))
        return True

    async def aclose(self) -> None:
        await self.read.aclose()

    async def __aenter__(self) -> Answering:
        await self.read.__aenter__()
        return self

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None,
                        trace: TracebackType | None) -> bool | None:
        return await self.read.__aexit__(kind, error, trace)  # type: ignore[no-any-return]


class AnsweringHttp:
    """ASGI middleware for the MCP endpoint: a POST whose JSON holds a lone surrogate is answered here (200, the
    JSON-RPC response as application/json); any other body goes on to the SDK as it came."""

    MOST = 4_000_000  # bytes of a body looked at (beyond: the SDK's own limit speaks)

    def __init__(self, app: Any, path: str) -> None:
        self.app, self.path = app, path.rstrip("/") or "/"

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope["method"] != "POST" or scope["path"].rstrip("/") != self.path:
            await self.app(scope, receive, send)
            return
        messages, size = [], 0
        while True:
            message = await receive()
            messages.append(message)
            size += len(message.get("body", b""))
            if message["type"] != "http.request" or not message.get("more_body") or size > self.MOST:
                break
        whole = messages[-1]["type"] == "http.request" and not messages[-1].get("more_body")
        reply = refusal(b"".join(m.get("body", b"") for m in messages)) if whole else None
        if reply is not None:
            from starlette.responses import JSONResponse

            await JSONResponse(reply)(scope, receive, send)
            return

        async def replay() -> Any:
            return messages.pop(0) if messages else await receive()

        await self.app(scope, replay, send)
