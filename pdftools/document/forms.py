"""Interactive form fields (AcroForm) through pikepdf's form helpers: described, filled with checked values,
and flattened (the widgets drawn into the page content, then the form removed)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pdftools.core.objects import text as pdf_text
from pdftools.core.pdf import add_resource
from pdftools.document.appearances import draw, redraw
from pdftools.document.fonts import literal
from pdftools.errors import FieldNotFound, InvalidFieldValue, NoForm

if TYPE_CHECKING:
    import pikepdf

TRUE = {"yes", "true", "on", "1", "checked", "x"}
FALSE = {"no", "false", "off", "0", "unchecked", ""}
LINE_BREAK = re.compile(r"\r\n|\r|\n")
TYPES = {"TextField": "text", "CheckboxField": "checkbox", "RadioButtonGroup": "radio", "ChoiceField": "choice",
         "PushbuttonField": "button", "SignatureField": "signature"}


@dataclass
class FormField:
    name: str
    type: str
    """text, checkbox, radio, choice, button or signature."""
    value: str
    """Checkboxes and radio buttons: the selected state, or Off."""
    options: list[str] = field(default_factory=list)
    """What a checkbox, radio group or choice field takes."""
    read_only: bool = False


def wrapped(pdf: pikepdf.Pdf, appearances: bool = False) -> dict[str, Any]:
    """The form's fields by name (pikepdf.form wrappers), refusing a PDF without any."""
    from pikepdf.form import Form

    form = Form(pdf, _generator() if appearances else None)
    try:
        fields = {name: f[0] if isinstance(f, list) else f for name, f in form.items()}
    except RuntimeError:  # a field pikepdf cannot type
        fields = {}
    if not fields:
        raise NoForm("the PDF has no form fields")
    order = _tree_order(pdf)  # qpdf lists them by object number, which a save renumbers
    return dict(sorted(fields.items(), key=lambda item: order.get(item[1]._field.obj.objgen, len(order))))


def _tree_order(pdf: pikepdf.Pdf) -> dict[tuple[int, int], int]:
    """Each field's place in the form's /Fields tree, depth first (pdftk's dump_data_fields order)."""
    from pikepdf import Array, Dictionary

    order: dict[tuple[int, int], int] = {}
    fields = pdf.Root.AcroForm.get("/Fields")
    todo = list(reversed(fields)) if isinstance(fields, Array) else []
    while todo:
        obj = todo.pop()
        if not isinstance(obj, Dictionary) or not obj.is_indirect or obj.objgen in order:
            continue
        order[obj.objgen] = len(order)
        kids = obj.get("/Kids")
        todo.extend(reversed(kids) if isinstance(kids, Array) else [])
    return order


def pages_of(pdf: pikepdf.Pdf) -> dict[tuple[int, int], int]:
    """Each annotation's page (1-based), by its object number."""
    from pikepdf import Array

    on: dict[tuple[int, int], int] = {}
    for number, page in enumerate(pdf.pages, 1):
        annots = page.obj.get("/Annots")
        for annot in annots if isinstance(annots, Array) else []:
            if annot.is_indirect:
                on.setdefault(annot.objgen, number)
    return on


def widget_pages(wrapper: Any, on: dict[tuple[int, int], int]) -> set[int]:
    """The pages a field's widgets are on (the field itself, or its kids, each down to its widgets)."""
    from pikepdf import Array

    found, todo, seen = set(), [wrapper._field.obj], set()
    while todo:
        obj = todo.pop()
        if not obj.is_indirect or obj.objgen in seen:
            continue
        seen.add(obj.objgen)
        if obj.objgen in on:
            found.add(on[obj.objgen])
        kids = obj.get("/Kids")
        todo.extend(kids if isinstance(kids, Array) else [])
    return found


def _generator() -> type:
    """qpdf's appearances, with values it cannot encode redrawn in the field's font (or refused), and every
    choice of a multi-select list box highlighted (`appearances.draw`)."""
    from pikepdf.form import DefaultAppearanceStreamGenerator

    class Generator(DefaultAppearanceStreamGenerator):
        def generate_text(self, field: Any) -> None:
            for annot in self.form.get_annotations_for_field(field):
                draw(field, annot)

        generate_choice = generate_text

    return Generator


