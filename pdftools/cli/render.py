"""Results for people (rich, on a terminal) or scripts (`--json`); errors as `error[CODE]` lines or JSON.

Results are dataclasses; rendering is generic (fields become table rows, lists of models become tables,
bookmark trees become trees), with one special case: extracted text is data and goes out as plain text.
"""

from __future__ import annotations

import dataclasses
import os
import re
import sys
from typing import Any

from pdftools.core import results
from pdftools.errors import PdftoolsError, os_error

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


def one_line(text: str) -> str:
    """`safe` text that stays on its line: a line break in it (a file name `a<LF>b.pdf`, a title) is shown as
    `\\n`, so a table row, a key's row or a batch row is one line on a pipe too. JSON keeps it."""
    return safe(text).replace("\n", "\\n")


def shown_title(title: str) -> str:
    """A bookmark's title for a person: as it is (made `safe`), but one that reads as nothing (empty, blanks)
    quoted, `""`, so that it is seen to be there."""
    return one_line(title) if title.strip() else '"' + one_line(title) + '"'


def render(result: Any, *, as_json: bool, to_stderr: bool = False, quiet: bool = False) -> None:
    """The result on stdout (stderr: `to_stderr`), its notes and warnings on stderr; `quiet` (-q): the result
    only, and the errors it carries."""
    if getattr(result, "rows_streamed", False):  # a batch: its rows went to stdout as they finished
        result, to_stderr = dataclasses.replace(result, rows=[], rows_streamed=as_json), True
    stream = sys.stderr if to_stderr else sys.stdout
    if as_json:
        stream.write(results.to_json(result) + "\n")
        return
    if type(result).__name__ == "TextResult":
        _render_text(result, stream, quiet=quiet)
        return
    verbatim = result.verbatim() if callable(getattr(result, "verbatim", None)) else None
    if verbatim is not None:  # another program's report (pdftk's dump_data): its bytes, piped
        stream.write(safe(verbatim) if stream.isatty() else verbatim)
        return
    if callable(getattr(result, "output_lines", None)):  # a result printed as lines of data (search)
        _render_lines(result, stream, quiet=quiet)
        return
    if type(getattr(result, "text", None)).__name__ == "TextResult":  # ocr --mode text: the text, as `text` gives it
        _render_text(result.text, stream, ocred=True, quiet=quiet)
        _notes(result, quiet)
        return
    tty = stream.isatty()
    laid_out = layout(result, tty=tty)
    if tty:
        console = _console(stderr=to_stderr)
        console.print(drawn(laid_out, console.width), crop=False)
    else:  # piped: the same lines, drawn without rich (importing and laying out rich cost a call ~40 ms)
        stream.write("".join(line + "\n" for line in plain_lines(laid_out)))
    stream.flush()  # the result before its notes on stderr
    _notes(result, quiet)


def quiet_errors(result: Any, *, as_json: bool) -> None:
    """What -q leaves of a result it does not print: the errors it carries (search's inputs that could not be
    searched), as `error[CODE]` lines, or with --json an error object a line, as every error is said."""
    if not callable(getattr(result, "errors", None)):
        return
    if not as_json:
        for error in result.errors():
            sys.stderr.write(safe(error) + "\n")
        return
    for skipped in result.skipped:
        name = "standard input" if skipped.path == "-" else skipped.path
        message = skipped.message if name in skipped.message else f"{name}: {skipped.message}"
        error = {"code": skipped.code, "message": message, "hint": skipped.hint}
        sys.stderr.write(results.dumps({"error": error}) + "\n")


def _notes(result: Any, quiet: bool = False) -> None:
    """A result's notes, for people, on stderr: not with --json (a script reads the result), nor with -q."""
    notes = getattr(result, "notes", None)
    for note in notes() if callable(notes) and not quiet else []:
        sys.stderr.write(f"note: {one_line(note)}\n")


