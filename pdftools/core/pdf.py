"""Opening PDFs (limits checked, errors mapped to the tree, with the passwords `passwords` tries), their pages,
and saving them (through `outputs`, which writes every output atomically)."""

from __future__ import annotations

import itertools
import warnings
from collections.abc import Callable
from contextvars import ContextVar
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pdftools.core import limits, task
from pdftools.core.foreign_errors import os_error
from pdftools.core.outputs import atomic_output
from pdftools.core.passwords import Keys, another_password, keyring, open_any, password_forms
from pdftools.errors import BadPassword, DamagedPdf, EmptyInput, Encrypted, NoPages, NotAPdf, PermissionDenied, verbatim

if TYPE_CHECKING:
    import pikepdf

XMP_BYTES = 16 << 20  # XMP metadata is a few KB; more than this is not parsed to update its PDF version


def not_empty(path: Path, name: str | None = None) -> None:
    """EMPTY_INPUT for a file of 0 bytes (an empty standard input too), which would otherwise be `not a PDF`."""
    if path.stat().st_size == 0:
        raise EmptyInput(f"{verbatim(name or path)} is empty")


def is_pdf(path: Path) -> bool:
    """True when the file has a PDF header in its first KB (where readers look for it)."""
    with path.open("rb") as fh:
        return b"%PDF-" in fh.read(1024)


IMAGES = ((b"\x89PNG\r\n\x1a\n", "PNG"), (b"\xff\xd8\xff", "JPEG"), (b"II*\0", "TIFF"), (b"MM\0*", "TIFF"),
          (b"GIF8", "GIF"), (b"\0\0\0\x0cjP  ", "JPEG 2000"))
OCR_HINT = ("{{cli:`pdftools convert FILE -o FILE.pdf` makes a PDF of an image, `pdftools ocr FILE` a searchable one; "
            "`pdftools ocr FILE --mode text` reads its text.}}{{mcp:doc_convert makes a PDF of an image (output a "
            ".pdf), pdf_ocr a searchable one, or reads its text (mode text).}}")


DOCUMENTS = (".md", ".markdown", ".docx", ".odt", ".rtf", ".html", ".htm", ".rst", ".epub", ".tex", ".org",
             ".pptx", ".xlsx", ".ipynb")  # what `convert` (pandoc) makes a PDF of (a .txt or .csv: data, maybe)
CONVERT_HINT = ("{{cli:`pdftools convert FILE -o FILE.pdf` makes a PDF of a document (through pandoc).}}"
                "{{mcp:doc_convert makes a PDF of a document (output a .pdf).}}")


IMAGE_NAMES = (".png", ".jpg", ".jpeg", ".jpe", ".tif", ".tiff", ".gif", ".jp2", ".j2k", ".jpx", ".webp", ".bmp")


def image_kind(head: bytes) -> str | None:
    """The kind of image (`PNG`, `JPEG`...) whose signature `head` starts with, or None."""
    return next((kind for magic, kind in IMAGES if head.startswith(magic)), None)


def not_a_pdf(path: Path, name: str) -> NotAPdf:
    """NOT_A_PDF for a file with no PDF header; a scan (an image) is named as one, with `ocr`, which reads it."""
    name = verbatim(name)
    with path.open("rb") as fh:
        kind = image_kind(fh.read(16))
    if kind is None and path.suffix.lower() in DOCUMENTS:  # notes.md given to forms, protect...
        return NotAPdf(f"{name} is not a PDF: it looks like a document ({verbatim(path.suffix.lower()[1:])})",
                       hint=CONVERT_HINT)
    if kind is None and path.suffix.lower() in IMAGE_NAMES:  # an error page saved as photo.png, given to merge
        return NotAPdf(f"{name} is not a PDF, nor the image its name says ({verbatim(path.suffix)}): it starts as "
                       "neither",
                       hint="Check the file: a web page or an error saved under an image's name? an empty download?")
    if kind is None:
        return NotAPdf(f"{name} is not a PDF")
    article = "an" if kind[0] in "AEIOU" else "a"
    return NotAPdf(f"{name} is not a PDF: it looks like {article} {kind} image", hint=OCR_HINT)


