"""Merge PDFs into one, in the order given.

Inputs are files, globs or folders; each may select pages (`a.pdf:1-3,7`; pdftk's `a.pdf:1-3east` turns
them). Each PDF's bookmarks are kept as a subtree under a bookmark named after the input; the first input's
metadata is kept. When an input is encrypted, the output is encrypted as the first encrypted input is (same
passwords and permissions) unless {{decrypt}} is given. {{password}} opens the inputs that need one, given
once for each when they differ (qpdf's --pages takes one after each file; here in any order: each input
opens with the first that works); an input that opens without one (permissions only) opens so. An image
(PNG, JPEG, TIFF, WebP) is a page, as `convert` makes it (a TIFF's frames: a page each).
"""

from __future__ import annotations

import itertools
import os
import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

from pdftools.core import ending
from pdftools.core.edit import Decrypt, Linearize, ObjectStreams, saving
from pdftools.core.inputs import expand, named, split_spec
from pdftools.core.outputs import check_output
from pdftools.core.pages import parse_turned, turn
from pdftools.core.params import Cli, Param, Passwords
from pdftools.core.pathnames import not_read
from pdftools.core.paths import pdf_output_path
from pdftools.core.pdf import Keys, another_password, is_pdf, keyring, new_pdf, open_pdf, page_list, save_pdf
from pdftools.document import attached, metadata, outline, remap
from pdftools.document import labels as pagelabels
from pdftools.document.arrange import arrange
from pdftools.document.copying import Copier
from pdftools.document.images import is_image
from pdftools.errors import BadPassword, FileNotFound, NoPages, PdftoolsError

if TYPE_CHECKING:
    import pikepdf


DEFAULT_OUTPUT = "merged.pdf"


@dataclass
class MergedInput:
    path: str
    pages: int


@dataclass
class MergeResult:
    __pydantic_config__ = {"use_attribute_docstrings": True}  # field docstrings become schema descriptions
    output: str
    pages: int
    size: int
    inputs: list[MergedInput]
    encrypted: bool = False
    """The output is encrypted as the first encrypted input is (decrypt: unencrypted)."""
    warnings: list[str] = field(default_factory=list)

    def cap_rows(self, most: int) -> None:
        """The first `most` inputs listed (a folder of 600 made 34 kB), with a warning saying how many there were."""
        if len(self.inputs) > most:
            last = Path(self.inputs[most - 1].path).name
            self.warnings.append(f"inputs: {most} of {len(self.inputs)} listed (to {last}); the output holds the pages "
                                 f"of all {len(self.inputs)}")
            self.inputs = self.inputs[:most]


