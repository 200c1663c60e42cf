"""Search PDFs for a regular expression, as pdfgrep does: files, folders and globs, with page numbers and context.

A line of a page's text (poppler's) matches when it contains the pattern (Python syntax). When {{max_chars}}
stops the search, go on with {{start_file}}, {{start_page}} and {{skip}} from the result's
{{cli:closing note}}{{mcp:next_file, next_page and next_skip}}.

{{cli:Exit status, as pdfgrep's: 0 when a line matched, 1 when none did, 2 when one of several inputs could not be
searched. A single input that cannot be searched exits with its error's own code, as in every command (a missing
file 3, not a PDF 4, encrypted 5; pdfgrep says 2): a script tests `[ $? -ge 2 ]` for "could not search". An
unexpected failure (INTERNAL, 1 in other commands) exits 2 here, never 1.}}

{{mcp:When {{max_chars}} cuts the search, continue with the result's next_file, next_page and next_skip.}}
"""

from __future__ import annotations

import contextlib
import fnmatch
import itertools
import os
import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Annotated, Literal

from pdftools.core.inputs import named, split_spec
from pdftools.core.pages import parse_pages
from pdftools.core.params import Cli, Mcp, Param, Passwords
from pdftools.core.paths import input_path, policy
from pdftools.document.ahead import Opener, ReadAhead, regular
from pdftools.document.recovery import true_hint
from pdftools.document.search import NOTHING, Position, Searcher, compile_pattern, page_texts
from pdftools.document.search_result import SearchResult, Skipped
from pdftools.document.text import Extractor
from pdftools.errors import InvalidArgument, InvalidPageRange, NoInputs, PathOutsideRoot, PdftoolsError, verbatim

__all__ = ["SearchResult", "search"]


