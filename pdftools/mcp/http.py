"""`pdftools serve --transport http`: the SDK's Streamable HTTP app, plus uploads and downloads.

Routes: the MCP endpoint (`/mcp` by default, with `Mcp-Session-Id` sessions unless stateless), `POST /upload`
(raw body or multipart; streamed to disk under a size limit), `GET|HEAD /files/{token}` (the file store,
with range requests), `GET /files` (a listing) and `GET /` (the upload page). One bearer token, if set,
guards every route (GET may carry it as `?token=`, for browsers); the SDK's Host/Origin checks guard
against DNS rebinding.
"""

from __future__ import annotations

import logging
import os
import signal
import sys
import tempfile
import threading
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response

from pdftools.errors import UploadTooLarge
from pdftools.mcp import mime
from pdftools.mcp.events import MemoryEventStore
from pdftools.mcp.files import HttpPolicy, describe, type_extension
from pdftools.mcp.guards import BearerAuth, Draining, NoIdleStreams, NoOAuth, refuse
from pdftools.mcp.page import PAGE
from pdftools.mcp.server import build_server, session_of
from pdftools.mcp.store import FileStore, StoredFile, stored_name
from pdftools.mcp.wire import AnsweringHttp

log = logging.getLogger("pdftools.http")
SWEEP_EVERY = 60.0


@dataclass
class HttpSettings:
    host: str = "127.0.0.1"
    port: int = 8000
    path: str = "/mcp"
    stateless: bool = False
    json_response: bool = False
    token: str | None = None
    public_url: str | None = None
    max_upload: int = 50_000_000
    ttl: float = 3600.0
    files_dir: Path | None = None
    store_dir: Path | None = None  # a store shared by replicas (kept at exit); None: a private temporary one
    tools: str | None = None  # what `serve --tools` chose (default: every tool)

    @property
    def base_url(self) -> str:
        return (self.public_url or f"http://{self.host}:{self.port}").rstrip("/")


def build_app(roots: list[Path], settings: HttpSettings, log_level: str = "WARNING"
              ) -> tuple[Any, FileStore, Draining]:
    from mcp.server.transport_security import TransportSecuritySettings

    if settings.store_dir is not None:
        store = FileStore(settings.store_dir, ttl=settings.ttl, shared=True)
    else:
        from pdftools.mcp.store import PRIVATE, sweep_dead

        sweep_dead(Path(settings.files_dir or tempfile.gettempdir()))
        store = FileStore(Path(tempfile.mkdtemp(prefix=PRIVATE, dir=settings.files_dir)), ttl=settings.ttl)
        store.claim()

    def link(stored: StoredFile) -> str:
        return f"{settings.base_url}/files/{stored.token}"

    def policy_for(ctx: Any) -> HttpPolicy:
        return HttpPolicy(roots, store, session_of(ctx.request_context.request), settings.max_upload, link)

    server = build_server(roots, log_level, settings.tools, policy_for=policy_for, store=store,
                          token=bool(settings.token))
    server.custom_route("/upload", methods=["POST"])(_upload_route(store, settings, link))
    server.custom_route("/files/{token}", methods=["GET", "HEAD"])(_download_route(store))
    server.custom_route("/files", methods=["GET"])(_listing_route(store, link))
    server.custom_route("/", methods=["GET"])(_page)
    hosts = [f"{settings.host}:{settings.port}", f"127.0.0.1:{settings.port}", f"localhost:{settings.port}"]
    if settings.public_url:
        hosts.append(settings.public_url.split("://", 1)[-1].split("/", 1)[0])
    security = TransportSecuritySettings(enable_dns_rebinding_protection=True, allowed_hosts=hosts,
                                         allowed_origins=[f"http://{h}" for h in hosts] + [settings.base_url])
    resumable = not settings.stateless and not settings.json_response  # a stream to resume, and a session
    app: Any = server.streamable_http_app(streamable_http_path=settings.path, stateless_http=settings.stateless,
                                     json_response=settings.json_response, transport_security=security,
                                     host=settings.host, event_store=MemoryEventStore() if resumable else None,
                                     retry_interval=RETRY_MS if resumable else None)
    app = NoIdleStreams(app, settings.path) if settings.stateless else app
    app = draining = Draining(AnsweringHttp(app, settings.path), settings.path)
    return NoOAuth(BearerAuth(app, settings.token) if settings.token else app), store, draining


