"""Page ranges as people say them: 1-based, inclusive, `1-3,7,10-`, `last`, `-1` (the last page), `odd`, `even`;
`all` (or `1-last`) for every page. qpdf's, pdftk's and pdfcpu's words mean what they mean there: `z`, `end` and
`l` are the last page, `r1`, `r2`... count from the end (`r1` the last), and `:odd` / `:even` after a spec keep
every other page of what it names (`1-z:even`, `z-1:odd`), as `qpdf --pages` does. Pages are left out by qpdf's
`x` item (out of the item before it: `1-z,x3-4`), pdfcpu's `!` or `n` item (out of everything named before it,
or of every page when it comes first: `1-,!5`, `odd,n1,nl`) and pdftk's `~` (out of its own item: `1-20~5-6`,
`~5` for every page but 5); pdftk's `odd` / `even` after a range keep its odd or even page numbers (`1-endodd`).
pdftk's rotation word, last in an item (`1-endeast`, `3west`, `2left`), is read where pages are arranged (select,
merge: `parse_turned`) and refused, with the `rotate` command that does it, elsewhere.

An empty spec names no pages and is refused. Where leaving the spec out means all pages (the shared `Pages`
parameter: rotate, stamp, text...), an empty one given to a front end is taken as left out (its `Param` says
`empty_is_default`; `params.without_empty` applies it for the CLI, MCP and batch alike); where the spec picks
what to delete, keep or cut (delete, select, split --ranges) or leaving it out means something else (info
--pages), the empty spec reaches this module and is refused. As pdfcpu does: an empty selection is all pages
where the selection is optional, "missing page selection" where it is required (`pages remove`). A spec that
names no page of the document (`even` of one page) is refused too.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from pdftools.errors import InvalidPageRange

if TYPE_CHECKING:
    from pathlib import Path

_PARITY = {"odd": 1, "even": 2}
_WORD = r"-?\d+|last|first|end|z|l|r\d+"  # one page (pdfcpu's `l` the last); `first` only starts a range
_RANGE = rf"(?:{_WORD})(?:-(?:{_WORD.replace('|first', '')})?)?"
_ONE_RANGE = re.compile(rf"^(?P<a>{_WORD})(?:(?P<dash>-)(?P<b>{_WORD.replace('|first', '')})?)?$")
# an item: an optional `x` (qpdf), `!` or `n` (pdfcpu) that takes pages out; a range, or `odd` / `even`; pdftk's
# `odd` / `even` qualifier after a range (by page number); pdftk's `~RANGE`s that take pages out of the item
_ITEM = re.compile(rf"^(?P<out>[x!n])?(?:(?P<range>{_RANGE})|(?P<every>odd|even))?(?P<parity>odd|even)?"
                   rf"(?P<minus>(?:~{_RANGE})*)$")
_TURNS = re.compile(r"(north|south|east|west|left|right|down)$")  # pdftk's rotation after a range
_EVERY_OTHER = re.compile(r"^(?P<spec>.*?)\s*:\s*(?P<parity>odd|even)\s*$", re.I | re.S)  # qpdf's `1-z:odd`


def _page(token: str, count: int, spec: str) -> int:
    if token in ("last", "z", "end", "l"):
        number = count
    elif token == "first":
        number = 1
    elif token.startswith("r"):  # qpdf's and pdftk's r1 (the last page), r2...
        number = count + 1 - int(token[1:])
    else:
        value = int(token)
        number = count + 1 + value if value < 0 else value
    if not 1 <= number <= count:
        where = f"page {token!r} in {spec!r}" if spec != token else f"page {token}"  # one page: said once
        raise InvalidPageRange(f"{where} is out of range: {_DOCUMENT} has {count} page" + ("s" if count != 1 else ""))
    return number


_DOCUMENT = "the document"  # in a page's error, until parse_ranges knows the file's name


def _naming(error: InvalidPageRange, name: str | Path | None) -> InvalidPageRange:
    """A page past the end, said of the file it is not in (a merge has several, an insert two)."""
    if name is None or f": {_DOCUMENT} has " not in error.message:
        return error
    return InvalidPageRange(error.message.replace(f": {_DOCUMENT} has ", f": {name} has ", 1), hint=error.hint)


def page_number(value: int | str, count: int, *, zero: bool = False) -> int:
    """One page as people name it: `3`, `last`, `-1` (the last), `-2`...; `0` (before the first) when `zero`."""
    token = str(value).strip().lower()
    if zero and token == "0":
        return 0
    if not re.fullmatch(_WORD, token):
        raise InvalidPageRange(f"cannot read {value!r} as a page number",
                               hint="Give a number, `last` (or `z`, `-1`), or `r2` for the second-to-last.")
    return _page(token, count, token)


def parse_ranges(spec: str | None, count: int, name: str | Path | None = None) -> list[tuple[int, int]]:
    """Parse a page spec into inclusive (start, end) pairs, in the order given (end < start reverses); None
    (no spec given) is all pages. A spec that names no page of the document (`even` of one page, `1:even`) is
    refused, naming the file (`name`) where given: a mistyped spec never reads or writes nothing silently."""
    if spec is None or spec.strip().lower() == "all":
        return [(1, count)] if count else []
    _not_empty(spec)
    every_other = _EVERY_OTHER.match(spec)
    try:
        if not every_other:
            ranges = _ranges(spec, count, spec)
        else:  # every other page of what the rest names, from its first (odd) or second (even), one page a range
            named = [n for start, end in _ranges(every_other["spec"], count, spec) for n in _span(start, end)]
            ranges = [(n, n) for n in named[every_other["parity"].lower() == "even"::2]]
    except InvalidPageRange as error:
        raise _naming(error, name) from None
    if not ranges:
        of = f" of {name}" if name is not None else ""
        raise InvalidPageRange(f"{spec!r} selects no pages{of}: it has {count} page" + "s" * (count != 1))
    return ranges


def _ranges(items: str, count: int, spec: str) -> list[tuple[int, int]]:
    """The items' pages as ranges, in order: each item a group of runs. qpdf's `x` item takes its pages out of
    the group before it, pdfcpu's `!` / `n` out of every group so far (or, first, out of every page)."""
    _not_empty(items)
    groups: list[list[int]] = []
    for raw, item in _items(items):
        pages = _item_pages(item, count, spec)
        if item["out"] == "x":
            if not groups:
                raise InvalidPageRange(f"{raw!r} in {spec!r} takes pages out, but there is nothing before it",
                                       hint="Name the pages first, then what to leave out: `1-z,x3-4`.")
            groups[-1] = [n for n in groups[-1] if n not in pages]
        elif item["out"]:
            groups = [[n for n in group if n not in pages] for group in groups or [list(range(1, count + 1))]]
        else:
            groups.append(pages)
    return [run for group in groups for run in _as_ranges(group)]


