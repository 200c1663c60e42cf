"""--redo-ocr, as OCRmyPDF's: a page whose only text is invisible (text render mode 3: an earlier OCR's layer, by
a scanner, OCRmyPDF or pdftools) has that text taken out, in its content and in the forms it draws, so that it is
OCRed as the scan it is, its image kept. A page that shows text of its own is left alone."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pdftools.core import task

if TYPE_CHECKING:
    import pikepdf

SHOW = {"Tj", "TJ", "'", '"'}  # the operators that show text
INVISIBLE = {3, 7}  # render modes that paint nothing (7: adds to the clip only)
DEEPEST = 12  # forms within forms, at most


def _walk(pdf: pikepdf.Pdf, holder: Any, mode: int, counts: list[int], strip: bool, seen: set[Any],
          depth: int = 0) -> None:
    """Count (invisible, visible) text shown by `holder` (a page or a form) and the forms it draws; `strip`:
    rewrite each stream without its invisible text. `mode`: the render mode it starts with (a form inherits it).
    A form is read once for each mode it starts with, however often it is drawn (`seen`): forms drawing one
    another many times over would otherwise be read fan-out ** depth times."""
    import pikepdf

    if depth > DEEPEST:
        counts[1] += 1  # too deep to tell: taken as visible, so the page is left alone
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
            counts[0 if mode in INVISIBLE else 1] += 1
            if mode in INVISIBLE:
                changed = True
                continue
        elif operator == "Do" and operands:
            form = forms.get(str(operands[0]))
            if isinstance(form, pikepdf.Stream) and form.get("/Subtype") == "/Form" and (form.objgen, mode) not in seen:
                seen.add((form.objgen, mode))
                _walk(pdf, form, mode, counts, strip, seen, depth + 1)
        kept.append(instruction)
    if strip and changed:
        data = pikepdf.unparse_content_stream(kept)
        if isinstance(holder, pikepdf.Page):
            holder.obj.Contents = pdf.make_stream(data)
        else:
            holder.write(data)


def _mode(operand: Any, mode: int) -> int:
    """A `Tr` operand's render mode; one that is no number (a damaged stream) changes nothing."""
    try:
        return int(operand)
    except (TypeError, ValueError):
        return mode


def only_invisible_text(pdf: pikepdf.Pdf, page: pikepdf.Page) -> bool:
    """Whether the page's text is all invisible (an earlier OCR's layer, which --redo-ocr redoes), nothing changed."""
    counts = [0, 0]
    _walk(pdf, page, 0, counts, strip=False, seen=set())
    return bool(counts[0]) and not counts[1]


def strip_invisible_text(pdf: pikepdf.Pdf, page: pikepdf.Page) -> bool:
    """Take out the page's invisible text when it shows none visible; whether it did (it had some to take)."""
    if not only_invisible_text(pdf, page):
        return False
    _walk(pdf, page, 0, [0, 0], strip=True, seen=set())
    return True
