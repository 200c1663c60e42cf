"""What a check of a PDF found: each problem (how bad, in what part of the file, the object and page where
known), qpdf's warnings taken as problems of the part being read, and messages without the file's name.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pikepdf

MAX_PROBLEMS = 1000  # a shredded file can yield a warning per byte; the count says how many more there were
OBJECT = re.compile(r"\b(?:stream|object) (\d+)[ ,](\d+)\b")
# qpdf says "warning" but the data is gone (`qpdf --check` (11) stops at the first: exit 2)
LOST = ("unable to find trailer dictionary", "unable to recover stream data")


@dataclass
class Problem:
    __pydantic_config__ = {"use_attribute_docstrings": True}  # field docstrings become schema descriptions
    severity: str
    """`error` (data is lost or unreadable) or `warning` (recovered, or tolerated by readers)."""
    area: str
    """file, xref, object, stream, page-tree, content, font, image or linearization."""
    message: str
    object: int | None = None
    """The object number, where known."""
    page: int | None = None
    """The first page that shows the object, where known."""
    table_rows = None  # a person sees every problem, as --json does
    table_optional = ("object", "page")  # columns shown when a problem names one


@dataclass
class Findings:
    pdf: pikepdf.Pdf
    label: str
    problems: list[Problem] = field(default_factory=list)
    dropped: int = 0
    pages_of: dict[int, int] = field(default_factory=dict)  # object number -> first page drawing it
    bombed: set[int] = field(default_factory=set)  # pages drawing a stream that inflates beyond the limit

    def add(self, severity: str, area: str, message: str, obj: int | None = None, page: int | None = None) -> None:
        if page is None and obj is not None:
            page = self.pages_of.get(obj)
        problem = Problem(severity, area, message.replace(self.label, "").lstrip(" :,"), obj or None, page)
        if problem in self.problems:
            return
        if len(self.problems) >= MAX_PROBLEMS:
            self.dropped += 1
            return
        self.problems.append(problem)

    def drain(self, area: str, page: int | None = None, skip: Callable[[str], bool] = lambda _: False) -> None:
        """qpdf's warnings since the last call, as warnings of `area` (unless their words say another)."""
        for message in map(str, self.pdf.get_warnings()):
            if skip(message):
                continue
            found = OBJECT.search(message)
            severity = "error" if any(words in message for words in LOST) else "warning"
            self.add(severity, _area(message, area), message, int(found[1]) if found else None, page)


def reason(damaged: str, label: str) -> str:
    """Why qpdf cannot read a file, from DAMAGED_PDF's message, without the file's name."""
    return damaged.replace(label, "").split("cannot be read:", 1)[-1].strip(" :,")


def _area(message: str, default: str) -> str:
    lowered = message.lower()
    for words, area in ((("xref", "cross-reference", "startxref", "trailer", "file is damaged"), "xref"),
                        (("object stream",), "object-stream"), (("pages", "page tree"), "page-tree"),
                        (("decoding stream", "stream length", "endstream"), "stream")):
        if any(w in lowered for w in words):
            return area
    return default


def short_message(exc: Exception, label: str) -> str:
    message = str(exc).replace(label, "").lstrip(" :,")
    return re.sub(r"^\((?:object \d+,\d+, )?offset \d+\): ", "", message)
