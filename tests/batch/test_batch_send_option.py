"""`batch --send-files` (MCP `send_files`) without a cluster: said in the help and the tool's schema, and refused
in words where there is no cluster to send to (the cluster's own behaviour: test_batch_dask_send.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import anyio
import pytest
from batch_files import small_pdfs
from mcp import Client

from pdftools.mcp.server import build_server

PDFTOOLS = Path(sys.executable).with_name("pdftools")


def test_help_and_the_tools_schema_say_it() -> None:
    env = {k: v for k, v in os.environ.items() if k != "PDFTOOLS_CLUSTER"} | {"COLUMNS": "200"}
    shown = subprocess.run([str(PDFTOOLS), "batch", "--help"], capture_output=True, text=True, env=env,
                           check=True).stdout
    assert "--send-files" in shown and "share no storage" in shown, shown

    async def go() -> dict[str, object]:
        async with Client(build_server([Path.cwd()])) as client:
            tools = (await client.list_tools()).tools
            return next(t.input_schema for t in tools if t.name == "pdf_batch")

    schema = anyio.run(go)
    prop = schema["properties"]["send_files"]
    assert prop["type"] == "boolean" and "share no storage" in prop["description"], prop


def test_without_a_cluster_it_is_refused(tmp_path: Path) -> None:
    small_pdfs(tmp_path / "in", 1)
    env = {k: v for k, v in os.environ.items() if k != "PDFTOOLS_CLUSTER"}
    out = subprocess.run([str(PDFTOOLS), "batch", "text", str(tmp_path / "in"), "-d", str(tmp_path / "out"),
                          "--send-files", "--json"], capture_output=True, text=True, env=env, check=False)
    error = json.loads(out.stderr)["error"]
    assert out.returncode == 2 and error["code"] == "INVALID_ARGUMENT", out.stderr
    assert "--send-files" in error["message"] and "--cluster" in error["hint"], error
    assert not (tmp_path / "out").exists()


def test_a_file_an_option_names_that_cannot_be_read_is_said_in_words(tmp_path: Path) -> None:
    """The files the options name are read before any file is sent (so before the cluster is reached): one that
    is there but cannot be read (/proc/self/mem, a regular file whose reading fails, for root too) is refused
    naming it and the option, never as a bug of pdftools (INTERNAL), and nothing is written."""
    unreadable = Path("/proc/self/mem")
    if not unreadable.is_file():
        pytest.skip("no /proc (Linux's) to give a regular file that cannot be read")
    small_pdfs(tmp_path / "in", 1)
    env = {k: v for k, v in os.environ.items() if k != "PDFTOOLS_CLUSTER"}
    out = subprocess.run([str(PDFTOOLS), "batch", "stamp", str(tmp_path / "in"), "-d", str(tmp_path / "out"),
                          "--cluster", "tcp://127.0.0.1:1", "--send-files", "--set", f"pdf={unreadable}", "--json"],
                         capture_output=True, text=True, env=env, check=False, timeout=120)
    error = json.loads(out.stderr)["error"]
    assert error["code"] != "INTERNAL", error
    assert str(unreadable) in error["message"] and "pdf" in error["message"], error
    assert out.stdout == "" and not (tmp_path / "out").exists()


def test_a_font_of_a_collection_is_sent(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`--set font=fonts.ttc#1` (stamp: the collection's second font) sends the file fonts.ttc, as `pdf=s.pdf:2`
    sends s.pdf; a family's name (`DejaVu Sans`) names no file here: the worker's fontconfig finds it."""
    from pdftools.batch.sending import Sender

    monkeypatch.chdir(tmp_path)
    (tmp_path / "fonts.ttc").write_bytes(b"ttcf fonts")
    (tmp_path / "s.pdf").write_bytes(b"%PDF-1.7 stamp")
    named = Sender({"font": "fonts.ttc#1", "pdf": "s.pdf:2", "text": "DejaVu Sans"}).named
    assert named == {"fonts.ttc": b"ttcf fonts", "s.pdf": b"%PDF-1.7 stamp"}, named