def _item_pages(item: re.Match[str], count: int, spec: str) -> list[int]:
    """The pages one item names: its range (or `odd` / `even`, or every page when it starts with `~`), those of
    its pdftk qualifier's parity, less its `~` ranges."""
    if item["every"]:
        pages = list(range(_PARITY[item["every"]], count + 1, 2))
    elif item["range"]:
        pages = list(_span(*_bounds(_ONE_RANGE.match(item["range"]), count, spec)))  # type: ignore[arg-type]
    else:
        pages = list(range(1, count + 1))
    if item["parity"]:
        pages = [n for n in pages if n % 2 == _PARITY[item["parity"]] % 2]
    for minus in item["minus"].split("~")[1:]:
        gone = set(_span(*_bounds(_ONE_RANGE.match(minus), count, spec)))  # type: ignore[arg-type]
        pages = [n for n in pages if n not in gone]
    return pages


def _bounds(match: re.Match[str], count: int, spec: str) -> tuple[int, int]:
    start = _page(match["a"], count, spec)
    return start, _page(match["b"], count, spec) if match["b"] else (count if match["dash"] else start)


def _as_ranges(pages: list[int]) -> list[tuple[int, int]]:
    """Pages as ranges of consecutive pages, up or down: [1, 2, 4, 3, 9] -> [(1, 2), (4, 3), (9, 9)]."""
    out: list[tuple[int, int]] = []
    for n in pages:
        if out:
            start, end = out[-1]
            step = n - end
            if abs(step) == 1 and (start == end or step == (1 if end > start else -1)):
                out[-1] = (start, n)
                continue
        out.append((n, n))
    return out


def _items(spec: str) -> Iterator[tuple[str, re.Match[str]]]:
    """Each item of a spec, lower case, with its match; an unreadable one refused (pdftk's rotation words with
    the command that rotates)."""
    for raw in spec.split(","):
        item = raw.strip().lower()
        match = _ITEM.match(item)
        if not match or not (match["range"] or match["every"] or match["minus"]):
            if turn := _TURNS.search(item):
                raise InvalidPageRange(f"cannot read {raw.strip()!r} in page spec {spec!r}: pages are turned "
                                       "by their own command", hint=_rotate_hint(item[:turn.start()], turn[1]))
            early = re.search(r"(north|south|east|west|left|right|down)(?=~)", item)
            raise InvalidPageRange(f"cannot read {raw.strip()!r} in page spec {spec!r}", hint=None if not early else
                                   "pdftk's rotation word comes last in its item: "
                                   f"`{item[:early.start()]}{item[early.end():]}{early[1]}`.")
        yield raw.strip(), match


_PDFTK_TURNS = {"right": (90, "turns them"), "left": (-90, "turns them"), "down": (180, "turns them"),
                "north": (0, "sets their rotation"), "east": (90, "sets their rotation"),
                "south": (180, "sets their rotation"), "west": (270, "sets their rotation")}


