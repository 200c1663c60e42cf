"""Text that is not UTF-8, over the real transports.

A request whose JSON holds a lone surrogate (`"\\ud83d"`: half of an emoji that a JavaScript client cut in two,
as `JSON.stringify` writes it; the Python SDK cannot send one, so these tests write the JSON-RPC lines
themselves): pydantic's parser refused the whole message, so over stdio the request got no answer at all (the
client waited for ever) and over HTTP a 400 `Parse error: unexpected end of hex escape` without an id. Now a
tool call gets a tool error naming the argument, another request JSON-RPC's invalid params, and the session goes
on. The PDF side: a PDF 2.0 UTF-8 string (its byte-order mark first) whose bytes are not UTF-8 showed the mark as
a character (`\\ufeffcaf\\ufffd`)."""

from __future__ import annotations

import json
import os
import select
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pikepdf
from surface_servers import TOKEN, http_server

PDFTOOLS = Path(sys.executable).with_name("pdftools")
HALF = "\ud83d"  # the first half of 😀 (U+1F600), alone
INIT: dict[str, Any] = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "js", "version": "1"}}}
CALLS: list[tuple[dict[str, Any], str]] = [  # (request, what the answer names)
    ({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
      "params": {"name": "pdf_metadata", "arguments": {"action": "set", "input": "four.pdf", "output": "o.pdf",
                                                       "values": {"title": "Smile " + HALF}}}},
     "the argument values.title"),
    ({"jsonrpc": "2.0", "id": 3, "method": "tools/call",
      "params": {"name": "pdf_forms", "arguments": {"action": "fill", "input": "four.pdf",
                                                    "values": {"name" + HALF: "x"}}}},
     "a key of the argument values"),
    ({"jsonrpc": "2.0", "id": 4, "method": "prompts/get",
      "params": {"name": "read_long_pdf", "arguments": {"file": HALF + ".pdf"}}},
     "params.arguments.file"),
]
WHOLE: dict[str, Any] = {"jsonrpc": "2.0", "id": 5, "method": "tools/call",
         "params": {"name": "pdf_metadata", "arguments": {"action": "set", "input": "four.pdf", "output": "o.pdf",
                                                          "values": {"title": "Smile \U0001f600"}}}}


def _check(answers: dict[int, dict[str, Any]]) -> None:
    for request, named in CALLS:
        answer = answers[request["id"]]
        if request["method"] == "tools/call":
            assert answer["result"]["isError"] is True, answer
            error = json.loads(answer["result"]["content"][0]["text"])
            assert error["code"] == "INVALID_ARGUMENT", error
            text = error["message"]
        else:
            assert answer["error"]["code"] == -32602, answer
            text = answer["error"]["message"]
        assert named in text and "\\ud83d" in text and "half of a character" in text, text
    whole = answers[WHOLE["id"]]["result"]
    assert not whole.get("isError"), whole
    assert whole["structuredContent"]["info"]["Title"] == "Smile \U0001f600"


def _lines(*messages: dict[str, Any]) -> bytes:
    return b"".join(json.dumps(m).encode() + b"\n" for m in messages)  # ensure_ascii: "\ud83d", as JavaScript's


