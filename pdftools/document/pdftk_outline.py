"""The bookmarks of a pdftk data file, as `pdftk FILE dump_data` writes them and `update_info` reads them:
`BookmarkBegin` / `BookmarkTitle: T` / `BookmarkLevel: N` / `BookmarkPageNumber: P` records, made into the tree
`bookmarks replace` takes (`[{"title", "page", "children"}]`). Page 0 is a bookmark without a page, as pdftk
writes one. A level deeper than one below the bookmark before hangs under it, as the next level (pdftk puts
untitled bookmarks between). The other records (Info, page media, labels) are passed over.

`utf8` as update_info_utf8 reads the file: titles as they are; else as update_info: XML entities decoded
(`&#233;`, `&amp;`), which is how dump_data writes what is not ASCII."""

from __future__ import annotations

from typing import Any

from pdftools.document.pdftk_update import _LINES, BEGINS, unescape
from pdftools.errors import InvalidArgument


def holds_records(text: str) -> bool:
    """Whether `text` reads as a pdftk data file (a record's Begin line) rather than JSON."""
    return not text.lstrip("\ufeff \t\r\n").startswith(("{", "[")) and any(
        line.startswith(BEGINS) for line in _LINES.split(text))


def read(text: str, *, utf8: bool, name: str) -> list[dict[str, Any]]:
    """The bookmarks of a data file's text as a tree; none is an error, naming `name` (the file)."""
    records: list[dict[str, str]] = []
    record: dict[str, str] | None = None
    for line in _LINES.split(text.removeprefix("\ufeff")):
        if line.startswith(BEGINS):
            record = {} if line.startswith("BookmarkBegin") else None
            if record is not None:
                records.append(record)
        elif record is not None and line.startswith("Bookmark") and ":" in line:
            label, _, value = line.partition(":")
            record.setdefault(label[len("Bookmark"):], value[1:] if value[:1].isspace() else value)
    if not records:
        raise InvalidArgument(f"{name} is a pdftk data file with no bookmarks (BookmarkBegin records)",
                              hint="`pdftk FILE dump_data` writes them; `pdftools bookmarks list FILE --json` "
                                   "writes the JSON --data also takes.")
    return _tree(records, utf8, name)


def _tree(records: list[dict[str, str]], utf8: bool, name: str) -> list[dict[str, Any]]:
    top: list[dict[str, Any]] = []
    path: list[list[dict[str, Any]]] = [top]  # the children lists from the top down to the last bookmark's
    for number, record in enumerate(records, 1):
        level, page = _number(record, "Level", number, name), _number(record, "PageNumber", number, name)
        if level < 1:
            raise InvalidArgument(f"{name}: bookmark {number}'s BookmarkLevel must be 1 or more, not {level}")
        title = record.get("Title", "")
        children: list[dict[str, Any]] = []
        del path[min(level, len(path)):]  # back up to the bookmark's parent, or stay under the last one
        path[-1].append({"title": title if utf8 else unescape(title), "page": page or None, "children": children})
        path.append(children)
    return top


def _number(record: dict[str, str], label: str, number: int, name: str) -> int:
    text = record.get(label, "0" if label == "PageNumber" else "")
    try:
        return int(text.strip())
    except ValueError:
        raise InvalidArgument(f"{name}: bookmark {number}'s Bookmark{label} is not a number: {text!r}",
                              hint="Bookmark records are BookmarkTitle, BookmarkLevel (1 at the top) and "
                                   "BookmarkPageNumber (1-based; 0: no page), as pdftk dump_data writes them.") \
            from None
