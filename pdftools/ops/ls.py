"""List the PDFs in a folder, with page count, size, title and whether they are encrypted."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, ClassVar

from pdftools.core.inputs import exists
from pdftools.core.params import Cli, Mcp, Param
from pdftools.core.pathnames import glob_files
from pdftools.core.paths import folder_path, input_path, split_glob
from pdftools.errors import DamagedPdf, PdftoolsError

ANY_CASE_PDF = "*.[pP][dD][fF]"


@dataclass
class PdfEntry:
    __pydantic_config__ = {"use_attribute_docstrings": True}  # field docstrings become schema descriptions
    path: str
    """Relative to the listed folder."""
    size: int
    pages: int | None = None
    title: str | None = ""
    encrypted: bool | None = False
    """null (as title) when the file could not be read to tell (see `error`)."""
    error: str | None = None
    """The error code when the file cannot be read."""
    table_optional: ClassVar = ("error",)  # a person sees the column when a file has one
    table_unknown: ClassVar = ("encrypted",)  # null reads `unknown`: not read, neither yes nor no


@dataclass
class ListResult:
    __pydantic_config__ = {"use_attribute_docstrings": True}  # field docstrings become schema descriptions
    folder: str
    files: list[PdfEntry]
    total: int
    more: bool
    """True when more files matched than `limit`."""
    next: str | None = None
    """When `more`: how to list them all."""
    warnings: list[str] = field(default_factory=list)
    table_hidden: ClassVar = ("more",)  # a person reads `next`, which says it

    def reword_errors(self, reword: Callable[[str, str], str]) -> None:
        """`next` and the warnings in a front end's terms: `--limit 31` at a shell, `limit` over MCP."""
        self.next = reword(self.next, "ls") if self.next is not None else None
        self.warnings = [reword(warning, "ls") for warning in self.warnings]

    def cap_titles(self, most: int, call: str) -> None:
        """Each title cut to its first `most` characters, ending in `…`, and a warning that names the `call` (a
        front end's words, `{}` for its arguments) that gets the first cut one whole: a PDF's title may be as long
        as it likes, and a folder of them is no listing."""
        import json

        cut = [entry for entry in self.files if len(entry.title or "") > most]
        for entry in cut:
            entry.title = (entry.title or "")[:most] + "…"
        if cut:
            args = {"action": "show", "input": str(Path(self.folder) / cut[0].path), "key": "Title"}
            self.warnings.append(f"titles: {len(cut)} cut to their first {most:,} characters, ending in \"…\"; each "
                                 "whole: " + call.format(json.dumps(args, ensure_ascii=False)))


def ls(
    folder: Annotated[str, Param("Folder to search"), Cli(argument=True)] = ".",
    glob: Annotated[str, Param("File name pattern"), Cli("-g", "--glob")] = "*.pdf",
    recursive: Annotated[bool, Param("Search sub-folders too"), Cli("-r", "--recursive")] = False,
    limit: Annotated[int | None, Param("Most files to report{{cli: (default: all)}}; the result says when more "
                                       "matched", ge=1), Mcp(default=200)] = None,
) -> ListResult:
    if glob == "*.pdf" and _has_magic(folder) and not exists(folder):  # `ls 'scans/**/*.pdf'`: a folder and pattern
        base, glob = split_glob(folder)
        pattern = glob  # as written, as merge's and the shell's: `*.pdf` is not `SCAN001.PDF`
    else:
        base = folder_path(folder)
        pattern = ANY_CASE_PDF if glob == "*.pdf" else glob  # scanners write `SCAN001.PDF`; merge, search take it
    unread: list[tuple[Path, str]] = []  # subfolders the walk or the pattern went into that could not be listed
    paths = [p for p in glob_files(base, pattern, recursive=recursive, refused=unread)
             if not p.name.startswith(".")]
    shown = paths if limit is None else paths[:limit]
    more = len(paths) > len(shown)
    return ListResult(folder=str(base), files=[_entry(base, p) for p in shown], total=len(paths), more=more,
                      next=f"{len(shown)} of {len(paths)} listed: ask again with {{{{limit}}}} {len(paths)}"
                      if more else None, warnings=_unread(base, unread) if recursive or unread
                      else [] if paths else _subfolders(base, glob))


def _has_magic(text: str) -> bool:
    import glob as _glob

    return _glob.has_magic(text)


def _unread(base: Path, refused: list[tuple[Path, str]]) -> list[str]:
    """The subfolders a recursive listing (or a pattern that goes into subfolders, `**/*.pdf`: `refused`) could
    not read, said: their PDFs are not in it (`find` says so too)."""
    from pdftools.core.pathnames import not_read

    return not_read([(str(folder.relative_to(base)), words) for folder, words in refused], "listed")


def _subfolders(base: Path, glob: str) -> list[str]:
    """Nothing here, but subfolders: said, or the empty listing of a folder that holds its PDFs in subfolders (a
    root of years or clients) reads as no PDFs at all."""
    try:
        count = sum(1 for p in base.iterdir() if p.is_dir() and not p.name.startswith("."))
    except OSError:
        return []
    return [f"no file here matches {glob}, but the folder has {count} subfolder{'s' if count > 1 else ''}: give "
            "{{recursive}}{{mcp: true}} to list theirs"] if count else []


def _entry(base: Path, path: Path) -> PdfEntry:
    import pikepdf

    from pdftools.core.pdf import open_pdf
    from pdftools.document import metadata

    rel = str(path.relative_to(base))
    try:
        real = input_path(str(path))
        entry = PdfEntry(path=rel, size=real.stat().st_size)
        try:
            with open_pdf(real) as pdf:
                entry.pages, entry.encrypted = len(pdf.pages), pdf.is_encrypted  # an owner password only
                title = pdf.docinfo.get("/Title", "") if "/Info" in pdf.trailer else ""
                entry.title = metadata.text(title or "").strip()
        except DamagedPdf as damaged:  # poppler may still count what qpdf rejects
            from pdftools.engines import poppler

            fields = poppler.pdfinfo(real, damaged)
            entry.pages, entry.title = int(fields["Pages"]), fields.get("Title", "")
    except PdftoolsError as exc:
        entry = PdfEntry(path=rel, size=path.lstat().st_size, error=exc.code, title=None,
                         encrypted=True if exc.code == "ENCRYPTED" else None)  # not read: not known
    except pikepdf.PdfError:
        entry = PdfEntry(path=rel, size=path.lstat().st_size, error="DAMAGED_PDF", title=None, encrypted=None)
    return entry
