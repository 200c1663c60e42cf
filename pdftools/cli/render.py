"""Results for people (rich, on a terminal) or scripts (`--json`); errors as `error[CODE]` lines or JSON.

Results are dataclasses; rendering is generic (fields become table rows, lists of models become tables,
bookmark trees become trees: laid out and drawn by `blocks`), with one special case: extracted text is data and
goes out as plain text.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import re
import sys
from collections.abc import Iterator, Sequence
from typing import Any

from pdftools.cli.blocks import drawn, layout, one_line, plain_lines, safe
from pdftools.core import results
from pdftools.core.foreign_errors import os_error
from pdftools.errors import PdftoolsError


def _console(stderr: bool = False) -> Any:
    """A console that never cuts: at a terminal as wide as it is (cells wrap), piped as wide as a line needs."""
    from rich.console import Console

    stream = sys.stderr if stderr else sys.stdout
    width = None if stream.isatty() else UNLIMITED
    return Console(stderr=stderr, highlight=False, soft_wrap=True, markup=False, emoji=False, width=width)


UNLIMITED = 1_000_000  # columns: piped output is whole lines (rich measures cells; it never pads to this)


def render(result: Any, *, as_json: bool, to_stderr: bool = False, quiet: bool = False,
           warned: Sequence[str] = ()) -> None:
    """The result on stdout (stderr: `to_stderr`), its notes and warnings on stderr; `quiet` (-q): the result
    only, and the errors it carries. `warned`: where the result is less than or other than asked (its
    `shortfalls`, in the command line's words), said on stderr after it, with --json too (`warning: ...` lines,
    as qpdf warns whatever its output: stdout stays the JSON alone); not when the JSON itself goes to stderr (the
    output went to stdout: `ocr - --json`), where stderr stays one JSON document, whose fields say as much."""
    _render(result, as_json=as_json, to_stderr=to_stderr, quiet=quiet)
    if not quiet and not (as_json and to_stderr):
        warn(warned)


def warn(warned: Sequence[str]) -> None:
    """`warned` (where a result is less than or other than asked) as `warning: ...` lines on stderr, after the
    result: the same lines with --json (as qpdf warns whatever its output: stdout stays the data alone)."""
    sys.stdout.flush()  # the result before its warnings, where both go to one terminal
    sys.stderr.write("".join(f"warning: {one_line(warning)}\n" for warning in warned))


def _render(result: Any, *, as_json: bool, to_stderr: bool, quiet: bool) -> None:
    if getattr(result, "rows_streamed", False):  # a batch: its rows went to stdout as they finished
        result, to_stderr = dataclasses.replace(result, rows=[], rows_streamed=as_json), True
    stream = sys.stderr if to_stderr else sys.stdout
    if as_json:
        stream.write(results.to_json(result) + "\n")
        return
    if type(result).__name__ == "TextResult":
        _render_text(result, stream, quiet=quiet)
        return
    verbatim = result.verbatim() if callable(getattr(result, "verbatim", None)) else None
    if verbatim is not None:  # another program's report (pdftk's dump_data): its bytes, piped
        stream.write(safe(verbatim) if stream.isatty() else verbatim)
        return
    if callable(getattr(result, "output_lines", None)):  # a result printed as lines of data (search)
        _render_lines(result, stream, quiet=quiet)
        return
    if type(getattr(result, "text", None)).__name__ == "TextResult":  # ocr --mode text: the text, as `text` gives it
        _render_text(result.text, stream, ocred=True, quiet=quiet)
        _notes(result, quiet)
        return
    tty = stream.isatty()
    laid_out = layout(result, tty=tty)
    if tty:
        console = _console(stderr=to_stderr)
        console.print(drawn(laid_out, console.width), crop=False)
    else:  # piped: the same lines, drawn without rich (importing and laying out rich cost a call ~40 ms)
        stream.write("".join(line + "\n" for line in plain_lines(laid_out)))
    stream.flush()  # the result before its notes on stderr
    _notes(result, quiet)


def quiet_errors(result: Any, *, as_json: bool) -> None:
    """The errors a result carries (search's inputs that could not be searched), said as every error is:
    `error[CODE]` lines, or with --json an error object a line; said with -q too, where nothing else is."""
    for error in carried_errors(result):
        report_error(error, as_json=as_json)


def carried_errors(result: Any) -> list[PdftoolsError]:
    """The errors a result carries (its `errors()`: search's inputs it could not read, each a path, a code, a
    message and a hint), each as the error it was, its message naming the input once (`-`: standard input)."""
    from pdftools.errors import all_errors

    carried = getattr(result, "errors", None)
    kinds = {kind.code: kind for kind in all_errors()}
    errors = []
    for skipped in carried() if callable(carried) else ():
        name = results.input_name(skipped.path)
        message = skipped.message if name in skipped.message else f"{name}: {skipped.message}"
        errors.append(kinds.get(skipped.code, PdftoolsError)(message, hint=skipped.hint))
    return errors


def _notes(result: Any, quiet: bool = False) -> None:
    """A result's notes, for people, on stderr: not with --json (a script reads the result), nor with -q."""
    notes = getattr(result, "notes", None)
    for note in notes() if callable(notes) and not quiet else []:
        sys.stderr.write(f"note: {one_line(note)}\n")


def _render_text(result: Any, stream: Any, *, ocred: bool = False, quiet: bool = False) -> None:
    """Pages as pdftotext writes them (at a terminal, with markers); notes on stderr, unless `quiet`. `ocred`: the
    text is OCR's, so a page without text is one OCR could not read (running OCR again is no advice)."""
    tty = stream.isatty()
    for page in [] if getattr(result, "pages_streamed", False) else result.pages:  # (printed as they came)
        _write_page(page, stream, tty)
    if tty and result.pages and not result.pages[-1].text.endswith("\n"):  # (a cut page): the prompt on its own line
        stream.write("\n")
    if result.boxes:  # words or lines: tab-separated, one a line, with a header
        from pdftools.document.text import BOX_COLUMNS

        stream.write(BOX_COLUMNS + "\n" + "".join(box.tsv() + "\n" for box in result.boxes))
    stream.flush()  # the text before the notes on stderr, where both go to one terminal
    if not quiet:
        _text_notes(result, ocred)


def _write_page(page: Any, stream: Any, tty: bool) -> None:
    if tty:
        stream.write(f"\n── page {page.page} ──\n{safe(page.text)}")
    else:
        # as pdftotext writes it: a form feed ends every page, but one a budget cut (it goes on in the next read)
        stream.write(page.text + ("" if page.cut else "\f"))


def _text_notes(result: Any, ocred: bool) -> None:
    if result.truncated:
        sys.stderr.write(f"(stopped by --max-chars; continue with --start-page {result.next_page} "
                         f"--offset {result.next_offset or 0})\n")
    if result.empty_pages and ocred:
        sys.stderr.write(f"note: OCR found no text on page(s) {_compact(result.empty_pages)}: blank? a higher "
                         "--dpi or another --language may read it\n")
    elif result.empty_pages and getattr(result, "damaged", None) is not None:  # no scan: OCR refuses the file
        from pdftools.document.text import damaged_note

        sys.stderr.write(f"note: no text on page(s) {_compact(result.empty_pages)}: "
                         f"{one_line(damaged_note(result.damaged, result.path))}\n")
    elif result.empty_pages:
        import shlex

        them = "them" if len(result.empty_pages) > 1 else "it"
        sys.stderr.write(f"note: no text on page(s) {_compact(result.empty_pages)}: scanned? `pdftools ocr "
                         f"{one_line(shlex.quote(result.path))} --mode text` reads {them}\n")
    for warning in getattr(result, "warnings", []):
        sys.stderr.write(f"warning: {one_line(warning)}\n")


def _render_lines(result: Any, stream: Any, *, quiet: bool = False) -> None:
    """Lines as the result gives them, whole (data: never markup, never cut; at a terminal, control characters
    escaped); coloured as grep colours them where the result asks (search --color); its errors, then its notes
    (not with `quiet`) to stderr. Lines already printed as they came (`lines_streamed`) are not printed again."""
    if not getattr(result, "lines_streamed", False):
        _write_lines(result, stream, stream.isatty())
    stream.flush()  # the lines before the notes on stderr, where both go to one terminal
    quiet_errors(result, as_json=False)  # (a skipped input: error, hint)
    for note in () if quiet else result.notes():
        sys.stderr.write(safe(note) + "\n")


def _write_lines(result: Any, stream: Any, tty: bool) -> None:
    shown = safe if tty else str
    end = getattr(result, "line_end", "\n")  # search -Z -l: names end in their zero byte
    if hasattr(result, "color"):
        from pdftools.cli.colors import painter

        lines = result.output_lines(painter(result.color, tty, shown))
    else:
        lines = (shown(line) for line in result.output_lines())
    for line in lines:
        stream.write(line + end)


def _compact(numbers: list[int]) -> str:
    return ",".join(map(str, numbers))


def report_error(exc: PdftoolsError, *, as_json: bool) -> int:
    """Print an error to stderr (JSON with --json) and return its exit code."""
    if as_json:
        import json

        error = exc.to_dict()
        error.update({key: _byte_escapes(error[key]) for key in ("message", "hint") if isinstance(error.get(key), str)})
        text = json.dumps({"error": error}) + "\n"
    else:
        from pdftools.core.pathnames import shown

        detail = getattr(exc, "detail", None)
        lines = detail is not None and sys.stderr.isatty()  # a program's report, at a terminal: its own lines
        lead = exc.lead if lines else exc.message
        message, hint = (one_line(_byte_escapes(shown(text))) for text in (lead, exc.hint))  # a byte: `\xe9`
        report = "".join(f"    {safe(_byte_escapes(line))}\n" for line in (detail or "").splitlines()) if lines else ""
        text = f"error[{exc.code}]: {message}\n{report}  hint: {hint}\n"  # piped: two lines, whatever they quote
    try:
        sys.stderr.write(text)
        sys.stderr.flush()
    except OSError:  # standard error is closed or full (`2>&-`): the exit code still tells
        pass
    return exc.exit_code


_QUOTED_BYTE = re.compile(r"\\udc([89a-f][0-9a-f])")


def _byte_escapes(text: str) -> str:
    """A value an error quoted as Python does (`'caf\\udce9'`, its byte that is not UTF-8 held as a surrogate
    escape) with the byte as a terminal shows it, as error lines show a file name's: `caf\\xe9`."""
    return _QUOTED_BYTE.sub(r"\\x\1", text)


def stdout_gone() -> None:
    """Standard output failed (its reader went away, its disk is full, it is closed): what is left in its buffer
    can never be written, so later flushes write it to /dev/null instead of failing (and reporting) again."""
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, sys.stdout.fileno())
    os.close(null)


