"""`protect` of a PDF that is already protected, given a new password and no --allow, keeps the input's
permissions (as pdfcpu's change-upw keeps them): a document allowed only printing, given a new password, allowed
everything (--allow's default, all), so re-keying a restricted file silently lifted its restrictions. `--allow`
given is taken as it is; a person is told the input's were kept."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import readback as rb

from pdftools.ops.protect import protect


def qpdf_allows(path: Path, password: str) -> dict[str, str]:
    shown = subprocess.run(["qpdf", "--show-encryption", f"--password={password}", str(path)],
                           capture_output=True, text=True, check=True).stdout
    return dict(line.split(": ", 1) for line in shown.splitlines()
                if line.startswith(("print", "modify", "extract")))


def restricted(tmp_path: Path) -> Path:
    out = tmp_path / "print-only.pdf"
    protect(str(rb.FOUR), output=str(out), user_password="old", allow="print")
    return out


def test_a_new_password_keeps_the_inputs_permissions(tmp_path: Path) -> None:
    src, out = restricted(tmp_path), tmp_path / "rekeyed.pdf"
    result = protect(str(src), output=str(out), user_password="new", password="old")
    assert result.allowed == ["print"], result
    assert qpdf_allows(out, "new") == qpdf_allows(src, "old")
    assert qpdf_allows(out, "new")["modify anything"] == "not allowed"


def test_allow_given_is_taken_as_it_is(tmp_path: Path) -> None:
    src, out = restricted(tmp_path), tmp_path / "open.pdf"
    result = protect(str(src), output=str(out), user_password="new", password="old", allow="all")
    assert "modify" in result.allowed and not result.denied
    assert qpdf_allows(out, "new")["modify anything"] == "allowed"


def test_a_person_is_told_the_permissions_were_kept(cli: Any, tmp_path: Path) -> None:
    src = Path(shutil.copy(restricted(tmp_path), tmp_path / "in.pdf"))
    done = cli("protect", src, "--user-password", "new", "--password", "old", "-o", tmp_path / "o.pdf")
    assert done.exit_code == 0, done
    assert "kept the input's permissions" in done.stderr and "--allow all" in done.stderr, done.stderr
    plain = cli("protect", rb.FOUR, "--user-password", "new", "-o", tmp_path / "p.pdf")
    assert "permissions" not in plain.stderr, plain.stderr
