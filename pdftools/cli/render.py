"""Results for people (rich, on a terminal) or scripts (`--json`); errors as `error[CODE]` lines or JSON.

Results are dataclasses; rendering is generic (fields become table rows, lists of models become tables,
bookmark trees become trees), with one special case: extracted text is data and goes out as plain text.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from typing import Any

from pdftools.core import results
from pdftools.errors import PdftoolsError

MAX_ROWS = 25  # a person reads a summary; --json carries every row


def _console(stderr: bool = False) -> Any:
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, soft_wrap=True)


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
    console = _console(stderr=to_stderr)
    console.print(_table(result))


def _render_text(result: Any, stream: Any) -> None:
    tty = stream.isatty()
    for page in result.pages:
        if tty:
            stream.write(f"\n── page {page.page} ──\n{page.text}")
        else:
            stream.write(page.text + "\f")  # as pdftotext writes it: a form feed ends every page
    if result.truncated:
        sys.stderr.write(f"(stopped by --max-chars; continue with --start-page {result.next_page} "
                         f"--offset {result.next_offset or 0})\n")
    if result.empty_pages:
        sys.stderr.write(f"note: no text on page(s) {_compact(result.empty_pages)}; scanned? try OCR\n")


def _compact(numbers: list[int]) -> str:
    return ",".join(map(str, numbers[:20])) + (",…" if len(numbers) > 20 else "")


def _table(model: Any) -> Any:
    from rich.table import Table

    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(style="bold")
    table.add_column()
    for name in results.fields(model):
        value = getattr(model, name)
        if value in (None, [], {}, ""):
            continue
        table.add_row(name.replace("_", " "), _cell(name, value))
    return table


def _cell(name: str, value: Any) -> Any:
    from rich.table import Table

    if name == "outline":
        return _tree(value)
    if results.is_result(value):
        return _table(value)
    if isinstance(value, dict):
        return "\n".join(f"{k}: {v}" for k, v in value.items())
    if isinstance(value, list) and value and results.is_result(value[0]):
        # a row class may name the columns a person sees (`table_columns`, fields or properties) and lift
        # the row limit (`table_rows = None`); --json always carries every field of every row
        chosen = getattr(value[0], "table_columns", None)
        columns = chosen or results.fields(value[0])
        limit = getattr(value[0], "table_rows", MAX_ROWS) or len(value)
        table = Table(show_edge=False, pad_edge=False)
        for column in columns:  # chosen columns are read in full: wrapped, never cut
            table.add_column(column.replace("_", " "), overflow="fold" if chosen else "ellipsis")
        for item in value[:limit]:
            table.add_row(*(_plain(getattr(item, c)) for c in columns))
        if len(value) > limit:
            table.caption = f"… and {len(value) - limit} more (--json lists all)"
        return table
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return _plain(value)


def _plain(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, dict):
        return ", ".join(f"{k}={v}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return str(value)


def _tree(bookmarks: list[Any]) -> Any:
    from rich.tree import Tree

    root = Tree("", hide_root=True)

    def add(parent: Any, items: list[Any]) -> None:
        for item in items:
            add(parent.add(f"{item.title}  [dim]p.{item.page or '-'}[/dim]"), item.children)

    add(root, bookmarks)
    return root


def report_error(exc: PdftoolsError, *, as_json: bool) -> int:
    """Print an error to stderr (JSON with --json) and return its exit code."""
    if as_json:
        sys.stderr.write(json.dumps({"error": exc.to_dict()}) + "\n")
    else:
        sys.stderr.write(f"error[{exc.code}]: {exc.message}\n  hint: {exc.hint}\n")
    return exc.exit_code


class RowPrinter:
    """Batch rows on stdout as they finish: a JSON line each (--json), else one line a file, file names as
    data (never markup). Taken before any progress bar starts, so a piped stdout gets the rows themselves."""

    def __init__(self, as_json: bool) -> None:
        self.as_json, self.out = as_json, sys.stdout

    def __call__(self, row: Any) -> None:
        out = self.out if not self.out.isatty() else sys.stdout  # a terminal: above the bar
        if self.as_json:
            out.write(results.to_json(row, indent=None) + "\n")
        else:
            what = row.output if row.error is None else f"error[{row.error['code']}]: {row.error['message']}"
            out.write(f"{row.status:<7} {row.input} -> {what}\n")
        out.flush()


class ProgressBar:
    """A rich progress bar on stderr, shown only on a terminal and only for work of more than a few steps."""

    def __init__(self, label: str) -> None:
        self.label = label
        self._progress: Any = None
        self._bar: Any = None

    def update(self, done: int, total: int, message: str = "") -> None:
        if self._progress is None:
            if total <= 3 or not sys.stderr.isatty():
                return
            from rich.progress import Progress

            self._progress = Progress(console=_console(stderr=True), transient=True)
            self._progress.start()
            self._bar = self._progress.add_task(self.label, total=total)
        self._progress.update(self._bar, completed=done, total=total, description=message or self.label)

    def close(self) -> None:
        if self._progress is not None:
            self._progress.stop()