RETRY_MS = 1000  # how soon a client reconnects to a dropped stream (the SSE `retry` field)


def _upload_route(store: FileStore, settings: HttpSettings, link: Any) -> Any:
    async def upload(request: Request) -> Response:
        from starlette.exceptions import HTTPException

        limit, name = settings.max_upload, stored_name(request.query_params.get("name") or "upload.bin")
        multipart = request.headers.get("content-type", "").startswith("multipart/form-data")
        cap = limit + FORM_OVERHEAD if multipart else limit  # for the whole body, before anything is parsed
        too_large = refuse(413, "UPLOAD_TOO_LARGE", f"over the {limit:,} byte limit", UploadTooLarge.hint)
        if int(request.headers.get("content-length") or 0) > cap:  # refused from the header, nothing read
            return too_large
        request = _capped(request, cap)
        token, slot = store.new_slot()
        target = slot / name
        try:
            if multipart:
                size, name = await _save_multipart(request, slot, limit)
                target = slot / name
            else:
                size = await _write_capped(request.stream(), target, limit)
                if not request.query_params.get("name"):  # `upload` and its type's extension, as a data: URL's
                    declared = request.headers.get("content-type", "").partition(";")[0].strip().lower() or None
                    target = target.rename(slot / f"upload{type_extension(declared, target)}")
        except _TooLarge:
            _discard(slot)
            return too_large
        except (HTTPException, _BadForm) as exc:  # starlette's multipart parser refused the form
            _discard(slot)
            return refuse(400, "BAD_UPLOAD", f"not a usable multipart form: {exc.detail}",
                          "Send one file part (multipart/form-data), or the raw bytes with ?name=.")
        except Exception:  # the client went away mid-upload: keep nothing
            _discard(slot)
            raise
        if size == 0:
            _discard(slot)
            return refuse(400, "EMPTY_UPLOAD", "the upload has no content", "Send the file's bytes.")
        stored = store.add(token, target, session_of(request))
        return JSONResponse({"uri": stored.uri, "name": stored.name, "size": stored.size,
                             "sha256": stored.sha256, "download_url": link(stored)})

    return upload


FORM_OVERHEAD = 64 * 1024  # a multipart body's boundaries, part headers and small fields, beyond the file


class _TooLarge(Exception):
    pass


class _BadForm(Exception):
    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


def _capped(request: Request, cap: int) -> Request:
    """`request` whose body stops with _TooLarge past `cap` bytes (chunked bodies have no length to check),
    so that no parser spools more than that to disk."""
    received = 0

    async def receive() -> Any:
        nonlocal received
        message = await request.receive()
        received += len(message.get("body", b""))
        if received > cap:
            raise _TooLarge
        return message

    return Request(request.scope, receive)


async def _write_capped(chunks: AsyncIterator[bytes], target: Path, limit: int) -> int:
    """`chunks` written to `target` as they come; `_TooLarge` as soon as they pass `limit` bytes."""
    size = 0
    with target.open("wb") as fh:
        async for chunk in chunks:
            size += len(chunk)
            if size > limit:
                raise _TooLarge
            fh.write(chunk)
    return size


async def _save_multipart(request: Request, slot: Path, limit: int) -> tuple[int, str]:
    async with request.form(max_files=1, max_fields=16, max_part_size=FORM_OVERHEAD) as form:
        upload = next((v for v in form.values() if hasattr(v, "read")), None)
        if upload is None:
            raise _BadForm("it has no file part (or ends before the file's closing boundary)")
        name = stored_name(getattr(upload, "filename", None) or "upload.bin")
        size = await _write_capped(_pieces(upload), slot / name, limit)
    return size, name


async def _pieces(upload: Any) -> AsyncIterator[bytes]:
    """A form's file part, read 1 MB at a time."""
    while chunk := await upload.read(1 << 20):
        yield chunk


