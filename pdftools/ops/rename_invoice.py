"""Rename invoice PDFs from what they say: date, issuer, number, total, currency.

Fields come from an embedded e-invoice XML (ZUGFeRD, Factur-X, XRechnung: exact; {{cli:`--no-xml`}}{{mcp:`xml`
false}} reads only the pages), else the text (labels and layout in six languages; OCR for scans), or YAML
templates. Each has a confidence and a source; files with a pattern field missing or under {{threshold}} keep
their name, as do orders (ORDER-X). Read from the pages, a file is renamed only when its total is sure too (a
wrong name is worse than a skip). Collisions get `_2`; nothing is overwritten.
A dry run only shows the plan. Every file gets a row.

{{mcp:A dry run unless {{apply}}. Nothing is overwritten.}}
"""

from __future__ import annotations

import errno
import os
import string
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, ClassVar, Literal

from pdftools.core import task
from pdftools.core.foreign_errors import unexpected
from pdftools.core.inputs import named
from pdftools.core.naming import fit, render
from pdftools.core.params import Cli, Mcp, Param, Password
from pdftools.core.paths import output_folder, output_path, renamed_path
from pdftools.errors import Interrupted, InvalidArgument, NoInputs, PdftoolsError, PermissionDenied, Timeout, verbatim
from pdftools.invoice import reader as invoice
from pdftools.invoice import rename
from pdftools.invoice.fields import FIELDS, Found, Options, Reading
from pdftools.invoice.templates import load

Status = Literal["renamed", "copied", "planned", "unchanged", "skipped", "error"]


@dataclass
class InvoiceRow:
    __pydantic_config__ = {"use_attribute_docstrings": True}  # field docstrings become schema descriptions
    file: str
    status: Status
    new_path: str | None = None
    reason: str | None = None
    """Why skipped; or the error and what to do."""
    error: str | None = None
    """Error code, e.g. ENCRYPTED."""
    fields: dict[str, Found] = field(default_factory=dict)
    """issuer, number, date, amount, currency: those found."""
    warnings: list[str] = field(default_factory=list)

    # what a person sees (--json has all): the file as found, the folder as given and the path inside it (`a/x.pdf`
    # and `b/x.pdf` apart), and its new name
    table_columns: ClassVar = ("file", "status", "new_name", "note")
    table_rows: ClassVar = None  # a plan is read in full

    @property
    def name(self) -> str:
        return Path(self.file).name

    @property
    def new_name(self) -> str:
        return Path(self.new_path).name if self.new_path else ""

    @property
    def note(self) -> str:
        return "; ".join(filter(None, [self.error, self.reason, *self.warnings]))


@dataclass
class RenameResult:
    __pydantic_config__ = {"use_attribute_docstrings": True}  # field docstrings become schema descriptions
    applied: bool
    """False for a dry run."""
    pattern: str
    files: list[InvoiceRow]
    renamed: int
    copied: int
    planned: int
    """What a dry run would rename or copy."""
    skipped: int
    errors: int
    warnings: list[str] = field(default_factory=list)


    def reword_errors(self, reword: Callable[[str, str], str]) -> None:
        """Why each file kept its name (an error and what to do) in a front end's terms (`reword(text, command)`)."""
        for row in self.files:
            if row.reason:
                row.reason = reword(row.reason, "rename-invoice")

    def cap_plan(self, most: int, detailed: int, rest: str) -> None:
        """A plan of more than `detailed` files lists those that keep their name (or have a warning) first: what
        a reader must look at; the first `detailed` rows keep their fields, the others' are left out (a new name
        shows them); at most `most` rows, and a warning that says so and how to see the others (`rest`)."""
        total = len(self.files)
        if total <= detailed:
            return
        self.files = sorted(self.files, key=lambda row: not (row.reason or row.warnings))[:most]
        for row in self.files[detailed:]:
            row.fields = {}
        listed = f"{len(self.files)} of {total} listed" + (f"; {rest}" if total > most else "")
        self.warnings.append(f"files: {listed}, those that keep their name first; fields shown for the first "
                             f"{detailed} (a new name shows the others')")
    @property
    def table_hidden(self) -> tuple[str, ...]:
        """A person reads the counts of what happened (a dry run: planned; applied: renamed or copied)."""
        if not self.applied:
            return ("renamed", "copied")
        if not self.copied or not self.renamed:
            return ("planned", "renamed" if self.copied else "copied")
        return ("planned",)