@contextlib.contextmanager
def stdout_writes() -> Iterator[None]:
    """Writing to standard output: a write that fails (but a broken pipe, which ends the command quietly) leaves
    the rest of its buffer to /dev/null (`stdout_gone`) and is the command's error (`unwritable`)."""
    try:
        yield
    except BrokenPipeError:
        raise
    except OSError as exc:
        stdout_gone()
        raise unwritable(exc) from None


def unwritable(exc: OSError) -> PdftoolsError:
    """Standard output could not take the result: a full disk (`> /dev/full`: DISK_FULL), a closed stream (`>&-`),
    a terminal that went away (EIO)."""
    import errno

    error = os_error(exc, "cannot write to standard output")
    if exc.errno == errno.EBADF:
        return type(error)(error.message, hint="Standard output is closed (`>&-`): redirect it (`> out.txt`, "
                                               "`> /dev/null`); a command that writes files prints no report with -q.")
    return error


class Streamer:
    """What an operation hands over as it goes (`task.emit`), printed at once, as grep prints each file's lines
    and pdftotext each page: a search's results file by file, a text's pages, a batch's rows (`RowPrinter`).
    With --json (and a search's -q) they are declined (False): the result is printed whole at the end, one JSON
    document, or not at all. `public` names temporary files as the user named them (`-`), as the result's
    printing does."""

    def __init__(self, as_json: bool, quiet: bool, public: Any) -> None:
        self.as_json, self.quiet, self.public = as_json, quiet, public
        self.rows = RowPrinter(as_json, quiet and not as_json)  # (--json's rows: data, whatever -q says)
        self.out = sys.stdout
        self.printed = False  # whether data went out (a stop then leaves it incomplete)

    def __call__(self, item: Any) -> bool:
        page = type(item).__name__ == "PageText"
        if not page and not callable(getattr(item, "output_lines", None)):
            self.rows(item)
            return True
        if self.as_json or (self.quiet and not page):  # (-q never silences text: it is data)
            return False
        tty = self.out.isatty()
        out = sys.stdout if tty else self.out  # a terminal: above the progress bar (rich's stand-in)
        with stdout_writes():
            self.printed = True
            (_write_page if page else _write_lines)(self.public(item), out, tty)
            out.flush()
        return True


