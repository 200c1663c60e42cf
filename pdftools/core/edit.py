"""What the ops that change one PDF share: their common parameters, where the output goes, how it is saved.

The output is a new file (default: beside the input, named after the operation: `report-rotated.pdf`) or,
with `in_place`, the input itself; either way it is written to a temporary file and renamed into place. An
encrypted input's output keeps its encryption (same passwords and permissions) unless `decrypt` is given.
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pdftools.core.outputs import check_output
from pdftools.core.pages import check_spec, parse_pages, parse_turned
from pdftools.core.params import Cli, MaxChars, Mcp, Offset, Param, StartPage
from pdftools.core.params import Input as Input  # the ops' shared parameters, in one import
from pdftools.core.params import Pages as Pages
from pdftools.core.params import Password as Password
from pdftools.core.paths import file_output_path, input_path, output_path, pdf_output_path, policy
from pdftools.core.pdf import UNLINEARIZABLE, Keys, open_pdf, save_pdf, true_count
from pdftools.core.pipes import to_pipe
from pdftools.errors import FileNotFound, InvalidArgument, NoPages, OutputIsInput, PdftoolsError

if TYPE_CHECKING:
    import pikepdf

Output = Annotated[
    str | None, Param("Output PDF (default: beside the input)"),
    Cli("-o", "--output", note="`-`: standard output"),
]
InPlace = Annotated[bool, Param("Replace the input (atomically)")]
Force = Annotated[bool, Param("Overwrite an existing output")]
Decrypt = Annotated[bool, Param("Drop the input's encryption (kept by default)")]
# The parameters most ops share, by the name they take in every signature. A front end may say what they mean
# once rather than with every op (the MCP server, in its instructions: see mcp/listing.py).
SHARED = {"input": Input, "output": Output, "in_place": InPlace, "force": Force, "password": Password,
          "decrypt": Decrypt, "pages": Pages, "max_chars": MaxChars, "start_page": StartPage, "offset": Offset}
# How the output is written, on every command that writes a PDF. Command line only: over MCP they would cost
# every tool's schema two parameters; an agent calls pdf_linearize, which takes both, on the result instead.
Linearize = Annotated[bool, Param("Linearize the output (fast web view: the first page shows before the rest "
                                  "arrives)"), Mcp(hidden=True)]
StreamMode = Literal["preserve", "generate", "disable"]
ObjectStreams = Annotated[StreamMode, Param("Object streams in the output: `preserve` the input's, `generate` "
                                            "(smaller), `disable` (for old readers)"), Mcp(hidden=True)]


def saving(linearize: bool = False, object_streams: str = "preserve") -> dict[str, Any]:
    """pikepdf's save options for --linearize and --object-streams."""
    import pikepdf

    return {"linearize": linearize, "object_stream_mode": pikepdf.ObjectStreamMode[object_streams]}


@dataclass
class Edited:
    """What every op that writes a PDF reports; each op's result adds what it changed."""

    __pydantic_config__ = {"use_attribute_docstrings": True}  # field docstrings become schema descriptions
    input: str
    output: str
    pages: int
    """Pages in the output."""
    size: int
    """Bytes written."""
    encrypted: bool
    """The output is encrypted (it kept the input's encryption)."""
    recovered: list[str] = field(default_factory=list, kw_only=True)
    """The input was damaged: what qpdf repaired while reading it (the output has only what could be read)."""


@dataclass
class Job:
    """An input opened for editing and the path its output goes to."""

    src: Path
    out: Path
    pdf: pikepdf.Pdf
    in_place: bool
    options: dict[str, Any] = field(default_factory=dict)  # save options (--linearize, --object-streams)

    def save(self, decrypt: bool = False, check: Callable[[int], None] | None = None,
             encryption: Any = None, **options: Any) -> dict[str, Any]:
        """Write the output atomically; return the fields of `Edited`. `encryption` (pikepdf's: an
        Encryption, or False) replaces the input's own (protect, unprotect)."""
        encrypt = (self.pdf.is_encrypted and not decrypt) if encryption is None else encryption
        mode = self.src.stat().st_mode if self.in_place else None
        size = save_pdf(self.pdf, self.out, min_version=self.pdf.pdf_version, check=check,
                        encryption=encrypt, **{**self.options, **options})
        if mode is not None:
            os.chmod(self.out, mode & 0o7777)  # in place: the file keeps its permissions
        return {"input": str(self.src), "output": str(self.out), "pages": len(self.pdf.pages), "size": size,
                "encrypted": encrypt is not False, "recovered": recovered(self.pdf, str(self.src))}


