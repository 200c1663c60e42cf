"""`unprotect` of a file that is not encrypted makes sure it is not: the output is written (a copy, the same pages),
exit 0, as `qpdf --decrypt in out` copies it and exits 0. It exited 2 (INVALID_ARGUMENT, "nothing to remove"), so a
`set -e` loop over a folder of mixed files stopped at the first plain one. A warning on stderr says the file was
not encrypted, with `--json` too (whose `was_encrypted` says it: true for an encrypted input); `-q` says
nothing. The same for `--remove-restrictions` with a file neither encrypted nor signed (qpdf copies it too)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pikepdf
import readback as rb


def _plain_copy(out: Path) -> None:
    with pikepdf.open(out) as pdf:
        assert not pdf.is_encrypted and len(pdf.pages) == 4
    assert rb.text(out) == rb.text(rb.FOUR)


def test_a_plain_file_is_copied_exit_0(cli: Any, tmp_path: Path) -> None:
    out = tmp_path / "out.pdf"
    done = cli("unprotect", rb.FOUR, "-o", out)
    assert done.exit_code == 0, done
    _plain_copy(out)
    notes = [line for line in done.stderr.splitlines() if line.startswith("warning: ")]
    assert len(notes) == 1 and "not encrypted" in notes[0], done.stderr
    theirs = subprocess.run(["qpdf", "--decrypt", str(rb.FOUR), str(tmp_path / "qpdf.pdf")], capture_output=True)
    assert theirs.returncode == 0  # the peer's answer this follows


def test_json_and_quiet(cli: Any, tmp_path: Path, encrypted_pdf: Path) -> None:
    done = cli("unprotect", rb.FOUR, "-o", tmp_path / "j.pdf", "--json")
    assert done.exit_code == 0 and done.stderr.startswith("warning: ") and "not encrypted" in done.stderr, done
    result = json.loads(done.stdout)
    assert (result["was_encrypted"], result["removed"], result["encrypted"], result["pages"]) == (False, "", False, 4)
    _plain_copy(tmp_path / "j.pdf")
    quiet = cli("unprotect", rb.FOUR, "-o", tmp_path / "q.pdf", "-q")
    assert quiet.exit_code == 0 and quiet.stderr == "" and quiet.stdout == "", quiet
    locked = cli("unprotect", encrypted_pdf, "--password", "openpassword", "-o", tmp_path / "u.pdf", "--json")
    assert locked.exit_code == 0, locked
    assert json.loads(locked.stdout)["was_encrypted"] is True
    assert "warning:" not in cli("unprotect", encrypted_pdf, "--password", "openpassword", "-o",
                                 tmp_path / "v.pdf").stderr


def test_remove_restrictions_of_a_plain_file(cli: Any, tmp_path: Path) -> None:
    done = cli("unprotect", rb.FOUR, "--remove-restrictions", "-o", tmp_path / "r.pdf", "--json")
    assert done.exit_code == 0, done
    result = json.loads(done.stdout)
    assert (result["was_encrypted"], result["signatures_disabled"]) == (False, 0), result
    _plain_copy(tmp_path / "r.pdf")


def test_a_set_e_loop_over_mixed_files(tmp_path: Path, encrypted_pdf: Path) -> None:
    """What a script does: every file, plain or locked, made plain, and the loop runs to its end."""
    import shutil
    import sys

    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(rb.FOUR, folder / "a.pdf")
    shutil.copy(encrypted_pdf, folder / "b.pdf")
    script = (f'set -e; for f in {folder}/*.pdf; do "{sys.executable}" -m pdftools unprotect "$f" '
              f'-o "{tmp_path}/$(basename "$f")" -q; done; echo done')
    ran = subprocess.run(["bash", "-c", script], capture_output=True, text=True,
                         env={"PATH": "/usr/bin:/bin", "PDFTOOLS_PASSWORD": "openpassword"})
    assert ran.returncode == 0 and ran.stdout == "done\n", ran
    for name in ("a.pdf", "b.pdf"):
        with pikepdf.open(tmp_path / name) as pdf:
            assert not pdf.is_encrypted


def test_over_mcp(tmp_path: Path) -> None:
    import shutil

    shutil.copy(rb.FOUR, tmp_path / "plain.pdf")
    done = rb.mcp_call(tmp_path, "pdf_unprotect", {"input": "plain.pdf", "output": "o.pdf"})
    assert not done.is_error, done
    assert done.structured_content["was_encrypted"] is False
    _plain_copy(tmp_path / "o.pdf")


def test_a_person_reads_was_encrypted_only_when_it_was_not(cli: Any, tmp_path: Path, encrypted_pdf: Path) -> None:
    """`was encrypted  yes` on every unprotect of a locked file says what the command is for; only `no` tells."""
    locked = cli("unprotect", encrypted_pdf, "--password", "openpassword", "-o", tmp_path / "u.pdf")
    assert locked.exit_code == 0 and "was encrypted" not in locked.stdout, locked
    plain = cli("unprotect", rb.FOUR, "-o", tmp_path / "p.pdf")
    assert plain.exit_code == 0 and "was encrypted" in plain.stdout, plain