def _discard(slot: Path) -> None:
    import shutil

    shutil.rmtree(slot, ignore_errors=True)


def _download_route(store: FileStore) -> Any:
    async def download(request: Request) -> Response:
        token = request.path_params["token"]
        stored = store.lookup(token)  # on disk: a file another replica made or swept is seen here too
        if stored is None and store.was_swept(token):
            return refuse(410, "FILE_EXPIRED", "the file has expired", "Run the tool again to make it anew.")
        if stored is None:
            return refuse(404, "FILE_NOT_FOUND", "no such file", "Links come from tool results or /upload; a "
                          "server that restarted has none of the files it held before (its store went with it).")
        if stored.expires < time.time():  # known but expired (a link is a capability: no session check)
            return refuse(410, "FILE_EXPIRED", "the file has expired", "Run the tool again to make it anew.")
        return FileResponse(stored.path, media_type=stored.mime,
                            headers={"Content-Disposition": mime.disposition(stored.name, stored.mime),
                                     "X-Content-Type-Options": "nosniff"})

    return download


async def _page(request: Request) -> Response:
    return HTMLResponse(PAGE, headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"})


def _listing_route(store: FileStore, link: Any) -> Any:
    async def listing(request: Request) -> Response:
        """Files the page may show: uploads and outputs not bound to an MCP session."""
        files = [describe(f, link) for f in store.of(session_of(request))]
        return JSONResponse({"files": files})

    return listing


EVERY_ADDRESS = {"0.0.0.0", "::", ""}  # a wildcard bind: no name a client reaches the server by


def _check_reachable(settings: HttpSettings) -> None:
    """A server bound to every address must be told the one its clients use: links would say `http://0.0.0.0:8000`,
    and the Host check (DNS-rebinding protection) would refuse each client that comes by the machine's name."""
    from pdftools.errors import InvalidArgument

    if settings.host in EVERY_ADDRESS and not settings.public_url:
        raise InvalidArgument(f"serving on {settings.host or 'every address'} needs the address clients use: download "
                              f"links would name http://{settings.host}:{settings.port}, and clients that come by "
                              "this machine's name or address would be refused",
                              hint=f"Pass --public-url http://NAME:{settings.port} (or PDFTOOLS_PUBLIC_URL): the name "
                                   "or address clients connect to, or the proxy's URL; or bind that one address "
                                   "with --host.")


def serve_http(roots: list[Path], settings: HttpSettings, log_level: str = "WARNING") -> None:
    import uvicorn

    _check_reachable(settings)
    _check_port(settings.host, settings.port)
    app, store, draining = build_app(roots, settings, log_level)
    stop = threading.Event()

    every = min(SWEEP_EVERY, max(0.5, settings.ttl / 2))  # an expired file lingers at most TTL/2 (60 s)

    def sweep() -> None:
        while not stop.wait(every):
            store.sweep()

    threading.Thread(target=sweep, name="pdftools-sweep", daemon=True).start()
    if log_level.upper() != "ERROR":  # the person who started it sees where it serves (never the token)
        url = f"{settings.base_url}{settings.path}"
        sys.stderr.write(f"pdftools: serving MCP at {url} (roots: {', '.join(map(str, roots))}); "
                         f"`pdftools mcp-config CLIENT --http {url}` configures a client; Ctrl-C stops.\n")
        sys.stderr.flush()
    # uvicorn re-raises SIGTERM after its graceful shutdown; as an exception it lets `finally` clean up
    signal.signal(signal.SIGTERM, lambda sig, _: sys.exit(128 + sig))
    # the requests under way were given GRACE by the drain (`_stopping`); uvicorn's own wait after it is for the
    # streams to close: GRACE there too made a stop take 60 s at most where the README says 30
    config = uvicorn.Config(app, host=settings.host, port=settings.port, log_level=log_level.lower(),
                            timeout_graceful_shutdown=AFTER_DRAIN)
    try:  # on SIGTERM/SIGINT the calls under way finish (GRACE seconds at most), then uvicorn closes and returns
        server = _stopping(config, draining)
        hung_up = _on_hangup(server)
        server.run()
        if not server.started:  # it could not start (uvicorn.run's exit)
            sys.exit(3)
        if hung_up.is_set():
            sys.exit(128 + signal.SIGHUP)
    finally:
        stop.set()
        store.clear()  # a private store goes with the server; a shared one stays for the other replicas


GRACE = 30  # seconds a stopping server waits for the requests under way
AFTER_DRAIN = 5  # seconds uvicorn then waits for the connections to close


def _on_hangup(server: Any) -> threading.Event:
    """SIGHUP (the terminal or ssh session that started the server went away) stops it as SIGTERM does, as it
    stops every command (exit 129); ignored, under nohup, it stays ignored. uvicorn catches SIGINT and SIGTERM
    alone: SIGHUP killed the server at once, and its file store, every upload and output, stayed in TMPDIR."""
    hung_up = threading.Event()

    def hangup(sig: int, frame: Any) -> None:
        hung_up.set()
        server.should_exit = True  # what uvicorn's own handler does for SIGTERM

    if signal.getsignal(signal.SIGHUP) is not signal.SIG_IGN:
        signal.signal(signal.SIGHUP, hangup)
    return hung_up


def _stopping(config: Any, draining: Draining) -> Any:
    """uvicorn's server, whose shutdown first lets the requests under way finish (`Draining`), then closes the
    event streams. sse-starlette closed every stream as soon as uvicorn caught the signal, a tool call's too, so
    a call under way lost its result (the client saw its stream end); it now waits to be told (`should_exit`).
    It keeps listening meanwhile: a client whose event stream dropped reconnects to it (one refused ended the
    SDK's client)."""
    import uvicorn
    from sse_starlette.sse import AppStatus  # the event streams of the SDK's Streamable HTTP

    class Stopping(uvicorn.Server):
        async def shutdown(self, sockets: Any = None) -> None:
            await draining.drain(GRACE, lambda: self.force_exit)  # a second Ctrl-C stops at once
            AppStatus.should_exit = True  # now the streams end: the sessions' GET streams, a call cut at GRACE
            await super().shutdown(sockets)

    AppStatus.disable_automatic_graceful_drain()
    return Stopping(config)


def _check_port(host: str, port: int) -> None:
    """Refuse, as our errors do, an address uvicorn could not bind (it would log `[Errno 98]` and exit 3)."""
    import errno
    import socket

    from pdftools.errors import InvalidArgument, PermissionDenied

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError as exc:
        raise InvalidArgument(f"cannot serve on {host}: {exc.strerror or exc}",
                              hint="Give an address of this machine with --host (default 127.0.0.1).") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
        try:
            probe.bind(address)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise InvalidArgument(f"port {port} on {host} is in use",
                                      hint="Choose another with --port, or stop what listens there.") from None
            if exc.errno == errno.EACCES:
                raise PermissionDenied(f"not allowed to listen on port {port}",
                                       hint="Ports below 1024 need privileges: choose another with --port.") from None
            raise InvalidArgument(f"cannot listen on {host}:{port}: {exc.strerror or exc}",
                                  hint="Choose another address or port (--host, --port).") from None


def env_settings(**given: Any) -> HttpSettings:
    """Settings from the command line, falling back to the environment."""
    def env(name: str) -> str | None:
        return os.environ.get(name) or None

    settings = HttpSettings(**{k: v for k, v in given.items() if v is not None})
    settings.token = settings.token or env("PDFTOOLS_AUTH_TOKEN")
    settings.public_url = settings.public_url or env("PDFTOOLS_PUBLIC_URL")
    if env("PDFTOOLS_MAX_UPLOAD_BYTES"):
        settings.max_upload = int(env("PDFTOOLS_MAX_UPLOAD_BYTES") or 0)
    if env("PDFTOOLS_FILE_TTL"):
        settings.ttl = float(env("PDFTOOLS_FILE_TTL") or 0)
    if env("PDFTOOLS_STORE") and settings.store_dir is None:
        settings.store_dir = Path(env("PDFTOOLS_STORE") or ".")
    if env("PDFTOOLS_FILES_DIR"):
        settings.files_dir = Path(env("PDFTOOLS_FILES_DIR") or ".")
    return settings
