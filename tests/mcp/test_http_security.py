"""Security over HTTP: the path-escape table through `HttpPolicy`, token guessing, another session's files,
oversized and malformed uploads. The real server on 127.0.0.1 and the official SDK client (test_mcp_http).

Over HTTP a path argument that reads (an input, a folder to list) is confined to the roots as over stdio, and
gets the same codes. An output argument is only a name: every output lands in the call's private workspace and
then in the file store, so an escape there is harmless by construction; what must hold is that nothing is
written outside the store, the published name is a plain name, and no server path reaches the client.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import secrets
import shutil
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import anyio
import pytest
from test_mcp_http import TOKEN, Server, _client, start
from test_mcp_security import ESCAPES, FOUR, PATH_ARGS, TOOLS, arguments, kind_of, layout, snapshot

__all__ = ["layout"]  # a module-scoped fixture of test_mcp_security: the root, symlinks out, files beside it

WRITES = {"output"}  # argument kinds that only name a file in the workspace over HTTP
WRITE_FOLDERS = {("pdf_split", "out_dir"), ("pdf_thumbnails", "out_dir"), ("pdf_attachments", "out_dir"),
                 ("pdf_extract_images", "out_dir"), ("pdf_rename_invoice", "copy_to")}
# HttpPolicy.input/folder are RootsPolicy's behind a URI and base64 check, whatever the tool, so a set of
# arguments that covers each way an op takes paths stands for the rest (~40 ms a call over HTTP on 2 busy CPUs);
# PDFTOOLS_HTTP_ESCAPES=all runs every reading argument too (43 x 41 calls). Every escape of an output argument
# runs the tool for real (the name is accepted): a few cheap tools stand for HttpPolicy.output, which is one
# function whatever the tool.
REPRESENTATIVE = {("pdf_merge", "inputs"), ("pdf_info", "input"), ("pdf_split", "input"), ("pdf_split", "pattern"),
                  ("pdf_list", "folder"), ("pdf_list", "glob"), ("pdf_thumbnails", "input"),
                  ("pdf_insert_pages", "source"), ("pdf_stamp", "pdf"), ("pdf_bookmarks", "data"),
                  ("pdf_forms", "data"), ("pdf_attachments", "files"), ("pdf_attachments", "names"),
                  ("pdf_rename_invoice", "inputs"), ("pdf_rename_invoice", "templates"), ("doc_convert", "input"),
                  ("doc_convert", "reference_doc"), ("doc_convert", "resource_path"),
                  ("pdf_merge", "output"), ("pdf_rotate", "output"), ("pdf_split", "out_dir"),
                  ("pdf_attachments", "out_dir")}
OUTPUTS_TRIED = {arg for arg in REPRESENTATIVE if kind_of(arg[1]) in WRITES or arg in WRITE_FOLDERS}
# the SDK client sends UTF-8 JSON, which cannot carry a lone surrogate (the stdio table covers it in process)
HTTP_ESCAPES = [(template, code) for template, code in ESCAPES if "\ud800" not in template]
HTTP_ARGS = [(tool, name) for tool, name in PATH_ARGS
             if (tool, name) in OUTPUTS_TRIED or not (kind_of(name) in WRITES or (tool, name) in WRITE_FOLDERS)]
if os.environ.get("PDFTOOLS_HTTP_ESCAPES") != "all":
    HTTP_ARGS = [arg for arg in HTTP_ARGS if arg in REPRESENTATIVE]


@pytest.fixture(scope="module")
def escapes_server(layout: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    files = tmp_path_factory.mktemp("store")  # not beside the root: outputs land there, the snapshot stays still
    srv = start(layout["root"], PDFTOOLS_FILES_DIR=str(files), PDFTOOLS_HEAVY_QUEUE="64")
    yield srv
    srv.proc.terminate()
    srv.proc.wait(timeout=20)


def call_all(srv: Server, tool: str, calls: list[dict[str, Any]], at_once: int = 6) -> list[Any]:
    """The calls in one session, `at_once` in flight (the server has a heavy-call queue long enough)."""
    results: list[Any] = [None] * len(calls)

    async def go() -> None:
        limit = anyio.Semaphore(at_once)

        async def one(i: int, args: dict[str, Any]) -> None:
            async with limit:
                results[i] = await client.call_tool(tool, args)

        async with _client(srv) as client, anyio.create_task_group() as tasks:
            for i, args in enumerate(calls):
                tasks.start_soon(one, i, args)

    anyio.run(go)
    return results


def _code(result: Any) -> str:
    return json.loads(result.content[0].text).get("code") if result.is_error else "ok"


@pytest.mark.parametrize(("tool", "target"), HTTP_ARGS, ids=[f"{t}.{n}" for t, n in HTTP_ARGS])
def test_path_escapes_over_http(tool: str, target: str, layout: dict[str, Path], escapes_server: Server) -> None:
    root, tmp = layout["root"], layout["tmp"]
    schema = TOOLS[tool]
    writes = kind_of(target) in WRITES or (tool, target) in WRITE_FOLDERS
    valid = arguments(tool, schema, target, None)
    first = call_all(escapes_server, tool, [valid])[0]
    assert not first.is_error, (valid, first.content)  # else the escapes below would prove nothing
    before, inside = snapshot(tmp, root), snapshot(root, root / "-")
    values = [template.format(**{k: str(v) for k, v in layout.items()}) for template, _ in HTTP_ESCAPES]
    results = call_all(escapes_server, tool, [arguments(tool, schema, target, value) for value in values])
    failures = []
    for (template, expected), result in zip(HTTP_ESCAPES, results, strict=True):
        code = _code(result)
        wire = json.dumps(result.model_dump(mode="json", by_alias=True, exclude_none=True))
        wanted = None if writes or kind_of(target) == "name" else expected
        if code == "INTERNAL" or (wanted is not None and code != wanted):
            failures.append(f"{template[:60]!r}: got {code}, want {wanted}: {result.content[0].text[:200]}")
        if writes and code not in ("ok", "INVALID_ARGUMENT"):
            failures.append(f"{template[:60]!r}: an output name gave {code}: {result.content[0].text[:200]}")
        if code == "PATH_OUTSIDE_ROOT" and str(root) not in json.loads(result.content[0].text)["hint"]:
            failures.append(f"{template[:60]!r}: the hint does not name the root")
        if any(mark in wire for mark in ("pdftools-files-", ".call-", ".input-")):  # the store's paths
            failures.append(f"{template[:60]!r}: a server path reached the client: {wire[:300]}")
        for link in (c for c in result.content if c.type == "resource_link"):
            if "/" in link.name or link.name.startswith(".") or not link.uri.startswith("pdftools://files/"):
                failures.append(f"{template[:60]!r}: published as {link.name!r} at {link.uri}")
    assert snapshot(tmp, root) == before, "something outside the root changed"
    assert snapshot(root, root / "-") == inside, "over HTTP nothing is written into the root"
    assert not failures, "\n".join(failures)


# ------------------------------------------------------------------------------------------ one server for the rest

LIMIT = 100_000  # PDFTOOLS_MAX_UPLOAD_BYTES below: four pages of FOUR (24 KB) fit, 4x that does not


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("http-security")
    root = tmp / "root"
    root.mkdir()
    shutil.copy(FOUR, root / "four.pdf")
    server = start(root, PDFTOOLS_MAX_UPLOAD_BYTES=str(LIMIT), PDFTOOLS_FILES_DIR=str(tmp))
    yield server
    server.proc.terminate()
    server.proc.wait(timeout=20)


def store_of(srv: Server) -> Path:
    return next(srv.root.parent.glob("pdftools-files-*"))


def kept(srv: Server) -> set[str]:
    """The store's file slots (the call workspaces `.call-*` are gone once a call has answered)."""
    return {p.name for p in store_of(srv).iterdir()}


