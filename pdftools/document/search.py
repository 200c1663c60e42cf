"""Searching page texts line by line, as pdfgrep does: which lines of which pages match, with context lines,
matches counted, within a budget of characters that says where to go on.

A file's pages come from `page_texts` (pdftotext, as `text` reads them: the decrypted copy of an encrypted
file, poppler's view of one qpdf cannot open, bomb-checked streams) in rounds, so a budget that runs out early
stops the extraction too.
"""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

from pdftools.core import forked, task
from pdftools.core.pdf import Keys, open_pdf
from pdftools.document import text as pagetext
from pdftools.document.text import Extractor
from pdftools.engines import poppler
from pdftools.errors import DamagedPdf, InvalidArgument, PdftoolsError

ROUND = 64  # pages per extraction round: a budget or --max-count that ends early stops the work early too


@dataclass
class Hit:
    path: str
    page: int
    line: int
    """The line's number on its page (1-based)."""
    text: str
    spans: list[tuple[int, int]]
    """Where the pattern matched in `text` (start, end), as Python string indices."""
    before: list[str] = field(default_factory=list)
    """Context: the lines just before (on the same page)."""
    after: list[str] = field(default_factory=list)
    """Context: the lines just after (on the same page)."""

    def size(self) -> int:
        """What this hit costs of the budget: its lines as printed (`path:page:line`)."""
        prefix = len(self.path) + len(str(self.page)) + 2
        return sum(prefix + len(line) + 1 for line in (*self.before, self.text, *self.after))


@dataclass
class FileMatches:
    path: str
    matches: int
    """Matches in this file (every occurrence, as `pdfgrep -c` counts), in the pages searched."""
    lines: int
    """Matching lines."""
    pages: int
    """Pages searched."""


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
        raise InvalidArgument(f"{pattern!r} is not a valid regular expression: {exc}", hint=hint) from None


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
        yield int(poppler.pdfinfo(path, damaged)["Pages"]), pagetext.pdftotext(path, mode)
        return
    with pdf, pagetext.readable(pdf, path) as source:
        yield len(pdf.pages), pagetext.measured(source, mode, pdf, str(path))


def rounds(pages: list[int]) -> Iterator[list[int]]:
    for i in range(0, len(pages), ROUND):
        yield pages[i:i + ROUND]


@dataclass
class Skipped:
    path: str
    code: str
    message: str
    hint: str = ""
    """What to do about it (the error's hint)."""

    @classmethod
    def of(cls, path: str, error: PdftoolsError) -> Skipped:
        return cls(path=path, code=error.code, message=error.message, hint=error.hint)

    def note(self) -> str:
        """As pdftools prints an error: `error[CODE]: message` naming the file once, then the hint."""
        name = label(self.path)
        message = self.message if name in self.message else f"{name}: {self.message}"
        return f"error[{self.code}]: {one_line(message)}\n  hint: {one_line(self.hint)}"


