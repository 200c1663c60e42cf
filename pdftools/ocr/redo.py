"""--redo-ocr, as OCRmyPDF's: a page whose only text is invisible (text render mode 3: an earlier OCR's layer, by
a scanner, OCRmyPDF or pdftools) has that text taken out, in its content and in the forms it draws, so that it is
OCRed as the scan it is, its image kept. A page that shows text of its own is left alone."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pdftools.core import task

if TYPE_CHECKING:
    import pikepdf

SHOW = {"Tj", "TJ", "'", '"'}  # the operators that show text
INVISIBLE = {3, 7}  # render modes that paint nothing (7: adds to the clip only)
DEEPEST = 12  # forms within forms, at most


@dataclass
class _Read:
    """What one walk of a page and the forms it draws found: (invisible, visible) text shown, and each stream's
    content without its invisible text (key None: the page's; a form's objgen) where it had some."""

    counts: list[int] = field(default_factory=lambda: [0, 0])
    seen: set[Any] = field(default_factory=set)
    stripped: dict[Any, bytes] = field(default_factory=dict)
    forms: dict[Any, Any] = field(default_factory=dict)

    @property
    def only_invisible(self) -> bool:
        return bool(self.counts[0]) and not self.counts[1]


def _read(page: pikepdf.Page) -> _Read:
    read = _Read()
    _walk(page, None, 0, read)
    return read


def _walk(holder: Any, key: Any, mode: int, read: _Read, depth: int = 0) -> None:
    """Count the text shown by `holder` (a page or a form, `key`) and the forms it draws, and keep its content
    without the invisible text. `mode`: the render mode it starts with (a form inherits it). A form is read once for
    each mode it starts with, however often it is drawn (`read.seen`): forms drawing one another many times over
    would otherwise be read fan-out ** depth times."""
    import pikepdf

    if depth > DEEPEST:
        read.counts[1] += 1  # too deep to tell: taken as visible, so the page is left alone
        return
    task.check()  # (a page's streams can be many: the call's deadline and cancel are looked at)
    kept, modes, changed = [], [], False
    own = holder.obj if isinstance(holder, pikepdf.Page) else holder
    forms = own.get("/Resources", pikepdf.Dictionary()).get("/XObject", pikepdf.Dictionary())
    from pdftools.document.resources import instructions

    for instruction in instructions(holder):  # (a damaged stream's TypeError made the PdfError of any other)
        operator = str(instruction.operator) if isinstance(instruction, pikepdf.ContentStreamInstruction) else ""
        operands = getattr(instruction, "operands", [])
        if operator == "q":
            modes.append(mode)
        elif operator == "Q" and modes:
            mode = modes.pop()
        elif operator == "Tr" and operands:
            mode = _mode(operands[0], mode)
        elif operator in SHOW:
            read.counts[0 if mode in INVISIBLE else 1] += 1
            if mode in INVISIBLE:
                changed = True
                continue
        elif operator == "Do" and operands:
            form = forms.get(str(operands[0]))
            fresh = isinstance(form, pikepdf.Stream) and (form.objgen, mode) not in read.seen
            if fresh and form.get("/Subtype") == "/Form":
                read.seen.add((form.objgen, mode))
                read.forms[form.objgen] = form
                _walk(form, form.objgen, mode, read, depth + 1)
        kept.append(instruction)
    if changed:
        read.stripped[key] = pikepdf.unparse_content_stream(kept)


def _mode(operand: Any, mode: int) -> int:
    """A `Tr` operand's render mode; one that is no number (a damaged stream) changes nothing."""
    try:
        return int(operand)
    except (TypeError, ValueError):
        return mode


def only_invisible_text(pdf: pikepdf.Pdf, page: pikepdf.Page) -> bool:
    """Whether the page's text is all invisible (an earlier OCR's layer, which --redo-ocr redoes), nothing changed."""
    return _read(page).only_invisible


def strip_invisible_text(pdf: pikepdf.Pdf, page: pikepdf.Page) -> bool:
    """Take out the page's invisible text when it shows none visible; whether it did (it had some to take). One
    walk: each stream read once, written only when the page turns out to show no visible text."""
    read = _read(page)
    if not read.only_invisible:
        return False
    for key, data in read.stripped.items():
        if key is None:
            page.obj.Contents = pdf.make_stream(data)
        else:
            read.forms[key].write(data)
    return True