def search(
    pattern: Annotated[str, Param("Regular expression (Python syntax){{cli:; with {{regexp}} or {{pattern_file}}, "
                                  "the first input}}"),
                       Cli(argument=True, metavar="PATTERN", default=None)],  # none at a shell with -e or -f
    inputs: Annotated[list[str], Param("PDFs, folders or globs; `file.pdf:1-3` searches only those pages",
                                       min_length=1),
                  Cli(argument=True, metavar="INPUT...", default=None)],  # none at a shell: `-r` reads `.`
    ignore_case: Annotated[bool, Param("Ignore case"), Cli("-i", "--ignore-case")] = False,
    regexp: Annotated[list[str] | None, Param("A pattern (repeatable); every argument is then an input, and a line "
                                              "matches any pattern given"),
                      Cli("-e", "--regexp", metavar="PATTERN"), Mcp(hidden=True)] = None,
    pattern_file: Annotated[list[str] | None, Param("Read patterns from FILE, one a line (repeatable; an empty file "
                                                    "matches nothing)"),
                            Cli("--file", metavar="FILE"), Mcp(hidden=True)] = None,  # -f is convert's --from
    fixed_strings: Annotated[bool, Param("Find the pattern as written, each of its lines an alternative "
                                         "(pdfgrep -F)"), Cli("-F", "--fixed-strings"), Mcp(hidden=True)] = False,
    perl_regexp: Annotated[bool, Param("Taken for pdfgrep's sake: patterns are Python's, near PCRE's, anyway"),
                           Cli("-P", "--perl-regexp", "--pcre"), Mcp(hidden=True)] = False,
    cache: Annotated[bool, Param("Taken for pdfgrep's sake: no cache is kept, each search reads the files"),
                     Cli("--cache"), Mcp(hidden=True)] = False,
    count: Annotated[bool, Param("Only count the matches in each file"), Cli("-c", "--count")] = False,
    max_count: Annotated[int | None, Param("Stop each file after this many matches", ge=1),
                         Cli("-m", "--max-count")] = None,
    context: Annotated[int, Param("Lines of context around each match", ge=0),
                       Cli("-C", "--context")] = 0,
    after_context: Annotated[int | None, Param("Lines of context after each match (instead of {{context}}'s)",
                                               ge=0), Cli("-A", "--after-context"), Mcp(hidden=True)] = None,
    before_context: Annotated[int | None, Param("Lines of context before each match (instead of {{context}}'s)",
                                                ge=0), Cli("-B", "--before-context"), Mcp(hidden=True)] = None,
    only_matching: Annotated[bool, Param("Print only the matching parts, each on its own line (pdfgrep -o)"),
                             Cli("--only-matching"), Mcp(hidden=True)] = False,
    page_count: Annotated[bool, Param("Print the number of matches on each page that has some (pdfgrep -p)"),
                          Cli("--page-count"), Mcp(hidden=True)] = False,
    null: Annotated[bool, Param("End each file name with a zero byte, the name as it is (pdfgrep -Z)"),
                    Cli("-Z", "--null"), Mcp(hidden=True)] = False,
    color: Annotated[Literal["auto", "always", "never"], Param("Colour file names, page numbers and matches as "
                                                               "pdfgrep does: at a terminal (auto), always, never"),
                     Cli("--color", metavar="WHEN"), Mcp(hidden=True)] = "auto",
    pages: Annotated[str | None, Param("Pages to search in every file: `1-3,7,10-`, `last`; `1-3`: those "
                                          "of them a file has, as pdfgrep's", empty_is_default=True),
                     Cli("--pages", "--page-range"), Mcp(hidden=True)] = None,
    recursive: Annotated[bool, Param("Search folders recursively"), Cli("-r", "--recursive")] = False,
    dereference_recursive: Annotated[bool, Param("Search folders recursively, following symbolic links to folders"),
                                     Cli("-R", "--dereference-recursive"), Mcp(hidden=True)] = False,
    include: Annotated[list[str] | None, Param("Of a folder's files, read only those whose name matches GLOB"
                                               "{{cli: (repeatable)}}; by default those named .pdf"),
                       Cli("--include", metavar="GLOB"), Mcp(hidden=True)] = None,
    exclude: Annotated[list[str] | None, Param("Of a folder's files, leave those whose name matches GLOB"
                                               "{{cli: (repeatable; wins over {{include}})}}"),
                       Cli("--exclude", metavar="GLOB"), Mcp(hidden=True)] = None,
    mode: Annotated[Literal["layout", "plain"], Param("layout: lines as pdfgrep reads them; plain: reading order")]
    = "layout",
    page_number: Annotated[bool, Param("Print each line's page number (pdfgrep -n)"), Cli("-n", "--page-number"),
                           Mcp(hidden=True)] = False,
    with_filename: Annotated[bool | None, Param("Print the file name even for one input (pdfgrep -H), or never "
                                                "(-h); by default with several inputs"),
                             Cli("-H/-h", "--with-filename/--no-filename"), Mcp(hidden=True)] = None,
    files_with_matches: Annotated[bool, Param("Print only the names of the files that match (pdfgrep -l)"),
                                  Cli("--files-with-matches"), Mcp(hidden=True)] = False,
    files_without_match: Annotated[bool, Param("Print only the names of the files that do not match (pdfgrep -L)"),
                                   Cli("-L", "--files-without-match"), Mcp(hidden=True)] = False,
    match_prefix_separator: Annotated[str, Param("Put between a file name, a page number and the text, instead "
                                                 "of `:` (context lines keep `-`)"),
                                      Cli("--match-prefix-separator", metavar="SEP"), Mcp(hidden=True)] = ":",
    warn_empty: Annotated[bool, Param("Warn on stderr of each PDF with no text to search (a scan)"),
                          Cli("--warn-empty"), Mcp(hidden=True)] = False,
    max_chars: Annotated[int | None, Param("Budget of characters of lines returned", ge=1),
                         Mcp(default=20_000)] = None,
    start_file: Annotated[str | None, Param("A previous result's {{cli:file to go on with}}{{mcp:next_file}}")] = None,
    start_page: Annotated[int | None, Param("A previous result's {{cli:page to go on at}}{{mcp:next_page}}",
                                            ge=1)] = None,
    skip: Annotated[int, Param("A previous result's {{cli:matches to skip}}{{mcp:next_skip}}", ge=0)] = 0,
    password: Passwords = None,
    quiet: Annotated[bool, Param("Print nothing but errors and stop at the first match: the exit status says "
                                 "whether a line matched (grep's -q)"), Cli("-q", "--quiet"), Mcp(hidden=True)] = False,
) -> SearchResult:
    if regexp is not None or pattern_file is not None:  # pdfgrep's -e and -f: the arguments are all inputs
        inputs = [*([pattern] if pattern is not None else []), *(inputs or [])]
        pattern = _patterns(regexp or [], pattern_file or [])
    elif pattern is None:
        raise InvalidArgument("missing argument PATTERN", hint="Give a regular expression to search for, then the "
                                                               "PDFs, folders or globs; `pdftools <command> --help` "
                                                               "says more.")
    recursive = recursive or dereference_recursive
    if not inputs:  # `search -r PATTERN`, as `grep -r` and `pdfgrep -r`: the working folder, named `./a.pdf`
        if not recursive:
            raise InvalidArgument("missing argument INPUT...",
                                  hint="Give PDFs, folders or globs to search{{cli: (`-`: standard input)}}, or "
                                       "{{recursive}} for the working folder.")
        inputs = ["."]
    if fixed_strings and perl_regexp:
        raise InvalidArgument("{{fixed_strings}} and {{perl_regexp}} cannot be used together, as in pdfgrep",
                              hint="Leave out {{perl_regexp}}: {{fixed_strings}} finds the pattern as written.")
    regex = compile_pattern(pattern, ignore_case, fixed=fixed_strings,
                            lines=regexp is not None or pattern_file is not None)
    result = SearchResult(pattern=pattern, matches=0, files=[], hits=[], truncated=False)
    files: Iterable[tuple[Path | None, str | None, str]]
    result.empty_folders = []
    files = _files(inputs, recursive, result.skipped, _chooser(include, exclude), follow=dereference_recursive,
                   empty=result.empty_folders)
    first, resume, alone, several = 0, None, False, True
    if not (quiet and start_file is None and len(inputs) > 1):  # -q: no input after the first match is opened
        files = list(files)
        first, resume = _start(files, start_file, start_page, skip)
        alone = len(inputs) == 1 and len(files) == 1  # (its error is the command's)
        several = len(inputs) > 1 or len(files) > 1 or any(_is_folder(spec) for spec in inputs)  # as grep -r names
    result.page_numbers = page_number
    result.listing = "with" if files_with_matches else "without" if files_without_match else None
    result.count_only = count or result.listing is not None
    result.with_filename = several if with_filename is None else with_filename
    if result.listing or quiet:
        max_count = 1  # a file is listed or not at its first match; -q's answer is there
    result.only_matching, result.page_counts, result.null, result.color = only_matching, page_count, null, color
    result.warn_empty, result.separator = warn_empty, match_prefix_separator
    if only_matching or page_count:  # no context around matches printed alone, or counted
        after_context = before_context = 0
    around = (context if before_context is None else before_context,
              context if after_context is None else after_context)  # as grep: -A and -B win over -C
    result.context_asked = any(around)
    openers = [_opener(path, own, name, password, mode, pages) if regular(path) else None
               for path, own, name in files] if isinstance(files, list) else []  # (-q over several: none ahead)
    with Searcher(result, regex, max_chars, max_count=max_count, context=around) as searcher, \
            ReadAhead(openers, searcher.first_round, searcher.start) as ahead:
        for index, (path, own, name) in enumerate(itertools.islice(files, first, None), first):
            hits, budget = len(result.hits), searcher.budget
            if path is None:  # a pipe, read now (`_files`)
                try:
                    [(path, name)] = named(name)
                except PdftoolsError as exc:
                    if isinstance(exc, (InvalidArgument, PathOutsideRoot)):  # a wrong call, as in `_files`
                        raise
                    result.skipped.append(Skipped.of(name, exc))
                    continue
            try:
                with ahead.opened(index, _opener(path, own, name, password, mode, pages)) as (selected, extract):
                    cut = searcher.file(name, selected, extract, resume if index == first else None)
            except PdftoolsError as exc:
                if alone:
                    raise
                del result.hits[hits:]  # what the file gave before it failed (a bomb found on page 70) goes (from
                # the result: the lines printed as they were found stay printed, as pdfgrep's)
                result.files = [found for found in result.files if found.path != name]
                searcher.budget = budget
                true_hint(exc)  # DAMAGED_PDF names `repair` only when a repair recovers something (its file is here)
                result.skipped.append(Skipped.of(name, exc))
            else:  # (its lines were handed out as they were found, its row at its end: `Searcher.file`)
                if cut:
                    break
            if quiet and result.matches:  # before the next input is listed
                break
    return result


