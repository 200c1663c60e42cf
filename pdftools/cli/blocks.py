"""A result laid out for a person: its fields as rows, a list of models as a table (a row at a time where the
terminal is too narrow for one), bookmarks as a tree; drawn by rich at a terminal, or as the same whole plain lines
on a pipe. Text from documents is data: control characters and bidi overrides are shown as escapes (`safe`)."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from pdftools.core import results

MAX_ROWS = 25  # a person reads a summary; --json carries every row
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
    optional = getattr(model, "table_optional", ())  # a flag or count shown when set: `unchanged no` says nothing
    labels = getattr(model, "table_labels", {})  # what a field holds this time (attachments `removed`)
    units = {**UNITS, **getattr(model, "table_units", {})}
    rows = [(labels.get(name, name.replace("_", " ")), _laid_cell(name, value, tty, units.get(name)))
            for name in results.fields(model) if (value := getattr(model, name)) not in (None, [], {}, "")
            and name not in hidden and (value or name not in optional)]
    return Fields(rows)


UNITS = {"size": "bytes", "bytes": "bytes"}  # what a field counts, by name (a result's `table_units` adds its own:
# compress `saved`)


def _laid_cell(name: str, value: Any, tty: bool, unit: str | None = None) -> Any:
    if unit == "bytes" and isinstance(value, int) and not isinstance(value, bool):
        return sized(value)
    if unit == "pt" and isinstance(value, list):  # a size, width by height, as pdfinfo gives it
        return " × ".join(map(_plain, value)) + " pt"
    if name == "outline":
        return Outline(value)
    if results.is_result(value):
        return layout(value, tty=tty)
    if isinstance(value, dict):
        return "\n".join(one_line(f"{k}: {_plain(v)}") for k, v in value.items())
    if isinstance(value, list) and value and results.is_result(value[0]):
        return _grid(value, tty)
    if isinstance(value, list) and any(isinstance(v, str) and " " in v for v in value):
        return "\n".join(_cell_text(v) for v in value)  # sentences (what qpdf repaired), one a line: commas
        # would run them together
    if tty and isinstance(value, list) and len(value) > MAX_NUMBERS and all(type(v) is int for v in value):
        # pages (select's order, delete's deleted...): as a table's rows, a person reads the first ones
        more = len(value) - MAX_NUMBERS
        return _cell_text(value[:MAX_NUMBERS]) + f", … and {more:,} more (--json lists all; piped output shows all)"
    return _cell_text(value)


MAX_NUMBERS = 40  # a list of numbers (pages) at a terminal: `select big.pdf z-1` printed 3,000 of them


def _cell_text(value: Any) -> str:
    return one_line(value if isinstance(value, str) else _plain(value))


def _grid(value: list[Any], tty: bool) -> Grid:
    """A list of result rows. At a terminal a long list shows its first rows and says how many more there are;
    piped, every row is printed. A row class may name the columns a person sees (`table_columns`, fields or
    properties), those shown only when a row has a value (`table_optional`), those whose null reads `unknown`
    (`table_unknown`), and lift the row limit
    (`table_rows = None`); a result may hide fields from people (`table_hidden`); --json always carries every
    field of every row."""
    columns = list(getattr(value[0], "table_columns", None) or results.fields(value[0]))
    optional = getattr(value[0], "table_optional", ())  # shown only where a row has one
    columns = [c for c in columns if c not in optional or any(getattr(item, c) not in (None, "") for item in value)]
    limit = (getattr(value[0], "table_rows", MAX_ROWS) or len(value)) if tty else len(value)
    units = {**UNITS, **getattr(value[0], "table_units", {})}
    unknown = getattr(value[0], "table_unknown", ())  # null is `unknown` (ls: a file not read is not `no`)
    cells = [[_grid_cell(getattr(item, column), units.get(column), column in unknown) for column in columns]
             for item in value[:limit]]
    headers = [column.replace("_", " ") + (f" ({units[column]})" if units.get(column, "bytes") != "bytes" else "")
               for column in columns]  # a column of lengths says its unit once, in its header: `width (pt)`
    return Grid(headers, cells, max(len(value) - limit, 0))


def sized(count: int, short: bool = False) -> str:
    """A number of bytes as a person reads it: `999 bytes`, `24,607 bytes (24.6 kB)` (as pdfcpu's info gives a
    file's size), or in a table's cell (`short`) `24.6 kB` alone."""
    if count < 1000:
        return f"{count} bytes"
    scaled, unit = next((count / 1000 ** n, unit) for n, unit in ((4, "TB"), (3, "GB"), (2, "MB"), (1, "kB"))
                        if count >= 1000 ** n)
    rounded = f"{scaled:.1f} {unit}"
    return rounded if short else f"{count:,} bytes ({rounded})"


def _grid_cell(value: Any, unit: str | None, unknown: bool = False) -> str:
    if value is None and unknown:
        return "unknown"
    if unit == "bytes" and type(value) is int:
        return sized(value, short=True)
    return _cell_text(value).replace("\t", "\\t")  # a raw tab broke the row's columns on a pipe (a key's value
    # keeps its tab: it has no column after it)


def _plain(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):  # a person's words, not Python's True and False (--json keeps true/false)
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():  # 0, not Python's 0.0 (--json keeps the number)
        return str(int(value))
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
