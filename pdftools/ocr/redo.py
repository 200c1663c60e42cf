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
    drawn: dict[Any, dict[str, Any]] = field(default_factory=dict)  # key -> the forms it draws, by resource name

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
            if isinstance(form, pikepdf.Stream) and form.get("/Subtype") == "/Form":
                read.drawn.setdefault(key, {})[str(operands[0])] = form
                if (form.objgen, mode) not in read.seen:
                    read.seen.add((form.objgen, mode))
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


def only_invisible_text(page: pikepdf.Page) -> bool:
    """Whether the page's text is all invisible (an earlier OCR's layer, which --redo-ocr redoes), nothing changed."""
    return _read(page).only_invisible


def strip_invisible_text(pdf: pikepdf.Pdf, page: pikepdf.Page, copies: dict[Any, Any] | None = None) -> bool:
    """Take out the page's invisible text when it shows none visible; whether it did (it had some to take). One
    walk: each stream read once, written only when the page turns out to show no visible text. A form is never
    changed where it is: the page draws a copy without the text (and a copy of each form drawing such a form), as
    another page, an annotation or the same form drawn with text shown may draw it as it is. `copies` (the form's
    objgen -> its copy) lets the pages of one run share them."""
    read = _read(page)
    if not read.only_invisible:
        return False
    if None in read.stripped:
        page.obj.Contents = pdf.make_stream(read.stripped[None])
    made = _Copies(pdf, read, {} if copies is None else copies)
    resources = made.resources(page.obj, None)
    if resources is not None:
        page.obj.Resources = resources
    return True


@dataclass
class _Copies:
    """The copies of the forms a page draws that hold invisible text or draw one that does."""

    pdf: pikepdf.Pdf
    read: _Read
    made: dict[Any, Any]
    changed: dict[Any, bool] = field(default_factory=dict)

    def resources(self, holder: Any, key: Any) -> Any:
        """`holder`'s /Resources with each such form it draws its copy (the XObject dictionary a new one, so that
        resources shared with other pages stay as they are); None when it draws none."""
        import pikepdf

        names = {name: form for name, form in self.read.drawn.get(key, {}).items() if self._changes(form.objgen)}
        if not names:
            return None
        resources = pikepdf.Dictionary(dict(holder.Resources.items()))
        resources.XObject = pikepdf.Dictionary(dict(holder.Resources.XObject.items()))
        for name, form in names.items():
            resources.XObject[name] = self._copy(form)
        return resources

    def _changes(self, key: Any) -> bool:
        if key not in self.changed:
            self.changed[key] = key in self.read.stripped  # set first: a form drawing itself ends here
            drawn = self.read.drawn.get(key, {}).values()
            self.changed[key] = self.changed[key] or any(self._changes(form.objgen) for form in drawn)
        return self.changed[key]

    def _copy(self, form: Any) -> Any:
        if form.objgen not in self.made:
            stripped = self.read.stripped.get(form.objgen)  # (b"": it showed nothing else)
            copy = self.pdf.make_stream(form.read_bytes() if stripped is None else stripped)
            self.made[form.objgen] = copy  # before the forms it draws: one drawing itself draws its copy
            for name, value in form.stream_dict.items():
                if name not in ("/Length", "/Filter", "/DecodeParms"):
                    copy[name] = value
            resources = self.resources(form, form.objgen)
            if resources is not None:
                copy.Resources = resources
        return self.made[form.objgen]
