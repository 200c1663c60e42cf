"""A party's block on an invoice: the name under a label (its next line, past a note in brackets or the account),
in a block of field rows (`Name: Kranich AG`, `Razón Social: ...`), with a legal form split off by a gap or
wrapped onto the next line joined to it again.
"""

from __future__ import annotations

import re

from pdftools.invoice.labels import LEGAL_FORM
from pdftools.invoice.layout import Cell, Doc
from pdftools.invoice.names import ends_legal, plausible
from pdftools.invoice.parse import fold

_IBAN = re.compile(r"[A-Z]{2}\d\d(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?")
# The field rows of a party's block that name it (`Name:`, `Firma:`, `Raison sociale :`)
_NAME_FIELD = re.compile(r"(?:(?:company|business|legal|trading|firmen|full)\s*-?\s*)?(?:name|firma|nom|naam|nombre|"
                         r"nome|raison\s*sociale|raz[o6]n\s*social|ragione\s*sociale|denominacion|denominazione|"
                         r"bedrijfsnaam|company)\s*:?$")


def under_label(doc: Doc, label: Cell) -> str | None:
    """The name under a seller label: its next line, or the one after a note in brackets (`Service Provider:` /
    `(Not to be used for payment remittance)` / `Nimbus Hosting, Inc.`)."""
    under = doc.below(label.line, label.start, label.end, depth=2)
    first = [c for c in under if c.line == under[0].line] if under else []
    if len(first) == 1 and (first[0].text.startswith("(") and first[0].text.rstrip().endswith(")") or
                            _IBAN.fullmatch(first[0].text.strip())):  # a note, or the account (a QR-bill)
        under = [c for c in doc.below(label.line, label.start, label.end, depth=4) if c.line != first[0].line]
    name = block_name(doc, under[0]) if under else ""
    return name if name and plausible(name) else None


def block_name(doc: Doc, cell: Cell) -> str:
    """The name of the party whose block starts at `cell` (the first cell under its heading): the block's first
    line, or, in a block of field rows (`Nummer: 998877` / `Name: Kranich AG` / `Anschrift: ...`, or a tax ID's
    row over the name), the value of its name row, else its first line that is no field row."""
    if not _FIELD_LABEL.match(cell.text.strip()):
        return _name_at(doc, cell)
    for row in _rows_from(doc, cell, 6):
        head = row.text.strip()
        field = _FIELD_LABEL.match(head)
        if field is None:
            return _name_at(doc, row)
        if _NAME_FIELD.match(fold(head[:field.end()]).strip()):
            value = head[field.end():].strip()
            return value or _wrapped(doc, row, _name_at(doc, row))
        beside = next((v for c in doc.cells[row.line] if c.start > row.start and (v := name_row(c))), None)
        if beside:  # `CUIT: 30-48072815-2     Razón Social: Bianchi S.p.A.`: the block's name row, to the right
            return beside
    return ""


def name_row(cell: Cell) -> str | None:
    """The value of a name field's row (`Razón Social: Sánchez S.L.`, `Company name: Nimbus Ltd`), else None."""
    text = cell.text.strip()
    field = _FIELD_LABEL.match(text)
    if field is None or not _NAME_FIELD.match(fold(text[:field.end()]).strip()):
        return None
    return text[field.end():].strip() or None


def _wrapped(doc: Doc, label: Cell, value: str) -> str:
    """A field's value with its first line set above the label's line (a two-line name centred on its label:
    `MVM Musterhafter` over `Name:   Versicherungsverein Musterstadt a.G.`)."""
    row = doc.cells[label.line]
    cell = next((c for c in row if c.start > label.end and c.text == value), None)
    if cell is None or label.line == 0:
        return value
    above = doc.cells[label.line - 1]
    if len(above) == 1 and abs(above[0].start - cell.start) <= 2 and doc.page_of[label.line - 1] == \
            doc.page_of[label.line] and plausible(above[0].text):
        return f"{above[0].text} {value}"
    return value


