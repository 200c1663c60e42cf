"""List a PDF's form fields (types, values, options), fill them, or flatten them into the pages.

`fill` takes {{values}} `name=value`{{cli: (repeatable)}} and/or {{data}} JSON (`{"name": value}`, inline or a file);
checkboxes take yes/no, radio groups and choices one of their options{{mcp: (see `list`)}}, a multi-select list a JSON
array of them. Every value is checked before anything is written. `flatten` draws the fields into the page
content and removes the form{{cli: (other annotations stay; {{annotations}} draws those too)}}.{{cli:

{{data}} also takes the FDF and XFDF files pdftk fills forms from (as pdftk writes one for a form, edited): the
fields they leave empty are left as they are.}}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pdftools.core import results
from pdftools.core.edit import (
    Decrypt,
    Edited,
    Force,
    InPlace,
    Input,
    Linearize,
    ObjectStreams,
    Output,
    Pages,
    Password,
    open_job,
    select_pages,
    writes_nothing,
)
from pdftools.core.inputs import load_json
from pdftools.core.params import Cli, Mcp, Param
from pdftools.core.paths import input_path
from pdftools.core.pdf import open_pdf
from pdftools.document import fdf
from pdftools.document import forms as formfields
from pdftools.document.forms import FormField
from pdftools.errors import FileNotFound, InvalidArgument, IsADirectory, NoForm

COMMANDS = {
    "list": "List the form fields: names, types, values and options.",
    "fill": "Fill fields with {{values}} `name=value`{{cli: (repeatable)}} and/or {{data}} JSON (`{\"name\": value}`, "
            "inline or a file){{cli: or pdftk's FDF/XFDF file}}; every value is checked before anything is written.",
    "flatten": "Draw the fields into the page content and remove the form.",
}
WRITES = ("fill", "flatten")


@dataclass
class FormsResult:
    __pydantic_config__ = {"use_attribute_docstrings": True}  # field docstrings become schema descriptions
    input: str
    fields: list[FormField]
    """The fields (after the change; empty after flatten)."""
    filled: list[str] = field(default_factory=list)
    """Fields given a value."""
    flattened: int = 0
    """Widgets drawn into the pages."""
    written: Edited | None = None
    """The output, for fill and flatten."""
    warnings: list[str] = field(default_factory=list)

    listing = False  # (no field) a list, whose finding no field a person is told of
    pages_asked = ""  # the list's pages as given, for the note: not part of the result's data

    def notes(self) -> list[str]:
        """For people (the CLI's stderr): a list that found no field says so (a bare `input` row reads as cut)."""
        if not self.listing or self.fields or self.warnings:
            return []
        where = f" on pages {self.pages_asked}" if self.pages_asked else ""
        return [f"{results.input_name(self.input)} has no form fields{where}"]

    def cap_fields(self, most: int, rest: str) -> None:
        """Keep the first `most` fields, saying how many there are and how to see the others (`rest`): a
        form's thousands of fields (a tax return's) fill an agent's context."""
        if len(self.fields) > most:
            self.warnings.append(f"fields: {most} of {len(self.fields)} listed; {rest}")
            self.fields = self.fields[:most]

    @property
    def table_hidden(self) -> tuple[str, ...]:
        """A person reading a list (or a fill) need not read `flattened 0`; --json keeps it."""
        return ("flattened",) if not self.flattened else ()


def forms(
    action: Annotated[Literal["list", "fill", "flatten"], Param("list, fill (with {{values}}/{{data}}) or flatten"),
                      Cli(argument=True, commands=COMMANDS)],
    input: Input,
    values: Annotated[list[str] | None, Param("fill: `name=value`{{cli: (repeatable)}}"),
                      Cli("--set", metavar="NAME=VALUE", actions=("fill",))] = None,
    data: Annotated[str | None, Param('fill: {{cli:JSON }}{"name": value}, '
                                      '{{cli:inline or a file; or an FDF or XFDF file}}'
                                      '{{mcp:or a JSON/FDF/XFDF file}}'),
                    Cli(actions=("fill",), metavar="JSON", stdin=True),
                    Mcp(annotation=str | dict[str, Any] | None)] = None,
    annotations: Annotated[bool, Param("flatten: other annotations too{{cli: (comments, highlights, stamps that "
                                       "have an appearance), as qpdf --flatten-annotations=all}}"),
                           Cli(actions=("flatten",))] = False,
    pages: Annotated[Pages, Cli(actions=("list",), note="listed: the fields with a widget on them")] = None,
    output: Annotated[Output, Cli(actions=WRITES)] = None,
    in_place: Annotated[InPlace, Cli(actions=WRITES)] = False,
    force: Annotated[Force, Cli(actions=WRITES)] = False,
    password: Password = None,
    decrypt: Annotated[Decrypt, Cli(actions=WRITES)] = False,
    linearize: Annotated[Linearize, Cli(actions=WRITES)] = False,
    object_streams: Annotated[ObjectStreams, Cli(actions=WRITES)] = "preserve",
) -> FormsResult:
    wanted = _values(values, data)
    if bool(wanted) != (action == "fill"):
        problem = "`fill` needs at least one value" if not wanted else \
            f"{{{{values}}}} and {{{{data}}}} go with `fill`, not `{action}`"
        raise InvalidArgument(problem, hint="E.g. {{cli:`pdftools forms fill form.pdf --set Name=Ann --set Agree=yes`}}"
                                            '{{mcp:{{values}} ["Name=Ann", "Agree=yes"] or {{data}} {"Name": "Ann"}}}.')
    if action == "list":
        writes_nothing(action, output, in_place)
        src = input_path(input)
        pdf = open_pdf(src, password)
        chosen = set(select_pages(pages, len(pdf.pages), src)) if pages else None  # "": every page
        listed = FormsResult(input=str(src), fields=_described(pdf, chosen))
        listed.listing, listed.pages_asked = True, pages or ""
        return listed
    job = open_job(input, output, linearize=linearize, object_streams=object_streams,
                   suffix="filled" if action == "fill" else "flat", password=password,
                   in_place=in_place, force=force)
    flattened, warnings = 0, []
    if action == "fill":
        warnings = formfields.fill(formfields.wrapped(job.pdf, appearances=True), wanted)
        if formfields.drawn_by_producer(job.pdf):  # else viewers draw what the file does not hold (borders, ticks)
            formfields.draw_for_viewers(job.pdf, lenient=True)
    else:
        flattened = formfields.flatten(job.pdf, annotations=annotations)
    written = Edited(**job.save(decrypt))
    fields = _described(job.pdf) if action == "fill" else []
    return FormsResult(input=str(job.src), fields=fields, filled=list(wanted), flattened=flattened,
                       written=written, warnings=warnings)


def _described(pdf: Any, pages: set[int] | None = None) -> list[FormField]:
    """The form's fields; with `pages`, those with a widget on one of those pages."""
    try:
        fields = formfields.wrapped(pdf)
    except NoForm:  # listing no fields is an answer, not an error
        return []
    if pages is not None:
        on = formfields.pages_of(pdf)
        fields = {name: w for name, w in fields.items() if formfields.widget_pages(w, on) & pages}
    return [formfields.describe(name, w) for name, w in fields.items()]


def _values(pairs: list[str] | None, data: str | None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if data is not None:
        loaded = _data_file(data)
        loaded = load_json(data, "--data") if loaded is None else loaded
        if not isinstance(loaded, dict):
            raise InvalidArgument("--data must be a JSON object of field names and values",
                                  hint='E.g. {"Name": "Ann", "Agree": true}.')
        out.update(loaded)
    for pair in pairs or []:
        name, sep, value = pair.partition("=")
        if not sep:
            raise InvalidArgument(f"cannot read {pair!r} as name=value", hint="E.g. --set 'First Name=Ann'.")
        out[name] = value
    return out


def _data_file(data: Any) -> dict[str, Any] | None:
    """The values of an FDF or XFDF file (pdftk's fill_form data), or None when `data` is JSON (inline, a file)."""
    if not isinstance(data, str) or data.lstrip().startswith(("{", "[")):
        return None
    try:
        path = input_path(data, pdf=False)
        with path.open("rb") as fh:
            head = fh.read(1024)
            if fdf.kind(head) is None:
                return None
            return fdf.read(path, head + fh.read(), data)
    except (FileNotFound, IsADirectory):
        return None  # load_json says what is wrong
    except OSError as exc:
        raise InvalidArgument(f"cannot read --data from {data}: {exc.strerror or exc}") from None
