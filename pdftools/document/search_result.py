"""What a search found (the matching lines with their context, the files searched, the inputs skipped) and how it
is printed: as pdfgrep prints it (`file:page:line` prefixes, `--` between groups, counts, file listings, colours
through `paint`), as text for a model, and the notes for stderr. `search.Searcher` fills it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import ClassVar

from pdftools.errors import PdftoolsError


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
class Skipped:
    path: str
    code: str
    message: str
    hint: str = ""
    """What to do about it (the error's hint)."""

    @classmethod
    def of(cls, path: str, error: PdftoolsError) -> Skipped:
        return cls(path=path, code=error.code, message=error.message, hint=error.hint)


MOST_NOTED = 10  # files without text an agent's result names, one note each; the others are counted


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
    unreadable = ()  # type: tuple[tuple[str, str], ...]  # files qpdf could not read, with why, and no text: no field
    empty_folders = ()  # type: tuple[str, ...] | list[str]  # folders searched recursively without a PDF: no field
    skipped_rest = {}  # type: dict[str, int]  # the inputs skipped past those listed, by code (cap_skipped); no field
    lines_streamed = False  # each file's lines went out as it was searched (`part`, `task.emit`): notes are left
    follows = False  # a part after one of the same file's (`part`): a group of its lines was printed before

    def part(self, found: FileMatches, hits: list[Hit], *, follows: bool = False) -> SearchResult:
        """A share of one file's result, printed as it is found (grep prints each file's lines as it goes): its
        row and hits, shown as the whole result shows them (-c, -l, -H...). A file's lines need nothing of the
        others' (`--` parts groups of one file only), and a part that `follows` another of its file's starts
        with the `--` before its first group, so the parts, printed in turn, are the whole's lines."""
        import copy

        piece = copy.copy(self)  # (the fields, and how the command line prints them)
        piece.files, piece.hits, piece.skipped, piece.textless, piece.unreadable = [found], hits, [], (), ()
        piece.empty_folders = ()
        piece.truncated, piece.matches, piece.follows = False, found.matches, follows
        return piece

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
        previous: tuple[str, int, int] | None = (self.files[0].path, 0, 0) if self.follows else None  # (no page 0)
        for (path, page), rows in pages.items():
            for number in sorted(rows):
                if with_context and previous is not None and previous[0] == path and previous != (path, page,
                                                                                                  number - 1):
                    yield "--"
                previous = (path, page, number)
                line, spans = rows[number]
                yield (self._prefix(path, page, "-" if spans is None else self.separator, paint) +
                       _painted(line, spans, paint))

    def errors(self) -> list[Skipped]:
        """The errors this result carries, said by the front end as it says every error (what -q still says)."""
        return self.skipped

    def agent_notes(self) -> list[str]:
        """The files searched that have no text (scans: `no match` alone would say the words are not there), and
        the command that makes them searchable (named as the front end names it): the first MOST_NOTED, then how
        many more (a folder of 600 scans made 59 kB of notes). Folders without a PDF are `shortfalls`."""
        notes = [no_text(path) for path in self.textless[:MOST_NOTED]]
        if len(self.textless) > MOST_NOTED:
            notes.append(f"and {len(self.textless) - MOST_NOTED:,} more files have no text to search: scans? "
                         "`pdftools ocr` makes them searchable")
        notes += [no_text(path, why) for path, why in self.unreadable[:MOST_NOTED]]
        if len(self.unreadable) > MOST_NOTED:
            notes.append(f"and {len(self.unreadable) - MOST_NOTED:,} more damaged files have no text to search: "
                         "`pdftools check` says what is wrong with each, `pdftools repair` rewrites what can be "
                         "recovered")
        if self.skipped_rest:
            codes = ", ".join(f"{code}: {count:,}" for code, count in self.skipped_rest.items())
            notes.append(f"and {sum(self.skipped_rest.values()):,} more inputs skipped, not listed ({codes})")
        return notes

    def cap_skipped(self, most: int) -> None:
        """The first `most` inputs skipped (a folder of 600 locked PDFs made 600 rows, 107 kB); the others are
        counted by code in a note."""
        from collections import Counter

        if len(self.skipped) > most:
            self.skipped_rest = dict(Counter(s.code for s in self.skipped[most:]))
            self.skipped = self.skipped[:most]

    def shortfalls(self) -> list[str]:
        """Warnings, with --json too: the folders searched that held no PDF (nothing searched there), and the
        files without text (--warn-empty asks for them; over MCP `agent_notes` says those)."""
        said = [_no_pdfs(label(folder)) for folder in self.empty_folders]
        if self.warn_empty:
            said += [no_text(label(path)) for path in self.textless]
            said += [no_text(label(path), why) for path, why in self.unreadable]
        return said

    def notes(self) -> Iterator[str]:
        """What goes to stderr besides its `shortfalls` and the inputs skipped (errors, said by the front end):
        where to go on when the budget stopped the search."""
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


def no_text(name: str, damaged: str | None = None) -> str:
    """What a file without text means for a search, and the command that fixes it: a scan's, OCR; a file qpdf
    could not read (`damaged`: why), which OCR refuses, check and repair (`text.damaged_note`)."""
    if damaged is not None:
        from pdftools.document.text import damaged_note

        return f"{name} has no text to search: {damaged_note(damaged, name)}"
    return f"{name} has no text to search: a scan? `pdftools ocr` makes it searchable"


def _no_pdfs(folder: str) -> str:
    """A folder searched recursively that gave nothing to search (as grep -r, no error)."""
    return f"no PDFs in the folder {folder}: nothing searched there"
