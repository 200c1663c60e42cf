"""Split a PDF into several: every page, every N pages, given ranges, at top-level bookmarks, or by size.

Parts are named by a pattern with the fields {stem}, {start}, {end}, {index} and {title} (the bookmark){{cli:, or
with `%d` for {start} as pdfseparate and pdftk's burst name pages (`page-%d.pdf`, `pg_%04d.pdf`)}};
no part is written unless all of them can be, and existing files need {{force}}. The parts of an encrypted PDF
keep its encryption (same passwords and permissions) unless {{decrypt}} is given. {{size}} (`10MB`) makes parts
of at most that many bytes as written (a mail attachment's limit), in page order, each as many whole pages as fit;
a page larger alone is a part of its own, with a warning.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from pdftools.core import limits, parallel, results, streams
from pdftools.core.edit import Decrypt, Linearize, ObjectStreams, saving
from pdftools.core.naming import printf_number, render
from pdftools.core.outputs import check_names, staged_outputs
from pdftools.core.pages import check_spec, parse_ranges
from pdftools.core.params import Cli, Input, Param, Password
from pdftools.core.paths import input_path, output_folder
from pdftools.core.pdf import new_pdf, open_pdf, page_list, write_pdf
from pdftools.document import attached, outline, part_sizes, remap
from pdftools.document import labels as pagelabels
from pdftools.document.copying import copy_pages
from pdftools.errors import InvalidArgument, NoPages

if TYPE_CHECKING:
    import pikepdf

FIELD_HINT = "Put {start}, {end} or {index} in --pattern."


@dataclass
class Part:
    __pydantic_config__ = {"use_attribute_docstrings": True}  # field docstrings become schema descriptions
    path: str
    start: int
    end: int
    pages: int
    title: str = ""
    bytes: int = 0  # (last: `Part(path, start, end, pages, title)` as before)
    """The part's size as written."""
    table_optional = ("title",)  # a person sees titles when the parts are bookmarks'


@dataclass
class SplitResult(results.FolderResult):
    parts: list[Part]
    encrypted: bool = False
    """The parts are encrypted as the input is (decrypt: unencrypted)."""
    warnings: list[str] = field(default_factory=list)

    def cap_outputs(self, most: int, where: str) -> None:
        """List the first `most` parts; a warning says how many more and `where` they all are."""
        self.parts, left = results.capped(self.parts, most, "parts", where, self.out_dir)
        self.warnings += left


def split(
    input: Input,
    out_dir: Annotated[str, Param("Folder for the parts (made if missing)"), Cli("-d", "--out-dir")] = ".",
    every: Annotated[int | None, Param("Pages per part (default: 1)", ge=1), Cli("--every")] = None,
    ranges: Annotated[
        str | None, Param("One part per range: `1-3,4-10,11-`"), Cli("--ranges")
    ] = None,
    bookmarks: Annotated[bool, Param("One part per top-level bookmark")] = False,
    size: Annotated[str | None, Param("Largest part: `10MB`, `500k`; a bare number is bytes (whole pages)"),
                    Cli("--size", metavar="SIZE")] = None,
    pattern: Annotated[
        str, Param("Part file name: {stem} {start} {end} {index} {title}"), Cli("-p", "--pattern")
    ] = "{stem}-{start:03}-{end:03}.pdf",
    force: Annotated[bool, Param("Overwrite existing parts")] = False,
    password: Password = None,
    decrypt: Decrypt = False,
    linearize: Linearize = False,
    object_streams: ObjectStreams = "preserve",
) -> SplitResult:
    if sum(x is not None and x is not False for x in (every, ranges, bookmarks, size)) > 1:
        raise InvalidArgument("choose one of {{every}}, {{ranges}}, {{bookmarks}} and {{size}}")
    check_spec(ranges)  # before the folder is made
    limit = None if size is None else limits.byte_size(size, "{{size}}")
    src_path = input_path(input)
    folder = output_folder(out_dir)
    src = open_pdf(src_path, password)
    count = len(src.pages)
    if count == 0:
        raise NoPages(f"{src_path} has no pages")
    pattern = printf_number(pattern, "start")  # pdfseparate's `page-%d.pdf`, pdftk burst's `pg_%04d.pdf`
    keep = src_path if src.is_encrypted and not decrypt else None
    writer = _Writer(src, folder, keep, password, saving(linearize, object_streams))
    if limit is not None:
        parts, warnings = _by_size(src, limit, writer, pattern, src_path, folder, force)
        return SplitResult(input=str(src_path), out_dir=str(folder), parts=parts, encrypted=keep is not None,
                           warnings=warnings + attached.left_behind(src, src_path.name, "the parts"))
    if bookmarks:
        plan = _bookmark_ranges(src, src_path)
    elif ranges is not None:
        plan = [(a, b, "") for a, b in parse_ranges(ranges, count, src_path)]
        twice = next((f"{a}-{b}" if a != b else str(a) for i, (a, b, _) in enumerate(plan) if (a, b, "") in plan[:i]),
                     None)
        if twice is not None:
            raise InvalidArgument(f"{{{{ranges}}}} gives the part {twice} twice",
                                  hint="Name each part once: `1-3,4-10,11-`.")
    else:
        n = every or 1
        plan = [(a, min(a + n - 1, count), "") for a in range(1, count + 1, n)]

    names = [render(pattern, stem=src_path.stem, start=a, end=b, index=i, title=t or src_path.stem)
             for i, (a, b, t) in enumerate(plan, 1)]
    check_names(names, folder, force=force, field_hint=FIELD_HINT, inputs=[src_path])
    with staged_outputs(folder, names) as staging:
        parallel.for_each(list(zip(plan, names, strict=True)), lambda job: writer(*job[0][:2], staging / job[1]))
    parts = [Part(path=str(folder / name), start=a, end=b, pages=abs(b - a) + 1, bytes=_size(folder / name),
                  title=title) for (a, b, title), name in zip(plan, names, strict=True)]
    return SplitResult(input=str(src_path), out_dir=str(folder), parts=parts, encrypted=keep is not None,
                       warnings=attached.left_behind(src, src_path.name, "the parts"))