def _render_text(result: Any, stream: Any, *, ocred: bool = False, quiet: bool = False) -> None:
    """Pages as pdftotext writes them (at a terminal, with markers); notes on stderr, unless `quiet`. `ocred`: the
    text is OCR's, so a page without text is one OCR could not read (running OCR again is no advice)."""
    tty = stream.isatty()
    for page in result.pages:
        if tty:
            stream.write(f"\n── page {page.page} ──\n{safe(page.text)}")
        else:
            stream.write(page.text + "\f")  # as pdftotext writes it: a form feed ends every page
    if tty and result.pages and not result.pages[-1].text.endswith("\n"):  # (a cut page): the prompt on its own line
        stream.write("\n")
    if result.boxes:  # words or lines: tab-separated, one a line, with a header
        from pdftools.document.text import BOX_COLUMNS

        stream.write(BOX_COLUMNS + "\n" + "".join(box.tsv() + "\n" for box in result.boxes))
    stream.flush()  # the text before the notes on stderr, where both go to one terminal
    if not quiet:
        _text_notes(result, ocred)


def _text_notes(result: Any, ocred: bool) -> None:
    if result.truncated:
        sys.stderr.write(f"(stopped by --max-chars; continue with --start-page {result.next_page} "
                         f"--offset {result.next_offset or 0})\n")
    if result.empty_pages and ocred:
        sys.stderr.write(f"note: OCR found no text on page(s) {_compact(result.empty_pages)}: blank? a higher "
                         "--dpi or another --language may read it\n")
    elif result.empty_pages:
        import shlex

        them = "them" if len(result.empty_pages) > 1 else "it"
        sys.stderr.write(f"note: no text on page(s) {_compact(result.empty_pages)}: scanned? `pdftools ocr "
                         f"{one_line(shlex.quote(result.path))} --mode text` reads {them}\n")
    for warning in getattr(result, "warnings", []):
        sys.stderr.write(f"warning: {one_line(warning)}\n")


def _render_lines(result: Any, stream: Any, *, quiet: bool = False) -> None:
    """Lines as the result gives them, whole (data: never markup, never cut; at a terminal, control characters
    escaped); coloured as grep colours them where the result asks (search --color); its notes to stderr (`quiet`:
    its errors only)."""
    tty = stream.isatty()
    shown = safe if tty else str
    end = getattr(result, "line_end", "\n")  # search -Z -l: names end in their zero byte
    if hasattr(result, "color"):
        from pdftools.cli.colors import painter

        lines = result.output_lines(painter(result.color, tty, shown))
    else:
        lines = (shown(line) for line in result.output_lines())
    for line in lines:
        stream.write(line + end)
    for note in getattr(result, "errors", list)() if quiet else result.notes():  # (a skipped input: error, hint)
        sys.stderr.write(safe(note) + "\n")


def _compact(numbers: list[int]) -> str:
    return ",".join(map(str, numbers))


@dataclasses.dataclass
class Fields:
    """A result as a person reads it: named values, one a row (a value is text or another block)."""
    rows: list[tuple[str, Any]]


@dataclasses.dataclass
class Grid:
    """A list of result rows: a header and a row of cells each; `more` rows not shown."""
    columns: list[str]
    cells: list[list[str]]
    more: int = 0


@dataclasses.dataclass
class Outline:
    """Bookmarks as a tree (items with `title`, `page` and `children`)."""
    items: list[Any]


def layout(model: Any, *, tty: bool) -> Fields:
    """What a person sees of a result, drawn by rich at a terminal and by `plain_lines` when piped. Text from
    documents, file names and users is data: it stays text (never markup) with control characters escaped."""
    hidden = getattr(model, "table_hidden", ())  # fields --json has and a person need not read
    labels = getattr(model, "table_labels", {})  # what a field holds this time (attachments `removed`)
    rows = [(labels.get(name, name.replace("_", " ")), _laid_cell(name, getattr(model, name), tty))
            for name in results.fields(model) if getattr(model, name) not in (None, [], {}, "") and name not in hidden]
    return Fields(rows)


