"""Issue 17: piped human output is drawn without rich (importing it and laying out its tables cost every
scripted call ~40 ms), and it must stay what rich drew on a pipe: the same lines, byte for byte. Each result
here comes from a real operation on real files (hostile names and titles included), or from a result built
to reach a corner of the layout (wide characters, line breaks inside cells shown as `\\n`, nested bookmarks,
empty fields)."""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from cli.test_cli_hostile_text import hostile_pdf
from conftest import CORPUS
from rich.console import Console

from pdftools.cli import blocks, render
from pdftools.ops.attachments import attachments
from pdftools.ops.bookmarks import bookmarks
from pdftools.ops.check import check
from pdftools.ops.doctor import doctor
from pdftools.ops.forms import forms
from pdftools.ops.info import info
from pdftools.ops.inspect import inspect
from pdftools.ops.ls import ls
from pdftools.ops.merge import merge
from pdftools.ops.metadata import metadata
from pdftools.ops.rename_invoice import rename_invoice
from pdftools.ops.split import split

SAMPLES = CORPUS / "sample-files" if (CORPUS / "sample-files").is_dir() else CORPUS
OUTLINES = SAMPLES / "014-outlines" / "mistitled_outlines_example.pdf"
GEOTOPO = SAMPLES / "009-pdflatex-geotopo" / "GeoTopo-komprimiert.pdf"
FORMS = SAMPLES / "010-pdflatex-forms" / "pdflatex-forms.pdf"
ATTACHED = SAMPLES / "025-attachment" / "with-attachment.pdf"
EINVOICES = CORPUS.parent / "einvoices" if CORPUS.name == "sample-files" else CORPUS / "einvoices"


def drawn_by_rich(block: blocks.Fields) -> list[str]:
    """What the renderer printed on a pipe before: rich at an unlimited width, each line without its padding."""
    console = Console(width=render.UNLIMITED, highlight=False, soft_wrap=True, markup=False, emoji=False,
                      color_system=None)
    with console.capture() as captured:
        console.print(blocks.drawn(block), crop=False)
    return [line.rstrip() for line in captured.get().splitlines()]


@dataclasses.dataclass
class Row:
    name: str
    note: str


@dataclasses.dataclass
class Node:
    title: str
    page: int | None
    children: list[Node]


@dataclasses.dataclass
class Corner:
    wide: str
    lines: str
    rows: list[Row]
    nested: Any
    outline: list[Node]
    mapping: dict[str, Any]
    empty: str = ""


@dataclasses.dataclass
class Inner:
    value: str | None = None


CORNER = Corner(
    wide="漢字 and e\u0301 and emoji 📄",
    lines="first\n\nthird\n",
    rows=[Row("a", "two\nlines"), Row("漢字漢字", ""), Row("[bold]x[/bold]", "\x1b[31mred")],
    nested=Inner(),  # a block with nothing to show: the key alone
    outline=[Node("A\nsecond line", 1, [Node("A1", 2, [Node("A1a", None, [])]), Node("A2", 3, [])]),
             Node("B", 4, [Node("B1", 5, [])])],
    mapping={"Author": "ü", "Keys": ["x", "y"]},
)


def _copied(folder: Path, to: Path) -> Path:
    """A few of the corpus's e-invoices in a folder of the test's own (the corpus is never written to)."""
    to.mkdir()
    for path in sorted(folder.glob("*.pdf"))[:6]:
        shutil.copy(path, to / path.name)
    return to


def _corpus_results(tmp: Path) -> list[Any]:
    doc = hostile_pdf(tmp / "[bold]h.pdf")
    out = tmp / "out"
    out.mkdir()
    return [
        CORNER,
        info(str(doc), pages="all"),
        info(str(OUTLINES), pages="all"),
        info(str(GEOTOPO)),
        inspect(str(GEOTOPO)),
        inspect(str(FORMS)),
        check(str(SAMPLES / "017-unreadable-meta-data" / "unreadablemetadata.pdf")),
        merge([str(doc), str(OUTLINES)], output=str(out / "m.pdf")),
        split(str(OUTLINES), out_dir=str(out / "parts")),
        metadata("show", str(doc)),
        bookmarks("list", str(OUTLINES)),
        attachments("list", str(ATTACHED)),
        forms("list", str(FORMS)),
        ls(str(SAMPLES), recursive=True),
        doctor(),
        rename_invoice([str(_copied(EINVOICES, tmp / "invoices"))], apply=False, ocr=False),  # a plan only
    ]


@pytest.fixture(scope="module")
def laid_out(tmp_path_factory: pytest.TempPathFactory) -> list[blocks.Fields]:
    return [blocks.layout(result, tty=False) for result in _corpus_results(tmp_path_factory.mktemp("plain"))]


def test_plain_lines_are_what_rich_drew_on_a_pipe(laid_out: list[blocks.Fields]) -> None:
    for block in laid_out:
        assert blocks.plain_lines(block) == drawn_by_rich(block)


def test_the_corners_are_reached(laid_out: list[blocks.Fields]) -> None:
    """The built result exercises what it was built for (a test that could not fail otherwise)."""
    lines = blocks.plain_lines(laid_out[0])
    assert "wide     漢字 and e\u0301 and emoji 📄" in lines
    assert "         漢字漢字       │" in lines  # two cells a character, as a terminal shows them
    assert "         │   └── A1a  p.-" in lines and "nested" in lines and "outline  A\\nsecond line  p.1" in lines
    assert "lines    first\\n\\nthird\\n" in lines  # a line break in a value is shown, not taken (one row each)
    assert "         a              │ two\\nlines" in lines
    assert "mapping  Author: ü" in lines and "         Keys: x, y" in lines  # a key a line
    assert any("\\x1b[31mred" in line for line in lines)  # escaped, as at a terminal


def test_a_tab_in_a_value_stays_a_tab_when_piped() -> None:
    """Data is printed literally. (rich, at a terminal, breaks the cell at a tab.)"""
    assert blocks.plain_lines(blocks.layout(Inner("a\tb"), tty=False)) == ["value  a\tb"]


def test_piped_output_does_not_load_rich(cli: Callable[..., Any], tmp_path: Path) -> None:
    import subprocess
    import sys

    code = ("import sys; from pdftools.main import main; sys.argv = ['pdftools', 'info', sys.argv[1]]\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith('rich') and m != 'rich.cells' "
            "and not m.startswith('rich._')), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code, str(OUTLINES)], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0 and "outline" in done.stdout, done
    assert done.stderr.strip().splitlines()[-1] in ("[]", "['rich']"), done.stderr


def test_yes_and_no_not_pythons_true_and_false(cli: Any, tmp_path: Path, sample: Path) -> None:
    """A person read `encrypted  False`, `more  False`, `required  True` (Python's words) in every table; they
    read `no` and `yes`. --json keeps true and false."""
    shutil.copy(sample, tmp_path / "a.pdf")
    info = cli("info", tmp_path / "a.pdf").stdout
    assert re.search(r"^encrypted +no$", info, re.M) and re.search(r"^linearized +no$", info, re.M), info
    listed = cli("ls", tmp_path).stdout  # (ls's `more` is not shown to a person: its `next` says it)
    assert re.search(r"│ no$", listed, re.M), listed
    assert not re.search(r"(^|\s)(True|False)(\s|$)", info + listed), info + listed  # (`Trapped: /False` is data)
    assert json.loads(cli("info", tmp_path / "a.pdf", "--json").stdout)["encrypted"] is False