def describe(name: str, wrapper: Any) -> FormField:
    kind = TYPES.get(type(wrapper).__name__, "unknown")
    options = _options(kind, wrapper)
    value = wrapper.value if kind in ("text", "choice") else (_state(wrapper.value) if kind != "button" else "")
    if kind == "choice" and not value:
        value = ", ".join(_chosen(wrapper))
    return FormField(name=name, type=kind, value=str(value or ""), options=options,
                     read_only=bool(wrapper.is_read_only))


def _chosen(wrapper: Any) -> list[str]:
    """The choices a multi-select list box holds as an array /V (pikepdf reads its value as empty)."""
    from pikepdf import Array

    try:
        held = wrapper._field.value
    except (RuntimeError, AttributeError):
        return []
    return [pdf_text(v) for v in held] if isinstance(held, Array) else []


def _state(value: Any) -> str:
    return str(value)[1:] if value is not None and str(value).startswith("/") else str(value or "Off")


def _options(kind: str, wrapper: Any) -> list[str]:
    try:
        if kind == "checkbox":
            return [_state(wrapper.on_value), "Off"]
        if kind == "radio":
            return sorted(_state(s) for s in wrapper.states if str(s) != "/Off")
        if kind == "choice":
            return [str(o.export_value) for o in wrapper.options]
    except (RuntimeError, AttributeError, KeyError):  # no appearance states to read them from
        return ["Yes", "Off"] if kind == "checkbox" else []
    return []


def fill(fields: dict[str, Any], values: dict[str, Any]) -> list[str]:
    """Check every value first (nothing is changed when one is wrong), then set them all; the warnings."""
    unknown = [n for n in values if n not in fields]
    if unknown:
        names = ", ".join(repr(n) for n in list(fields)[:30])
        raise FieldNotFound(f"the form has no field {unknown[0]!r}",
                            hint=f"The fields are: {names}. `pdftools forms list FILE` shows them with types.")
    setters = [_setter(name, fields[name], value) for name, value in values.items()]
    for setter in setters:
        setter()
    return [f"field {name!r} is one line: a line break in its value shows as a space (the value keeps it, as "
            "pdftk's fill_form does)" for name, value in values.items() if _one_line_broken(fields[name], value)]


def _setter(name: str, wrapper: Any, value: Any) -> Any:
    from pikepdf import Name

    info = describe(name, wrapper)
    if info.type == "choice" and _multiselect(wrapper):
        return _choices_setter(name, wrapper, info, value)
    if isinstance(value, list) and info.type in ("choice", "radio"):
        raise InvalidFieldValue(f"field {name!r} ({info.type}) takes one choice, not a list: {_shown(value)}",
                                hint="Give one of its options as a string; only a multi-select list box takes "
                                     "a list.")
    if value is None or isinstance(value, dict | list) or (isinstance(value, bool) and info.type != "checkbox") \
            or info.type in ("button", "signature", "unknown"):  # JSON null and true are no text to write
        raise InvalidFieldValue(f"field {name!r} ({info.type}) cannot take {_shown(value)}")
    text = str(value).strip() if not isinstance(value, bool) else ("yes" if value else "no")
    if info.type == "checkbox":
        on = text.lower() in TRUE or text in info.options[:1]
        if not on and text.lower() not in FALSE:
            raise InvalidFieldValue(f"{name!r} is a checkbox: {_shown(value)} is neither yes nor no",
                                    hint="A checkbox takes yes or no (true/false, on/off, 1/0).")
        return lambda: setattr(wrapper, "checked", on)
    if info.type == "radio" and text == "Off":  # nothing chosen, as `list` shows it (and pdftk's FDF writes it)
        return lambda: _choose_none(wrapper)
    if info.type in ("radio", "choice") and text not in info.options and not _editable(wrapper, info):
        allowed = ", ".join(info.options)
        raise InvalidFieldValue(f"{name!r} ({info.type}) does not offer {_shown(value)}",
                                hint=f"It takes one of: {allowed}.")
    if info.type == "radio":
        return lambda: setattr(wrapper, "value", Name("/" + text))
    if _one_line_broken(wrapper, value):
        return lambda: _set_broken(wrapper, str(value))
    return lambda: setattr(wrapper, "value", str(value))


