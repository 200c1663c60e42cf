"""Show or set page labels, the page numbers a viewer shows: `i, ii, iii` for the front matter, then `1, 2, 3`.

{{scheme}} `1:i,5:1` numbers pages from 1 in lower-case roman and from 5 in arabic from 1. Each item is a
first page and its label as it should read: `iii` starts roman at 3, `A-1` is prefix `A-` with 1, 2, 3, `a`
letters, `I` upper-case roman, `Cover` a label without a number. qpdf's `--set-page-labels` items work
too: `1:r 5:D`, `1:D/1/A-`. {{clear}} removes them; neither shows them.

{{mcp:{{scheme}} `1:i,5:1`: roman from page 1, arabic from 1 at page 5; a label as it reads: `iii`, `A-1`, `a`,
`I`, `Cover`.}}
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated

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
    Password,
    open_job,
    writes_nothing,
)
from pdftools.core.params import Cli, Param
from pdftools.core.paths import input_path
from pdftools.core.pdf import open_pdf, true_count
from pdftools.document import labels as pagelabels
from pdftools.document.labels import LabelRange
from pdftools.errors import InvalidArgument

if TYPE_CHECKING:
    import pikepdf


@dataclass
class LabelsResult:
    __pydantic_config__ = {"use_attribute_docstrings": True}  # field docstrings become schema descriptions
    input: str
    labels: list[str]
    """Each page's label, in page order (the page numbers themselves when the PDF has none)."""
    ranges: list[LabelRange] = field(default_factory=list)
    written: Edited | None = None
    """The output, when labels were set or cleared."""

    warnings: list[str] = field(default_factory=list)

    def cap_labels(self, most_labels: int, most_ranges: int, rest: str) -> None:
        """The first `most_labels` labels and `most_ranges` ranges, saying so and where the others are (`rest`):
        5,000 pages, each its own range, made 370 kB."""
        if len(self.labels) > most_labels:
            self.warnings.append(f"labels: those of pages 1-{most_labels} of {len(self.labels)}; {rest}")
            self.labels = self.labels[:most_labels]
        if len(self.ranges) > most_ranges:
            self.warnings.append(f"ranges: {most_ranges} of {len(self.ranges)} listed; {rest}")
            self.ranges = self.ranges[:most_ranges]

    def output_lines(self) -> Iterator[str]:
        """A person's and grep's view: `page<TAB>label`, one page a line, a line break in a label shown as `\\n`
        or `\\r` and a tab as `\\t`, so that `cut -f2` gets the label whole (--json has the list as it is)."""
        return (f"{number}\t" + label.replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t")
                for number, label in enumerate(self.labels, 1))

    def notes(self) -> Iterator[str]:
        if self.written is not None:
            output = self.written.output.replace("\n", "\\n").replace("\r", "\\r")  # one line, as the labels
            yield f"wrote {output} ({self.written.pages} pages, {self.written.size:,} bytes)"
        yield from (f"warning: {warning}" for warning in self.warnings)  # lines of data print no warnings row


def labels(
    input: Input,
    scheme: Annotated[str | None, Param("Labels to set: `1:i,5:1` (first page:first label, ...)"),
                      Cli("--set", metavar="SCHEME")] = None,
    clear: Annotated[bool, Param("Remove all page labels")] = False,
    output: Output = None,
    in_place: InPlace = False,
    force: Force = False,
    password: Password = None,
    decrypt: Decrypt = False,
    linearize: Linearize = False,
    object_streams: ObjectStreams = "preserve",
) -> LabelsResult:
    if scheme is not None and clear:
        raise InvalidArgument("give --set or --clear, not both")
    if scheme is None and not clear:
        writes_nothing("showing labels", output, in_place)
        src = input_path(input)
        with open_pdf(src, password) as pdf:
            true_count(pdf)
            return LabelsResult(input=str(src), labels=_labels(pdf),
                                ranges=pagelabels.read(pdf))
    job = open_job(input, output, linearize=linearize, object_streams=object_streams,
                   suffix="labeled", password=password, in_place=in_place, force=force)
    warnings: list[str] = []
    if clear:
        if "/PageLabels" in job.pdf.Root:
            del job.pdf.Root["/PageLabels"]
    else:
        pagelabels.write(job.pdf, pagelabels.parse_scheme(scheme or "", len(job.pdf.pages), warnings,
                                                           results.input_name(input, job.src)))
    written = Edited(**job.save(decrypt))
    return LabelsResult(input=str(job.src), labels=_labels(job.pdf),
                        ranges=pagelabels.read(job.pdf), written=written, warnings=warnings)


def _labels(pdf: pikepdf.Pdf) -> list[str]:
    return [str(page.label) for page in pdf.pages]  # qpdf's reading of the labels (a str: the stub says a method)
