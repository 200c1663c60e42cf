"""Search PDFs for a regular expression, as pdfgrep does: files, folders and globs, with page numbers and context.

A line of a page's text (poppler's) matches when it contains the pattern (Python syntax). When `max_chars`
stops the search, continue from the result's `next_file`, `next_page`, `next_skip`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Annotated, Literal

from pdftools.core import task
from pdftools.core.inputs import expand, split_spec
from pdftools.core.pages import parse_pages
from pdftools.core.params import Cli, Mcp, Param, Password
from pdftools.document.search import FileMatches, Hit, Position, compile_pattern, page_hits, page_texts, rounds
from pdftools.document.text import Extractor
from pdftools.errors import InvalidArgument, PdftoolsError

__all__ = ["SearchResult", "search"]


@dataclass
class Skipped:
    path: str
    code: str
    message: str


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

    # how the command line prints it (pdfgrep's -c, -H, -n) and its exit code: not part of the result's data
    count_only = False
    with_filename = False
    page_numbers = False
    failure_exit = 0

    @property
    def exit_code(self) -> int:
        """As grep: 0 when something matched, 1 when nothing did, an input's error code when one failed."""
        return 0 if self.matches else self.failure_exit or 1

    def as_text(self) -> str:
        """`file:page:line: text` per matching line (what a model reads), and where to go on when cut."""
        if self.count_only:
            lines = [f"{f.path}: {f.matches} matches" for f in self.files]
        else:
            lines = [f"{h.path}:{h.page}:{h.line}: {h.text.strip()}" for h in self.hits]
        if not self.matches:
            lines.append("no match")
        if self.truncated:
            lines.append(f"[truncated: continue with start_file={self.next_file!r}, start_page={self.next_page}, "
                         f"skip={self.next_skip or 0}]")
        lines += [f"[skipped {s.path}: {s.code}: {s.message}]" for s in self.skipped]
        return "\n".join(lines)

    def output_lines(self) -> Iterator[str]:
        """What pdfgrep prints: `file:page:line` (the file with several inputs or -H, the page with -n),
        context lines with `-` for `:` and `--` between a file's groups; with -c, `file:count` per file."""
        if self.count_only:
            yield from (self._prefix(f.path, None, ":") + str(f.matches) for f in self.files)
            return
        pages: dict[tuple[str, int], dict[int, tuple[str, bool]]] = {}
        for hit in self.hits:
            rows = pages.setdefault((hit.path, hit.page), {})
            for number, line in enumerate(hit.before, hit.line - len(hit.before)):
                rows.setdefault(number, (line, False))
            rows[hit.line] = (hit.text, True)
            for number, line in enumerate(hit.after, hit.line + 1):
                rows.setdefault(number, (line, False))
        with_context = any(hit.before or hit.after for hit in self.hits)
        previous: tuple[str, int, int] | None = None
        for (path, page), rows in pages.items():
            for number in sorted(rows):
                if with_context and previous is not None and previous[0] == path and previous != (path, page,
                                                                                                  number - 1):
                    yield "--"
                previous = (path, page, number)
                line, match = rows[number]
                yield self._prefix(path, page, ":" if match else "-") + line

    def notes(self) -> Iterator[str]:
        """What goes to stderr: the inputs skipped, and where to go on when the budget stopped the search."""
        yield from (f"pdftools search: {s.path}: {s.message} [{s.code}]" for s in self.skipped)
        if self.truncated:
            yield (f"(stopped by --max-chars; continue with --start-file {self.next_file} --start-page "
                   f"{self.next_page} --skip {self.next_skip or 0})")

    def _prefix(self, path: str, page: int | None, sep: str) -> str:
        parts = [path] * self.with_filename + [str(page)] * (self.page_numbers and page is not None)
        return "".join(part + sep for part in parts)


