"""Searching page texts line by line, as pdfgrep does: which lines of which pages match, with context lines,
matches counted, within a budget of characters that says where to go on.

A file's pages come from `page_texts` (pdftotext, as `text` reads them: the decrypted copy of an encrypted
file, poppler's view of one qpdf cannot open, bomb-checked streams) in rounds, so a budget that runs out early
stops the extraction too. What a search found, and how it is printed, is `search_result`'s.
"""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from pdftools.core import forked, task
from pdftools.core.pdf import Keys, open_pdf
from pdftools.document import text as pagetext
from pdftools.document.search_result import FileMatches, Hit, SearchResult
from pdftools.document.text import Extractor
from pdftools.engines import poppler
from pdftools.errors import DamagedPdf, InvalidArgument, verbatim

ROUND = 64  # pages per extraction round: a budget or --max-count that ends early stops the work early too


@dataclass
class Position:
    """Where a search stopped: the file, its page, and the matching lines of that page already returned."""

    file: str
    page: int
    skip: int = 0


def compile_pattern(pattern: str, ignore_case: bool, *, fixed: bool = False, lines: bool = False) -> re.Pattern[str]:
    """`pattern` compiled: a regular expression (with grep's POSIX words), or with `fixed` text found as written,
    each of its lines an alternative (pdfgrep -F); with `lines` (-e, -f) each line is a regular expression, an
    alternative too."""
    if pattern == NOTHING:
        return re.compile(NOTHING)
    if not pattern:
        raise InvalidArgument("the pattern is empty", hint="Give a regular expression, e.g. 'invoice|receipt'.")
    from pdftools.document.posix_words import translate

    flags = re.IGNORECASE if ignore_case else 0
    if fixed:
        return re.compile("|".join(re.escape(text) for text in pattern.split("\n")), flags)
    try:
        if lines:
            return re.compile("|".join(f"(?:{translate(part, ignore_case)})" for part in pattern.split("\n")), flags)
        return re.compile(translate(pattern, ignore_case), flags)
    except re.error as exc:
        pcre = next((said for spelling, said in PCRE_ONLY if re.search(spelling, pattern)), None)
        hint = f"Patterns use Python's syntax, not PCRE{{{{cli: (`pdfgrep -P`'s)}}}}: {pcre}." if pcre else (
            "Patterns use Python's syntax{{cli: (as `pdfgrep -P`)}}; escape `( [ . *` with `\\`{{cli: (-F finds the "
            "text as written)}}.")
        raise InvalidArgument(f"{verbatim(repr(pattern))} is not a valid regular expression: {verbatim(exc)}",
                              hint=hint) from None


NOTHING = "(?!)"
"""The pattern of an empty pattern list (`-f` of an empty file): it matches nothing, as pdfgrep's."""

PCRE_ONLY = (  # PCRE's spellings Python's `re` lacks, and what it spells instead
    (r"\\[pP]\{", r"no \p{...} classes: [^\W\d_] is a letter, \d a digit, \w a letter, digit or `_`"),
    (r"\\Q", r"no \Q...\E: escape each of `( [ . * + ? |` with `\`"),
    (r"\(\?<[A-Za-z_]", "named groups are (?P<name>...), and (?P=name) refers back"),
    (r"\\[hH]", r"no \h: [ \t] is a horizontal space"),
)


Lines = list[tuple[int, list[tuple[int, int]]]]
"""A page's matching lines: each line's number (1-based) and where the pattern matched in it."""