@dataclass
class SearchResult:
    __pydantic_config__ = {"use_attribute_docstrings": True}  # field docstrings become schema descriptions
    pattern: str
    matches: int
    """Matches found (every occurrence, as `pdfgrep -c` counts) in what was searched."""
    files: list[FileMatches]
    hits: list[Hit]
    """Matching lines (none with `count`)."""
    truncated: bool
    """True when the budget stopped the search: call again with start_file, start_page and skip from next_*."""
    next_file: str | None = None
    next_page: int | None = None
    next_skip: int | None = None
    skipped: list[Skipped] = field(default_factory=list)
    """Inputs that could not be searched, with the reason."""

    # how the command line prints it (pdfgrep's -c, -H/-h, -n, -l/-L): not part of the result's data
    count_only = False
    listing: str | None = None  # "with": the files that match (-l); "without": those that do not (-L)
    cli_only: ClassVar = ("listing",)  # no tool argument sets it: over MCP it would always be null
    echoes: ClassVar = ("pattern",)  # what the caller gave, said back: a front end may shorten it
    budgeted: ClassVar = ("hits",)  # lines in a budget of max_chars: a front end never cuts them otherwise
    with_filename = False
    page_numbers = False
    only_matching = False  # -o: each match alone on its line
    page_counts = False  # -p: `page:matches` for each page that has some
    context_asked = False
    null = False  # -Z: a zero byte after each file name, the name as it is (for `xargs -0`)
    color = "never"  # --color: always, never, auto (at a terminal): the renderer decides with `paint`
    warn_empty = False  # --warn-empty: a warning for each file in `textless`
    separator = ":"  # --match-prefix-separator: what parts name, page and text (context lines keep `-`)
    textless = ()  # type: tuple[str, ...]  # the files none of whose pages searched had text (Searcher's); no field

    def reword_errors(self, reword: Callable[[str, str], str]) -> None:
        """The skipped inputs' messages and hints in a front end's terms (`reword(text, command)`)."""
        for skipped in self.skipped:
            skipped.message, skipped.hint = reword(skipped.message, "search"), reword(skipped.hint, "search")

    def drop_unmatched(self) -> None:
        """Keep in `files` the files that match only (pdfgrep's `-c` and `-L` need the others; an agent asked
        for the matches, and a folder of thousands answered with a row each)."""
        self.files = [f for f in self.files if f.matches]

    @property
    def exit_code(self) -> int:
        """As grep and pdfgrep: 2 when an input could not be searched (even if others matched), else 0 when
        something matched, 1 when nothing did."""
        return 2 if self.skipped else 0 if self.matches else 1

    def as_text(self) -> str:
        """`file:page:line: text` per matching line (what a model reads), and where to go on when cut."""
        if self.count_only:
            lines = [f"{f.path}: {f.matches} matches" for f in self.files]
        else:
            lines = [f"{h.path}:{h.page}:{h.line}: {h.text.strip()}" for h in self.hits]
        if not self.matches:
            lines.append("no match")
        if self.truncated:
            # the name as it is (not its repr, which writes a byte that is not UTF-8 as `\\udce9`: the front end
            # shows it as results do, and takes that back)
            lines.append(f"[truncated: continue with start_file='{self.next_file}', start_page={self.next_page}, "
                         f"skip={self.next_skip or 0}]")
        lines += [f"[skipped {s.path}: {s.code}: {s.message} ({s.hint})]" for s in self.skipped]
        return "\n".join(lines)

    def output_lines(self, paint: Paint | None = None) -> Iterator[str]:
        """What pdfgrep prints: `file:page:line` (the file with several inputs or -H, the page with -n),
        context lines with `-` for `:` and `--` between a file's groups; with -c, `file:count` per file; with
        -l / -L, the names of the files that match / do not. `paint(kind, text)` gives each piece as shown:
        kind `fn` a file name, `ln` a page number, `se` a separator, `mt` a match, `` the rest (--color)."""
        paint = paint or _as_it_is
        if self.listing:
            yield from (self._name(f.path, paint) for f in self.files if (f.matches > 0) == (self.listing == "with"))
            return
        if self.count_only:
            yield from (self._prefix(f.path, None, self.separator, paint) + paint("", str(f.matches))
                        for f in self.files)
            return
        if self.page_counts:  # pdfgrep -p: every match counted, as -c counts them
            counts: dict[tuple[str, int], int] = {}
            for hit in self.hits:
                counts[hit.path, hit.page] = counts.get((hit.path, hit.page), 0) + len(hit.spans)
            yield from (self._prefix(path, None, self.separator, paint) + paint("ln", str(page)) +
                        paint("se", self.separator) +
                        paint("", str(n)) for (path, page), n in counts.items())
            return
        if self.only_matching:  # grep -o: the matched text alone, never context; an empty match prints nothing
            yield from (self._prefix(hit.path, hit.page, self.separator, paint) + paint("mt", hit.text[a:b])
                        for hit in self.hits for a, b in hit.spans if b > a)
            return
        pages: dict[tuple[str, int], dict[int, tuple[str, list[tuple[int, int]] | None]]] = {}
        for hit in self.hits:
            rows = pages.setdefault((hit.path, hit.page), {})
            for number, line in enumerate(hit.before, hit.line - len(hit.before)):
                rows.setdefault(number, (line, None))
            rows[hit.line] = (hit.text, hit.spans)
            for number, line in enumerate(hit.after, hit.line + 1):
                rows.setdefault(number, (line, None))
        with_context = self.context_asked or any(hit.before or hit.after for hit in self.hits)  # as grep: `--`
        # between groups whenever context was asked for, even where a page had none to give
        previous: tuple[str, int, int] | None = None
        for (path, page), rows in pages.items():
            for number in sorted(rows):
                if with_context and previous is not None and previous[0] == path and previous != (path, page,
                                                                                                  number - 1):
                    yield "--"
                previous = (path, page, number)
                line, spans = rows[number]
                yield (self._prefix(path, page, "-" if spans is None else self.separator, paint) +
                       _painted(line, spans, paint))

    def errors(self) -> list[str]:
        """The inputs that could not be searched, as stderr says them (what -q still prints)."""
        return [s.note() for s in self.skipped]

    def notes(self) -> Iterator[str]:
        """What goes to stderr: the inputs skipped, the files without text (--warn-empty), and where to go on
        when the budget stopped the search."""
        yield from (s.note() for s in self.skipped)
        if self.warn_empty:
            yield from (f"warning: {shown(path)} has no text to search: a scan? `pdftools ocr` makes it searchable"
                        for path in self.textless)
        if self.truncated:
            yield (f"(stopped by --max-chars; continue with --start-file {one_line(self.next_file or '')} --start-page "
                   f"{self.next_page} --skip {self.next_skip or 0})")

    @property
    def line_end(self) -> str:
        """What ends each line printed: a newline; with -Z, a file's name alone (-l, -L) ends in its zero byte."""
        return "" if self.null and self.listing else "\n"

    def _name(self, path: str, paint: Paint) -> str:
        return paint("fn", label(path)) + "\0" if self.null else paint("fn", shown(path))

    def _prefix(self, path: str, page: int | None, sep: str, paint: Paint) -> str:
        name = [self._name(path, paint) + ("" if self.null else paint("se", sep))] * self.with_filename
        number = paint("ln", str(page)) + paint("se", sep) if self.page_numbers and page is not None else ""
        return "".join(name) + number


