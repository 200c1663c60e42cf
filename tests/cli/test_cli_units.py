"""Numbers a person reads say what they count: `info` printed `size  24607`, `compress` `before 1793479` and
`saved 443530`, `ls` and `attachments` a `size` column of bare numbers (bytes? kB? pages?). A size is bytes, with
a rounded figure beside it once it is long (`24,607 bytes (24.6 kB)`; a table cell: `24.6 kB`), as pdfcpu's info
prints its file size. --json keeps the number of bytes."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from conftest import CORPUS

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"
ATTACHED = CORPUS / "025-attachment" / "with-attachment.pdf"
SIZED = re.compile(r"^\d[\d,]* bytes( \(\d+(\.\d)? [kMGT]B\))?$|^\d+(\.\d)? [kMGT]B$|^\d{1,3} bytes$")


def _rows(stdout: str) -> dict[str, str]:
    return {line.split("  ", 1)[0]: line.split("  ", 1)[-1].strip() for line in stdout.splitlines()
            if line and not line.startswith(" ")}


def _column(stdout: str, name: str) -> list[str]:
    lines = stdout.splitlines()
    header = next(i for i, line in enumerate(lines) if "┃" in line)
    at = [cell.strip().split()[-1] for cell in lines[header].split("┃")].index(name)
    return [line.split("│")[at].strip() for line in lines[header + 2:] if "│" in line]


@pytest.mark.parametrize(("argv", "labels"), [
    (["info", FOUR], ["size"]),
    (["compress", FOUR, "-o", "small.pdf"], ["size", "before", "saved"]),
    (["rotate", FOUR, "-a", "90", "-o", "turned.pdf"], ["size"]),
])
def test_a_size_is_said_in_bytes(cli: Callable[..., Any], argv: list[Any], labels: list[str]) -> None:
    done = cli(*argv)
    assert done.exit_code == 0, done
    rows = _rows(done.stdout)
    for label in labels:
        assert SIZED.match(rows[label]), (label, rows[label])


def test_info_gives_the_exact_count_too(cli: Callable[..., Any]) -> None:
    shown = _rows(cli("info", FOUR).stdout)["size"]
    size = json.loads(cli("info", FOUR, "--json").stdout)["size"]
    assert shown == f"{size:,} bytes ({size / 1000:.1f} kB)", shown


@pytest.mark.parametrize(("argv", "column"), [(["ls", FOUR.parent], "size"), (["attachments", ATTACHED], "size"),
                                              # thumbnails' column of bare numbers (`5786`), its --json `bytes`
                                              (["thumbnails", FOUR, "--width", "150", "-d", "th"], "bytes")])
def test_a_size_column_is_said_in_bytes(cli: Callable[..., Any], argv: list[Any], column: str) -> None:
    done = cli(*argv)
    assert done.exit_code == 0, done
    cells = _column(done.stdout, column)
    assert cells and all(SIZED.match(cell) for cell in cells), cells


def test_a_small_size_is_bytes_alone() -> None:
    from pdftools.cli.blocks import layout, plain_lines
    from pdftools.core.edit import Edited

    lines = plain_lines(layout(Edited(input="a.pdf", output="b.pdf", pages=1, size=999, encrypted=False),
                               tty=False))
    assert "size       999 bytes" in lines, lines


@pytest.mark.parametrize("command", ["nup", "booklet"])
def test_a_sheet_size_is_in_points(cli: Callable[..., Any], command: str) -> None:
    """`sheet size  841.89, 595.276`: two numbers of nothing; pdfinfo says `595.28 x 841.89 pts`."""
    done = cli(command, FOUR, "-o", "out.pdf")
    assert done.exit_code == 0, done
    assert re.match(r"^\d+(\.\d+)? × \d+(\.\d+)? pt$", _rows(done.stdout)["sheet size"]), done.stdout


def test_a_whole_number_reads_as_one(cli: Callable[..., Any]) -> None:
    """inspect's page boxes read `0.0, 0.0, 595.28, 841.89` and stamp's help `[default: 1.0]`: Python's floats.
    A person writes 0 and 1."""
    boxes = cli("inspect", FOUR).stdout
    assert "0, 0, 595.28, 841.89" in boxes and not re.search(r"\b\d+\.0\b", boxes), boxes
    opacity = " ".join(cli("stamp", "--help").stdout.split()).split("--opacity")[1].split("--angle")[0]
    assert opacity.endswith("(opaque) [default: 1] "), opacity  # click writes a default given as text `(1)`


def test_page_sizes_say_they_are_points(cli: Callable[..., Any]) -> None:
    """`info`'s page sizes read `width 595.28 │ height 841.89`: pdfinfo says `595.28 x 841.89 pts`."""
    done = cli("info", FOUR, "--pages", "1")
    assert done.exit_code == 0, done
    headers = [line for line in done.stdout.splitlines() if "┃" in line]
    assert len(headers) == 2 and all("width (pt)" in h and "height (pt)" in h for h in headers), headers


def test_page_boxes_say_they_are_points(cli: Callable[..., Any]) -> None:
    done = cli("inspect", FOUR, "--pages", "1")
    assert done.exit_code == 0, done
    header = next(line for line in done.stdout.splitlines() if "┃" in line and "media" in line)
    assert all(f"{box} (pt)" in header for box in ("media", "crop", "bleed", "trim", "art")), header
