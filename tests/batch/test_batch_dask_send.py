"""`pdftools batch --cluster ... --send-files` on a real Dask cluster whose worker shares no storage with this
machine (tests/batch/dask_cluster.py: a `dask worker` that sees the inputs' and outputs' folders empty, as another
machine sees folders of the same name that are not shared). Each input (and a file an option names) goes to the
worker with its task; the outputs come back and this machine writes them: the same bytes as a local batch, the
journal as with shared storage, the worker's temporary folders removed, a file over the limit refused in words."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pikepdf
import pytest
from batch_files import one_scan, scans, small_pdfs
from dask_cluster import Cluster

PDFTOOLS = Path(sys.executable).with_name("pdftools")


def batch(*args: Any, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    full = {k: v for k, v in os.environ.items() if k not in ("PDFTOOLS_CLUSTER", "PDFTOOLS_DEBUG")}
    full |= {"PDFTOOLS_CLUSTER_TIMEOUT": "10", **(env or {})}
    return subprocess.run([str(PDFTOOLS), "batch", *map(str, args), "--json"], capture_output=True, text=True,
                          env=full, timeout=300, check=False)


def rows(stdout: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in stdout.splitlines() if line.strip()]


def tree_bytes(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and not p.name.startswith(".")}


def texts(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): subprocess.run(["pdftotext", str(p), "-"], capture_output=True, text=True,
                                                       check=True).stdout for p in sorted(folder.rglob("*.pdf"))}


def sent_folders(tmp: Path) -> list[str]:
    """The folders files were sent into, in the worker's TMPDIR or in its process's folder there (`remote.scratch`,
    which lives as long as the process)."""
    return [p.name for p in tmp.glob("*pdftools-sent-*")] + [p.name for p in tmp.glob("pdftools-worker-*/*")]


@pytest.fixture
def blind(bare: Cluster, tmp_path: Path) -> Any:
    """A worker that sees `in`, `out*`, `stamp` empty (not shared), with its temporary folder in `wtmp`."""
    for name in ("in", "out", "out-big", "stamp"):
        (tmp_path / name).mkdir()
    (tmp_path / "wtmp").mkdir()
    bare.add_worker("blind", hidden=tuple(tmp_path / n for n in ("in", "out", "out-big", "stamp")),
                    env={"TMPDIR": str(tmp_path / "wtmp")})
    try:
        bare.wait_for(1)
        yield bare
    finally:
        bare.kill("blind")


def test_a_worker_without_the_files_runs_them_sent_and_the_outputs_are_the_local_ones(
        blind: Cluster, tmp_path: Path) -> None:
    small_pdfs(tmp_path / "in", 3)
    small_pdfs(tmp_path / "in" / "sub", 2, pages=2, prefix="long")
    small_pdfs(tmp_path / "stamp", 1, prefix="logo")
    (tmp_path / "in" / "broken.pdf").write_bytes(b"not a PDF at all")
    stamp = f"pdf={tmp_path / 'stamp' / 'logo-0000.pdf'}:1"
    cases = {"rotate": ["--set", "angle=90"], "text": [], "info": [], "thumbnails": ["--set", "dpi=20"],
             "stamp": ["--set", stamp]}
    for command, extra in cases.items():
        local = batch(command, tmp_path / "in", "-r", "-d", tmp_path / f"{command}-local", *extra)
        sent = batch(command, tmp_path / "in", "-r", "-d", tmp_path / "out" / command, *extra,
                     "--cluster", blind.address, "--send-files")
        assert local.returncode == 15 and sent.returncode == 15, (command, sent.stdout, sent.stderr, blind.logs())
        summary = json.loads(sent.stderr)  # one object: no warning of Dask's beside it
        assert summary["succeeded"] == 5 and summary["failed"] == 1, summary
        assert summary["engine"].endswith("; files sent with their tasks"), summary  # said where the files ran
        failed, = [r for r in rows(sent.stdout) if r["status"] == "failed"]  # the worker's error, this machine's path
        assert failed["error"]["code"] == "NOT_A_PDF" and str(tmp_path / "in" / "broken.pdf") in json.dumps(failed)
        assert "pdftools-" not in json.dumps(rows(sent.stdout)), sent.stdout  # no temporary path of the worker's
        mine, theirs = tree_bytes(tmp_path / f"{command}-local"), tree_bytes(tmp_path / "out" / command)
        assert len(mine) >= 5 and mine == theirs, command
    assert "logo" in texts(tmp_path / "out" / "stamp")["doc-0000.pdf"]  # the stamp file, sent too
    assert sent_folders(tmp_path / "wtmp") == []  # removed, the failed file's too
    again = batch("rotate", tmp_path / "in", "-r", "-d", tmp_path / "out" / "rotate", "--set", "angle=90",
                  "--cluster", blind.address, "--send-files")
    assert [r["status"] for r in rows(again.stdout)].count("skipped") == 5, again.stdout  # the journal's
    assert json.loads(again.stderr)["skipped"] == 5


def test_a_folder_a_killed_worker_left_is_removed_by_the_next_file(blind: Cluster, tmp_path: Path) -> None:
    small_pdfs(tmp_path / "in", 1)
    gone = subprocess.Popen(["true"])
    gone.wait()  # a process id no process has now
    host = socket.gethostname()
    left = tmp_path / "wtmp" / f"pdftools-sent-{host}-{gone.pid}-abc"
    elsewhere = tmp_path / "wtmp" / f"pdftools-sent-{host}x-{gone.pid}-abc"  # another machine's: not for this one
    running = tmp_path / "wtmp" / f"pdftools-sent-{host}-{os.getpid()}-abc"  # a process still there
    for folder in (left, elsewhere, running):
        (folder / "in").mkdir(parents=True)
    out = batch("text", tmp_path / "in", "-d", tmp_path / "out", "--cluster", blind.address, "--send-files")
    assert out.returncode == 0, (out.stdout, out.stderr)
    assert sorted(sent_folders(tmp_path / "wtmp")) == sorted([elsewhere.name, running.name])


def test_a_file_over_the_limit_is_not_sent_and_says_what_to_do(blind: Cluster, tmp_path: Path) -> None:
    small_pdfs(tmp_path / "in", 2)
    big = pikepdf.new()
    big.add_blank_page()
    big.Root.Filler = big.make_stream(os.urandom(12_000_000))  # over Dask's 10 MB "large graph" warning
    big.save(tmp_path / "in" / "big.pdf", compress_streams=False)
    capped = batch("info", tmp_path / "in", "-d", tmp_path / "out", "--cluster", blind.address, "--send-files",
                   env={"PDFTOOLS_MAX_SEND_BYTES": "5M"})
    found = {Path(r["input"]).name: r for r in rows(capped.stdout)}
    assert capped.returncode == 15 and [found[f"doc-000{i}.pdf"]["status"] for i in (0, 1)] == ["ok", "ok"]
    error = found["big.pdf"]["error"]
    assert error["code"] == "TOO_LARGE_TO_SEND" and "PDFTOOLS_MAX_SEND_BYTES" in error["message"], error
    assert "12,0" in error["message"] and "shared" in error["hint"] and "{{" not in error["hint"], error
    assert found["big.pdf"]["worker"] is None  # never sent
    whole = batch("info", tmp_path / "in" / "big.pdf", "-d", tmp_path / "out-big", "--cluster", blind.address,
                  "--send-files")  # the default limit (100 MB) takes it, and Dask says nothing of its size
    assert whole.returncode == 0, (whole.stdout, whole.stderr)
    assert json.loads(whole.stderr)["succeeded"] == 1
    stamped = batch("stamp", tmp_path / "in", "-d", tmp_path / "out-big" / "s", "--set",
                    f"pdf={tmp_path / 'in' / 'big.pdf'}", "--cluster", blind.address, "--send-files",
                    env={"PDFTOOLS_MAX_SEND_BYTES": "5M"})  # a file an option names: refused before any file
    assert stamped.returncode != 0 and stamped.stdout == ""
    error = json.loads(stamped.stderr)["error"]
    assert error["code"] == "TOO_LARGE_TO_SEND" and "big.pdf" in error["message"], error
    drawn = batch("thumbnails", tmp_path / "in" / "doc-0000.pdf", "-d", tmp_path / "out-big" / "t", "--set", "dpi=300",
                  "--cluster", blind.address, "--send-files", env={"PDFTOOLS_MAX_SEND_BYTES": "20k"})
    (row,) = rows(drawn.stdout)  # a small input whose output is over the limit: not sent back, nothing written
    assert row["error"]["code"] == "TOO_LARGE_TO_SEND" and "the output of" in row["error"]["message"], row
    assert "limit: 20,000 bytes" in row["error"]["message"] and row["worker"], row
    assert not (tmp_path / "out-big" / "t" / "doc-0000").exists()
    assert sent_folders(tmp_path / "wtmp") == []


def test_without_the_option_not_shared_names_it(blind: Cluster, tmp_path: Path) -> None:
    small_pdfs(tmp_path / "in", 1)
    out = batch("text", tmp_path / "in", "-d", tmp_path / "out", "--cluster", blind.address)
    (row,) = rows(out.stdout)
    assert row["error"]["code"] == "NOT_SHARED" and "--send-files" in row["error"]["hint"], row


def test_a_long_scan_cut_into_parts_is_sent_part_by_part(blind: Cluster, tmp_path: Path, sample: Path) -> None:
    """`--pages-per-task`: the parts, cut into this machine's staging folder, which the worker cannot see, are
    sent as inputs are; the document put back together reads as OCR of the whole on this machine."""
    one_scan(scans(sample, tmp_path / "pages", dpi=72, pages=3), tmp_path / "in" / "long.pdf")
    whole = batch("ocr", tmp_path / "in", "-d", tmp_path / "whole", "--set", "dpi=72")
    cut = batch("ocr", tmp_path / "in", "-d", tmp_path / "out", "--set", "dpi=72", "--pages-per-task", "1",
                "--cluster", blind.address, "--send-files")
    assert whole.returncode == 0 and cut.returncode == 0, (cut.stdout, cut.stderr, blind.logs())
    (row,) = rows(cut.stdout)
    assert row["status"] == "ok" and row["pages"] == 3, row
    assert texts(tmp_path / "whole") == texts(tmp_path / "out")
    assert texts(tmp_path / "out")["long.pdf"].split("\f")[1].strip()  # the second page's words, from its part
    assert not (tmp_path / "out" / ".pdftools-staging").exists() and sent_folders(tmp_path / "wtmp") == []


def test_over_mcp_send_files_runs_on_the_servers_cluster(blind: Cluster, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """An agent that met NOT_SHARED calls again with `send_files`: the server's cluster (PDFTOOLS_CLUSTER) gets
    the files, and a file an option names inside the roots goes too."""
    import anyio
    from mcp import Client

    from pdftools.mcp.server import build_server

    small_pdfs(tmp_path / "in", 2)
    small_pdfs(tmp_path / "stamp", 1, prefix="logo")
    monkeypatch.setenv("PDFTOOLS_CLUSTER", blind.address)
    monkeypatch.setenv("PDFTOOLS_CLUSTER_TIMEOUT", "10")
    args = {"command": "stamp", "inputs": ["in"], "out_dir": "out", "options": {"pdf": "stamp/logo-0000.pdf"}}

    async def go() -> list[Any]:
        async with Client(build_server([tmp_path])) as client:
            return [await client.call_tool("pdf_batch", {**args, "out_dir": out, **extra})
                    for out, extra in (("out/plain", {}), ("out/sent", {"send_files": True}))]

    plain, sent = anyio.run(go)
    assert {r["error"]["code"] for r in plain.structured_content["rows"]} == {"NOT_SHARED"}, plain
    hint = plain.structured_content["rows"][0]["error"]["hint"]
    assert "send_files" in hint and "--" not in hint, hint
    assert not sent.is_error and sent.structured_content["succeeded"] == 2, sent
    assert "logo" in texts(tmp_path / "out" / "sent")["doc-0001.pdf"]


def test_over_mcp_a_file_over_the_send_limit_says_what_the_agent_can_do(blind: Cluster, tmp_path: Path) -> None:
    """TOO_LARGE_TO_SEND over MCP (a real `pdftools serve` over stdio, its cluster and its limit set in its
    environment): the hint said `or raise the limit (the server's setting)` and to put the files on shared
    storage, neither of which an agent can do. It says what the agent can (leave the file out; for ocr,
    `pages_per_task`) and that the limit is the server's setting, named for its user: in a row (an input) and as
    the tool's error (a file an option names, refused before any file)."""
    import anyio
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters

    small_pdfs(tmp_path / "in", 1)
    small_pdfs(tmp_path / "stamp", 1, prefix="logo")
    env = {k: v for k, v in os.environ.items() if k in ("PATH", "PYTHONPATH")}
    env |= {"PDFTOOLS_CLUSTER": blind.address, "PDFTOOLS_CLUSTER_TIMEOUT": "10", "PDFTOOLS_MAX_SEND_BYTES": "100"}

    async def go() -> list[Any]:
        params = StdioServerParameters(command=str(PDFTOOLS), args=["serve", "--root", str(tmp_path)], env=env,
                                       cwd=str(tmp_path))
        async with Client(params, mode="legacy") as client:
            return [await client.call_tool("pdf_batch", {"command": "rotate", "inputs": ["in"], "out_dir": "out/r",
                                                         "options": {"angle": 90}, "send_files": True}),
                    await client.call_tool("pdf_batch", {"command": "stamp", "inputs": ["in"], "out_dir": "out/s",
                                                         "options": {"pdf": "stamp/logo-0000.pdf"},
                                                         "send_files": True})]

    rotated, stamped = anyio.run(go)
    (row,) = rotated.structured_content["rows"]
    assert stamped.is_error, stamped
    for error in (row["error"], json.loads(stamped.content[0].text)):
        assert error["code"] == "TOO_LARGE_TO_SEND", error
        hint = error["hint"]
        assert "leave" in hint.lower() and "`pages_per_task`" in hint, hint  # what the agent can do
        assert "server's setting PDFTOOLS_MAX_SEND_BYTES" in hint, hint  # whose limit, named for the user
        assert "raise" not in hint.lower() and "--" not in hint and "mount" not in hint, hint