class RowPrinter:
    """Batch rows on stdout as they finish: a JSON line each (--json, its `warnings` in it), else one line a
    file, file names as data (never markup), and its warnings as `warning:` lines on stderr. Taken before any
    progress bar starts, so a piped stdout gets the rows themselves.
    `quiet`: only the failed rows, on stderr."""

    def __init__(self, as_json: bool, quiet: bool = False) -> None:
        self.as_json, self.quiet, self.out = as_json, quiet, sys.stdout

    def __call__(self, row: Any) -> None:
        if self.quiet and row.error is None:
            return
        out = sys.stderr if self.quiet else self.out if not self.out.isatty() else sys.stdout  # a tty: above the bar
        if self.as_json:
            line = results.to_json(row, indent=None) + "\n"
        else:
            what = row.output if row.error is None else f"error[{row.error['code']}]: {row.error['message']}"
            line = one_line(f"{row.status:<7} {row.input} -> {what}") + "\n"
        try:
            out.write(line)
            out.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:  # (standard error's failures are not the batch's)
            if out is sys.stderr:
                return
            stdout_gone()
            raise unwritable(exc) from None
        if not self.as_json and not self.quiet and getattr(row, "warnings", None):  # (--json: in the row itself)
            with contextlib.suppress(OSError):
                sys.stderr.write("".join(f"warning: {one_line(warning)}\n" for warning in row.warnings))
                sys.stderr.flush()