def _opener(path: Path, own: str | None, name: str, password: Passwords, mode: str,
            pages: str | None) -> Opener:
    """What opens a file to search: its selected pages (each once) and its extractor (`page_texts`)."""
    @contextlib.contextmanager
    def opened() -> Iterator[tuple[list[int], Extractor]]:
        with page_texts(path, password, mode, None if name == "-" else name) as (total, extract):
            selected = parse_pages(own, total, name) if own else _shared(pages, total, name)
            yield list(dict.fromkeys(selected)), extract
    return opened


_PDFGREPS = re.compile(r"\s*\d+\s*(?:-\s*\d+\s*)?(?:,\s*\d+\s*(?:-\s*\d+\s*)?)*")  # `2-3,5,7-10`


def _shared(pages: str | None, total: int, name: str) -> list[int]:
    """The pages of {{pages}} (every file's) that this file has: as pdfgrep reads its --page-range, a range past
    a file's end searches the pages there are (none, past them all), so one range serves files of any length. A
    spec in pdftools' words (`last`, `-1`, `odd`...) is read against the file, as elsewhere."""
    if pages is None or not _PDFGREPS.fullmatch(pages):
        return parse_pages(pages, total, name)
    past = total + 1  # each number past the end taken as the page after it: `1-300000000` lists 4 pages, not 3e8
    clamped = re.sub(r"\d+", lambda number: str(min(int(number[0]), past)), pages)
    highest = max(int(number) for number in re.findall(r"\d+", clamped))
    try:
        listed = parse_pages(clamped, max(total, highest), name)
    except InvalidPageRange:  # (page 0): said of the range as given and of the file's own pages
        return parse_pages(pages, total, name)
    return [n for n in listed if n <= total]