def _laid_cell(name: str, value: Any, tty: bool) -> Any:
    if name == "outline":
        return Outline(value)
    if results.is_result(value):
        return layout(value, tty=tty)
    if isinstance(value, dict):
        return "\n".join(one_line(f"{k}: {_plain(v)}") for k, v in value.items())
    if isinstance(value, list) and value and results.is_result(value[0]):
        return _grid(value, tty)
    return _cell_text(value)


def _cell_text(value: Any) -> str:
    return one_line(value if isinstance(value, str) else _plain(value))


def _grid(value: list[Any], tty: bool) -> Grid:
    """A list of result rows. At a terminal a long list shows its first rows and says how many more there are;
    piped, every row is printed. A row class may name the columns a person sees (`table_columns`, fields or
    properties), those shown only when a row has a value (`table_optional`), and lift the row limit
    (`table_rows = None`); a result may hide fields from people (`table_hidden`); --json always carries every
    field of every row."""
    columns = list(getattr(value[0], "table_columns", None) or results.fields(value[0]))
    optional = getattr(value[0], "table_optional", ())  # shown only where a row has one
    columns = [c for c in columns if c not in optional or any(getattr(item, c) not in (None, "") for item in value)]
    limit = (getattr(value[0], "table_rows", MAX_ROWS) or len(value)) if tty else len(value)
    cells = [[_cell_text(getattr(item, column)) for column in columns] for item in value[:limit]]
    return Grid([column.replace("_", " ") for column in columns], cells, max(len(value) - limit, 0))


