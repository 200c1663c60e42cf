"""Results for people (rich, on a terminal) or scripts (`--json`); errors as `error[CODE]` lines or JSON.

Results are dataclasses; rendering is generic (fields become table rows, lists of models become tables,
bookmark trees become trees), with one special case: extracted text is data and goes out as plain text.
"""

from __future__ import annotations

import dataclasses
import json
import re
import sys
from typing import Any

from pdftools.core import results
from pdftools.errors import PdftoolsError

MAX_ROWS = 25  # a person reads a summary; --json carries every row


def _console(stderr: bool = False) -> Any:
    """A console that never cuts: at a terminal as wide as it is (cells wrap), piped as wide as a line needs."""
    from rich.console import Console

    stream = sys.stderr if stderr else sys.stdout
    width = None if stream.isatty() else UNLIMITED
    return Console(stderr=stderr, highlight=False, soft_wrap=True, markup=False, emoji=False, width=width)


UNLIMITED = 1_000_000  # columns: piped output is whole lines (rich measures cells; it never pads to this)
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def safe(text: str) -> str:
    """Text for a person's terminal: control characters (ANSI escapes) and bidi overrides shown as escapes
    (`\\x1b`, `\\u202e`), so a document cannot recolour, hide or reverse what is printed. JSON keeps them."""
    return _UNSAFE.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


def _text(value: Any, style: str = "") -> Any:
    """A rich `Text`: printed as it is, never read as markup."""
    from rich.text import Text

    return Text(safe(value if isinstance(value, str) else _plain(value)), style=style)


def render(result: Any, *, as_json: bool, to_stderr: bool = False) -> None:
    if getattr(result, "rows_streamed", False):  # a batch: its rows went to stdout as they finished
        result, to_stderr = dataclasses.replace(result, rows=[], rows_streamed=as_json), True
    stream = sys.stderr if to_stderr else sys.stdout
    if as_json:
        stream.write(results.to_json(result) + "\n")
        return
    if type(result).__name__ == "TextResult":
        _render_text(result, stream)
        return
    if callable(getattr(result, "output_lines", None)):  # a result printed as lines of data (search)
        _render_lines(result, stream)
        return
    if type(getattr(result, "text", None)).__name__ == "TextResult":  # ocr --mode text: the text, as `text` gives it
        _render_text(result.text, stream)
        return
    console = _console(stderr=to_stderr)
    if stream.isatty():
        console.print(_table(result, top=True), crop=False)
        return
    with console.capture() as captured:  # piped: whole lines, without the padding to the widest one
        console.print(_table(result, top=True), crop=False)
    stream.write("".join(line.rstrip() + "\n" for line in captured.get().splitlines()))


def _render_text(result: Any, stream: Any) -> None:
    tty = stream.isatty()
    for page in result.pages:
        if tty:
            stream.write(f"\n── page {page.page} ──\n{safe(page.text)}")
        else:
            stream.write(page.text + "\f")  # as pdftotext writes it: a form feed ends every page
    if result.boxes:  # words or lines: tab-separated, one a line, with a header
        from pdftools.document.text import BOX_COLUMNS

        stream.write(BOX_COLUMNS + "\n" + "".join(box.tsv() + "\n" for box in result.boxes))
    if result.truncated:
        sys.stderr.write(f"(stopped by --max-chars; continue with --start-page {result.next_page} "
                         f"--offset {result.next_offset or 0})\n")
    if result.empty_pages:
        sys.stderr.write(f"note: no text on page(s) {_compact(result.empty_pages)}; scanned? try OCR\n")
    for warning in getattr(result, "warnings", []):
        sys.stderr.write(f"warning: {warning}\n")


def _render_lines(result: Any, stream: Any) -> None:
    """Lines as the result gives them, whole (data: never markup, never cut; at a terminal, control characters
    escaped); its notes to stderr."""
    shown = safe if stream.isatty() else str
    for line in result.output_lines():
        stream.write(shown(line) + "\n")
    for note in result.notes():
        sys.stderr.write(safe(note) + "\n")


def _compact(numbers: list[int]) -> str:
    return ",".join(map(str, numbers))