def _lines(text: str) -> list[str]:
    """A page's lines (pdftotext's, split at `\\n`)."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()  # the page's last line ends with a newline, as every line does
    return lines


def matching_lines(regex: re.Pattern[str], texts: list[str]) -> list[Lines]:
    """Where `regex` matches in each page's lines: the matching step, which a pattern that backtracks
    catastrophically can make endless, so `Searcher` runs it in a child process (`core.forked`)."""
    return [[(number, spans) for number, line in enumerate(_lines(text), 1)
             if (spans := [m.span() for m in regex.finditer(line) if m.end() > m.start() or line])]
            for text in texts]


def page_hits(path: str, page: int, text: str, found: Lines, context: tuple[int, int]) -> list[Hit]:
    """The hits of one page's text, its matching lines `found` with `context` lines before and after them."""
    lines = _lines(text)
    before, after = context
    hits = []
    for number, spans in found:
        low = max(0, number - 1 - before)
        hits.append(Hit(path=path, page=page, line=number, text=lines[number - 1], spans=spans,
                        before=lines[low:number - 1] if before else [], after=lines[number:number + after]))
    return hits


@contextlib.contextmanager
def page_texts(path: Path, password: Keys, mode: str, name: str | None = None) -> Iterator[tuple[int, Extractor]]:
    """The page count of `path` and an extractor of its page texts (as `text` reads them); errors call it
    `name` (as the user named it), else by its path."""
    try:
        pdf = open_pdf(path, password, label=name)
    except DamagedPdf as damaged:  # poppler may still read what qpdf rejects
        yield int(poppler.pdfinfo(path, damaged)["Pages"]), pagetext.pdftotext(path, mode,
                                                                                damaged=pagetext.unread(damaged))
        return
    repairs: list[str] = []
    with pdf, pagetext.readable(pdf, path, repairs=repairs) as source:
        extract = pagetext.measured(source, mode, pdf, str(path))
        extract.lost = lambda empty: pagetext.lost(pdf, empty, repairs)  # type: ignore[attr-defined]
        yield len(pdf.pages), extract


def _limited(hits: list[Hit], matches: int | None) -> list[Hit]:
    """The hits holding the first `matches` matches (pdfgrep's --max-count counts matches, not lines)."""
    if matches is None:
        return hits
    kept: list[Hit] = []
    for hit in hits:
        if matches <= 0:
            break
        if len(hit.spans) > matches:
            hit.spans = hit.spans[:matches]
        kept.append(hit)
        matches -= len(hit.spans)
    return kept