def open_pdf(path: Path, password: Keys = None, *, label: str | None = None, copied_from: bool = False,
             exact: bool = False, **options: Any) -> pikepdf.Pdf:
    """Open a PDF with pikepdf (qpdf) within the size and page limits, turning every failure into a pdftools
    error; `options` go to pikepdf.open. `copied_from`: a source whose pages are only copied into another PDF
    (merge), opened once with its page tree as stored and counted in place: qpdf pushes each page's inherited
    attributes into it as it copies it, so the copy is the same (the page tree is counted before qpdf lists
    the pages either way). A password that does not open a file that opens without one (permissions only) is
    passed over: one password serves every file a command, a batch or PDFTOOLS_PASSWORD opens, as qpdf opens a
    file given no password of its own. `exact`: the password as given (unprotect, qpdf's --requires-password).
    Several passwords (inputs locked with different ones): the file opens with the first that works."""
    import pikepdf

    name = label or str(path)
    try:
        limits.INPUT_BYTES.check(path.stat().st_size, verbatim(name))
        not_empty(path, name)
        if not is_pdf(path):
            raise not_a_pdf(path, name)
        forms = password_forms(password, exact=exact)
        if copied_from:
            return _counted(open_any(path, forms, inherit_page_attributes=False, **options), name)
        _check_page_count(path, forms, name)
        return open_any(path, forms, **options)
    except pikepdf.PasswordError:
        if keys := keyring(password):
            said = "the password does not" if len(keys) == 1 else f"none of the {len(keys)} passwords"
            raise BadPassword(f"{said} open{'s' * (len(keys) > 1)} {verbatim(name)}") from None
        raise Encrypted(f"{verbatim(name)} is encrypted") from None
    except PermissionError:
        raise PermissionDenied(f"cannot read {verbatim(name)}: permission denied") from None
    except (pikepdf.PdfError, pikepdf.QpdfRuntimeError) as exc:  # e.g. "/Count is wrong after flattening"
        raise DamagedPdf(f"{verbatim(name)} cannot be read: {verbatim(_unnamed(str(exc), path))}", path=path) from None


def _unnamed(message: str, path: Path) -> str:
    """qpdf's message without the file's name it starts with (`x.pdf: unable to find...`, `x.pdf (object 14 0,
    offset 1500): ...`): the error names the file already."""
    return message.removeprefix(str(path)).removeprefix(":").strip() or message


def _check_page_count(path: Path, forms: list[str | bytes], name: str) -> None:
    """Count the page tree before qpdf expands it: at open, qpdf copies every repeated reference to a page,
    so a few MB of repeats would cost GBs. The count stops just past the limit."""
    if limits.PAGES.value() is None:
        return
    with open_any(path, forms, inherit_page_attributes=False) as probe:
        _counted(probe, name)


def _counted(pdf: pikepdf.Pdf, name: str) -> pikepdf.Pdf:
    """`pdf` (opened with its page tree as stored, its pages not yet listed) when its page tree holds no more
    pages than the limit; else PAGE_LIMIT, and `pdf` is closed."""
    limit = limits.PAGES.value()
    if limit is not None and count_pages(pdf.Root.get("/Pages"), limit) > limit:
        pdf.close()
        raise limits.PAGES.exceeded(f"{verbatim(name)} has more than {limit:,.0f} pages")
    return pdf


def count_pages(root: Any, limit: float) -> int:
    """The leaves of a page tree, each inner node walked once (as qpdf does), stopping past `limit`."""
    import pikepdf

    seen: set[tuple[int, int]] = set()
    todo, count = [root], 0
    while todo and count <= limit:
        node = todo.pop()  # (`in` first: pikepdf's get of an absent key, as on every page, costs ~4 µs)
        kids = node["/Kids"] if isinstance(node, pikepdf.Dictionary) and "/Kids" in node else None
        if not isinstance(kids, pikepdf.Array):
            count += 1
        elif node.objgen not in seen:
            seen.add(node.objgen)
            todo.extend(kids)
    return count


