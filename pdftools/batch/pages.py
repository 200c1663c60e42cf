"""One huge document on every worker: cut into page ranges, each range a task, put back together.

For ocr (`pages_per_task`): a document longer than that is cut (pikepdf) into parts in the staging folder,
which every worker sees; the parts are OCRed wherever the executor sends them; when the last one is in, the
coordinator puts each page's new content (the image and its invisible text) back into the original document,
so its outline, links, forms and metadata stay, and writes it whole into the staging folder, whence it is
published as any file's output. A part that fails fails the file; nothing partial is published.
"""

from __future__ import annotations

import shutil
import uuid
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from pdftools.batch.plan import FileJob
from pdftools.batch.work import BatchRow
from pdftools.errors import PdftoolsError

if TYPE_CHECKING:
    from pdftools.core.pdf import Keys


@dataclass
class _Whole:
    job: FileJob
    parts: list[BatchRow | None]
    failed: tuple[BatchRow, tuple[int, int]] | None = None
    left: int = 0
    workers: set[str] = field(default_factory=set)
    warnings: dict[int, list[str]] = field(default_factory=dict)  # the parts' by index, each saying its pages


class Assembler:
    def __init__(self, per_task: int, staging: Path, password: Keys) -> None:
        self.per_task, self.password = per_task, password
        self.folder = staging / f"parts-{uuid.uuid4().hex[:8]}"
        self.wholes: dict[str, _Whole] = {}
        self.on_cut: Callable[[int], None] = lambda parts: None  # told each document's parts (the progress)

    def units(self, jobs: Iterable[FileJob]) -> Iterator[FileJob]:
        """The jobs, each long document's replaced by its parts (cut lazily, as the executor asks)."""
        for job in jobs:
            try:
                parts = self._cut(job)
            except (PdftoolsError, OSError, ValueError):  # not a PDF, a wrong password...: the worker says so
                parts = []
            if not parts:
                yield job
                continue
            self.wholes[job.key] = _Whole(job, [None] * len(parts), left=len(parts))
            self.on_cut(len(parts))
            yield from parts

    def _cut(self, job: FileJob) -> list[FileJob]:
        import pikepdf

        from pdftools.core.pdf import open_pdf, save_pdf

        with open_pdf(Path(job.input), self.password) as pdf:
            count = len(pdf.pages)
            if count <= self.per_task:
                return []
            folder = self.folder / job.key
            folder.mkdir(parents=True)
            parts = []
            for index, first in enumerate(range(1, count + 1, self.per_task)):
                last = min(first + self.per_task - 1, count)
                part = pikepdf.new()
                part.pages.extend(pdf.pages[first - 1:last])
                source = folder / f"{index:05}.pdf"
                save_pdf(part, source)
                options = {k: v for k, v in job.options.items() if k != "password"}  # parts are not encrypted
                parts.append(replace(job, input=str(source), target=str(folder / f"{index:05}-done.pdf"),
                                     options=options, pages=(first, last), extra={"index": index}))
            return parts

    def collect(self, part: FileJob, row: BatchRow) -> BatchRow | None:
        """Take a part's row; the whole file's row once its last part is in."""
        whole = self.wholes[part.key]
        whole.left -= 1
        whole.workers.add(row.worker or "")
        if row.status != "ok":
            whole.failed = whole.failed or (row, part.pages or (0, 0))
        else:
            whole.parts[part.extra["index"]] = row
            first, last = part.pages or (0, 0)
            whole.warnings[part.extra["index"]] = [f"pages {first}-{last}: {w.replace(part.input, whole.job.input)}"
                                                   for w in row.warnings]
        if whole.left:
            return None
        del self.wholes[part.key]
        job = whole.job
        seconds = round(sum(r.seconds for r in whole.parts if r is not None), 3)
        workers = ",".join(sorted(w for w in whole.workers if w))
        if whole.failed is not None:
            failed, (first, last) = whole.failed
            error = {**(failed.error or {})}
            error["message"] = f"pages {first}-{last}: {error.get('message', '')}"
            return BatchRow(input=job.input, status="failed", error=error, seconds=seconds, worker=workers,
                            key=job.key)
        staged = self.folder / job.key / "whole.pdf"
        try:
            pages = self._assemble(job, [Path(r.output or "") for r in whole.parts if r is not None], staged)
        except PdftoolsError as exc:
            return BatchRow(input=job.input, status="failed", error=exc.to_dict(), key=job.key, worker=workers)
        return BatchRow(input=job.input, status="ok", output=job.target, pages=pages, seconds=seconds,
                        worker=workers, key=job.key, staged=str(staged),
                        warnings=[w for index in sorted(whole.warnings) for w in whole.warnings[index]])  # page order

    def _assemble(self, job: FileJob, outputs: list[Path], staged: Path) -> int:
        """Each page of the original gets its part's page content and resources; then one save, into `staged`."""
        import pikepdf

        from pdftools.core.pdf import open_pdf, reproducible, save_pdf

        with open_pdf(Path(job.input), self.password) as pdf:
            pages = iter(pdf.pages)
            for path in outputs:
                with pikepdf.open(path) as part:
                    for done in part.pages:
                        page, copied = next(pages), pdf.copy_foreign(done.obj)
                        page.obj.Contents, page.obj.Resources = copied.Contents, copied.Resources
                        if "/Rotate" in copied:
                            page.obj.Rotate = copied.Rotate
            token = reproducible.set(True)
            try:
                save_pdf(pdf, staged, min_version=pdf.pdf_version)
            finally:
                reproducible.reset(token)
            return len(pdf.pages)

    def cleanup(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)