def _one_line_broken(wrapper: Any, value: Any) -> bool:
    """A value with a line break for a one-line text field."""
    return (type(wrapper).__name__ == "TextField" and isinstance(value, str) and not wrapper.is_multiline
            and LINE_BREAK.search(value) is not None)


def _set_broken(wrapper: Any, value: str) -> None:
    """A one-line field's value with line breaks, as pdftk-java fills it: kept as given, drawn on one line with a
    space for each break (pikepdf's setter drops the breaks, running the words together in value and look)."""
    import pikepdf

    wrapper.value = LINE_BREAK.sub(" ", value)  # the appearance
    limit = wrapper.max_length
    wrapper._field.obj.V = pikepdf.String(value if limit is None else value[:limit])


def _choose_none(group: Any) -> None:
    """A radio group with no button chosen (pikepdf lets one be unchosen only by choosing another)."""
    from pikepdf import Name

    field = group._field  # the group's field, its buttons the widgets under it
    field.obj.V = Name.Off
    for annot in field.obj.get("/Kids", [field.obj]):
        if "/AS" in annot:
            annot.AS = Name.Off


def _shown(value: Any) -> str:
    """A value from the user as they wrote it: text quoted, anything else (from JSON data) as JSON."""
    import json

    return repr(value) if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _multiselect(wrapper: Any) -> bool:
    try:
        return bool(wrapper.is_multiselect)
    except (RuntimeError, AttributeError):
        return False


def _choices_setter(name: str, wrapper: Any, info: FormField, value: Any) -> Any:
    """A multi-select list box: one choice or a list of them, each one of its options; /V holds an array (a
    lone choice stays a string) and /I their indices, in ascending order, as viewers read them; the form's
    generator draws it with every choice highlighted."""
    from pikepdf import Array, String

    chosen = value if isinstance(value, list) else [value]
    if not chosen or any(isinstance(v, dict | list | bool) or v is None for v in chosen):
        raise InvalidFieldValue(f"{name!r} (choice) takes one choice or a list of choices, not {value!r}",
                                hint=f"E.g. [{', '.join(repr(o) for o in info.options[:2])}].")
    texts = [str(v).strip() for v in chosen]
    wrong = [t for t in texts if t not in info.options]
    if wrong:
        raise InvalidFieldValue(f"{name!r} (choice) does not offer {wrong[0]!r}",
                                hint=f"It takes any of: {', '.join(info.options)}.")
    texts = list(dict.fromkeys(texts))
    indices = sorted({info.options.index(t) for t in texts})

    def set_all() -> None:
        if len(texts) == 1:
            wrapper.value = texts[0]  # a string /V, drawn as any choice is
        else:
            wrapper._field.obj.V = Array([String(t) for t in texts])
            if wrapper._form.generate_appearances is not None:
                wrapper._form.generate_appearances.generate_choice(wrapper._field)
        wrapper._field.obj.I = Array(indices)

    return set_all


def _editable(wrapper: Any, info: FormField) -> bool:
    return info.type == "choice" and bool(wrapper.is_combobox and wrapper.allow_edit)


def flatten(pdf: pikepdf.Pdf, *, annotations: bool = False) -> int:
    """Draw every visible widget's appearance into its page, drop the widgets and the form; return how many.
    `annotations`: the other annotations with an appearance too (comments, highlights, stamps), as qpdf's
    --flatten-annotations=all draws them; a PDF without a form is then no error."""
    if pdf.Root.get("/AcroForm") is None or not pdf.acroform.fields:
        if not annotations:
            raise NoForm("the PDF has no form fields to flatten")
        return _flatten_annotations(pdf)
    if not draw_for_viewers(pdf):  # no field left for viewers to draw: those drawn are as they are, ...
        for fld in pdf.acroform.fields:
            if fld.field_type in ("/Tx", "/Ch"):
                for annot in pdf.acroform.get_annotations_for_field(fld):
                    redraw(fld, annot, fld.fully_qualified_name)  # ... re-encoded where qpdf drew `?`
    drawn = sum(_flatten_page(pdf, page) for page in pdf.pages)
    del pdf.Root.AcroForm
    return drawn + (_flatten_annotations(pdf) if annotations else 0)