def true_count(pdf: pikepdf.Pdf) -> None:
    """Make the page tree's /Count the number of pages qpdf reads, when it lies: qpdf neither changes the pages
    of a tree whose /Count is wrong nor finds a page's label or index in it ("/Count is wrong after flattening
    pages tree"), and the pages read are those there are. (`check` and `repair` see the lie: they do not call
    this.)"""
    import pikepdf

    root = pdf.Root.get("/Pages")
    if isinstance(root, pikepdf.Dictionary) and root.get("/Count") != len(pdf.pages):
        root.Count = len(pdf.pages)


def open_other(path: Path, password: Keys, opener: pikepdf.Pdf | None, name: str) -> pikepdf.Pdf:
    """Open `path`, a second input (insert's pages, a stamp), beside `opener`, the input already opened (`name`):
    when the one password given opened that and not this, the error says to give this one's password too."""
    try:
        return open_pdf(path, password)
    except BadPassword as exc:
        if opener is None or not opener.is_encrypted or len(keyring(password)) != 1:
            raise
        raise another_password(exc, path, name) from None


def page_list(pdf: pikepdf.Pdf) -> list[pikepdf.Page]:
    """The pages, listed once. pikepdf's `pdf.pages[i]` lists every page to find one (O(n) a page: rotating a
    3,000-page document page by page spent 0.3 s there); iterating the pages lists them once."""
    return list(pdf.pages)


def append_page(pdf: pikepdf.Pdf, page: pikepdf.Page) -> None:
    """Append a page at the end of `pdf` through qpdf's addPage, as pikepdf's page list does in the end: a page of
    another PDF is copied in; a page already placed becomes a copy sharing its content and resources (qpdf --pages
    makes the same). The list lists every page to count them before each append: a page placed 20,000 times took
    45 s (qpdf's call: 0.1 s)."""
    add = getattr(pdf, "_add_page", None)  # (pikepdf's own add_blank_page calls it; the list is the way without)
    if add is None:
        pdf.pages.append(page)
    else:
        add(page.obj, False)


def add_resource(page: pikepdf.Page, value: Any, kind: pikepdf.Name, prefix: str) -> pikepdf.Name:
    """`value` in the page's resources under the first of PREFIX1, PREFIX2... no resource of the page has:
    the same name in every run (pikepdf's `prefix=` adds a random one, so the same input and options gave
    other bytes each time)."""
    import pikepdf

    used = {str(key) for group in page.resources.as_dict().values() if isinstance(group, pikepdf.Dictionary)
            for key in group}
    name = next(f"/{prefix}{n}" for n in itertools.count(1) if f"/{prefix}{n}" not in used)
    return page.add_resource(value, kind, pikepdf.Name(name))


def new_pdf(encrypted_like: Path | None = None, password: Keys = None) -> pikepdf.Pdf:
    """An empty PDF to copy pages into. With `encrypted_like` (an encrypted input), it is that input reopened
    with its pages, catalog entries and Info removed: saved with `encryption=True`, qpdf then encrypts the
    output as the input was (the same passwords, permissions and cipher, even when only the user password is
    known). qpdf writes only what is reachable, so nothing else of the input comes along."""
    import pikepdf

    if encrypted_like is None:
        return pikepdf.new()
    pdf = open_any(encrypted_like, password_forms(password))
    del pdf.pages[:]
    for key in list(pdf.Root.keys()):
        if key not in ("/Type", "/Pages"):
            del pdf.Root[key]
    if "/Info" in pdf.trailer:
        del pdf.trailer["/Info"]
    return pdf


reproducible: ContextVar[bool] = ContextVar("pdftools_reproducible", default=False)