def recovered(pdf: pikepdf.Pdf, label: str, most: int = 20) -> list[str]:
    """What qpdf repaired while reading a damaged input (since opening it), with a first line that says so."""
    notes = [str(w).replace(label, "").lstrip(" :,") for w in pdf.get_warnings()]
    if not notes:
        return []
    more = [f"... and {len(notes) - most} more"] if len(notes) > most else []
    return [f"the input was damaged and was recovered ({len(notes)} repair(s)); the output has only what could "
            f"be read: `pdftools check {label}` lists what was lost", *notes[:most], *more]


def open_job(input: str, output: str | None, *, suffix: str, password: Keys, in_place: bool = False,
             force: bool = False, others: list[Path] | None = None, linearize: bool = False,
             object_streams: str = "preserve", exact: bool = False) -> Job:
    """Resolve the input and the output (checked before any work is done: it is none of the inputs, `others`
    included) and open the input (`exact`: with the password as given, see open_pdf)."""
    src, out = paths_of(input, output, suffix=suffix, in_place=in_place, force=force, others=others)
    pdf = open_pdf(src, password, exact=exact)
    true_count(pdf)
    if linearize and not len(pdf.pages):
        raise NoPages(f"{src} has no pages, so it cannot be linearized", hint=UNLINEARIZABLE)
    return Job(src=src, out=out, pdf=pdf, in_place=in_place, options=saving(linearize, object_streams))


def paths_of(input: str, output: str | None, *, suffix: str, in_place: bool = False, force: bool = False,
             others: list[Path] | None = None) -> tuple[Path, Path]:
    """The input and the output path, checked before any work is done (the output is none of the inputs)."""
    if in_place and (output is not None or input == "-"):
        raise InvalidArgument("{{in_place}} replaces a file given by name, so it takes {{cli:neither {{output}} nor "
                              "`-`}}{{mcp:no {{output}}}}")
    out = pdf_output_path("-") if not in_place and to_pipe(input, output) else None  # before stdin is read
    src = input_path(input)
    if in_place:
        policy().in_place(src)  # (over HTTP a stored file never changes)
    if out is None:  # in place through a symbolic link: its file is replaced, the link stays (as MCP resolves it);
        # else the file as it was named (`a.pdf`, as its input is shown)
        out = (Path(os.path.realpath(src)) if src.is_symlink() else src) if in_place else _output(src, output, suffix)
    if not in_place:
        try:
            check_output(out, [src, *(others or [])], force=force)
        except OutputIsInput as exc:  # asked to change the file itself (an agent names it twice): say how
            if os.path.realpath(out) != os.path.realpath(src):
                raise
            raise OutputIsInput(exc.message, hint="To change the input itself, give `{{in_place}}` instead of "
                                                  "`{{output}}`; else choose another output.") from None
    return src, out


def _output(src: Path, output: str | None, suffix: str) -> Path:
    if output is not None:
        return file_output_path(output)
    return output_path(str(src.with_name(f"{src.stem}-{suffix}.pdf")))


def file_first(command: str, input: str, pages: str) -> None:
    """`select 1-3 book.pdf`, the pages first (as pdfcpu's `-pages` comes before its file): a missing input that
    reads as pages, while the pages argument names an existing file, is refused with the order that works."""
    try:
        if input == "-" or policy().input(input).exists() or not policy().input(pages).is_file():
            return
        check_spec(input)
    except PdftoolsError:  # not pages, or a path the policy refuses: the usual error comes when it is opened
        return
    raise FileNotFound(f"no such file: {input}",
                       hint=f"{{{{cli:The file comes first, then the pages: `pdftools {command} "
                            f"{shlex.quote(pages)} {shlex.quote(input)}`.}}}}{{{{mcp:{{{{input}}}} is the file "
                            f"and {{{{pages}}}} the pages: {pages!r} is a file, {input!r} reads as pages.}}}}")


def select_pages(spec: str | None, count: int, name: str | Path = "the PDF") -> list[int]:
    """Page numbers (1-based) for a spec; a document without pages, or an empty selection (`even` of one
    page), is an error naming the file (`name`)."""
    if count == 0:
        raise NoPages(f"{name} has no pages")
    return parse_pages(spec, count, name)


def select_turned(spec: str | None, count: int, name: str | Path = "the PDF") -> list[tuple[int, str | None]]:
    """`select_pages`, each page with pdftk's rotation word of its item (`1-3east`; None: as it is)."""
    if count == 0:
        raise NoPages(f"{name} has no pages")
    return parse_turned(spec, count, name)


def writes_nothing(action: str, output: str | None, in_place: bool) -> None:
    """Refuse output options for an action that only reads (`metadata show`, `forms list`...)."""
    if output is not None or in_place:
        raise InvalidArgument(f"{action} writes no PDF, so it takes neither --output nor --in-place")
