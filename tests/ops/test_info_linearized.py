"""`info` says whether a PDF is linearized ("fast web view"), as pdfinfo's `Optimized:` line does: a file qpdf
linearized is; the same file after an incremental update (its linearization no longer covers the file) is not,
for poppler and qpdf alike; an ordinary file is not. `info` had no such field."""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pikepdf
import pytest
import readback as rb

from pdftools.ops.info import info


def linearized(tmp_path: Path) -> Path:
    out = tmp_path / "linearized.pdf"
    subprocess.run(["qpdf", "--linearize", str(rb.FOUR), str(out)], check=True)
    return out


def updated(src: Path, out: Path) -> Path:
    """`src` with an incremental update appended (a new Info dictionary), as an editor saving in place adds."""
    data = src.read_bytes()
    with pikepdf.open(src) as pdf:
        size, root = int(pdf.trailer.Size), pdf.Root.objgen[0]
    prev = int(re.findall(rb"startxref\s+(\d+)", data)[-1])
    obj = b"\n%d 0 obj\n<< /Title (changed) >>\nendobj\n" % size
    tail = (b"xref\n0 1\n0000000000 65535 f \n%d 1\n%010d 00000 n \ntrailer\n<< /Size %d /Root %d 0 R /Info %d 0 R "
            b"/Prev %d >>\nstartxref\n%d\n%%%%EOF\n" % (size, len(data) + 1, size + 1, root, size, prev,
                                                       len(data) + len(obj)))
    out.write_bytes(data + obj + tail)
    return out


def optimized(path: Path) -> bool:
    """pdfinfo's answer (poppler): `Optimized: yes` or `no`."""
    out = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    return re.search(r"^Optimized:\s+(\w+)", out, re.M).group(1) == "yes"  # type: ignore[union-attr]


@pytest.mark.parametrize("kind", ["plain", "linearized", "updated"])
def test_linearized_as_pdfinfo_says(kind: str, tmp_path: Path) -> None:
    path = {"plain": lambda: rb.FOUR, "linearized": lambda: linearized(tmp_path),
            "updated": lambda: updated(linearized(tmp_path), tmp_path / "updated.pdf")}[kind]()
    assert info(str(path)).linearized is optimized(path) is (kind == "linearized"), kind


def test_cli_shows_it(cli: Callable[..., Any], tmp_path: Path) -> None:
    path = linearized(tmp_path)
    data = json.loads(cli("info", path, "--json").stdout)
    assert data["linearized"] is True, data
    assert re.search(r"^linearized\s+yes$", cli("info", path).stdout, re.M)
    assert re.search(r"^linearized\s+no$", cli("info", rb.FOUR).stdout, re.M)