def _is_folder(spec: str) -> bool:
    """The input names a folder (its files are named in the output, however many it holds, as `grep -r`)."""
    raw, _ = split_spec(spec)
    try:
        return raw != "-" and policy().input(raw).is_dir()
    except PdftoolsError:  # a name the policy refuses was reported with the files
        return False


def _patterns(given: list[str], files: list[str]) -> str:
    """-e's patterns and those of -f's files (one a line), as one pattern of lines, each an alternative (see
    `compile_pattern`); none at all (an empty file) matches nothing."""
    lines = list(given)
    for raw in files:
        text = input_path(raw, pdf=False).read_text(encoding="utf-8", errors="surrogateescape")
        lines += text.splitlines()
    return "\n".join(lines) if lines else NOTHING


def _chooser(include: list[str] | None, exclude: list[str] | None) -> Callable[[Path], bool]:
    """Which of a folder's files are read, by base name, as pdfgrep's --include and --exclude choose (glob(7),
    case counts; an exclusion wins); without --include, names ending `.pdf` in any case."""
    def chosen(path: Path) -> bool:
        if any(fnmatch.fnmatchcase(path.name, glob) for glob in exclude or ()):
            return False
        if include:
            return any(fnmatch.fnmatchcase(path.name, glob) for glob in include)
        return path.suffix.lower() == ".pdf"
    return chosen