def _table(model: Any, top: bool = False) -> Any:
    from rich.table import Table

    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(style="bold", no_wrap=True)
    table.add_column(overflow="fold")
    hidden = getattr(model, "table_hidden", ())  # fields --json has and a person need not read
    for name in results.fields(model):
        value = getattr(model, name)
        if value in (None, [], {}, "") or name in hidden:
            continue
        table.add_row(_text(name.replace("_", " ")), _cell(name, value))
    return table


def _cell(name: str, value: Any) -> Any:
    if name == "outline":
        return _tree(value)
    if results.is_result(value):
        return _table(value)
    if isinstance(value, dict):
        return _text("\n".join(f"{k}: {_plain(v)}" for k, v in value.items()))
    if isinstance(value, list) and value and results.is_result(value[0]):
        return _rows(value)
    return _text(value)


def _rows(value: list[Any]) -> Any:
    """A list of result rows as a table. At a terminal a long list shows its first rows and says how many
    more there are; piped, every row is printed. A row class may name the columns a person sees
    (`table_columns`, fields or properties) and lift the row limit (`table_rows = None`); a result may hide
    fields from people (`table_hidden`); --json always
    carries every field of every row."""
    from rich.table import Table

    columns = getattr(value[0], "table_columns", None) or results.fields(value[0])
    limit = getattr(value[0], "table_rows", MAX_ROWS) or len(value)
    if not sys.stdout.isatty():
        limit = len(value)
    table = Table(show_edge=False, pad_edge=False)
    for column in columns:  # cells wrap, never cut
        table.add_column(column.replace("_", " "), overflow="fold")
    for item in value[:limit]:
        table.add_row(*(_text(getattr(item, c)) for c in columns))
    if len(value) > limit:
        table.caption = f"… and {len(value) - limit} more not shown (--json lists all; piped output shows all)"
    return table


def _plain(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, dict):
        return ", ".join(f"{k}={_plain(v)}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(map(_plain, value))
    return str(value)


def _tree(bookmarks: list[Any]) -> Any:
    from rich.text import Text
    from rich.tree import Tree

    root = Tree("", hide_root=True)

    def add(parent: Any, items: list[Any]) -> None:
        for item in items:
            label = Text.assemble(_text(item.title), ("  p." + str(item.page or "-"), "dim"))
            add(parent.add(label), item.children)

    add(root, bookmarks)
    return root


def report_error(exc: PdftoolsError, *, as_json: bool) -> int:
    """Print an error to stderr (JSON with --json) and return its exit code."""
    if as_json:
        sys.stderr.write(json.dumps({"error": exc.to_dict()}) + "\n")
    else:
        sys.stderr.write(safe(f"error[{exc.code}]: {exc.message}\n  hint: {exc.hint}") + "\n")
    return exc.exit_code


class RowPrinter:
    """Batch rows on stdout as they finish: a JSON line each (--json), else one line a file, file names as
    data (never markup). Taken before any progress bar starts, so a piped stdout gets the rows themselves.
    `quiet`: only the failed rows, on stderr."""

    def __init__(self, as_json: bool, quiet: bool = False) -> None:
        self.as_json, self.quiet, self.out = as_json, quiet, sys.stdout

    def __call__(self, row: Any) -> None:
        if self.quiet and row.error is None:
            return
        out = sys.stderr if self.quiet else self.out if not self.out.isatty() else sys.stdout  # a tty: above the bar
        if self.as_json:
            out.write(results.to_json(row, indent=None) + "\n")
        else:
            what = row.output if row.error is None else f"error[{row.error['code']}]: {row.error['message']}"
            out.write(safe(f"{row.status:<7} {row.input} -> {what}") + "\n")
        out.flush()


class ProgressBar:
    """A rich progress bar on stderr, shown only on a terminal and only for work of more than a few steps."""

    def __init__(self, label: str, shown: bool = True) -> None:
        self.label, self.shown = label, shown
        self._progress: Any = None
        self._bar: Any = None

    def update(self, done: int, total: int, message: str = "") -> None:
        if self._progress is None:
            if total <= 3 or not self.shown or not sys.stderr.isatty():
                return
            from rich.progress import Progress

            self._progress = Progress(console=_console(stderr=True), transient=True)
            self._progress.start()
            self._bar = self._progress.add_task(self.label, total=total)
        self._progress.update(self._bar, completed=done, total=total, description=message or self.label)

    def close(self) -> None:
        if self._progress is not None:
            self._progress.stop()