def rename_invoice(
    inputs: Annotated[list[str], Param("Invoice PDFs: files, globs or folders", min_length=1),
                      Cli(argument=True, metavar="INPUT...")],
    pattern: Annotated[str, Param("New name: {date} {issuer} {number} {amount} {currency} {stem}, e.g. {date:%Y-%m}"),
                       Cli("-p", "--pattern")] = "{date}_{issuer}_{number}.pdf",
    apply: Annotated[bool, Param("Rename the files{{mcp: (false: only show the plan)}}"), Cli("--apply/--dry-run"),
                     Mcp(default=False)] = True,
    copy_to: Annotated[str | None, Param("Copy into this folder instead of renaming")] = None,
    recursive: Annotated[bool, Param("Include sub-folders"), Cli("-r", "--recursive")] = False,
    threshold: Annotated[float, Param("Lowest confidence of the pattern's fields", ge=0, le=1)] = 0.7,
    date_order: Annotated[Literal["auto", "dmy", "mdy"], Param("How to read 03/05/2024")] = "auto",
    templates: Annotated[str | None, Param("YAML vendor templates: a file or folder")] = None,
    ocr: Annotated[bool, Param("OCR scans without a text layer"), Cli("--ocr/--no-ocr")] = True,
    xml: Annotated[bool, Param("Read an embedded e-invoice XML"),
                   Cli("--xml/--no-xml")] = True,
    check_pages: Annotated[bool, Param("Warn of XML values the pages do not show")] = False,
    language: Annotated[str | None, Param("OCR languages (default: installed ones of eng+deu+fra+nld+spa+ita)"),
                        Cli("-l", "--language")] = None,
    password: Password = None,
) -> RenameResult:
    wanted = _check_pattern(pattern)
    options = Options(date_order=date_order, ocr=ocr, language=language, xml=xml, check_pages=check_pages,
                      templates=load(templates) if templates else [])
    files, refused = _gathered(inputs, recursive)
    target = output_folder(copy_to) if copy_to else None
    warnings: list[str] = []
    folders = {target} if target else {p.parent for p in files}
    if apply:
        if target is not None:
            _make_folder(target)
        rename.check_writable(folders)
    else:
        warnings += [f"cannot write to {f}: renaming would fail" for f in sorted(folders)
                     if f.exists() and not os.access(f, os.W_OK | os.X_OK)]
    progress = task.Counter(len(files), "reading invoices")
    readings = task.map_threads(lambda p: _read(p, password, options, progress), files, os.cpu_count() or 1)
    rows = [_decide(path, reading, pattern, wanted, threshold) for path, reading in zip(files, readings, strict=True)]
    names = rename.Names()
    for path, row in zip(files, rows, strict=True):
        if row.status == "planned":
            _place(path, row, target or path.parent, names, apply=apply, copy=target is not None)
    rows = [*(_unread(name, words) for name, words in refused), *rows]
    return RenameResult(applied=apply, pattern=pattern, files=rows,
                        renamed=sum(r.status == "renamed" for r in rows),
                        copied=sum(r.status == "copied" for r in rows),
                        planned=sum(r.status == "planned" for r in rows),
                        skipped=sum(r.status == "skipped" for r in rows),
                        errors=sum(r.status == "error" for r in rows), warnings=warnings)


def _gathered(inputs: list[str], recursive: bool) -> tuple[list[Path], list[tuple[str, str]]]:
    """The PDFs the inputs name, each once, and the subfolders a recursive walk could not read (each name with its
    error's words: `permission denied`), which it passes over; a folder whose only subfolders could not be read
    names none of its own, and is no error: those say why."""
    files: dict[Path, None] = {}
    refused: list[tuple[str, str]] = []
    for spec in inputs:
        said = len(refused)
        try:
            files.update((path, None) for path, _ in named(spec, recursive=recursive, refused=refused))
        except NoInputs:
            if len(refused) == said:
                raise
    return list(files), refused


def _unread(name: str, words: str) -> InvoiceRow:
    """A subfolder a recursive walk could not read (`words`: its error's), as a row: its invoices keep their names
    unread, as batch -r says such a folder in a failed row and search -r in a skipped input."""
    from pdftools.core.pathnames import folder_error

    error = folder_error(name, words, "Its invoices were not read; give a folder you may read.")
    return InvoiceRow(file=name, status="error", error=error.code, reason=_sentences(error))


def _check_pattern(pattern: str) -> set[str]:
    """The invoice fields the pattern uses; a pattern that cannot make a PDF name is refused up front."""
    if not pattern.lower().endswith(".pdf"):
        raise InvalidArgument(f"the pattern {verbatim(repr(pattern))} must end in .pdf")
    import datetime as dt
    from decimal import Decimal

    render(pattern, date=dt.date(2024, 3, 5), issuer="Issuer", number="1", amount=Decimal("1.00"), currency="EUR",
           stem="stem")
    used = {name for _, name, _, _ in string.Formatter().parse(pattern) if name}
    return used & set(FIELDS)