class ProgressBar:
    """A rich progress bar on stderr, shown only on a terminal and only for work of more than a few steps."""

    def __init__(self, label: str, shown: bool = True) -> None:
        self.label, self.shown = label, shown
        self._said = label  # what the bar says before the bar (an op's words, else the command's name)
        self._progress: Any = None
        self._bar: Any = None

    def update(self, done: int, total: int, message: str = "") -> None:
        if self._progress is None:
            if total <= 3 or not self.shown or not sys.stderr.isatty():
                return
            from rich.progress import Progress

            self._progress = Progress(*self.columns(), console=_console(stderr=True), transient=True)
            self._progress.start()  # the bar opens with the op's own words: the command's name was a first frame
            self._bar = self._progress.add_task(message or self.label, total=total, completed=done)
            self._said = message or self.label
        self._said = message or self._said  # an update without words keeps the last ones (no flicker back)
        self._progress.update(self._bar, completed=done, total=total, description=self._said)

    @staticmethod
    def columns() -> list[Any]:
        """rich's columns but its time left: the message says it (a batch's `ETA`), once."""
        from rich.progress import BarColumn, TaskProgressColumn, TextColumn

        return [TextColumn("[progress.description]{task.description}"), BarColumn(), TaskProgressColumn()]

    def close(self) -> None:
        if self._progress is not None:
            self._progress.stop()