def test_a_lone_surrogate_over_stdio_is_answered_and_the_session_goes_on(tmp_path: Path, sample: Path) -> None:
    shutil.copy(sample, tmp_path / "four.pdf")
    server = subprocess.Popen([PDFTOOLS, "serve", "--root", str(tmp_path)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              env={"PATH": os.environ["PATH"], "LC_ALL": "C.UTF-8"})
    assert server.stdin is not None and server.stdout is not None
    try:
        server.stdin.write(_lines(INIT, {"jsonrpc": "2.0", "method": "notifications/initialized"},
                                  *(request for request, _ in CALLS), WHOLE))
        server.stdin.flush()
        answers: dict[int, dict[str, Any]] = {}
        while len(answers) < 2 + len(CALLS):  # 60 s for each: a request never answered fails, not hangs
            ready, _, _ = select.select([server.stdout], [], [], 60)
            line = server.stdout.readline() if ready else b""
            assert line, f"no answer to {sorted({r['id'] for r, _ in CALLS} | {5} - set(answers))}"
            answer = json.loads(line)
            answers[answer["id"]] = answer
    finally:
        server.stdin.close()
        server.wait(timeout=30)
    _check(answers)


def test_a_lone_surrogate_over_http_is_answered_and_the_session_goes_on(tmp_path: Path, sample: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    shutil.copy(sample, root / "four.pdf")
    headers = {"Authorization": f"Bearer {TOKEN}", "Accept": "application/json, text/event-stream",
               "Content-Type": "application/json"}

    def post(client: httpx2.Client, url: str, message: dict[str, Any]) -> dict[str, Any]:
        response = client.post(url, headers=headers, content=json.dumps(message))
        assert response.status_code == 200, response.text
        if response.headers["content-type"].startswith("application/json"):
            return response.json()  # type: ignore[no-any-return]
        data = [line[5:] for line in response.text.splitlines() if line.startswith("data:") and line[5:].strip()]
        return json.loads(data[-1])  # type: ignore[no-any-return]

    with http_server(root, files_dir=tmp_path) as server, httpx2.Client(timeout=60) as client:
        url = server.url + "/mcp"
        first = client.post(url, headers=headers, content=json.dumps(INIT))
        headers.update({"Mcp-Session-Id": first.headers["mcp-session-id"], "Mcp-Protocol-Version": "2025-06-18"})
        client.post(url, headers=headers, content=json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}))
        answers = {m["id"]: post(client, url, m) for m in (*(request for request, _ in CALLS), WHOLE)}
    _check(answers)


def test_a_utf8_pdf_string_that_is_not_utf8_shows_no_byte_order_mark(tmp_path: Path, sample: Path) -> None:
    """PDF 2.0 strings may be UTF-8 after EF BB BF; one whose bytes then are not UTF-8 (Latin-1 `café`) made
    pikepdf raise, and the fallback kept the mark as a character: `\\ufeffcaf\\ufffd`."""
    from surface_servers import stdio_client

    with pikepdf.open(sample) as pdf:
        pdf.docinfo["/Author"] = pikepdf.String(b"\xef\xbb\xbfcaf\xe9")
        pdf.docinfo["/Title"] = pikepdf.String(b"\xef\xbb\xbfna\xc3\xafve")
        pdf.save(tmp_path / "four.pdf")

    async def go() -> Any:
        async with stdio_client(tmp_path) as client:
            return await client.call_tool("pdf_metadata", {"action": "show", "input": "four.pdf"})

    shown = anyio.run(go)
    assert not shown.is_error, shown.content[0].text
    assert shown.structured_content["info"]["Title"] == "naïve"
    assert shown.structured_content["info"]["Author"] == "caf\ufffd"


def test_a_text_file_that_is_not_utf8_converts_saying_so_where_the_model_reads(tmp_path: Path) -> None:
    """A Latin-1 markdown file converts (pandoc falls back to Latin-1) with a warning, which was in the
    structured content only: the text block a model reads was the converted text alone."""
    from surface_servers import stdio_client

    (tmp_path / "latin1.md").write_bytes(b"# caf\xe9\n\nna\xefve\n")

    async def go() -> Any:
        async with stdio_client(tmp_path) as client:
            return await client.call_tool("doc_convert", {"input": "latin1.md", "to_format": "html"})

    converted = anyio.run(go)
    assert not converted.is_error, converted.content[0].text
    texts = [c.text for c in converted.content if c.type == "text"]
    assert "café" in texts[0] and "naïve" in texts[0]
    assert any("not UTF-8" in text and "latin1" in text for text in texts[1:]), texts
