"""A batch's rows carry their command's warnings (where it did less than or other than asked: `annotations
remove` that matched nothing, `unprotect` of a file not encrypted): a `warning:` line per file on stderr at a
shell, a `warnings` list in each `--json` row and in MCP's structured rows, and on the skipped rows of a re-run
(from the journal; an older journal's lines, without them, are still read). They said nothing per file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
from batch_files import small_pdfs
from mcp import Client

from pdftools.mcp.server import build_server

PDFTOOLS = Path(sys.executable).with_name("pdftools")


def batch(*args: Any) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PDFTOOLS_CLUSTER", "PDFTOOLS_DEBUG")}
    return subprocess.run([str(PDFTOOLS), "batch", *map(str, args)], capture_output=True, text=True, env=env,
                          timeout=120, check=False)


def rows(stdout: str) -> dict[str, dict[str, Any]]:
    found = [json.loads(line) for line in stdout.splitlines() if line.strip()]
    return {Path(r["input"]).name: r for r in found}


def test_each_file_s_warning_is_said_at_a_shell(tmp_path: Path) -> None:
    small_pdfs(tmp_path / "in", 2)
    out = batch("annotations", tmp_path / "in", "-d", tmp_path / "out", "--set", "action=remove", "--jobs", "1")
    assert out.returncode == 0, out.stderr
    said = [line for line in out.stderr.splitlines() if line.startswith("warning: ")]
    assert said == [f"warning: {tmp_path / 'in' / f'doc-000{i}.pdf'} has no annotations: none removed"
                    for i in range(2)], out.stderr
    assert [line.split()[0] for line in out.stdout.splitlines()] == ["ok", "ok"]  # the rows, on stdout as before
    quiet = batch("annotations", tmp_path / "in", "-d", tmp_path / "out-q", "--set", "action=remove", "-q")
    assert quiet.returncode == 0 and quiet.stderr == "", quiet.stderr  # -q: no warnings


def test_json_rows_have_their_warnings_and_a_rerun_s_skipped_rows_too(tmp_path: Path) -> None:
    small_pdfs(tmp_path / "in", 2)
    out = batch("unprotect", tmp_path / "in", "-d", tmp_path / "out", "--json")
    assert out.returncode == 0, out.stderr
    json.loads(out.stderr)  # stderr: the summary, one JSON object, as before
    found = rows(out.stdout)
    for name in ("doc-0000.pdf", "doc-0001.pdf"):
        assert found[name]["warnings"] == [
            f"{tmp_path / 'in' / name} was not encrypted: nothing removed, written as it is"], found[name]
    again = rows(batch("unprotect", tmp_path / "in", "-d", tmp_path / "out", "--json").stdout)
    assert {r["status"] for r in again.values()} == {"skipped"}
    assert again["doc-0000.pdf"]["warnings"] == found["doc-0000.pdf"]["warnings"]
    rotated = rows(batch("rotate", tmp_path / "in", "-d", tmp_path / "rot", "--set", "angle=90", "--json").stdout)
    assert [r["warnings"] for r in rotated.values()] == [[], []]  # always a list: none here


def test_a_journal_written_before_rows_had_warnings_is_still_read(tmp_path: Path) -> None:
    small_pdfs(tmp_path / "in", 1)
    assert batch("unprotect", tmp_path / "in", "-d", tmp_path / "out", "--json").returncode == 0
    journal = tmp_path / "out" / ".pdftools-batch.jsonl"
    lines = [json.loads(line) for line in journal.read_text().splitlines() if line.strip()]
    assert any("warnings" in line for line in lines)
    journal.write_text("".join(json.dumps({k: v for k, v in line.items() if k != "warnings"}) + "\n"
                               for line in lines))
    again = batch("unprotect", tmp_path / "in", "-d", tmp_path / "out", "--json")
    assert again.returncode == 0, again.stderr
    row = rows(again.stdout)["doc-0000.pdf"]
    assert (row["status"], row["warnings"]) == ("skipped", []), row


def test_mcp_rows_have_their_warnings(tmp_path: Path) -> None:
    small_pdfs(tmp_path / "in", 2)

    async def go() -> Any:
        async with Client(build_server([tmp_path])) as client:
            return await client.call_tool("pdf_batch", {"command": "annotations", "inputs": ["in"], "out_dir": "out",
                                                        "options": {"action": "remove"}, "jobs": 1})

    result = anyio.run(go)
    assert not result.is_error, result
    found = {Path(r["input"]).name: r for r in result.structured_content["rows"]}
    assert found["doc-0001.pdf"]["warnings"] == [
        f"{tmp_path / 'in' / 'doc-0001.pdf'} has no annotations: none removed"], found
    text = "\n".join(c.text for c in result.content if c.type == "text")
    assert "none removed" in text, text  # said in the text an agent reads, too


def _restricted(path: Path) -> Path:
    """A PDF not encrypted whose form says it is signed (/SigFlags 3): `unprotect` warns its restrictions stay."""
    import pikepdf

    small_pdfs(path.parent, 1, prefix="plain")
    with pikepdf.open(path.parent / "plain-0000.pdf") as pdf:
        pdf.Root.AcroForm = pikepdf.Dictionary(Fields=pikepdf.Array(), SigFlags=3)
        pdf.save(path)
    (path.parent / "plain-0000.pdf").unlink()
    return path


def test_an_option_a_warning_names_is_named_as_the_batch_takes_it(tmp_path: Path) -> None:
    """`{{remove_restrictions}}` in the op's words: in a batch the option as `--set` and `options` take it (as the
    rows' errors name options), never the `{{...}}` reference itself."""
    _restricted(tmp_path / "in" / "signed.pdf")
    shell = rows(batch("unprotect", tmp_path / "in", "-d", tmp_path / "out", "--json").stdout)["signed.pdf"]

    async def go() -> Any:
        async with Client(build_server([tmp_path])) as client:
            return await client.call_tool("pdf_batch", {"command": "unprotect", "inputs": ["in"], "out_dir": "mcp"})

    agent = {Path(r["input"]).name: r for r in anyio.run(go).structured_content["rows"]}["signed.pdf"]
    for row in (shell, agent):
        [said] = row["warnings"]
        assert "its signatures' restrictions stay (remove_restrictions removes them" in said, row
        assert "{{" not in said, row