def _rows_from(doc: Doc, cell: Cell, depth: int) -> list[Cell]:
    """`cell`, then the cells starting in its column on the next `depth` non-empty lines (same page)."""
    return [cell, *(c for c in doc.below(cell.line, cell.start, cell.start + 1, depth=depth)
                    if abs(c.start - cell.start) <= 2)]


_FIELD_LABEL = re.compile(r"[^\W\d][\w .'/-]{0,24}:")  # `Name:`, `Company name:`, `Firma:` before the value


def _name_at(doc: Doc, cell: Cell) -> str:
    """The name a cell of a block starts: the cell, or the value after it when it is a field label (`Name:` /
    `Harbour Lights Ltd` in two columns), with a note in brackets in the next column joined to it (the OCR
    splits `Seeblick Druck UG (haftungsbeschränkt)` at a wide gap)."""
    row = doc.cells[cell.line]
    at = next((k for k, c in enumerate(row) if c is cell), None)
    if at is None:
        return cell.text
    whole = with_form(doc, cell)
    if whole is not cell:
        return whole.text
    text = cell.text
    if _FIELD_LABEL.fullmatch(text.strip()) and at + 1 < len(row):
        at += 1
        text = row[at].text
    if at + 1 < len(row) and row[at + 1].text.startswith("(") and row[at + 1].text.rstrip().endswith(")"):
        text = f"{text} {row[at + 1].text}"
    return text


def with_form(doc: Doc, cell: Cell) -> Cell:
    """The cell with the rest of its name when a gap splits them (`MUSTERLIEFERANT       GMBH`,
    `Bergmann     Logistik GmbH` in OCR's text), or its legal form wrapped onto the next line in brackets."""
    row = doc.cells[cell.line]
    at = next((k for k, c in enumerate(row) if c is cell), None)
    under = doc.cells[cell.line + 1] if cell.line + 1 < len(doc.cells) else []
    wrapped = next((c for c in under if abs(c.start - cell.start) <= 2), None)
    if wrapped is not None and ((wrapped.text.startswith("(") and wrapped.text.rstrip().endswith(")")) or (
            _PARTNER.search(cell.folded) and LEGAL_FORM.fullmatch(wrapped.folded.strip().rstrip(".")))) and \
            ends_legal(f"{cell.text} {wrapped.text}") and doc.page_of[wrapped.line] == doc.page_of[cell.line]:
        text = f"{cell.text} {wrapped.text}"  # `Schäfer Haustechnik UG` / `(haftungsbeschränkt)` in its column,
        return Cell(cell.line, cell.start, max(cell.end, wrapped.end), text, fold(text))  # `GmbH & Co.` / `KG`
    if at is None or at + 1 >= len(row) or LEGAL_FORM.fullmatch(cell.folded.strip(" ,")):
        return cell
    form = row[at + 1]
    alone = LEGAL_FORM.fullmatch(form.folded.strip(" ,").rstrip(".")) or LEGAL_FORM.fullmatch(form.folded.strip())
    if not alone and not (form.start - cell.end <= 6 and ends_legal(form.text) and not ends_legal(cell.text)
                          and short_tail(form.text)):
        return cell  # `Bergmann     Logistik GmbH`: OCR's gap inside a name, not between columns
    text = f"{cell.text} {form.text}"
    return Cell(cell.line, cell.start, form.end, text, fold(text))


_PARTNER = re.compile(r"&\s*co\.?$")  # `GmbH & Co.`: a partnership's name, its form (KG, OHG) still to come


def short_tail(text: str) -> bool:
    """Is `text` what a gap or a line's end splits off a name: a legal form with at most one word before it
    (`Logistik GmbH`, `Aydın KG`)? A whole name (`Übersetzungsbüro Jürgen Nowak e.K.`) is another column's."""
    folded = fold(text).rstrip(" ,.")
    form = next((m for m in LEGAL_FORM.finditer(folded) if m.end() >= len(folded)), None)
    return form is not None and len(folded[:form.start()].split()) <= 1
