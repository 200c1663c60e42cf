"""Delete pages: `2`, `1-3,7`, `even`, `last`.

The rest of the PDF stays as it was (each page keeps its label). Deleted pages are removed completely, with
the bookmarks, named destinations and form fields that pointed at them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

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
    file_first,
    open_job,
    select_pages,
)
from pdftools.core.params import Cli, Param
from pdftools.document.arrange import arrange
from pdftools.errors import InvalidArgument


@dataclass
class DeleteResult(Edited):
    deleted: list[int]
    warnings: list[str]


def delete(
    input: Input,
    pages: Annotated[str, Param("Pages to delete: `2`, `1-3,7`, `even`, `last`"), Cli(argument=True)],
    output: Output = None,
    in_place: InPlace = False,
    force: Force = False,
    password: Password = None,
    decrypt: Decrypt = False,
    linearize: Linearize = False,
    object_streams: ObjectStreams = "preserve",
) -> DeleteResult:
    file_first("delete", input, pages)
    job = open_job(input, output, linearize=linearize, object_streams=object_streams,
                   suffix="deleted", password=password, in_place=in_place, force=force)
    count = len(job.pdf.pages)
    deleted = sorted(set(select_pages(pages, count, job.src)))
    if len(deleted) == count:
        raise InvalidArgument(f"deleting {pages!r} would leave no pages", hint="A PDF needs at least one page.")
    gone = set(deleted)  # (looked up in the sorted list, each page took as long as the pages deleted)
    warnings = arrange(job.pdf, [i for i in range(count) if i + 1 not in gone])
    return DeleteResult(**job.save(decrypt), deleted=deleted, warnings=warnings)
