"""The Info records of a pdftk data file, as `pdftk FILE update_info DATA` (XML entities in values decoded) and
`update_info_utf8` read them: `InfoBegin` / `InfoKey: K` / `InfoValue: V` blocks; the other blocks (bookmarks,
page media, labels), IDs, page count and comments (`#`) are passed over. A record ends at the next `...Begin`,
at a line of another kind or at a blank line; one without both a key and a value is skipped with a warning.
Values are written as pdftk-java writes them: UTF-16 text (an empty value is an empty string, not a removal)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pikepdf

BEGINS = ("InfoBegin", "BookmarkBegin", "PageLabelBegin", "PageMediaBegin")
RECORDS = ("Info", "Bookmark", "PageLabel", "PageMedia")
_LINES = re.compile("\r\n|[\n\r\u2028\u2029\u0085]")  # Java's Scanner.nextLine
_ENTITY = re.compile(r"&(quot|amp|lt|gt|apos);|&#[xX]([0-9a-fA-F]+);|&#([0-9]+);")
_NAMED = {"quot": '"', "amp": "&", "lt": "<", "gt": ">", "apos": "'"}


@dataclass
class InfoData:
    values: dict[str, str] = field(default_factory=dict)
    """Each key's value (a key given in two records: the later one)."""
    warnings: list[str] = field(default_factory=list)
    passed: dict[str, int] = field(default_factory=dict)
    """How many records of each other kind that update_info applies were passed over (Bookmark, PageLabel)."""


def read(text: str, *, utf8: bool) -> InfoData:
    """The Info records of a data file's text; `utf8` as update_info_utf8 (values as they are), else XML
    entities (`&#233;`, `&amp;`) in values are decoded."""
    data = InfoData()
    record: dict[str, str] | None = None  # the Info record being read
    start = prev = ""
    lines = _LINES.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    for number, line in enumerate([*lines, None], 1):
        if line is not None and line.startswith(("BookmarkBegin", "PageLabelBegin")):
            kind = "Bookmark" if line.startswith("BookmarkBegin") else "PageLabel"
            data.passed[kind] = data.passed.get(kind, 0) + 1
        if line is None or line.startswith(BEGINS) or (prev and not line.startswith(prev)):
            if record is not None:
                _pack(data, record, start, utf8)
            record, prev = None, ""
        if line is None or not line or line.startswith("#"):
            continue
        kind = next((k for k in RECORDS if line.startswith(k)), "")
        if kind == "Info":
            if record is None:
                record, start = {}, f"line {number}"
            _load(data, record, line, number)
        prev = line[:len(kind)]
    return data


def _load(data: InfoData, record: dict[str, str], line: str, number: int) -> None:
    for label, slot in (("InfoKey:", "key"), ("InfoValue:", "value")):
        if line.startswith(label):
            if slot in record:
                data.warnings.append(f"line {number}: a second {label} in one record: the first is kept")
            else:
                rest = line[len(label):]
                record[slot] = rest[1:] if rest[:1].isspace() else rest  # one blank after the label
            return
    if not line.startswith("InfoBegin"):
        data.warnings.append(f"line {number}: {line[:40]!r} is no Info line: passed over")


def _pack(data: InfoData, record: dict[str, str], start: str, utf8: bool) -> None:
    if "key" not in record or "value" not in record or not record["key"]:
        data.warnings.append(f"{start}: an Info record without {'InfoValue' if record.get('key') else 'InfoKey'} "
                             "is skipped")
        return
    data.values[record["key"]] = record["value"] if utf8 else unescape(record["value"])


def unescape(text: str) -> str:
    """XML's entities decoded as pdftk decodes them: `&quot; &amp; &lt; &gt; &apos;` and `&#233;` / `&#xE9;`
    (with their semicolon); anything else stays as it is."""
    def one(match: re.Match[str]) -> str:
        if match[1]:
            return _NAMED[match[1]]
        code = int(match[2], 16) if match[2] else int(match[3])
        return chr(code) if code <= 0x10FFFF else match[0]

    return _ENTITY.sub(one, text)


def apply(pdf: pikepdf.Pdf, values: dict[str, str]) -> list[str]:
    """Set each key in the Info dictionary (made when there is none) as pdftk-java writes it: UTF-16 text with
    its byte order mark. The keys set, in the data's order."""
    import pikepdf

    info = pdf.docinfo  # pikepdf makes an Info dictionary when there is none
    for key, value in values.items():
        info[pikepdf.Name("/" + key)] = pikepdf.String(b"\xfe\xff" + value.encode("utf-16-be", "surrogatepass"))
    return list(values)