def merge(
    inputs: Annotated[
        list[str],
        Param("PDFs (or images) to merge, in order: files, globs or folders; `file.pdf:1-3,7` picks pages",
              min_length=1),
        Cli(argument=True, metavar="INPUT..."),
    ],
    output: Annotated[str, Param("Output PDF"), Cli("-o", "--output", note="`-`: standard output")] = DEFAULT_OUTPUT,
    collate: Annotated[int, Param("N pages of each input in turn, as qpdf collates (0: none{{cli:; alone: 1}})",
                                  ge=0), Cli(metavar="[=N]", bare=1)] = 0,
    force: Annotated[bool, Param("Overwrite an existing output")] = False,
    password: Passwords = None,
    decrypt: Decrypt = False,
    linearize: Linearize = False,
    object_streams: ObjectStreams = "preserve",
) -> MergeResult:

    unread: list[tuple[str, str]] = []  # subfolders a glob went into that could not be read: said
    sources = _sources(inputs, output, unread)  # one is enough (a glob that matched one file), as in qpdf and pdftk
    out_path = pdf_output_path(output)  # `-` at a terminal is refused
    check_output(out_path, [path for path, _ in sources], force=force)

    real = [os.path.realpath(path) for path, _ in sources]  # a file named twice is opened once
    opened: dict[str, pikepdf.Pdf] = {}  # one Pdf per file: pages taken twice share what they use, as in qpdf
    notes: list[str] = []  # an image's warnings
    pictures: set[str] = set()  # the inputs that are images (each a PDF made of it)
    for index, ((path, _), key) in enumerate(zip(sources, real, strict=True)):
        if key not in opened:
            locked = next((Path(k) for k, pdf in opened.items() if pdf.is_encrypted), None)
            if not is_pdf(path) and is_image(path):
                opened[key] = _image(path, notes)
                pictures.add(key)
            else:
                opened[key] = _open(path, password, locked, [later for later, _ in sources[index + 1:]])
    keep_key = next((key for key in real if opened[key].is_encrypted), None) if not decrypt else None
    keep = next(path for (path, _), key in zip(sources, real, strict=True) if key == keep_key) if keep_key else None
    out = new_pdf(keep, password if keep_key else None)  # (the password that opened it is among those given)
    bookmarks: list[tuple[pikepdf.Pdf, str, dict[int, int], dict[int, int]]] = []  # made once all pages are in
    merged: list[MergedInput] = []
    entries = {key: pagelabels.read_entries(src) for key, src in opened.items()}
    page_labels: list[pagelabels.Label | None] = []  # each page's, written when an input has labels
    version = "1.3"
    chosen = [[(n - 1, word) for n, word in _pages_of(spec, len(opened[key].pages), path)]
              for (path, spec), key in zip(sources, real, strict=True)]
    maps: list[dict[int, int]] = [{} for _ in sources]
    starts = [0, *itertools.accumulate(len(pages) for pages in chosen)]  # where each input's pages go in
    copiers = {key: Copier(src, out) for key, src in opened.items()}  # a file given twice: its parts' links
    for index, pages in enumerate(chosen):  # each input's pages at once (collated below)
        if pages:
            copiers[real[index]].add([page_index for page_index, _ in pages])
    for copier in copiers.values():
        copier.finish()
    placed = _placed(chosen, collate)
    if collate:  # in one pass: a page at a time took each input's pages listed every time (20,000 pages: minutes)
        arrange(out, [starts[index] + offset for index, offset in placed])
    out_listed = page_list(out)
    for position, (index, offset) in enumerate(placed):
        page_index, word = chosen[index][offset]
        maps[index].setdefault(page_index, position)
        if word:  # pdftk's rotation word (`a.pdf:1-3east`)
            turn(out_listed[position], word)
        found = entries[real[index]]
        page_labels.append(None if found is None else pagelabels.label_at(found, page_index))
    firsts: dict[str, dict[int, int]] = {key: {} for key in opened}  # a file's pages, in whichever part first
    for index, key in enumerate(real):
        firsts[key] = maps[index] | firsts[key]
    for index, ((path, _), key) in enumerate(zip(sources, real, strict=True)):
        src = opened[key]
        version = max(version, _image_version(src) if key in pictures else src.pdf_version)
        if index == 0:
            _copy_metadata(src, out)
        if maps[index] and key not in pictures:  # an input without pages (as qpdf, merged as nothing) has no
            # bookmark, nor has an image: no outline, no title, and none from convert or img2pdf
            bookmarks.append((src, path.stem, maps[index], firsts[key]))
        merged.append(MergedInput(path=str(path), pages=len(chosen[index])))

    if not len(out.pages):
        raise NoPages("the merged PDF would have no pages: " + ", ".join(dict.fromkeys(str(p) for p, _ in sources))
                      + " have none")
    if any(found is not None for found in entries.values()):  # as qpdf: empty labels for the others' pages
        pagelabels.place(out, page_labels)
    if bookmarks:
        out_pages = page_list(out)
        outline.set_outline(out, [_bookmark(src, out, out_pages, stem, page_map, others)
                                  for src, stem, page_map, others in bookmarks])
    size = save_pdf(out, out_path, min_version=version, encryption=keep is not None,
                    **saving(linearize, object_streams))
    first = {key: path for (path, _), key in reversed(list(zip(sources, real, strict=True)))}
    warnings = not_read(unread, "merged") + notes + [w for key, src in opened.items()
                        for w in attached.left_behind(src, first[key].name, out_path.name)]
    ending.keep(out, *opened.values())  # freed by the process's end at the command line, not here
    return MergeResult(output=str(out_path), pages=len(out.pages), size=size, inputs=merged,
                       encrypted=keep is not None, warnings=warnings)


def _image_version(pdf: pikepdf.Pdf) -> str:
    from pdftools.document import image_pages

    return image_pages.version(pdf)


def _image(path: Path, notes: list[str]) -> pikepdf.Pdf:
    """An image input as a PDF of its own, a page an image (a frame): as `convert` makes it."""
    from pdftools.core import limits
    from pdftools.document import image_pages  # (a merge of PDFs alone does not import the reading of images)

    limits.INPUT_BYTES.check(path.stat().st_size, str(path))
    pdf, warnings = image_pages.image_pdf([path])
    notes += warnings
    return pdf


def _open(path: Path, password: Keys, locked: Path | None, later: list[Path]) -> pikepdf.Pdf:
    """The input opened once (its pages are only copied) with the first of {{password}} that opens it, or none
    for an input that needs none (qpdf opens each input with its own password, or none). `locked`: an earlier
    encrypted input, named when this one needs a password not given; failing that, a `later` input the one
    password given opens (the password was for it)."""
    try:
        return open_pdf(path, password, copied_from=True)
    except BadPassword as exc:
        if len(keyring(password)) != 1:
            raise
        verb = "opened" if locked is not None else "opens"
        locked = locked or _unlocked_by(later, password)
        if locked is None:
            raise
        raise another_password(exc, path, locked.name, verb) from None


def _unlocked_by(paths: list[Path], password: Keys) -> Path | None:
    """The first of `paths` that needs a password and opens with `password` (an error's words only)."""
    from pdftools.errors import Encrypted, PdftoolsError

    for path in dict.fromkeys(paths):
        try:
            open_pdf(path, None, copied_from=True).close()
            continue  # it needs none
        except Encrypted:
            pass
        except PdftoolsError:
            continue
        try:
            open_pdf(path, password, copied_from=True).close()
            return path
        except PdftoolsError:
            continue
    return None