def drawn_by_producer(pdf: pikepdf.Pdf) -> bool:
    """Whether every widget of the form has its own appearance: a stream, or one for each state of a button (a
    viewer asked to draw hyperref's fields draws their borders and ticks, which the file does not hold)."""
    from pikepdf import Dictionary, Stream

    for fld in pdf.acroform.fields:
        for annot in pdf.acroform.get_annotations_for_field(fld):
            appearances: Any = annot.obj.get("/AP", {})
            normal = appearances.get("/N")
            states = list(normal.values()) if isinstance(normal, Dictionary) else [normal]
            if not states or not all(isinstance(s, Stream) for s in states):
                return False
    return True


def draw_for_viewers(pdf: pikepdf.Pdf, *, lenient: bool = False) -> bool:
    """A form that asks viewers to draw its fields (NeedAppearances) drawn now, every field, and the flag dropped,
    as `qpdf --generate-appearances` does: text and choice fields as fill draws them (qpdf draws a list box's
    several choices as one empty row), buttons' /AS set from their /V. Poppler, asked, draws them itself and
    cannot from some producers' fields (LibreOffice's radio buttons, combo boxes, checkboxes): they showed
    nothing. False when the form did not ask. `lenient`: a value its font cannot draw (one a viewer typed, not
    given now) leaves the flag set, for viewers to draw, rather than failing."""
    if not bool(pdf.Root.AcroForm.get("/NeedAppearances", False)):
        return False
    pdf.generate_appearance_streams()  # qpdf's drawing, the flag dropped
    undrawn = False
    for fld in pdf.acroform.fields:
        if fld.field_type in ("/Tx", "/Ch"):
            for annot in pdf.acroform.get_annotations_for_field(fld):
                try:
                    draw(fld, annot)
                except InvalidFieldValue:
                    if not lenient:
                        raise
                    undrawn = True
    if undrawn:
        pdf.Root.AcroForm.NeedAppearances = True
    return True


def _flatten_annotations(pdf: pikepdf.Pdf) -> int:
    """qpdf's flattening of every annotation that has an appearance and is not hidden; how many went."""
    def count() -> int:
        return sum(len(page.obj.get("/Annots") or []) for page in pdf.pages)

    before = count()
    pdf.flatten_annotations("all")
    return before - count()


def _flatten_page(pdf: pikepdf.Pdf, page: pikepdf.Page) -> int:
    from pikepdf import Annotation, Array, Name, Stream

    keep, content, drawn = [], b"", 0
    for annot in page.obj.get("/Annots") or []:
        if annot.get("/Subtype") != "/Widget":
            keep.append(annot)
            continue
        helper = Annotation(annot)
        stream = helper.get_appearance_stream(Name.N)
        if isinstance(stream, Stream):
            name = add_resource(page, stream, Name.XObject, "Fxo")
            content += helper.get_page_content_for_appearance(name, page.rotation) + b"\n"
        elif str(annot.get("/AS", "/Off")) != "/Off":  # a checked box whose appearance is missing: draw a check
            content += _check_mark(pdf, page, annot)
        drawn += 1
    if drawn:
        page.contents_add(b"q\n", prepend=True)
        page.contents_add(b"\nQ\n" + content)
        page.obj.Annots = Array(keep)
    return drawn


def _check_mark(pdf: pikepdf.Pdf, page: pikepdf.Page, annot: Any) -> bytes:
    from pikepdf import Dictionary, Name

    font = add_resource(page, Dictionary(Type=Name.Font, Subtype=Name.Type1, BaseFont=Name.ZapfDingbats),
                        Name.Font, "FZa")
    x0, y0, x1, y1 = (float(v) for v in annot.Rect)
    size = 0.8 * min(x1 - x0, y1 - y0)
    char = str(annot.get("/MK", {}).get("/CA", "4"))[:1].encode("latin-1", "replace") or b"4"
    x, y = x0 + (x1 - x0 - 0.8 * size) / 2, y0 + (y1 - y0 - 0.7 * size) / 2
    return f"q 0 g BT {font} {size:.2f} Tf {x:.2f} {y:.2f} Td ".encode() + literal(char) + b" Tj ET Q\n"