def _read(path: Path, password: str | None, options: Options, progress: task.Counter) -> Reading | PdftoolsError:
    """One invoice read (its inner steps report no progress of their own); an error is its result."""
    try:
        with task.muted():
            return invoice.read_invoice(path, password, options)
    except (Interrupted, Timeout):
        raise
    except PdftoolsError as exc:
        return exc
    except Exception as exc:  # one broken file must not stop the batch
        return unexpected(exc)
    finally:
        progress.add()


def _sentences(exc: PdftoolsError) -> str:
    """The message and the hint as one text: `message. hint` (a message that ends a sentence keeps its stop)."""
    message = exc.message.rstrip()
    return f"{message}{'' if message.endswith(('.', '!', '?')) else '.'} {exc.hint}"


def _decide(path: Path, reading: Reading | PdftoolsError, pattern: str, wanted: set[str],
            threshold: float) -> InvoiceRow:
    """The row for one file: its new name, or why it keeps its name."""
    if isinstance(reading, PdftoolsError):
        return InvoiceRow(file=str(path), status="error", error=reading.code,
                          reason=_sentences(reading))
    row = InvoiceRow(file=str(path), status="skipped", fields=reading.fields, warnings=reading.warnings)
    found = reading.fields
    if reading.not_invoice:
        row.reason = reading.not_invoice
        return row
    if "number" not in found and "amount" not in found:
        row.reason = "no invoice fields found"
        return row
    missing = sorted(key for key in wanted if key not in found)
    unsure = [f"{key} {verbatim(repr(f.value))} ({f.confidence:.2f}: {f.how})" for key in sorted(wanted)
              if (f := found.get(key)) is not None and f.confidence < threshold]
    if missing or unsure:
        row.reason = "; ".join([*(f"no {key} found" for key in missing), *(f"uncertain {u}" for u in unsure)])
        return row
    unread = _uncorroborated(found, threshold)
    if unread:
        row.reason = unread
        return row
    values = {key: reading.values.get(key, "") for key in FIELDS}
    row.new_path, row.status = fit(render(pattern, stem=path.stem, **values)), "planned"
    return row


def _uncorroborated(found: dict[str, Found], threshold: float) -> str | None:
    """Why a reading from the pages is not trusted as a whole although its name's fields are: an invoice
    whose total cannot be read for sure is not understood, so its number, date and issuer are not taken on
    their own (a wrong name is worse than a skip). Fields from an e-invoice XML need no such check."""
    if all(f.source == "xml" for f in found.values()):
        return None
    total = found.get("amount")
    if total is None:
        return "no total found: the reading of the pages is not confirmed"
    if total.confidence < threshold:
        return (f"uncertain total {verbatim(repr(total.value))} ({total.confidence:.2f}: {total.how}): the reading is "
                "not confirmed")
    return None


def _make_folder(folder: Path) -> None:
    """The --copy-to folder, made when missing (as `mkdir -p` does)."""
    from pdftools.core.foreign_errors import os_error

    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise os_error(exc, f"cannot make the folder {verbatim(folder)}") from None


def _place(path: Path, row: InvoiceRow, folder: Path, names: rename.Names, *, apply: bool, copy: bool) -> None:
    """Choose the free name (suffixed on a collision) and, when applying, rename or copy the file to it."""
    wanted = row.new_path or ""
    try:
        for _ in range(rename.MAX_SUFFIX):
            name, already = names.plan(path, folder, wanted, copy=copy)
            target = output_path(str(folder / name)) if copy else renamed_path(path, str(folder / name))
            row.new_path = str(target)
            if already:
                row.status = "unchanged"
                return
            if not apply:
                names.done(path, target, copy=copy)
                _note_suffix(row, wanted, name)
                return
            try:
                (rename.copy if copy else rename.move)(path, target)
            except FileExistsError:  # taken meanwhile by someone else: try the next suffix
                names.taken(target)
                continue
            names.done(path, target, copy=copy)
            row.status = "copied" if copy else "renamed"
            _note_suffix(row, wanted, name)
            return
    except PdftoolsError as exc:
        row.status, row.error, row.reason, row.new_path = "error", exc.code, _sentences(exc), None
    except OSError as exc:  # the file stays where it was: a link that was made is removed again
        denied = exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS)
        failed = PermissionDenied if denied else PdftoolsError
        row.status, row.error, row.new_path = "error", failed.code, None
        row.reason = f"cannot {'copy' if copy else 'rename'} {verbatim(path.name)}: {exc.strerror}. {failed.hint}"


def _note_suffix(row: InvoiceRow, wanted: str, name: str) -> None:
    if name != wanted:
        suffix = name.removeprefix(wanted.removesuffix(".pdf")).removesuffix(".pdf")
        row.warnings.append(f"the name is taken: added {suffix}")
