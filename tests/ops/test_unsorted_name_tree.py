"""Deleting pages of a file whose named destinations are an unsorted name tree (as some writers leave them):
qpdf finds a name by bisection, so removing the names of the deleted pages raised KeyError, an INTERNAL error.
Now such a tree is written anew, sorted, without the names of the pages that went."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pikepdf
from pikepdf import Array, Dictionary, Name, String


def _unsorted(path: Path) -> Path:
    pdf = pikepdf.new()
    for _ in range(12):
        pdf.add_blank_page()
    pages = [page.obj for page in pdf.pages]
    names: list[Any] = []
    for i in range(12):  # sec.0, sec.1, ..., sec.10, sec.11: not in byte order (sec.10 sorts before sec.2)
        names += [String(f"sec.{i}"), Array([pages[i], Name.Fit])]
    pdf.Root.Names = Dictionary(Dests=pdf.make_indirect(Dictionary(Names=Array(names))))
    item = pdf.make_indirect(Dictionary(Title=String("Ten"), Dest=String("sec.10")))
    pdf.Root.Outlines = pdf.make_indirect(Dictionary(Type=Name.Outlines, First=item, Last=item, Count=1))
    item.Parent = pdf.Root.Outlines
    pdf.save(path)
    return path


def test_delete_with_an_unsorted_name_tree(cli: Any, tmp_path: Path) -> None:
    out = tmp_path / "out.pdf"
    result = cli("delete", _unsorted(tmp_path / "in.pdf"), "2,4-5", "-o", out)
    assert result.exit_code == 0, result.stderr
    check = subprocess.run(["qpdf", "--check", str(out)], capture_output=True, text=True)
    assert check.returncode == 0 and "WARNING" not in check.stdout, check.stdout
    with pikepdf.open(out) as pdf:
        tree = pikepdf.NameTree(pdf.Root.Names.Dests)
        pages = {page.obj.objgen: i + 1 for i, page in enumerate(pdf.pages)}
        found = {name: pages.get(dest[0].objgen) for name, dest in tree.items()}
        assert found == {f"sec.{i}": n for n, i in enumerate([0, 2, 5, 6, 7, 8, 9, 10, 11], start=1)}
        assert all(tree.get(name) is not None for name in found)  # sorted: each found by bisection
        assert str(pdf.Root.Outlines.First.Dest) == "sec.10" and found["sec.10"] == 8  # the bookmark still opens it
