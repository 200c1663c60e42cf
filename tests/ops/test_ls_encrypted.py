"""`ls` says a file is encrypted whenever it is, as `info` and pdfinfo do: also when it opens without a password
(an owner password only, to hold permissions), where its pages and title are read as well."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from conftest import CORPUS

from pdftools.ops.ls import ls

PLAIN = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"


def test_an_owner_password_only_file_is_listed_as_encrypted(tmp_path: Path) -> None:
    shutil.copy(PLAIN, tmp_path / "plain.pdf")
    subprocess.run(["qpdf", "--encrypt", "", "owner", "256", "--print=none", "--", str(PLAIN),
                    str(tmp_path / "owner.pdf")], check=True)
    subprocess.run(["qpdf", "--encrypt", "user", "owner", "256", "--", str(PLAIN), str(tmp_path / "user.pdf")],
                   check=True)
    files = {f.path: f for f in ls(str(tmp_path)).files}
    assert (files["owner.pdf"].encrypted, files["owner.pdf"].pages, files["owner.pdf"].error) == (True, 4, None)
    assert (files["user.pdf"].encrypted, files["user.pdf"].pages, files["user.pdf"].error) == (True, None,
                                                                                                 "ENCRYPTED")
    assert (files["plain.pdf"].encrypted, files["plain.pdf"].pages) == (False, 4)