Paint = Callable[[str, str], str]
"""How a piece of a line is shown: `paint(kind, text)` (see `SearchResult.output_lines`)."""


def _as_it_is(kind: str, text: str) -> str:
    return text


def _painted(line: str, spans: list[tuple[int, int]] | None, paint: Paint) -> str:
    """A line with its matches painted as `mt` (a context line's are not, as in pdfgrep)."""
    pieces, at = [], 0
    for start, end in spans or ():
        if end > start:
            pieces += [paint("", line[at:start]), paint("mt", line[start:end])]
            at = end
    return "".join(pieces) + paint("", line[at:])


def label(path: str) -> str:
    """A file's name as grep and pdfgrep print it: standard input (`-`) is `(standard input)`."""
    return STDIN_LABEL if path == "-" else path


STDIN_LABEL = "(standard input)"


def shown(path: str) -> str:
    """A file's name as a line of output shows it: its `label`, with line breaks as `\\n` and `\\r` (a name
    may hold them), so that each line printed is one line; `--json` has the name as it is."""
    return one_line(label(path))


def one_line(text: str) -> str:
    return text.replace("\n", "\\n").replace("\r", "\\r")


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
    """Fills a result file by file, page by page, until the budget (characters of lines) runs out.

    Used as a context manager: the pattern is matched in a child process forked on entry, one for the whole
    search, which the task's deadline or cancel kills however long a match runs (`core.forked`)."""

    def __init__(self, result: SearchResult, regex: re.Pattern[str], budget: int | None, *,
                 max_count: int | None, context: tuple[int, int]) -> None:
        self.result, self.budget = result, budget
        self.max_count, self.context = max_count, context
        self._worker = forked.Worker(functools.partial(matching_lines, regex))
        self.match: Callable[[list[str]], list[Lines]] = self._worker.fn

    def __enter__(self) -> Searcher:
        self.match = self._worker.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self._worker.__exit__(None, None, None)

    def file(self, path: str, selected: list[int], extract: Extractor, resume: Position | None) -> bool:
        """Search one file's `selected` pages; True when the budget ran out in it."""
        if resume is not None and resume.page:
            if resume.page not in selected:
                raise InvalidArgument(f"{{{{start_page}}}} {resume.page} is not among the pages searched in {path}")
            selected = selected[selected.index(resume.page):]
        found = FileMatches(path=path, matches=0, lines=0, pages=0)
        self.result.files.append(found)
        progress = task.Counter(len(selected), "searching")
        text_seen = False
        for batch in rounds(selected):
            texts = extract(batch, progress)
            text_seen = text_seen or any(text.strip() for text in texts)
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
                    break
                found.pages += 1
                if self.max_count is not None and found.matches >= self.max_count:
                    break
            else:
                continue
            break
        self.result.matches += found.matches
        if not text_seen:
            self.result.textless = (*self.result.textless, path)
        return self.result.truncated

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