def search(
    pattern: Annotated[str, Param("Regular expression (Python syntax)"),
                       Cli(argument=True)],
    inputs: Annotated[list[str], Param("PDFs, folders or globs; `file.pdf:1-3` searches only those pages",
                                       min_length=1), Cli(argument=True, metavar="INPUT...")],
    ignore_case: Annotated[bool, Param("Ignore case"), Cli("-i", "--ignore-case")] = False,
    count: Annotated[bool, Param("Only count the matches in each file"), Cli("-c", "--count")] = False,
    max_count: Annotated[int | None, Param("Stop each file after this many matches", ge=1),
                         Cli("-m", "--max-count")] = None,
    context: Annotated[int, Param("Lines of context around each matching line", ge=0, le=20),
                       Cli("-C", "--context")] = 0,
    pages: Annotated[str | None, Param("Pages to search in every file: `1-3,7,10-`, `last`"), Mcp(hidden=True)]
    = None,
    recursive: Annotated[bool, Param("Search folders recursively"), Cli("-r", "--recursive")] = False,
    mode: Annotated[Literal["layout", "plain"], Param("layout: lines as pdfgrep reads them; plain: reading order")]
    = "layout",
    page_number: Annotated[bool, Param("Print each line's page number (pdfgrep -n)"), Cli("-n", "--page-number"),
                           Mcp(hidden=True)] = False,
    with_filename: Annotated[bool, Param("Print the file name even for one input (pdfgrep -H)"),
                             Cli("-H", "--with-filename"), Mcp(hidden=True)] = False,
    max_chars: Annotated[int | None, Param("Budget of characters of lines returned", ge=1),
                         Mcp(default=20_000)] = None,
    start_file: Annotated[str | None, Param("A previous result's next_file")] = None,
    start_page: Annotated[int | None, Param("A previous result's next_page", ge=1)] = None,
    skip: Annotated[int, Param("A previous result's next_skip", ge=0)] = 0,
    password: Password = None,
) -> SearchResult:
    regex = compile_pattern(pattern, ignore_case)
    files = [(path, own) for spec in inputs for raw, own in [split_spec(spec)]
             for path in expand(raw, recursive=recursive)]
    first, resume = _start([str(path) for path, _ in files], start_file, start_page, skip)
    result = SearchResult(pattern=pattern, matches=0, files=[], hits=[], truncated=False)
    result.count_only, result.page_numbers = count, page_number
    result.with_filename = with_filename or len(files) > 1
    searcher = _Searcher(result, regex, max_chars, max_count=max_count, context=context)
    for index, (path, own) in enumerate(files[first:], first):
        hits, budget = len(result.hits), searcher.budget
        try:
            with page_texts(path, password, mode) as (total, extract):
                if searcher.file(str(path), parse_pages(own or pages, total), extract,
                                 resume if index == first else None):
                    break
        except PdftoolsError as exc:
            if len(files) == 1:
                raise
            del result.hits[hits:]  # what the file gave before it failed (a bomb found on page 70) goes
            result.files = [found for found in result.files if found.path != str(path)]
            searcher.budget = budget
            result.skipped.append(Skipped(path=str(path), code=exc.code, message=exc.message))
            result.failure_exit = result.failure_exit or exc.exit_code
    return result


def _start(names: list[str], start_file: str | None, start_page: int | None, skip: int) -> tuple[int, Position | None]:
    """The index of the file to start with, and where in it (a previous result's next_*)."""
    if start_file is None:
        if start_page is not None or skip:
            raise InvalidArgument("start_page and skip continue a file: give start_file too")
        return 0, None
    if start_file not in names:
        raise InvalidArgument(f"start_file {start_file!r} is not among the files searched",
                              hint="Pass a previous result's next_file with the same inputs.")
    return names.index(start_file), Position(start_file, start_page or 0, skip)


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


class _Searcher:
    """Fills a result file by file, page by page, until the budget (characters of lines) runs out."""

    def __init__(self, result: SearchResult, regex: re.Pattern[str], budget: int | None, *,
                 max_count: int | None, context: int) -> None:
        self.result, self.regex, self.budget = result, regex, budget
        self.max_count, self.context = max_count, context

    def file(self, path: str, selected: list[int], extract: Extractor, resume: Position | None) -> bool:
        """Search one file's `selected` pages; True when the budget ran out in it."""
        if resume is not None and resume.page:
            if resume.page not in selected:
                raise InvalidArgument(f"start_page {resume.page} is not among the pages searched in {path}")
            selected = selected[selected.index(resume.page):]
        found = FileMatches(path=path, matches=0, lines=0, pages=0)
        self.result.files.append(found)
        progress = task.Counter(len(selected), "searching")
        for batch in rounds(selected):
            for number, text in zip(batch, extract(batch, progress), strict=True):
                hits = page_hits(path, number, text, self.regex, self.context)
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