class Searcher:
    """Fills a result file by file, page by page, until the budget (characters of lines) runs out, and hands
    each file's lines to whoever prints them as they come (`task.emit`): a round of pages' lines as soon as
    they are found, as pdfgrep prints them, the file's row (-c, -l, -L) when it is done.

    Used as a context manager: the pattern is matched in a child process forked on entry, one for the whole
    search, which the task's deadline or cancel kills however long a match runs (`core.forked`)."""

    def __init__(self, result: SearchResult, regex: re.Pattern[str], budget: int | None, *,
                 max_count: int | None, context: tuple[int, int]) -> None:
        self.result, self.budget = result, budget
        self.max_count, self.context = max_count, context
        self.streaming = task.current().on_item is not None  # until the taker declines a part (--json, -q)
        self.printed = False  # a line is out: the rounds of pages need not start small any more (`file`)
        self._worker = forked.Worker(functools.partial(matching_lines, regex))
        self.match: Callable[[list[str]], list[Lines]] = self._worker.fn

    def __enter__(self) -> Searcher:
        self.match = self._worker.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self._worker.__exit__(None, None, None)

    def start(self) -> None:
        """Fork the matcher now, before threads that start programs (`forked.Worker.start`)."""
        self._worker.start()

    def first_round(self, selected: list[int]) -> list[int]:
        """The pages `file` will ask for first, of a file searched after the one under way (read ahead of it):
        small rounds until the first line is out, so with -l and -L (a row at each file's end) only the first
        file's are small."""
        listed = self.result.listing is not None
        return pagetext.first_round(selected, self._small() and not listed, ROUND)

    def _small(self) -> bool:
        """Whether a file's rounds start small (4, 8, 16... pages): until the search's first line is out, unless
        nothing is printed before a file's end (-c)."""
        counting = self.result.count_only and self.result.listing is None  # -c: a row at the end, whatever comes
        # before it, so its pages are read as without streaming (one pdftotext run per 64 pages, not 4, 8, 16...)
        return self.streaming and not counting and not self.printed

    def file(self, path: str, selected: list[int], extract: Extractor, resume: Position | None) -> bool:
        """Search one file's `selected` pages; True when the budget ran out in it. Its lines are handed out
        round by round while it is searched (one that fails later has had its earlier lines printed, as
        pdfgrep's), its row at the end (`task.emit`). Until the search's first line is out, a file opened now has
        its pages as pdftotext writes them, one read ahead comes in rounds of 4 pages that grow (`text.rounds`), so
        that line comes soon; after it, rounds of 64 pages, as without streaming: each pdftotext run reads the
        file again (-n over 20 files of 20 pages took ~1.5x as long with every file read in rounds of 4, 8, 8)."""
        if resume is not None and resume.page:
            if resume.page not in selected:
                raise InvalidArgument(f"{{{{start_page}}}} {resume.page} is not among the pages searched in "
                                      f"{verbatim(path)}")
            selected = selected[selected.index(resume.page):]
        found = FileMatches(path=path, matches=0, lines=0, pages=0)
        self.result.files.append(found)
        progress = task.Counter(len(selected), "searching")
        text_seen = False
        start = shown = len(self.result.hits)
        self._worker.start()  # (before the threads that read the pages ahead: `forked.Worker.start`)
        with pagetext.rounds(selected, extract, progress, self._small, ROUND) as batches:
            for batch, texts in batches:
                text_seen = text_seen or any(text.strip() for text in texts)
                if self._round(path, found, batch, texts, resume):
                    break
                if not self.result.count_only and len(self.result.hits) > shown:  # (-c, -l, -L: the row at the end)
                    self._hand(found, shown, start)
                    shown = len(self.result.hits)
        self.result.matches += found.matches
        if not text_seen and (why := pagetext.damage(extract, selected)) is not None:  # no scan: check, repair
            self.result.unreadable = (*self.result.unreadable, (path, why))
        elif not text_seen:
            self.result.textless = (*self.result.textless, path)
        self._hand(found, shown, start)
        return self.result.truncated

    def _round(self, path: str, found: FileMatches, batch: list[int], texts: list[str],
               resume: Position | None) -> bool:
        """Search a round of pages' texts; True when the search of the file ends there (the budget, --max-count)."""
        for number, text, matching in zip(batch, texts, self.match(texts), strict=True):
            hits = page_hits(path, number, text, matching, self.context)
            skip = resume.skip if resume is not None and number == resume.page else 0
            hits = _limited(hits[skip:], None if self.max_count is None else self.max_count - found.matches)
            taken = self._take(hits)
            found.lines += taken
            found.matches += sum(len(h.spans) for h in hits[:taken])
            if taken < len(hits):  # the budget ran out on this page
                self.result.truncated = True
                self.result.next_file, self.result.next_page, self.result.next_skip = path, number, skip + taken
                return True
            found.pages += 1
            if self.max_count is not None and found.matches >= self.max_count:
                return True
        return False

    def _hand(self, found: FileMatches, shown: int, start: int) -> None:
        """The file's hits from `shown` on (its row with them) to whoever prints them as they come; a part after
        one of the same file's says so (`--` before its first group, with context)."""
        hits = self.result.hits[shown:]
        if self.streaming and task.emit(self.result.part(found, hits, follows=shown > start)):
            self.result.lines_streamed = True
            self.printed = self.printed or bool(hits) or self.result.count_only
        else:
            self.streaming = False  # (--json and -q print the result whole, or not at all)

    def _take(self, hits: list[Hit]) -> int:
        """How many of `hits` fit the budget (at least one when none was returned yet); they join the result."""
        if self.result.count_only:
            return len(hits)
        for taken, hit in enumerate(hits):
            cost = hit.size()
            if self.budget is not None and cost > self.budget and self.result.hits:
                return taken
            self.result.hits.append(hit)
            if self.budget is not None:
                self.budget = max(self.budget - cost, 0)
        return len(hits)