def _files(inputs: list[str], recursive: bool, skipped: list[Skipped], chosen: Callable[[Path], bool], *,
           follow: bool = False, empty: list[str]) -> Iterator[tuple[Path | None, str | None, str]]:
    """Each input's files with its own pages (`a.pdf:1-3`) and their names as grep prints them (`./a.pdf` in
    `.`, see `core.inputs.named`); with several inputs, one that names nothing (a
    missing file, a glob that matches none) joins `skipped` and the others are searched, as pdfgrep does; a
    path outside the roots or an invalid pattern fails the whole call. A folder searched recursively that holds no
    PDF joins `empty`: nothing to search, no error, as grep -r and pdfgrep -r. Each input is listed when reached;
    one of several that is a pipe comes as (None, pages, its name): read when searched."""
    for spec in inputs:
        raw, own = split_spec(spec)
        if len(inputs) > 1 and _is_pipe(raw):  # read when reached: the files before it are searched and
            yield None, own, raw  # printed meanwhile (a FIFO waits for its writer, `-` for its producer)
            continue
        refused: list[tuple[str, str]] = []  # subfolders it could not read: skipped, as pdfgrep -r says them
        outside: list[tuple[str, PdftoolsError]] = []  # links in a folder to files outside the roots: skipped
        try:
            found = named(raw, recursive=recursive, chosen=chosen, follow=follow, refused=refused, outside=outside)
        except PdftoolsError as exc:
            if isinstance(exc, NoInputs) and recursive and _is_folder(raw):  # nothing to search: as grep -r
                skipped.extend(_unread(name, words) for name, words in refused)
                if not refused:
                    empty.append(raw)
                continue
            if len(inputs) == 1 or isinstance(exc, (InvalidArgument, PathOutsideRoot)):  # a wrong call, not a file
                raise
            skipped.append(Skipped.of(raw, exc))
            continue
        skipped.extend(_unread(name, words) for name, words in refused)
        skipped.extend(Skipped.of(name, exc) for name, exc in outside)
        yield from ((path, own, name) for path, name in found)


def _unread(name: str, words: str) -> Skipped:
    """A subfolder the walk could not read (`words`: its error's, `permission denied`), as a skipped input."""
    from pdftools.core.pathnames import folder_error

    return Skipped.of(name, folder_error(name, words, "Its PDFs were not searched; give a folder you may read."))


def _is_pipe(raw: str) -> bool:
    """`raw` names standard input or a pipe (a FIFO, the shell's `<(...)`), which the command line's policy
    reads whole when it is named (a wait, for a FIFO nobody has written to yet)."""
    from pdftools.core.pipes import is_pipe
    from pdftools.core.policies import LocalPolicy

    return isinstance(policy(), LocalPolicy) and (raw == "-" or is_pipe(Path(raw)))


def _start(files: list[tuple[Path | None, str | None, str]], start_file: str | None, start_page: int | None,
           skip: int) -> tuple[int, Position | None]:
    """The index of the file to start with, and where in it (a previous result's next_*)."""
    if start_file is None:
        if start_page is not None or skip:
            raise InvalidArgument("{{start_page}} and {{skip}} continue a file: give {{start_file}} too")
        return 0, None
    real = [os.path.realpath(name if path is None else path) for path, _, name in files]
    wanted = os.path.realpath(input_path(start_file))  # a path like any other: the roots apply over MCP
    if wanted not in real:
        raise InvalidArgument(f"{{{{start_file}}}} {verbatim(repr(start_file))} is not among the files searched",
                              hint="{{start_file}} goes on where a cut search stopped: give the file it named"
                                   "{{mcp: (next_file)}}, with the same inputs.")
    index = real.index(wanted)
    return index, Position(files[index][2], start_page or 0, skip)