def _sources(inputs: list[str], output: str, unread: list[tuple[str, str]]) -> list[tuple[Path, str | None]]:
    """Each input's files with their pages; `unread` gets the subfolders a glob went into that could not be read.
    A missing last input named `.pdf`, when no output was named, is the output as pdfunite takes it (`pdfunite
    a.pdf b.pdf out.pdf`): its hint says to name it with {{output}}."""
    try:
        return [(path, pages) for spec in inputs for raw, pages in [split_spec(spec)]
                for path, _ in named(raw, refused=unread)]
    except FileNotFound as exc:
        missing = next((i for i, spec in enumerate(inputs) if exc.message == f"no such file: {spec}"), None)
        if missing and split_spec(f"a.pdf:{inputs[missing]}")[1] is not None:  # pdftk's `a.pdf 1-3`: pages apart
            pages = f"{inputs[missing - 1]}:{inputs[missing]}"
            raise FileNotFound(exc.message, hint=f"Pages go after their file, with a colon: `{pages}` (pdftk's cat "
                                                 "takes them as a word of their own).") from None
        last = inputs[-1]
        if output == DEFAULT_OUTPUT and len(inputs) > 1 and last.lower().endswith(".pdf") and \
                exc.message == f"no such file: {last}":
            raise FileNotFound(exc.message, hint=f"The output is named with {{{{output}}}}, not as the last input "
                                                 f"(pdfunite's way): `pdftools merge FILE... -o {last}`.") from None
        first = inputs[0]
        if output == DEFAULT_OUTPUT and len(inputs) > 2 and first.lower().endswith(".pdf") and \
                exc.message == f"no such file: {first}" and _all_found(inputs[1:]):
            rest = " ".join(shlex.quote(spec) for spec in inputs[1:])
            raise FileNotFound(exc.message, hint=f"Check the path. If it is the output (pdfcpu's order puts it "
                                                 f"first), name it with {{{{output}}}}{{{{cli:: `pdftools merge "
                                                 f"{rest} -o {shlex.quote(first)}`}}}}.") from None
        raise


def _all_found(inputs: list[str]) -> bool:
    """Whether every one of `inputs` names files that are there."""
    try:
        return all(expand(split_spec(spec)[0]) for spec in inputs)
    except PdftoolsError:
        return False


def _placed(chosen: list[list[_Page]], collate: int) -> list[tuple[int, int]]:
    """The output's pages, in order, as (input, place among the pages it gives): each input's in turn; with
    `collate` N pages of each input in turn (fewer from one running out), an input that has run out passed over
    (qpdf's --collate=N; pdftk's shuffle is N=1)."""
    if not collate:
        return [(index, offset) for index, pages in enumerate(chosen) for offset in range(len(pages))]
    longest = max((len(pages) for pages in chosen), default=0)
    return [(index, offset) for n in range(0, longest, collate) for index, pages in enumerate(chosen)
            for offset in range(n, min(n + collate, len(pages)))]


_Page = tuple[int, str | None]  # a page (0-based) and pdftk's rotation word for it


def _pages_of(spec: str | None, count: int, path: Path) -> list[tuple[int, str | None]]:
    """The pages an input gives (all of them without a spec: none for a file without pages), each with its
    pdftk rotation word (`a.pdf:1-3east`); a spec that selects none is an error naming the input."""
    if count == 0:
        if spec is not None:
            raise NoPages(f"{path} has no pages to pick {spec!r} from")
        return []
    return parse_turned(spec, count, path)


def _bookmark(src: pikepdf.Pdf, out: pikepdf.Pdf, out_pages: list[pikepdf.Page], stem: str,
              page_map: dict[int, int], others: dict[int, int]) -> pikepdf.Dictionary:
    """A bookmark for one input (its title, else its file name) opening its first page, holding the input's
    own outline (each item whole, pointing at the pages copied: remap): at this input's copy of a page, else at
    the first copy another part of the same file made (`others`: `merge a.pdf:1-2 a.pdf:3-4`)."""
    import pikepdf

    info = src.trailer.get("/Info")  # (`docinfo` would add one to an input without)
    title = metadata.text(info.get("/Title", "") or "" if isinstance(info, pikepdf.Dictionary) else "").strip() or stem
    item = out.make_indirect(pikepdf.Dictionary(Title=pikepdf.String(title)))
    item.Dest = outline.dest_array(out_pages[min(page_map.values())].obj, ("Fit",))
    if "/Outlines" in src.Root:
        src_pages = page_list(src)
        targets = {src_pages[old].obj.objgen: remap.Target(out_pages[new].obj)
                   for old, new in (others | page_map).items()}
        kids = remap.carry(src, out, targets)
        if kids:
            outline.link(item, kids)
    return item


def _copy_metadata(src: pikepdf.Pdf, out: pikepdf.Pdf) -> None:
    import pikepdf

    info = src.trailer.get("/Info")  # a damaged trailer may name anything, the page tree too (never copied)
    if isinstance(info, pikepdf.Dictionary) and info.get("/Type") not in ("/Pages", "/Page"):
        out.trailer.Info = out.copy_foreign(info)
    if "/Metadata" in src.Root:
        out.Root.Metadata = out.copy_foreign(src.Root.Metadata)