def _plain(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):  # a person's words, not Python's True and False (--json keeps true/false)
        return "yes" if value else "no"
    if isinstance(value, dict):
        return ", ".join(f"{k}={_plain(v)}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(map(_plain, value))
    return str(value)


WHOLE_WORD = 16  # a table's column shows words this long whole (or its widest); below that: one row at a time


def drawn(block: Any, width: int | None = None) -> Any:
    """A laid-out block as a rich renderable, for a terminal `width` columns wide (cells wrap to it, never
    cut). A table that cannot give each column a readable width there is drawn as records instead: each row
    its own block of `column  value` lines."""
    from rich.table import Table
    from rich.text import Text

    if isinstance(block, str):
        return Text(block)
    if isinstance(block, Fields):
        table = Table(show_header=False, box=None, pad_edge=False)
        table.add_column(style="bold", no_wrap=True)
        table.add_column(overflow="fold")
        inner = None if width is None else width - max((_width(name) for name, _ in block.rows), default=0) - 2
        for name, cell in block.rows:
            table.add_row(Text(name), drawn(cell, inner))
        return table
    if isinstance(block, Grid) and width is not None and _narrowest(block) > width:
        return _records(block)
    if isinstance(block, Grid):
        table = Table(show_edge=False, pad_edge=False)
        for column in block.columns:
            table.add_column(column, overflow="fold")
        for row in block.cells:
            table.add_row(*map(Text, row))
        if block.more:
            table.caption = f"… and {block.more} more not shown (--json lists all; piped output shows all)"
        return table
    from rich.tree import Tree

    root = Tree("", hide_root=True)

    def add(parent: Any, items: list[Any]) -> None:
        for item in items:
            add(parent.add(Text.assemble(Text(shown_title(item.title)), ("  " + _opens(item), "dim"))),
                item.children)

    add(root, block.items)
    return root


def _narrowest(grid: Grid) -> int:
    """The least width the grid needs for each column to show its words whole (its header's and cells'), a
    word up to WHOLE_WORD long (a longer one, a path, folds anyway): `encodi`/`ng` is no table to read."""
    cells = list(zip(grid.columns, *grid.cells, strict=True))
    widths = [min(WHOLE_WORD, max((_width(part) for cell in column for part in cell.split()), default=0))
              for column in cells]
    return sum(widths) + 3 * (len(widths) - 1)


def _records(grid: Grid) -> Any:
    """A grid too wide for the terminal, one row at a time: `column  value` lines, a blank line between rows."""
    from rich.table import Table
    from rich.text import Text

    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(style="dim", no_wrap=True)
    table.add_column(overflow="fold")
    for number, row in enumerate(grid.cells):
        if number:
            table.add_row("", "")
        for column, value in zip(grid.columns, row, strict=True):
            table.add_row(Text(column), Text(value))
    if grid.more:
        table.caption = f"… and {grid.more} more not shown (--json lists all; piped output shows all)"
    return table


def plain_lines(block: Any) -> list[str]:
    """A laid-out block as lines of plain text: what rich draws on a pipe (no colour; columns as wide as their
    widest cell, never wrapped or cut; trailing blanks dropped), without loading it. Tabs stay tabs."""
    return [line.rstrip() for line in _lines(block)]


def _lines(block: Any) -> list[str]:
    if isinstance(block, str):
        return block.split("\n")
    if isinstance(block, Fields):
        if not block.rows:
            return []
        width = max(_width(name) for name, _ in block.rows)
        lines = []
        for name, cell in block.rows:
            inner = _lines(cell) or [""]
            lines.append(_pad(name, width) + "  " + inner[0])
            lines.extend(" " * (width + 2) + line for line in inner[1:])
        return lines
    if isinstance(block, Grid):
        return _grid_lines(block)
    return _tree_lines(block.items)


def _grid_lines(grid: Grid) -> list[str]:
    cells = [[cell.split("\n") for cell in row] for row in grid.cells]
    widths = [max([_width(title)] + [_width(line) for row in cells for line in row[i]])
              for i, title in enumerate(grid.columns)]
    last = len(widths) - 1

    def joined(parts: list[str], bar: str) -> str:
        return bar.join((" " if i else "") + _pad(part, widths[i]) + (" " if i < last else "")
                        for i, part in enumerate(parts))

    lines = [joined(grid.columns, "┃"),
             "╇".join("━" * (widths[i] + (i > 0) + (i < last)) for i in range(len(widths)))]
    for row in cells:
        for n in range(max(len(cell) for cell in row)):
            lines.append(joined([cell[n] if n < len(cell) else "" for cell in row], "│"))
    return lines


def _opens(item: Any) -> str:
    """What a bookmark opens, after its title: `p.3`, its web address, or `p.-` (nothing)."""
    uri = getattr(item, "uri", None)
    return shown_title(uri) if uri is not None and item.page is None else "p." + str(item.page or "-")


def _tree_lines(items: list[Any], prefix: str = "", top: bool = True) -> list[str]:
    lines = []
    for index, item in enumerate(items):
        last = index == len(items) - 1
        guide, carry = ("", "") if top else ("└── ", "    ") if last else ("├── ", "│   ")
        label = (shown_title(item.title) + "  " + _opens(item)).split("\n")
        lines.append(prefix + guide + label[0])
        lines.extend(prefix + carry + line for line in label[1:])
        lines.extend(_tree_lines(item.children, prefix + carry, top=False))
    return lines


def _pad(text: str, width: int) -> str:
    return text + " " * (width - _width(text))


def _width(text: str) -> int:
    if text.isascii():  # one cell a character (control characters are escaped by then)
        return len(text)
    from rich.cells import cell_len  # the widths rich gives other characters (a small module; not its console)

    return cell_len(text)


def report_error(exc: PdftoolsError, *, as_json: bool) -> int:
    """Print an error to stderr (JSON with --json) and return its exit code."""
    if as_json:
        import json

        error = exc.to_dict()
        error.update({key: _byte_escapes(error[key]) for key in ("message", "hint") if isinstance(error.get(key), str)})
        text = json.dumps({"error": error}) + "\n"
    else:
        from pdftools.core.paths import shown

        detail = getattr(exc, "detail", None)
        lines = detail is not None and sys.stderr.isatty()  # a program's report, at a terminal: its own lines
        lead = exc.lead if lines else exc.message
        message, hint = (one_line(_byte_escapes(shown(text))) for text in (lead, exc.hint))  # a byte: `\xe9`
        report = "".join(f"    {safe(_byte_escapes(line))}\n" for line in (detail or "").splitlines()) if lines else ""
        text = f"error[{exc.code}]: {message}\n{report}  hint: {hint}\n"  # piped: two lines, whatever they quote
    try:
        sys.stderr.write(text)
        sys.stderr.flush()
    except OSError:  # standard error is closed or full (`2>&-`): the exit code still tells
        pass
    return exc.exit_code


_QUOTED_BYTE = re.compile(r"\\udc([89a-f][0-9a-f])")


def _byte_escapes(text: str) -> str:
    """A value an error quoted as Python does (`'caf\\udce9'`, its byte that is not UTF-8 held as a surrogate
    escape) with the byte as a terminal shows it, as error lines show a file name's: `caf\\xe9`."""
    return _QUOTED_BYTE.sub(r"\\x\1", text)


def stdout_gone() -> None:
    """Standard output failed (its reader went away, its disk is full, it is closed): what is left in its buffer
    can never be written, so later flushes write it to /dev/null instead of failing (and reporting) again."""
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, sys.stdout.fileno())
    os.close(null)