def raw(srv: Server, head: str, body: bytes = b"", *, hang_up: bool = False) -> tuple[int | None, bytes]:
    """One request as bytes on a socket (for framing that clients refuse to send); status and body. The body
    goes from a thread while the answer is read: a server may answer (413) before it has read everything."""
    port = int(srv.url.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:

        def send() -> None:
            with contextlib.suppress(OSError):  # the server stopped reading: its answer tells why
                sock.sendall(head.replace("\n", "\r\n").encode() + b"\r\n" + body)
                if hang_up:
                    sock.shutdown(socket.SHUT_WR)

        sender = threading.Thread(target=send)
        sender.start()
        data = b""
        with contextlib.suppress(ConnectionResetError):
            while chunk := sock.recv(1 << 16):
                data += chunk
        sender.join()
    if not data:
        return None, b""
    head_bytes, _, rest = data.partition(b"\r\n\r\n")
    return int(head_bytes.split(b" ", 2)[1]), rest


def error_code(body: bytes) -> str:
    return str(json.loads(body)["error"]["code"])


def assert_healthy(srv: Server) -> None:
    status, _, body = srv.request("GET", "/files")
    assert status == 200 and "files" in json.loads(body)
    assert srv.proc.poll() is None


# -------------------------------------------------------------------------------------------------- token guessing


def test_wrong_bearer_tokens_are_401_on_every_route(srv: Server) -> None:
    up = srv.upload(FOUR)
    file_path = "/files/" + up["uri"].rsplit("/", 1)[1]
    routes = [("POST", "/mcp"), ("GET", "/mcp"), ("DELETE", "/mcp"), ("POST", "/upload?name=a.pdf"),
              ("GET", file_path), ("HEAD", file_path), ("GET", "/files"), ("GET", "/")]
    wrong = ["", TOKEN[:-1], TOKEN[:8], TOKEN + "x", TOKEN.upper(), TOKEN[:-1] + chr(ord(TOKEN[-1]) + 1),
             "x" * len(TOKEN), up["uri"].rsplit("/", 1)[1]]  # a file token is no bearer token
    before = kept(srv)
    for method, path in routes:
        body = b"%PDF-1.4" if method == "POST" else None
        sep = "&" if "?" in path else "?"
        attempts = [{"Authorization": f"Bearer {w}"} for w in wrong] + [
            {}, {"Authorization": TOKEN}, {"Authorization": f"Basic {TOKEN}"},
            {"Authorization": f"Bearer {TOKEN} {TOKEN}"}]
        for headers in attempts:
            status, _, answer = srv.request(method, path, body, {"Content-Type": "application/json", **headers},
                                            token=None)
            assert status == 401, (method, path, headers, status)
            if method != "HEAD":
                assert error_code(answer) == "UNAUTHORIZED"
        for query in (f"token={TOKEN}", f"token={TOKEN}x", "token="):  # POST never reads the query
            status, _, _ = srv.request(method, f"{path}{sep}{query}", body, {"Content-Type": "application/json"},
                                       token=None)
            assert status == 401 or (method in ("GET", "HEAD") and query == f"token={TOKEN}"), (method, path, query)
        # a right token in the query does not rescue a wrong header
        status, _, _ = srv.request(method, f"{path}{sep}token={TOKEN}", body, {"Content-Type": "application/json"},
                                   token=TOKEN + "x")
        assert status == 401
    assert kept(srv) == before  # no refused upload kept anything
    for method, path in routes:  # the right token passes: the checks above can fail
        headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
        status, _, _ = srv.request(method, path, b"%PDF-1.4" if method == "POST" else None, headers)
        assert status != 401, (method, path)
    assert srv.request("GET", "/files", headers={"Authorization": f"bearer {TOKEN}"}, token=None)[0] == 200
    assert srv.request("GET", "/files", headers={"Authorization": f"BEARER {TOKEN.upper()}"}, token=None)[0] == 401
    assert_healthy(srv)


def test_guessed_file_tokens_are_404(srv: Server) -> None:
    up = srv.upload(FOUR)
    real = up["uri"].rsplit("/", 1)[1]
    changed = real[:10] + ("A" if real[10] != "A" else "B") + real[11:]
    guesses = [secrets.token_urlsafe(32), real[:-1], real[:20], real + "A", changed, real.swapcase(), "A" * 43,
               "..", ".", "%2e%2e", "..%2F..%2Fetc%2Fpasswd", "..%2f" + real, "%2F" + real, quote("/" + real, safe=""),
               real + "%00", real + "/..", "%00", "~", "*", "x" * 5000, "x" * 70_000,
               ".call-0123456789abcdef", real + "%3Fx=1", real + "%23"]
    for guess in guesses:
        for method in ("GET", "HEAD"):
            status, _, body = srv.request(method, "/files/" + guess)
            assert status in (404, 414, 431, 400), (guess[:80], status)
            assert FOUR.read_bytes()[:64] not in body
            if status == 404 and method == "GET" and body.startswith(b"{"):
                assert error_code(body) == "FILE_NOT_FOUND"
    assert srv.request("GET", "/files/" + real)[0] == 200  # the guesses were near misses of a real token
    assert_healthy(srv)


def test_file_tokens_are_random_and_not_derived(srv: Server) -> None:
    ups = [srv.upload(FOUR) for _ in range(5)]  # the same bytes under the same name
    tokens = [u["uri"].rsplit("/", 1)[1] for u in ups]
    assert len(set(tokens)) == 5
    for token in tokens:
        assert len(base64.urlsafe_b64decode(token + "=")) == 32  # 32 bytes, urlsafe base64
        assert token not in (ups[0]["sha256"], ups[0]["name"]) and ups[0]["sha256"][:16] not in token
    assert {u["download_url"].rsplit("/", 1)[1] for u in ups} == set(tokens)  # the link is the URI's token
    assert len({t[:8] for t in tokens}) == 5  # no shared prefix (a counter, a time) in front
    assert oct(store_of(srv).stat().st_mode & 0o777) == "0o700"
    assert all(oct((store_of(srv) / t).stat().st_mode & 0o777) == "0o700" for t in tokens)


# -------------------------------------------------------------------------------------------- another session's files


def _code_of(result: Any) -> str | None:
    return json.loads(result.content[0].text).get("code") if result.is_error else None


async def _open(srv: Server, mode: str = "legacy") -> tuple[Any, list[str]]:
    """A client and the session id(s) the server gave it (none for the sessionless protocol)."""
    seen: list[str] = []

    async def note(response: Any) -> None:
        if response.headers.get("mcp-session-id") and response.headers["mcp-session-id"] not in seen:
            seen.append(response.headers["mcp-session-id"])

    return _client(srv, mode=mode, event_hooks={"response": [note]}), seen


async def _attempts(client: Any, uris: list[str]) -> dict[str, list[Any]]:
    """What a client gets when it uses each URI: as a tool input, in a list input, as a resource."""
    found: dict[str, list[Any]] = {}
    for uri in uris:
        info = await client.call_tool("pdf_info", {"input": uri})
        merge = await client.call_tool("pdf_merge", {"inputs": ["four.pdf", uri]})
        try:
            await client.read_resource(uri)
            read: Any = "read"
        except Exception as exc:  # the SDK raises the server's JSON-RPC error
            read = type(exc).__name__
        found[uri] = [_code_of(info), _code_of(merge), read]
    return found


def test_another_sessions_files_are_unusable_unlisted_and_unreadable(srv: Server) -> None:
    async def go() -> dict[str, Any]:
        a, a_ids = await _open(srv)
        async with a:
            made = await a.call_tool("pdf_merge", {"inputs": ["four.pdf", "four.pdf"], "output": "a.pdf"})
            a_made = made.structured_content["files"][0]["uri"]
            a_upload = srv.upload(FOUR, **{"Mcp-Session-Id": a_ids[0]})["uri"]  # an upload within A's session
            shared = srv.upload(FOUR)["uri"]  # no session: the upload page's kind, for any client of this server
            a_listed = {str(r.uri) for r in (await a.list_resources()).resources}
            a_uses = await _attempts(a, [a_made, a_upload, shared])
            b, b_ids = await _open(srv)
            async with b:
                b_uses = await _attempts(b, [a_made, a_upload, shared])
                b_listed = {str(r.uri) for r in (await b.list_resources()).resources}
            c, c_ids = await _open(srv, mode="auto")  # sessionless (2026 protocol)
            async with c:
                c_uses = await _attempts(c, [a_made, a_upload, shared])
                c_listed = {str(r.uri) for r in (await c.list_resources()).resources}
                c_made = (await c.call_tool("pdf_merge", {"inputs": ["four.pdf", "four.pdf"]}))\
                    .structured_content["files"][0]["uri"]
                c_again = _code_of(await c.call_tool("pdf_info", {"input": c_made}))
            a_sees_c = c_made in {str(r.uri) for r in (await a.list_resources()).resources}
            page = {f["uri"] for f in json.loads(srv.request("GET", "/files")[2])["files"]}
            page_b = {f["uri"] for f in json.loads(srv.request("GET", "/files", headers={
                "Mcp-Session-Id": b_ids[0]})[2])["files"]}
            page_a = {f["uri"] for f in json.loads(srv.request("GET", "/files", headers={
                "Mcp-Session-Id": a_ids[0]})[2])["files"]}
        return locals()

    r = anyio.run(go)
    a_made, a_upload, shared, c_made = r["a_made"], r["a_upload"], r["shared"], r["c_made"]
    assert r["c_ids"] == [] and len(r["a_ids"]) == 1 and r["a_ids"] != r["b_ids"]
    # A uses and lists what it made and uploaded (the checks below can fail)
    assert r["a_uses"] == {u: [None, None, "read"] for u in (a_made, a_upload, shared)}
    assert {a_made, a_upload, shared} <= r["a_listed"] and {a_made, a_upload} <= r["page_a"]
    # B and a sessionless client can neither use, read nor list A's files; the shared upload they can
    for who in ("b_uses", "c_uses"):
        for uri in (a_made, a_upload):
            assert r[who][uri] == ["FILE_NOT_FOUND", "FILE_NOT_FOUND", "MCPError"], (who, uri, r[who][uri])
        assert r[who][shared] == [None, None, "read"]
    for listed in ("b_listed", "c_listed", "page", "page_b"):
        assert not {a_made, a_upload} & r[listed], listed
        assert shared in r[listed]
    # what a sessionless client makes: usable by its URI (the capability it was given), listed to nobody
    assert r["c_again"] is None
    assert not r["a_sees_c"] and c_made not in r["page"]


# ------------------------------------------------------------------------------------ oversized and malformed uploads


def _multipart(parts: list[tuple[str, str | None, bytes]], boundary: str = "b0undary") -> tuple[str, bytes]:
    """A multipart/form-data body: (field, filename or None for a plain field, content)."""
    body = b""
    for field, filename, content in parts:
        disposition = f'form-data; name="{field}"' + (f'; filename="{filename}"' if filename is not None else "")
        body += f"--{boundary}\r\nContent-Disposition: {disposition}\r\n\r\n".encode() + content + b"\r\n"
    return f"multipart/form-data; boundary={boundary}", body + f"--{boundary}--\r\n".encode()


def _post(path: str, body: bytes, content_type: str = "application/octet-stream", *, length: int | None = None,
          chunked: bool = False) -> str:
    framing = "Transfer-Encoding: chunked" if chunked else f"Content-Length: {len(body) if length is None else length}"
    return (f"POST {path} HTTP/1.1\nHost: 127.0.0.1\nAuthorization: Bearer {TOKEN}\nContent-Type: {content_type}\n"
            f"{framing}\nConnection: close\n")


def _chunks(data: bytes, size: int = 8192) -> bytes:
    return b"".join(f"{len(data[i:i + size]):x}\r\n".encode() + data[i:i + size] + b"\r\n"
                    for i in range(0, len(data), size)) + b"0\r\n\r\n"


PDF = FOUR.read_bytes()
BIG = PDF * 5  # over LIMIT


def test_refused_uploads_are_clean_4xx_and_keep_nothing(srv: Server) -> None:
    refused: list[tuple[str, str, bytes, str]] = [  # (what, request head, body, code)
        ("raw over the limit", _post("/upload?name=a.pdf", BIG), BIG, "UPLOAD_TOO_LARGE"),
        ("chunked over the limit, no length", _post("/upload?name=a.pdf", b"", chunked=True), _chunks(BIG),
         "UPLOAD_TOO_LARGE"),
        ("empty raw body", _post("/upload?name=a.pdf", b""), b"", "EMPTY_UPLOAD"),
        ("empty chunked body", _post("/upload", b"", chunked=True), b"0\r\n\r\n", "EMPTY_UPLOAD"),
    ]
    ctype, body = _multipart([("file", "a.pdf", BIG)])
    refused.append(("multipart over the limit", _post("/upload", body, ctype), body, "UPLOAD_TOO_LARGE"))
    refused.append(("multipart over the limit, chunked", _post("/upload", b"", ctype, chunked=True), _chunks(body),
                    "UPLOAD_TOO_LARGE"))
    huge = b"x" * (LIMIT * 30)  # a field that is no file, far over the limit
    ctype, body = _multipart([("note", None, huge)])
    refused.append(("multipart: a huge plain field", _post("/upload", body, ctype), body, "UPLOAD_TOO_LARGE"))
    ctype, body = _multipart([("note", None, b"hello")])
    refused.append(("multipart without a file part", _post("/upload", body, ctype), body, "BAD_UPLOAD"))
    ctype, body = _multipart([("a", "a.pdf", PDF), ("b", "b.pdf", PDF)])
    refused.append(("multipart with two files", _post("/upload", body, ctype), body, "BAD_UPLOAD"))
    ctype, body = _multipart([("file", "a.pdf", PDF)])
    refused.append(("multipart, the wrong boundary", _post("/upload", body, "multipart/form-data; boundary=other"),
                    body, "BAD_UPLOAD"))
    refused.append(("multipart, no boundary", _post("/upload", body, "multipart/form-data"), body, "BAD_UPLOAD"))
    refused.append(("multipart, cut before its end", _post("/upload", body[:-30], ctype), body[:-30], "BAD_UPLOAD"))
    ctype, body = _multipart([("file", "empty.pdf", b"")])
    refused.append(("multipart, an empty file", _post("/upload", body, ctype), body, "EMPTY_UPLOAD"))
    before = kept(srv)
    failures = []
    for what, head, body, code in refused:
        status, answer = raw(srv, head, body)
        try:
            got = error_code(answer)
        except (ValueError, KeyError, TypeError):
            got = f"not JSON: {answer[:80]!r}"
        if status is None or not 400 <= status < 500 or got != code:
            failures.append(f"{what}: {status} {got}, want 4xx {code}")
    assert not failures, "\n".join(failures)
    assert kept(srv) == before, "a refused upload left a file in the store"
    assert_healthy(srv)
    assert srv.upload(FOUR)["size"] == len(PDF)


def test_lying_lengths_and_hang_ups(srv: Server) -> None:
    before = kept(srv)
    # a Content-Length shorter than the body: the body is what the length says (HTTP framing); the rest is no
    # request of its own, and the server goes on
    status, answer = raw(srv, _post("/upload?name=short.pdf", PDF, length=1000), PDF)
    assert status == 200 and json.loads(answer)["size"] == 1000
    token = json.loads(answer)["uri"].rsplit("/", 1)[1]
    assert srv.request("GET", "/files/" + token)[2] == PDF[:1000]
    # longer than the body, and the client stops sending: nothing is kept
    for content_type, body in [("application/pdf", PDF), _multipart([("file", "a.pdf", PDF)])]:
        status, _ = raw(srv, _post("/upload?name=long.pdf", body, content_type, length=len(body) + 5000), body,
                        hang_up=True)
        assert status in (None, 400)
    # a chunked multipart body that goes on past the limit and never ends: refused while it arrives (before,
    # starlette spooled a file part whole to disk and the limit was checked after the last byte)
    ctype, body = _multipart([("file", "a.pdf", BIG * 2)])
    status, answer = raw(srv, _post("/upload", b"", ctype, chunked=True), _chunks(body)[:-5])
    assert status == 413 and error_code(answer) == "UPLOAD_TOO_LARGE"
    # a length over the limit with a body that never comes: refused at once from the header alone
    status, answer = raw(srv, _post("/upload", b"", length=10 * LIMIT), b"", hang_up=True)
    assert status == 413 and error_code(answer) == "UPLOAD_TOO_LARGE"
    deadline = 50
    while kept(srv) - before != {token} and deadline:  # the server notices a hang-up on its own time
        deadline -= 1
        anyio.run(anyio.sleep, 0.1)
    assert kept(srv) - before == {token}
    assert_healthy(srv)


def test_upload_names_are_plain_names(srv: Server) -> None:
    names = ["../../etc/passwd", "/etc/passwd", "..\\..\\x.pdf", "a\x00b.pdf", "x" * 300 + ".pdf",
             "\u6587" * 300 + ".pdf", "..", ".", "", " ", ".hidden.pdf", "a/b/../../c.pdf", "CON", "nul.pdf",
             "\u202eevil\u202d.pdf", "%2e%2e%2fx.pdf"]
    store = store_of(srv)
    for name in names:
        ctype, body = _multipart([("file", name, PDF)])
        results = [raw(srv, _post(f"/upload?name={quote(name)}", PDF), PDF), raw(srv, _post("/upload", body, ctype),
                                                                                      body)]
        for status, answer in results:
            assert status == 200, (name, status, answer[:200])
            got = json.loads(answer)["name"]
            assert "/" not in got and "\x00" not in got and not got.startswith(".") and got.strip(), (name, got)
            assert len(got.encode()) <= 255, (name, len(got.encode()))
            path = store / json.loads(answer)["uri"].rsplit("/", 1)[1] / got
            assert path.is_file() and path.resolve().parent.parent == store.resolve()
    assert all(p.is_relative_to(store) for p in srv.root.parent.rglob("*passwd*"))
    assert_healthy(srv)


def test_malformed_base64_inputs_are_tool_errors(srv: Server) -> None:
    b64 = base64.b64encode(PDF).decode()
    png = base64.b64encode(b"\x89PNG\r\n\x1a\n" + b"\0" * 600).decode()
    cases = [  # (input, codes it may give)
        ("data:application/pdf;base64,%%%not-base64", {"INVALID_ARGUMENT", "NOT_A_PDF"}),
        ("data:application/pdf;base64," + b64[:-3], {"INVALID_ARGUMENT", "NOT_A_PDF", "DAMAGED_PDF"}),
        ("data:application/pdf;base64," + "A" * 2_000_000, {"UPLOAD_TOO_LARGE"}),
        ("data:application/pdf;base64," + b64 * 5, {"UPLOAD_TOO_LARGE"}),
        ("A" * 2_000_000, {"UPLOAD_TOO_LARGE"}),
        ("data:application/pdf;base64,", {"INVALID_ARGUMENT", "EMPTY_INPUT", "FILE_NOT_FOUND"}),
        ("data:application/pdf;base64," + png, {"NOT_A_PDF"}),
        ("data:image/png;base64," + png, {"NOT_A_PDF", "INVALID_ARGUMENT"}),
        ("data:text/plain,%PDF-1.4 not base64", {"DAMAGED_PDF"}),  # (percent-encoded bytes: a PDF's header alone)
        ("data:;base64," + b64[:600], {"INVALID_ARGUMENT", "NOT_A_PDF", "DAMAGED_PDF"}),
        ("data:application/pdf;base64," + "=" * 800, {"INVALID_ARGUMENT", "EMPTY_INPUT"}),  # decodes to nothing
        ("data:application/pdf;base64," + b64.replace("A", "\u0100", 1), {"INVALID_ARGUMENT", "NOT_A_PDF",
                                                                        "DAMAGED_PDF"}),
        ("\x00" * 600, {"INVALID_ARGUMENT"}),
    ]
    before = kept(srv)

    async def go() -> list[Any]:
        async with _client(srv) as client:
            answers = [await client.call_tool("pdf_info", {"input": value}) for value, _ in cases]
            answers.append(await client.call_tool("pdf_merge", {"inputs": [cases[2][0], "four.pdf"]}))
            # a PDF labelled as an image is still a PDF: the label is the client's, the bytes decide
            answers.append(await client.call_tool("pdf_info", {"input": "data:image/png;base64," + b64}))
            return answers

    *answers, merged, labelled = anyio.run(go)
    failures = [f"{value[:40]!r}: {_code_of(result)}, want one of {codes}"
                for (value, codes), result in zip(cases, answers, strict=True) if _code_of(result) not in codes]
    assert not failures, "\n".join(failures)
    assert _code_of(merged) == "UPLOAD_TOO_LARGE"
    assert _code_of(labelled) is None and labelled.structured_content["pages"] == 4
    assert kept(srv) == before, "a refused base64 input left a file in the store"
    assert not list(store_of(srv).glob(".call-*")), "a call's workspace outlived it"
    assert_healthy(srv)


def test_thumbnails_over_http_inline_images_and_links(srv: Server) -> None:
    """Inline images are read before the files move into the store (an INTERNAL error over HTTP before), and
    the note on images left out names no server path."""
    async def go() -> list[Any]:
        async with _client(srv) as client:
            return [await client.call_tool("pdf_thumbnails", {"input": "four.pdf"}),
                    await client.call_tool("pdf_thumbnails", {"input": "four.pdf", "width": 3000})]

    small, large = anyio.run(go)
    for result in (small, large):
        assert not result.is_error, result.content
        assert len([c for c in result.content if c.type == "resource_link"]) == 4
        wire = json.dumps(result.model_dump(mode="json"))
        assert str(store_of(srv)) not in wire and ".call-" not in wire
    images = [c for c in small.content if c.type == "image"]
    assert len(images) == 4
    stored = small.structured_content["files"][0]  # the inline image is the stored file, byte for byte
    status, _, body = srv.request("GET", "/files/" + stored["uri"].rsplit("/", 1)[1])
    assert status == 200 and base64.b64decode(images[0].data) == body
    notes = [c.text for c in large.content[1:] if c.type == "text"]
    assert notes and "not inline" in notes[-1] and "`files` (download links)" in notes[-1]
