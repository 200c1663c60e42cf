"""core.parallel: half the work in a forked child; its failure is the caller's failure."""

from __future__ import annotations

from pathlib import Path

import pytest

from pdftools.core import parallel


def test_every_item_is_done_once_across_both_processes(tmp_path: Path) -> None:
    import os

    items = list(range(200))
    parallel.for_each(items, lambda i: (tmp_path / f"{i}.txt").write_text(str(os.getpid())))
    assert sorted(int(p.stem) for p in tmp_path.iterdir()) == items
    pids = {p.read_text() for p in tmp_path.iterdir()}
    assert len(pids) == 2 and str(os.getpid()) in pids  # really shared with a forked child


def test_a_failure_in_the_child_half_is_raised_in_the_parent(tmp_path: Path) -> None:
    def work(i: int) -> None:
        if i == 150:  # in the child's half (the parent takes the first half)
            raise PermissionError("boom at 150")
        (tmp_path / f"{i}.txt").write_text("x")

    with pytest.raises(PermissionError, match="boom at 150"):  # the child's own exception, unpickled
        parallel.for_each(list(range(200)), work)
    assert len(list(tmp_path.iterdir())) < 200


def test_a_pdftools_error_in_the_child_keeps_its_code() -> None:
    from pdftools.errors import OutputExists

    def work(i: int) -> None:
        if i >= 100:
            raise OutputExists("part exists")

    with pytest.raises(OutputExists) as caught:
        parallel.for_each(list(range(200)), work)
    assert caught.value.code == "OUTPUT_EXISTS"


def test_split_of_many_pages_writes_every_part(tmp_path: Path, sample: Path) -> None:
    import pikepdf

    from pdftools.ops.merge import merge
    from pdftools.ops.split import split

    big = tmp_path / "big.pdf"
    merge([str(sample)] * 25, output=str(big))  # 100 pages: enough to fork
    out = tmp_path / "parts"
    out.mkdir()
    result = split(str(big), out_dir=str(out))
    assert len(result.parts) == 100 and len(list(out.iterdir())) == 100
    for part in result.parts[::17]:
        with pikepdf.open(part.path) as pdf:
            assert len(pdf.pages) == 1