def save_pdf(pdf: pikepdf.Pdf, out: Path, *, min_version: str = "", check: Callable[[int], None] | None = None,
             verify: Callable[[Path], None] | None = None, **options: Any) -> int:
    """Save atomically (`options` go to pikepdf's save); return the size written. `check` sees the size and
    `verify` the written file before it is moved into place; either may refuse it by raising."""
    with atomic_output(out) as tmp:
        write_pdf(pdf, tmp, min_version=min_version, label=str(out), **options)
        size = tmp.stat().st_size
        if check is not None:
            check(size)
        if verify is not None:
            verify(tmp)
    return size  # (a device or FIFO written into has no size of its own)


UNLINEARIZABLE = "A linearized file is laid out page by page; write one without pages as it is, not linearized."


def write_pdf(pdf: pikepdf.Pdf, target: Path, *, min_version: str = "", label: str = "", measured: bool = False,
              **options: Any) -> None:
    """Write `pdf` into the file `target`. Streams are not decoded unless `options` say so, but compressing
    streams (qpdf's default) re-encodes every stream not in plain Flate: a stream that would inflate beyond
    PDFTOOLS_MAX_STREAM_BYTES on the way is refused first (`streams.check_save`), unless the caller has
    `measured` the document its streams come from (a split measures its input once, not each part). OS errors
    become pdftools errors."""
    import pikepdf

    from pdftools.core import streams

    if not options.get("encryption"):  # qpdf takes no decode level when it encrypts
        options.setdefault("stream_decode_level", pikepdf.StreamDecodeLevel.none)
    if reproducible.get() and not options.get("encryption"):  # qpdf cannot derive an encrypted file's ID
        options.setdefault("deterministic_id", True)
    options.setdefault("fix_metadata_version", _xmp_names_version(pdf))
    if not measured and (options.get("compress_streams", True) or options.get("stream_decode_level")):
        streams.check_save(pdf, label or str(target), recompress_flate=options.get("recompress_flate", False))
    # pikepdf warns on every save of a file whose form widgets its /AcroForm does not list (common in real
    # files): a remark about the input, in Python's words, on stderr. Process-wide, so threads need no lock.
    warnings.filterwarnings("ignore", category=pikepdf.PageCopyWarning)
    if options.get("linearize") and not len(pdf.pages):  # qpdf fails on it with an internal error
        raise NoPages(f"{label or target} would have no pages, so it cannot be linearized", hint=UNLINEARIZABLE)
    if "/Size" not in pdf.trailer:  # a trailer qpdf rebuilt lacks it, and qpdf writes /Size only to replace one
        pdf.trailer.Size = 0  # (the number written is qpdf's own count)
    try:
        with target.open("wb") as fh:  # qpdf reports its progress 100 times a write: the deadline is checked there
            pdf.save(fh, min_version=min_version, progress=_stop_when_due, **options)
    except OSError as exc:
        raise os_error(exc, f"cannot write {verbatim(label or target)}") from None


def _stop_when_due(percent: int) -> None:
    """pikepdf holds the GIL while qpdf writes, so nothing can interrupt a long save but its own progress
    callback: an error raised here (TIMEOUT, a cancel, Ctrl-C's KeyboardInterrupt) ends the write."""
    task.check()


def _xmp_names_version(pdf: pikepdf.Pdf) -> bool:
    """Whether the XMP metadata records the PDF version (`pdf:PDFVersion`), which pikepdf's save then updates.
    pikepdf parses the XMP to find out, on every save of a file that has XMP (and loads lxml for it, ~10 ms
    of a merge); the bytes tell first. An XMP that cannot be read is left to pikepdf, as before; one that
    would inflate beyond XMP_BYTES is not read at all (nor is it then parsed)."""
    import pikepdf

    from pdftools.core import streams

    xmp = pdf.Root.get("/Metadata")
    if not isinstance(xmp, pikepdf.Stream) or streams.bound(xmp) > XMP_BYTES and streams.exceeds(xmp, XMP_BYTES):
        return False
    try:
        return b"PDFVersion" in xmp.read_bytes()
    except pikepdf.PdfError:
        return True