def _rotate_hint(pages: str, word: str) -> str:
    """The `rotate` command that does what pdftk's rotation word does (`east` sets 90, `right` adds 90)."""
    angle, does = _PDFTK_TURNS[word]
    absolute = " --absolute" if does.startswith("sets") else ""
    where = f" --pages {pages}" if pages else ""
    return f"Turn pages with `pdftools rotate FILE{absolute} --angle {angle}{where}` (pdftk's `{word}` {does})."


def _not_empty(spec: str) -> None:
    if not spec.strip():
        raise InvalidPageRange("the page spec is empty: it names no pages",
                               hint="Name the pages: `all` (or `1-last`) for every page, `2`, `1-3,7`, `odd`.")


def check_spec(spec: str | None) -> None:
    """Refuse a page spec no document could satisfy (`abc`, `1-2,,x`, page 0, `x3` first), before any document
    is opened."""
    if spec is None or spec.strip().lower() == "all":
        return
    _not_empty(spec)
    every_other = _EVERY_OTHER.match(spec)
    for index, (raw, item) in enumerate(_items(every_other["spec"] if every_other else spec)):
        if index == 0 and item["out"] == "x":
            raise InvalidPageRange(f"{raw!r} in {spec!r} takes pages out, but there is nothing before it",
                                   hint="Name the pages first, then what to leave out: `1-z,x3-4`.")
        ranges = [_ONE_RANGE.match(r) for r in [item["range"] or "", *item["minus"].split("~")[1:]] if r]
        words = [word for match in ranges if match for word in (match["a"], match["b"])]
        if "0" in words:
            raise InvalidPageRange(f"page 0 in {spec!r} is out of range: pages are numbered from 1")
        if "r0" in words:
            raise InvalidPageRange(f"page 'r0' in {spec!r} is out of range: `r1` is the last page")


def parse_pages(spec: str | None, count: int, name: str | Path | None = None) -> list[int]:
    """Parse a page spec into 1-based page numbers, in the order given (repeats kept); one that names no page is
    refused, naming the file (`name`) where given."""
    return [n for start, end in parse_ranges(spec, count, name) for n in _span(start, end)]


def parse_turned(spec: str | None, count: int, name: str | Path | None = None) -> list[tuple[int, str | None]]:
    """`parse_pages`, with pdftk's rotation word after an item (`1-endeast`, `3west`, `4-3~4north`): each page
    with its item's word (None: as it is). The word comes last, after `odd`/`even` and `~` ranges, and goes with
    pdftk's ranges: not with qpdf's `x` items or `:odd`, nor pdfcpu's `!`."""
    items = [raw.strip() for raw in (spec or "").split(",")]
    found = [_turn_of(item) for item in items]
    if spec is None or not any(word for _, word in found):
        return [(n, None) for n in parse_pages(spec, count, name)]
    for item, (rest, word) in zip(items, found, strict=True):
        if word and not rest:
            raise InvalidPageRange(f"{item!r} in {spec!r} names no pages: pdftk's rotation word follows the "
                                   "pages it turns", hint=f"`1-end{word}` turns every page, as in pdftk.")
        readable = _ITEM.match(rest.lower())
        if _EVERY_OTHER.match(spec) or readable is not None and readable["out"]:
            raise InvalidPageRange(f"cannot read {spec!r}: pdftk's rotation words go with pdftk's ranges, not "
                                   "with qpdf's `x` items or `:odd`, nor pdfcpu's `!`",
                                   hint="Write the pages as pdftk does (`1-end~3east`), or turn them with "
                                        "`pdftools rotate` after.")
    return [(n, word) for rest, word in found for n in parse_pages(rest, count, name)]


def _turn_of(item: str) -> tuple[str, str | None]:
    """An item without its pdftk rotation word, and the word (None when it has none)."""
    turn = _TURNS.search(item.lower())
    if turn is None:
        return item, None
    rest = item[:turn.start()]
    readable = _ITEM.match(rest.lower())
    return (rest, turn[1]) if not rest or readable and (readable["range"] or readable["every"]) else (item, None)


def turn(page: Any, word: str | None) -> None:
    """Turn a pikepdf page as pdftk's word does: north/east/south/west set 0/90/180/270, right/left/down add
    90/-90/180."""
    if word:
        angle, does = _PDFTK_TURNS[word]
        page.rotate(angle % 360 if does.startswith("sets") else angle, relative=not does.startswith("sets"))


def _span(start: int, end: int) -> range:
    return range(start, end + 1) if end >= start else range(start, end - 1, -1)


def runs(pages: list[int]) -> list[list[int]]:
    """Consecutive runs, in order: [1, 2, 3, 7, 8] -> [[1, 2, 3], [7, 8]] (one pdftoppm/pdftotext call each)."""
    out: list[list[int]] = []
    for n in pages:
        if out and out[-1][-1] == n - 1:
            out[-1].append(n)
        else:
            out.append([n])
    return out


def spec(pages: list[int]) -> str:
    """The page spec that names these pages, as people write it: [1, 2, 3, 7] -> `1-3,7`."""
    return ",".join(f"{r[0]}-{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs(pages))