def unwritable(exc: OSError) -> PdftoolsError:
    """Standard output could not take the result: a full disk (`> /dev/full`: DISK_FULL), a closed stream (`>&-`),
    a terminal that went away (EIO)."""
    import errno

    error = os_error(exc, "cannot write to standard output")
    if exc.errno == errno.EBADF:
        return type(error)(error.message, hint="Standard output is closed (`>&-`): redirect it (`> out.txt`, "
                                               "`> /dev/null`); a command that writes files prints no report with -q.")
    return error


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
            line = results.to_json(row, indent=None) + "\n"
        else:
            what = row.output if row.error is None else f"error[{row.error['code']}]: {row.error['message']}"
            line = one_line(f"{row.status:<7} {row.input} -> {what}") + "\n"
        try:
            out.write(line)
            out.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:  # (standard error's failures are not the batch's)
            if out is sys.stderr:
                return
            stdout_gone()
            raise unwritable(exc) from None


class ProgressBar:
    """A rich progress bar on stderr, shown only on a terminal and only for work of more than a few steps."""

    def __init__(self, label: str, shown: bool = True) -> None:
        self.label, self.shown = label, shown
        self._said = label  # what the bar says before the bar (an op's words, else the command's name)
        self._progress: Any = None
        self._bar: Any = None

    def update(self, done: int, total: int, message: str = "") -> None:
        if self._progress is None:
            if total <= 3 or not self.shown or not sys.stderr.isatty():
                return
            from rich.progress import Progress

            self._progress = Progress(*self.columns(), console=_console(stderr=True), transient=True)
            self._progress.start()  # the bar opens with the op's own words: the command's name was a first frame
            self._bar = self._progress.add_task(message or self.label, total=total, completed=done)
            self._said = message or self.label
        self._said = message or self._said  # an update without words keeps the last ones (no flicker back)
        self._progress.update(self._bar, completed=done, total=total, description=self._said)

    @staticmethod
    def columns() -> list[Any]:
        """rich's columns but its time left: the message says it (a batch's `ETA`), once."""
        from rich.progress import BarColumn, TaskProgressColumn, TextColumn

        return [TextColumn("[progress.description]{task.description}"), BarColumn(), TaskProgressColumn()]

    def close(self) -> None:
        if self._progress is not None:
            self._progress.stop()
