"""Page labels (PDF /PageLabels): ranges of pages numbered in a style (arabic, roman, letters) from a first
number, after a prefix; written the way people read them: `iii` is lower-case roman from 3, `A-1` is `A-` then
arabic from 1, `Cover` a label with no number."""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pdftools.errors import InvalidArgument, InvalidPageRange

if TYPE_CHECKING:
    import pikepdf

STYLES = {"D": "arabic", "r": "roman", "R": "Roman", "a": "letters", "A": "Letters"}
_ROMAN = ((1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"), (50, "l"), (40, "xl"),
          (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"))
HINT = ("Give first pages and first labels: `1:i,5:1` (roman from page 1, arabic from page 5); `iii` starts at 3, "
        "`A-1` is prefix `A-` with 1, 2, 3, `a` is letters, `Cover` is a label without a number.")


@dataclass
class LabelRange:
    first_page: int
    style: str
    """arabic, roman, Roman, letters, Letters, or none (the prefix alone)."""
    prefix: str = ""
    start: int = 1


def roman(number: int) -> str:
    out = ""
    for value, letters in _ROMAN:
        while number >= value:
            out, number = out + letters, number - value
    return out


def parse_label(label: str) -> tuple[str, str, int]:
    """(style code or "", prefix, first number) of a first label as written."""
    if match := re.fullmatch(r"(.*?)(\d+)", label, re.S):
        return "D", match[1], int(match[2])
    for case in (str.lower, str.upper):  # a roman numeral or letters, alone or after a prefix ending in a non-letter
        if not (match := re.fullmatch(r"(|.*[^A-Za-z])([A-Za-z]+)", label, re.S)) or case(match[2]) != match[2]:
            continue
        word = match[2].lower()
        value = next((n for n in range(1, 4000) if roman(n) == word), 0) if set(word) <= set("ivxlcdm") else 0
        if value:
            return ("r" if case is str.lower else "R"), match[1], value
        if len(set(word)) == 1:  # a, b, ... z, aa, bb, ...
            return ("a" if case is str.lower else "A"), match[1], 26 * (len(word) - 1) + ord(word[0]) - 96
    return "", label, 1


# qpdf's `--set-page-labels` label: `[type][/start[/prefix]]` (D arabic, r/R roman, a/A letters); a type alone
# is qpdf's only where it reads otherwise here (`D` would be roman 500, `r` letters from r)
_QPDF_LABEL = re.compile(r"(?P<style>[DRrAa]?)/(?P<start>\d*)(?:/(?P<prefix>.*))?|(?P<alone>[DRr])", re.S)


def parse_scheme(spec: str, count: int, warnings: list[str] | None = None,
                 name: object = "the document") -> list[LabelRange]:
    """`1:i,5:1` as ranges, sorted by first page; pages before the first range are numbered 1, 2, 3. qpdf's
    `--set-page-labels` items (`1:r 5:D`, `1:D/1/A-`: apart, or by commas) mean what they mean there. A number
    with leading zeros (`007`), which a label cannot keep, is said in `warnings`; `name` is the file's, as an
    error says it."""
    ranges: dict[int, LabelRange] = {}
    for item in filter(None, (part.strip() for part in re.split(r",|\s+(?=\d+:)", spec))):
        pages, sep, label = item.partition(":")
        first = pages.split("-", 1)[0].strip()
        if sep and first.isdigit() and not 1 <= int(first) <= count:
            raise InvalidPageRange(f"page {int(first)} is out of range in {item!r}: {name} has {count} "
                                   f"page{'s' * (count != 1)}")
        if not sep or not first.isdigit():
            raise InvalidArgument(f"cannot read {item!r} as FIRST_PAGE:LABEL for a {count}-page document", hint=HINT)
        if int(first) in ranges:
            raise InvalidArgument(f"page {int(first)} starts two ranges in {spec!r}", hint=HINT)
        style, prefix, start = _qpdf_label(label) or parse_label(label.strip())
        _check_number(item, (style, prefix, start), label.strip(), warnings)
        ranges[int(first)] = LabelRange(int(first), STYLES.get(style, "none"), prefix, start)
    if not ranges:
        raise InvalidArgument(f"no label ranges in {spec!r}", hint=HINT)
    ranges.setdefault(1, LabelRange(1, "arabic"))
    return [ranges[first] for first in sorted(ranges)]


def _check_number(item: str, parsed: tuple[str, str, int], label: str, warnings: list[str] | None) -> None:
    """A range's first number is 1 or more (/St: a viewer shows 0 as 1); leading zeros are lost, said."""
    style, prefix, start = parsed
    if start < 1:
        raise InvalidArgument(f"{item!r}: a label's number is 1 or more in a PDF, not {start}",
                              hint="A page labelled `0` is a label without a number, in qpdf's form: `1:/1/0,2:1` "
                                   "labels page 1 `0`, then 1, 2, 3.")
    digits = re.search(r"\d+$", label) if style == "D" else None
    if digits and digits[0].startswith("0") and warnings is not None:
        warnings.append(f"{item!r}: page labels cannot pad numbers with zeros: it reads "
                        f"{prefix}{start}, {prefix}{start + 1}, ...")


def _qpdf_label(label: str) -> tuple[str, str, int] | None:
    """(style code, prefix, first number) of a label in qpdf's form (`r`, `D/5`, `D/1/A-`, `/1/Cover`), else None."""
    if not (match := _QPDF_LABEL.fullmatch(label.strip())):
        return None
    if match["alone"]:
        return match["alone"], "", 1
    return match["style"], match["prefix"] or "", int(match["start"] or 1)


def write(pdf: pikepdf.Pdf, ranges: list[LabelRange]) -> None:
    import pikepdf

    codes = {name: code for code, name in STYLES.items()}
    nums: list[Any] = []
    for item in ranges:
        entry = pikepdf.Dictionary(Type=pikepdf.Name.PageLabel)
        if item.style in codes:
            entry.S = pikepdf.Name("/" + codes[item.style])
        if item.prefix:
            entry.P = pikepdf.String(item.prefix)
        if item.start != 1:
            entry.St = item.start
        nums += [item.first_page - 1, entry]
    pdf.Root.PageLabels = pikepdf.Dictionary(Nums=pikepdf.Array(nums))


def read(pdf: pikepdf.Pdf) -> list[LabelRange]:
    import pikepdf

    if "/PageLabels" not in pdf.Root:
        return []
    out = []
    for index, entry in pikepdf.NumberTree(pdf.Root.PageLabels).items():
        style = STYLES.get(str(entry.get("/S", ""))[1:], "none")
        out.append(LabelRange(int(index) + 1, style, str(entry.get("/P", "")), int(entry.get("/St", 1))))
    return out


def relabel(pdf: pikepdf.Pdf, origins: list[int | None]) -> bool:
    """Give each page the label its origin (0-based index among the pages the labels were written for) had,
    as `qpdf --pages` does; a page without one (added) gets an empty label, as qpdf gives a page from a file
    without labels. False, and nothing changed, when the labels cannot be read."""
    entries = read_entries(pdf)
    if entries is None:
        return False
    place(pdf, [None if origin is None else label_at(entries, origin) for origin in origins])
    return True


Label = tuple[str, str, int]  # style name, prefix, number
Entries = list[tuple[int, Label]]  # (0-based first page, its range's label)


def read_entries(pdf: pikepdf.Pdf) -> Entries | None:
    """The /PageLabels entries as (0-based first page, (style name, prefix, first number)), sorted; None when
    the document has none or they cannot be read."""
    import pikepdf

    if "/PageLabels" not in pdf.Root:
        return None
    try:
        return sorted((int(index), _entry(entry)) for index, entry in pikepdf.NumberTree(pdf.Root.PageLabels).items())
    except (pikepdf.PdfError, TypeError, ValueError, AttributeError):
        return None


def place(pdf: pikepdf.Pdf, page_labels: list[Label | None]) -> None:
    """Write /PageLabels giving each page its label (style name, prefix, number: label_at); None is an empty
    label, as qpdf gives a page from a file without labels."""
    ranges: list[LabelRange] = []
    last: Label | None = None
    for page, found in enumerate(page_labels, start=1):
        label = ("none", "", 0) if found is None else found
        style, prefix, number = label
        if last is None or (style, prefix) != last[:2] or (style != "none" and number != last[2] + 1):
            ranges.append(LabelRange(page, style, prefix, number if style != "none" else 1))
        last = label
    write(pdf, ranges)


def _entry(entry: Any) -> Label:
    """(style name, prefix, first number) of a /PageLabels entry; a TypeError when it is not one."""
    import pikepdf

    if not isinstance(entry, pikepdf.Dictionary):
        raise TypeError("a page label entry is not a dictionary")
    found = entry.as_dict()  # one call (looking up an absent key in the dictionary costs pikepdf ~2.5 µs)
    style, prefix, start = (found.get(key) for key in ("/S", "/P", "/St"))  # null: as if absent
    return (STYLES.get(str(style)[1:], "none") if style is not None else "none",
            str(prefix) if prefix is not None else "", int(start) if start is not None else 1)


def label_at(entries: Entries, index: int) -> Label:
    """The label of page `index` (0-based; `entries` as read_entries gives them): its range's style and prefix,
    and its number in the range. Pages before the first range read as their page number, as viewers show them."""
    after = bisect.bisect_right(entries, index, key=lambda entry: entry[0])  # (the last of equal firsts wins)
    if not after:
        return "arabic", "", index + 1
    first, (style, prefix, start) = entries[after - 1]
    return style, prefix, start + index - first