def _bookmark_ranges(src: pikepdf.Pdf, name: Path) -> list[tuple[int, int, str]]:
    titles: dict[int, str] = {}
    nodes = outline.read(src)
    for node in nodes:  # in outline order: a page's first bookmark names its part
        if node.page is not None:
            titles.setdefault(node.page + 1, node.title)
    if not titles:
        which = "top-level bookmarks that open a page" if nodes else "bookmarks"
        raise InvalidArgument(f"{name} has no {which} to split at", hint="Use --every or --ranges instead.")
    firsts = sorted(titles)
    if firsts[0] != 1:
        firsts.insert(0, 1)
    count = len(src.pages)
    return [(a, (firsts[i + 1] - 1) if i + 1 < len(firsts) else count, titles.get(a, ""))
            for i, a in enumerate(firsts)]


class _Writer:
    """Writes a part, pages `a` to `b` (1-based; b < a backwards), with its pages' bookmarks and labels, encrypted
    like `encrypted_like` when given. What every part takes from the source is read once."""

    def __init__(self, src: pikepdf.Pdf, folder: Path, encrypted_like: Path | None, password: str | None,
                 options: dict[str, Any]) -> None:
        streams.check_save(src, src.filename)  # once for every part: they hold copies of its streams
        self.src, self.folder, self.encrypted_like, self.password, self.options = (src, folder, encrypted_like,
                                                                                   password, options)
        self.nodes = remap.read(src) if "/Outlines" in src.Root else None  # read once, placed in every part
        self.src_pages = page_list(src)  # listed once for every part
        self.entries = pagelabels.read_entries(src)  # each part keeps its pages' labels, as qpdf --split-pages

    def __call__(self, a: int, b: int, target: Path) -> None:
        part = new_pdf(self.encrypted_like, self.password)
        step = 1 if b >= a else -1
        indices = [i - 1 for i in range(a, b + step, step)]
        copy_pages(self.src, part, indices, listed=self.src_pages)
        _bookmarks(self.src, part, indices, self.src_pages, self.nodes)
        if self.entries is not None:
            pagelabels.place(part, [pagelabels.label_at(self.entries, i) for i in indices])
        write_pdf(part, target, min_version=self.src.pdf_version, label=str(self.folder / target.name),
                  encryption=self.encrypted_like is not None, measured=True, **self.options)


def _by_size(src: pikepdf.Pdf, limit: int, writer: _Writer, pattern: str, source: Path, folder: Path,
             force: bool) -> tuple[list[Part], list[str]]:
    """Parts of at most `limit` bytes as written (part_sizes), moved into place under the pattern's names; a
    warning names each page larger alone."""
    names: list[str] = []
    with staged_outputs(folder, names) as staging:
        (staging / "sized").mkdir()
        chosen = part_sizes.plan(part_sizes.Costs(page_list(src)), limit, writer, staging / "sized")
        wanted = [render(pattern, stem=source.stem, start=c.start, end=c.end, index=i, title=source.stem)
                  for i, c in enumerate(chosen, 1)]
        check_names(wanted, folder, force=force, field_hint=FIELD_HINT, inputs=[source])
        for part, name in zip(chosen, wanted, strict=True):
            part.path.replace(staging / name)
        names += wanted
    return [Part(path=str(folder / name), start=c.start, end=c.end, pages=c.end - c.start + 1,
                 bytes=_size(folder / name)) for c, name in zip(chosen, wanted, strict=True)], _too_large(chosen, limit)


def _size(part: Path) -> int:
    """A part's bytes, as written (a person splitting by size sees what each came to)."""
    return part.stat().st_size


def _too_large(chosen: list[part_sizes.Chosen], limit: int) -> list[str]:
    """One warning naming the pages each larger alone than `limit` (ten at most), each a part of its own."""
    large = [c for c in chosen if c.size > limit]
    if len(large) == 1:
        return [f"page {large[0].start} alone is {large[0].size:,} bytes, more than the {limit:,} asked: it is a "
                "part of its own ({{cli:`pdftools compress`}}{{mcp:`pdf_compress`}} may make it smaller)"]
    if not large:
        return []
    more = f" and {len(large) - 10} more" if len(large) > 10 else ""
    return [f"pages {', '.join(str(c.start) for c in large[:10])}{more} are each more than the {limit:,} bytes asked "
            f"alone (the largest {max(c.size for c in large):,}): each is a part of its own ({{{{cli:`pdftools "
            "compress`}}{{mcp:`pdf_compress`}} may make them smaller)"]


def _bookmarks(src: pikepdf.Pdf, part: pikepdf.Pdf, indices: list[int], src_pages: list[pikepdf.Page],
               nodes: list[remap.Node] | None) -> None:
    """The part's outline: the bookmarks of its pages, whole, the headings above them, and those that open
    no page (remap)."""
    if not nodes:
        return
    part_pages = page_list(part)
    targets: dict[tuple[int, int], remap.Target] = {}
    for new, old in enumerate(indices):
        targets.setdefault(src_pages[old].obj.objgen, remap.Target(part_pages[new].obj))
    items = remap.carry(src, part, targets, nodes)
    if items:
        outline.set_outline(part, items)
