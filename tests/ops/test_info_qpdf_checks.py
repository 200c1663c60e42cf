"""`info --is-encrypted`, `--requires-password` and `--show-npages`, as qpdf's: the first two print nothing and
answer in the exit code, the third prints the page count alone. qpdf's codes 2 and 3 are pdftools' INVALID_ARGUMENT
and FILE_NOT_FOUND, so the answers other than 0 have codes of their own: 17 (not encrypted) and 18 (encrypted,
and it opens with the password given, or without one). Each answer is checked against qpdf's on the same file."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pikepdf
import pytest
import readback as rb

from pdftools.document import qpdf_checks
from pdftools.errors import PdftoolsError

QPDF_TO_OURS = {0: 0, 2: qpdf_checks.NOT_ENCRYPTED_EXIT, 3: qpdf_checks.OPENS_EXIT}


@pytest.fixture
def owner_only(tmp_path: Path) -> Path:
    """Encrypted with an owner password only: it opens without a password."""
    with pikepdf.open(rb.FOUR) as pdf:
        pdf.save(tmp_path / "owner.pdf", encryption=pikepdf.Encryption(owner="secret", user=""))
    return tmp_path / "owner.pdf"


def _qpdf(*args: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["qpdf", *map(str, args)], capture_output=True, text=True)


@pytest.mark.parametrize("check", ["--is-encrypted", "--requires-password"])
@pytest.mark.parametrize("case", ["plain", "locked", "locked+password", "locked+wrong", "owner"])
def test_exit_codes_as_qpdf(cli: Any, owner_only: Path, check: str, case: str) -> None:
    path = {"plain": rb.FOUR, "owner": owner_only}.get(case, rb.ENCRYPTED)
    given = {"locked+password": ["--password", rb.PASSWORD], "locked+wrong": ["--password", "nope"]}.get(case, [])
    theirs = _qpdf(check, *("=".join(given),) if given else (), path)  # qpdf's --password=PW
    ours = cli("info", path, check, *given)
    assert ours.exit_code == QPDF_TO_OURS[theirs.returncode], (case, theirs.returncode, ours)
    assert ours.stdout == "" and ours.stderr == "", ours  # silent, as qpdf


def test_show_npages_as_qpdf(cli: Any, owner_only: Path) -> None:
    for path, given in ((rb.FOUR, []), (rb.OUTLINE, []), (rb.ENCRYPTED, ["--password", rb.PASSWORD]),
                        (owner_only, [])):
        theirs = _qpdf("--show-npages", *("=".join(given),) if given else (), path)
        ours = cli("info", path, "--show-npages", *given)
        assert ours.exit_code == 0 and ours.stdout == theirs.stdout, (path, ours)
    locked = cli("info", rb.ENCRYPTED, "--show-npages")
    assert locked.exit_code == 5 and "ENCRYPTED" in locked.stderr, locked  # the page count needs the password


def test_exit_codes_are_their_own() -> None:
    """Never one an error already has (qpdf's 2 and 3 are INVALID_ARGUMENT and FILE_NOT_FOUND here)."""
    taken = {cls.exit_code for cls in _errors(PdftoolsError)} | {14}  # 14: ocr's "already text"
    assert not {qpdf_checks.NOT_ENCRYPTED_EXIT, qpdf_checks.OPENS_EXIT} & taken
    assert qpdf_checks.NOT_ENCRYPTED_EXIT != qpdf_checks.OPENS_EXIT
    readme = (Path(__file__).parents[2] / "README.md").read_text()
    for code in (qpdf_checks.NOT_ENCRYPTED_EXIT, qpdf_checks.OPENS_EXIT):
        assert f"| (none) | {code} |" in readme


def test_one_check_at_a_time(cli: Any) -> None:
    done = cli("info", rb.FOUR, "--is-encrypted", "--show-npages")
    assert done.exit_code == 2 and "INVALID_ARGUMENT" in done.stderr, done


def _errors(cls: type) -> list[type]:
    return [cls, *(sub for child in cls.__subclasses__() for sub in _errors(child))]
