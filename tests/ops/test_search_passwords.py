"""pdfgrep's `--password`, given several times: "all passwords will be tried on all PDFs" (its manual). `search`
took one (the last given, silently), so PDFs locked with different passwords could not be searched in one run: the
others were skipped as BAD_PASSWORD. pdfgrep 2.1.2 does the same, against its manual (`Could not open`, exit 2),
so the lines are compared with pdfgrep's run on each file with its own password: the same, in either order of the
passwords; a password file (one a line) does the same out of `ps`'s sight, and over MCP `password` takes a list."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
import readback as rb
from pdfgrep_peer import PDFTOOLS, pdfgrep, run


@pytest.fixture
def locked(tmp_path: Path) -> list[Path]:
    out = []
    for source, name, user in ((rb.FOUR, "one.pdf", "kiwi"), (rb.THREE, "two.pdf", "plum")):
        subprocess.run(["qpdf", "--encrypt", user, f"owner-{user}", "256", "--", str(source), str(tmp_path / name)],
                       check=True)
        out.append(tmp_path / name)
    return out


def _each_alone(options: list[str], locked: list[Path]) -> bytes:
    """pdfgrep on each file with its own password (`-H`: named, as with several files)."""
    out = b""
    for path, user in zip(locked, ("kiwi", "plum"), strict=True):
        theirs = run(pdfgrep(), "-H", *options, "--password", user, "e", path)
        assert theirs.returncode == 0, theirs
        out += theirs.stdout
    return out


@pytest.mark.parametrize("order", [("kiwi", "plum"), ("plum", "kiwi")])
def test_as_pdfgrep(locked: list[Path], order: tuple[str, str]) -> None:
    ours = run(PDFTOOLS, "search", "-n", "--password", order[0], "--password", order[1], "e", *locked)
    assert ours.returncode == 0, ours.stderr
    assert ours.stdout == _each_alone(["-n"], locked)
    both = run(pdfgrep(), "-n", "--password", order[0], "--password", order[1], "e", *locked)
    assert both.returncode == 2 and b"Could not open" in both.stderr  # pdfgrep 2.1.2: the last password only


def test_a_password_file(locked: list[Path], tmp_path: Path) -> None:
    keys = tmp_path / "keys.txt"
    keys.write_text("plum\nkiwi\n")
    ours = run(PDFTOOLS, "search", "-c", "--password-file", keys, "e", *locked)
    assert (ours.stdout, ours.returncode) == (_each_alone(["-c"], locked), 0), ours.stderr


def test_over_mcp(locked: list[Path], tmp_path: Path) -> None:
    done = rb.mcp_call(tmp_path, "pdf_search", {"pattern": "Hello|Swedish", "inputs": ["one.pdf", "two.pdf"],
                                                "password": ["plum", "kiwi"]})
    assert not done.is_error, done
    result = done.structured_content
    assert not result["skipped"] and {Path(f["path"]).name for f in result["files"]} == {"one.pdf", "two.pdf"}
