"""What stands in front of the HTTP app: the bearer token on every route (constant-time compare; `?token=` for a
browser's GET), no OAuth discovery (a 401 there starts a login that cannot work), no idle event streams when
stateless; the requests under way counted, so that a stopping server lets them finish (`Draining`); and the
JSON error every route answers with."""

from __future__ import annotations

import hmac
import time
from typing import Any
from urllib.parse import parse_qs

from starlette.responses import JSONResponse


class NoIdleStreams:
    """Stateless: `GET /mcp` answers 405. There is no session to push to, so the stream it would open never
    sends and never closes (each one held memory and a descriptor until the client gave up)."""

    def __init__(self, app: Any, path: str) -> None:
        self.app, self.path = app, path.rstrip("/") or "/"

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["method"] == "GET" and scope["path"].rstrip("/") == self.path:
            response = refuse(405, "METHOD_NOT_ALLOWED", "a stateless server has no event stream to open",
                              "POST requests to this endpoint; each response carries its own events.")
            response.headers["Allow"] = "POST"
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)


class Draining:
    """Counts the requests under way (a tool call's POST until its response stream ends, an upload, a download;
    not the MCP endpoint's GET, an event stream that lasts as long as its session). `drain` (the server is
    stopping: SIGTERM, Ctrl-C) returns once none has been under way for `QUIET` seconds, or after `most`: a call's
    result reaches its client, and so do the requests a client makes to finish it (the SDK's client lists the
    tools after a call, to check its result), before the server closes its streams. Nothing is refused meanwhile:
    a call of a session already open is an agent's next step, and refusing it made its call fail."""

    QUIET = 0.5

    def __init__(self, app: Any, path: str) -> None:
        self.app, self.path = app, path.rstrip("/") or "/"
        self.under_way, self.last = 0, time.monotonic()

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http" or (scope["method"] == "GET" and scope["path"].rstrip("/") == self.path):
            await self.app(scope, receive, send)
            return
        self.under_way += 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.under_way -= 1
            self.last = time.monotonic()

    async def drain(self, most: float, forced: Any = lambda: False) -> None:
        """`forced()` true (a second Ctrl-C) ends the wait at once."""
        import anyio

        deadline = time.monotonic() + most
        while time.monotonic() < deadline and not forced() and \
                (self.under_way or time.monotonic() - self.last < self.QUIET):
            await anyio.sleep(0.05)


class NoOAuth:
    """OAuth discovery (`/.well-known/oauth-*`, RFC 8414 and 9728) answers 404, token or not: this server
    takes a static bearer token and has no authorization server, and a 401 there makes clients such as the
    MCP Inspector start an OAuth login that cannot work."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["path"].startswith("/.well-known/oauth-"):
            await refuse(404, "NOT_FOUND", "no OAuth here",
                         "Send the server's token as `Authorization: Bearer <token>`.")(scope, receive, send)
            return
        await self.app(scope, receive, send)


class BearerAuth:
    """ASGI middleware: every HTTP request needs `Authorization: Bearer <token>` (constant-time compare)."""

    def __init__(self, app: Any, token: str) -> None:
        self.app, self.expected = app, f"Bearer {token}".encode()

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            given = dict(scope.get("headers") or []).get(b"authorization", b"")
            if scope["method"] in ("GET", "HEAD") and not given:  # a page load or a download link in a browser
                query = parse_qs(scope.get("query_string", b"").decode())
                given = f"Bearer {query.get('token', [''])[0]}".encode()
            scheme, _, credentials = given.partition(b" ")
            if scheme.lower() == b"bearer":  # the scheme is case-insensitive (RFC 9110), the token is not
                given = b"Bearer " + credentials
            if not hmac.compare_digest(given, self.expected):
                hint = "Send Authorization: Bearer <token>" + (
                    ", or add ?token=<token> to the link (a browser sends no header)" if scope["method"] in
                    ("GET", "HEAD") else "") + "."
                response = JSONResponse({"error": {"code": "UNAUTHORIZED", "message": "missing or wrong token",
                                                   "hint": hint}}, status_code=401,
                                        headers={"WWW-Authenticate": "Bearer"})
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


def refuse(status: int, code: str, message: str, hint: str) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message, "hint": hint}}, status_code=status)
