"""Who issued an invoice, from its text: the seller's name, never the customer's.

Evidence, strongest first: a seller label (`From`, `Verkäufer`, `Émetteur`, ...) with the name after or
under it (an account holder's label, `Kontoinhaber`, is weaker: the holder may be the owner, a person); a
sender line (`Müller GmbH · Hauptstr. 5 · 10115 Berlin`, the small line over a letter's address window, or a
footer line); a cell that ends in a legal form (GmbH, SARL, B.V., S.L., S.r.l., Ltd, ...); the
first line of the first page. Names found in several places score higher (a letterhead and a footer agree),
names that match the invoice's web or e-mail domain too. The buyer's block (under `Bill to`, `Kunde`,
`Facturé à`, ..., or in the address window under a sender line) is never taken.
"""

from __future__ import annotations

import re

from pdftools.invoice.blocks import block_name, name_row, short_tail, under_label, with_form
from pdftools.invoice.labels import (
    ACCOUNT_HOLDER,
    ADDRESS,
    BUYER,
    LEGAL_FORM,
    NOT_A_NAME,
    SELLER,
    TITLE,
)
from pdftools.invoice.layout import Candidate, Cell, Doc
from pdftools.invoice.names import FIELD_ROW, WEB, ends_legal, name_key, plausible, tidy
from pdftools.invoice.parse import find_amounts, fold
from pdftools.invoice.ranking import rank

_SEPARATORS = re.compile(r"\s+[·•|–—:«»-]\s+|\s*[·•|]\s*")  # OCR reads a `·` as `-`, `:` or `«` at times
_REGISTRATION = re.compile(r"(?<![a-z])(?:iban|bic|swift|ust-?\s*id\w*|vat\s*(?:no|reg|id)\w*|tva|btw|iva|"
                           r"hrb|hra|siret|siren|rcs|kvk|cif|nif|p\.\s*iva|steuer\s*-?\s*nr|steuernummer)(?![a-z])")
# A letter's complimentary close: the firm named in the signature under it sends the letter
_CLOSING = re.compile(r"(?:mit\s+)?(?:freundlichen|besten|herzlichen)\s+gr[u]e?[sß]+en|freundliche\s+gr[u]e?[sß]+e|"
                      r"(?:kind|best|warm)\s+regards|yours\s+(?:faithfully|sincerely|truly)|sincerely|"
                      r"cordialement|met\s+vriendelijke\s+groet(?:en)?|cordiali\s+saluti|atentamente")
# A company's legal mention, printed by the seller (`Lumen SAS au capital de 10 000 €`, `capitale sociale`):
_CAPITAL = re.compile(r"[\s,;-]+(?:au\s+capital|capital\s+social|capitale\s+sociale|cap\.\s*soc\.|share\s+capital|"
                      r"(?:mit\s+(?:einem\s+)?)?(?:stamm|grund)\s*-?\s*kapital)(?![a-z])")


def _label_only(cell: Cell, labels: re.Pattern[str]) -> tuple[str, str]:
    """(the label the cell starts with, the text after it: "" when the cell is the label alone); ("", "")
    when the cell does not start with a label followed by a colon or nothing."""
    m = labels.match(cell.folded)
    if not m:
        return "", ""
    rest = cell.text[m.end():]
    if rest and not rest.lstrip().startswith(":") and rest.strip():
        return "", ""
    return cell.text[:m.end()], rest.strip().lstrip(":").strip()


def _seller_words(cell: Cell) -> tuple[str, str]:
    """A seller's label of several words, or a long one, before a firm's name without a colon (`Sold by Atlas
    Trading B.V.`, `Verkauft von Kranich GmbH`): (the label, the name), else ("", ""). A short word is not enough
    (`Van Dijk Techniek B.V.` is a name, no `Van:`)."""
    m = SELLER.match(cell.folded)
    if m is None or (" " not in m.group().strip() and len(m.group().strip()) < 7):
        return "", ""
    rest = cell.text[m.end():].strip()
    if not rest or rest.startswith(":") or not ends_legal(rest) or not plausible(rest):
        return "", ""
    return cell.text[:m.end()], rest


_PARTS = re.compile(r"\s+[·•|–—-]\s+")  # parts of a line (`BANQUE - Titulaire du compte : NAME`)


def _buyer_keys(doc: Doc, senders: list[Cell]) -> set[str]:
    """Names in the buyer's block: under a buyer label, or in the address window under a sender line."""
    keys = set()
    for i, cells in enumerate(doc.cells):
        for cell in cells:
            label, inline = _label_only(cell, BUYER)
            if label and inline:
                keys.add(name_key(inline))
            elif label:
                for c in doc.below(i, cell.start, cell.end, depth=1):
                    keys.add(name_key(block_name(doc, c)))
                    nxt = [d for d in doc.below(c.line, c.start, c.end, depth=1) if abs(d.start - c.start) <= 2]
                    if nxt and not ends_legal(c.text) and ends_legal(nxt[0].text):  # a contact over its company
                        keys.add(name_key(nxt[0].text))
    for sender in senders:
        keys.update(name_key(c.text) for c in doc.below(sender.line, sender.start, sender.start + 8, depth=1))
    return keys - {""}


def _under_street(doc: Doc, cell: Cell) -> bool:
    """Is the cell the line under a street in an address block (`Rua Fonseca, 2` / `Sao Joao - SP - 13877-123`:
    a city line, no `Name - Street - City` sender line)? The street is the nearest cell above in its columns,
    within two lines (another column's text may stand between)."""
    for j in range(cell.line - 1, max(cell.line - 3, -1), -1):
        if doc.page_of[j] != doc.page_of[cell.line]:
            return False
        over = [c for c in doc.cells[j] if c.start < cell.end and cell.start < c.end]
        if over:
            return any(NOT_A_NAME.search(c.folded) and any(ch.isdigit() for ch in c.text) for c in over)
    return False


def _sender_name(cell: Cell, parts_needed: int) -> str | None:
    """The name in a `Name · Street · City` line (separated parts, with an address or numbers after it), or in
    `Name GmbH, 90345 Nürnberg` (a name with its legal form, a comma, then its address)."""
    head, comma, rest = cell.text.partition(", ")
    if comma and ends_legal(head) and not FIELD_ROW.match(head) and any(c.isdigit() for c in rest) and (
            NOT_A_NAME.search(fold(rest)) or re.search(r"\b\d{4,5}\s+[^\W\d]", rest)):
        return tidy(head) if plausible(head) else None
    parts = [p for p in _SEPARATORS.split(cell.text) if p.strip()]
    address = fold(" ".join(parts[1:]))
    if len(parts) < parts_needed or not (NOT_A_NAME.search(address) or any(c.isdigit() for c in address)):
        return None
    return tidy(parts[0]) if plausible(parts[0]) else None


def _firm_at(doc: Doc, sender: Cell) -> str | None:
    """The company whose block elsewhere on the page has the street of a sender line that names a person: the
    line under the company's name with a legal form is that street (a letter signed by its employee)."""
    parts = [p.strip() for p in _SEPARATORS.split(sender.text) if p.strip()]
    streets = {fold(p) for p in parts[1:] if NOT_A_NAME.search(fold(p)) and any(c.isdigit() for c in p)}
    for i, cells in enumerate(doc.cells):
        for cell in cells:
            if i == sender.line or fold(cell.text.strip()) not in streets:
                continue
            above = next(([c for c in doc.cells[j] if abs(c.start - cell.start) <= 2] for j in (i - 1, i - 2)
                          if j >= 0 and any(abs(c.start - cell.start) <= 2 for c in doc.cells[j])), [])
            if above and ends_legal(above[0].text) and plausible(above[0].text):  # the nearest line in its column
                return tidy(above[0].text)
    return None


def issuers(doc: Doc) -> list[Candidate]:
    found: list[Candidate] = []
    senders: list[Cell] = []
    for i, cells in enumerate(doc.cells):
        top = doc.first_page_share(i) < 0.4
        for cell in cells:
            if _label_only(cell, BUYER)[0]:
                continue  # the customer's label, with its name or not: not the seller's
            label, inline = _label_only(cell, SELLER)
            if not label:
                label, inline = _seller_words(cell)
            if not label and _PARTS.search(cell.text):  # a label in a later part of the cell
                label, inline = next(((lab, rest) for part in _PARTS.split(cell.text)[1:]
                                      for lab, rest in [_label_only(_part(cell, part), SELLER)] if lab and rest),
                                     ("", ""))
            if label:
                score = 0.7 if ACCOUNT_HOLDER.match(cell.folded) else 0.9  # an account holder may be the owner
                name = inline if plausible(inline) else None if inline else under_label(doc, cell)
                if name:
                    found.append(Candidate(tidy(name), score, f"after the label '{label}'", i))
                continue
            mention = _capital_name(cell)
            if mention:
                found.append(Candidate(mention, 0.85, "a legal mention (its share capital)", i))
                continue
            footer = doc.in_footer(i)
            name = _sender_name(cell, 2 if footer else 3) if not _under_street(doc, cell) else None
            if name:
                senders.append(cell)
                firm = None if ends_legal(name) else _firm_at(doc, cell)
                if firm:  # `Claire Martin · Rue de la Paix 91 · ...`, the street under `Blue Harbor LLP` elsewhere
                    found.append(Candidate(firm, 0.85 if top else 0.7, "a sender line (the firm at its street)", i))
                else:
                    found.append(Candidate(name, 0.85 if top else 0.7, "a sender line", i))
                continue
            cell = with_form(doc, cell)
            named = name_row(cell)
            if named:  # `Razón Social: Sánchez S.L.`: the name is the value
                cell = Cell(cell.line, cell.end - len(named), cell.end, named, fold(named))
            if not plausible(cell.text) or cell.text.rstrip().endswith(":") or _after_registration(doc, cell):
                continue  # a field's label (`Importe Neto Gravado:`) is no name
            if ends_legal(cell.text):  # in a footer: the issuer's; at the top: the issuer's or the customer's
                score = 0.75 if footer else 0.65 if top else 0.6
                found.append(Candidate(tidy(cell.text), score, "a name with a legal form", i))
            if _over_address(doc, cell):
                found.append(Candidate(tidy(cell.text), 0.7 if footer else 0.6, "a name over an address", i))
            head = _letterhead(doc, cell) if not footer else None
            if head:
                found.append(Candidate(head, 0.8, "a name over its tax ID and phone or e-mail", i))
            if footer and not ADDRESS.search(cell.folded) and _beside_registration(doc, cell):
                found.append(Candidate(tidy(cell.text), 0.8, "a footer name beside tax or bank data", i))
    first = _first_line_name(doc)
    if first is not None:
        found.append(first)
    found += _signing_firm(doc)
    found += _receipt_stub(doc)
    return rank(doc, found, _buyer_keys(doc, senders))


def _signing_firm(doc: Doc) -> list[Candidate]:
    """The firm (a name with a legal form) in the signature a few lines under a letter's closing, alone in its
    line (`Mit freundlichen Grüßen` ... `Claire Martin` / `Chevalier Bâtiment SA`)."""
    for i, folded in enumerate(doc.folded):
        closing = _CLOSING.fullmatch(folded.strip(" ,."))
        if closing is None:
            continue
        for j in range(i + 1, min(i + 9, len(doc.cells))):  # blank lines for the signature itself
            cells = doc.cells[j]
            if len(cells) == 1 and ends_legal(cells[0].text) and plausible(cells[0].text):
                return [Candidate(tidy(cells[0].text), 0.85, f"the firm signing under {folded.strip()!r}", j)]
    return []


_RECEIVED_FROM = re.compile(r"recebemos\s+de\s+(.+?)\s+os\s+produtos")  # a DANFE's receipt stub (Brazil)


def _receipt_stub(doc: Doc) -> list[Candidate]:
    """`RECEBEMOS DE ALIMENTOS LTDA. OS PRODUTOS ...`: the receipt stub of a Brazilian DANFE names the issuer
    (as the page prints it elsewhere, when it does: `Alimentos Ltda.`)."""
    for i, folded in enumerate(doc.folded[:10]):
        m = _RECEIVED_FROM.search(folded)
        if m and plausible(doc.lines[i][m.start(1):m.end(1)]):
            name = doc.lines[i][m.start(1):m.end(1)].strip()
            shown = next((c.text.strip() for cells in doc.cells for c in cells
                          if fold(c.text.strip()) == fold(name) and c.text.strip() != name), name)
            return [Candidate(tidy(shown), 0.9, "a DANFE's receipt stub (recebemos de)", i)]
    return []


def _part(cell: Cell, text: str) -> Cell:
    return Cell(cell.line, cell.start, cell.end, text, fold(text))


def _capital_name(cell: Cell) -> str | None:
    """The company named in a legal mention: the name with its legal form before `au capital de`."""
    m = _CAPITAL.search(cell.folded)
    if m is None:
        return None
    name = _SEPARATORS.split(cell.text[:m.start()])[-1].strip()
    return tidy(name) if ends_legal(name) and plausible(name) else None


def _beside_registration(doc: Doc, cell: Cell) -> bool:
    """Does the seller's registration and bank data (VAT ID, IBAN, register) stand beside a footer cell, in
    other columns of its line or the next? Such a footer names who issued the invoice (a customer's VAT ID
    stands in the address block). Data right under the cell makes it that column's heading (`Bank`), no name."""
    line = cell.line
    if any(_REGISTRATION.search(c.folded) for c in doc.below(line, cell.start, cell.end, depth=1)):
        return False
    lines = [j for j in (line, line + 1) if j < len(doc.cells) and doc.page_of[j] == doc.page_of[line]]
    return any(_REGISTRATION.search(c.folded) for j in lines for c in doc.cells[j] if c is not cell)


def _letterhead(doc: Doc, cell: Cell) -> str | None:
    """The name heading a block that gives the firm's tax ID under the name in its column, and its phone or
    e-mail there or beside the block, down to the tax ID (the seller's letterhead: `Dachdeckerei Schulte & Söhne`
    / street / city / `+49 821 2514756` / `info@...` / `USt-IdNr. DE182926678`, left, right or centred; a customer's
    address has no tax ID of its own under it); a name wrapped onto the next line of its
    column with its legal form (`Hausmeisterservice Petra` / `Aydın KG`) is joined; a person's name under it
    (a contact) makes no letterhead."""
    under = doc.below(cell.line, cell.start, cell.end, depth=7)
    before = [c for c in doc.cells[cell.line] if c.end <= cell.start]
    if not under or _under_a_name(doc, cell) or (before and before[-1].text.rstrip().endswith(":")):
        return None  # a wrapped name's end, a contact under its firm; a field's value (`Betreff:   ...`)
    name, first = cell.text.strip(), under[0]
    if len(doc.below(cell.line, cell.start, cell.end, depth=1)) > 1:
        return None  # two cells of another block's line under it: no column of its own
    tail = first.text.strip()
    if plausible(tail) or LEGAL_FORM.fullmatch(fold(tail).rstrip(".")):
        if not (ends_legal(tail) and not ends_legal(name) and short_tail(tail)):
            return None
        name = f"{name} {tail}"
        under = under[1:]
    elif short_tail(name):
        return None  # `Aydın KG` may end a name wrapped from a line its column does not reach (set right)
    street = under[0].folded.strip() if under else ""
    if not ADDRESS.search(street) or _REGISTRATION.search(street) or WEB.search(street) or \
            plausible(_SEPARATORS.split(under[0].text.strip())[0]):
        return None  # no street or postcode right under it (a name's sender line is none): a heading of other data
    taxed = [c for c in under if _REGISTRATION.search(c.folded) or _EIN.search(c.folded)]
    if not taxed:
        return None
    beside = [c for j in range(cell.line, taxed[0].line + 1) for c in doc.cells[j] if c.start >= cell.end]
    contact = any(WEB.search(c.folded) or _PHONE.match(c.folded.strip()) or _IBAN_LINE.match(c.folded)
                  for c in [*under, *beside])  # a customer's block has no bank account paid into
    return tidy(name) if contact and plausible(name) else None


def _under_a_name(doc: Doc, cell: Cell) -> bool:
    """Is the cell under a name in its column (within two lines): the end of a name wrapped from the line above
    (`Aydın KG` under `Hausmeisterservice Petra`), or a contact under its firm (`Max Mustermann` under
    `MUSTERLIEFERANT GMBH`), not the head of a block?"""
    for j in (cell.line - 1, cell.line - 2):
        over = [c for c in doc.cells[j] if c.start < cell.end and cell.start < c.end] if j >= 0 and \
            doc.page_of[j] == doc.page_of[cell.line] else []
        if over:
            return len(over) == 1 and plausible(over[0].text)
    return False


_IBAN_LINE = re.compile(r"\s*iban\s*:?\s*[a-z]{2}\d\d")
_EIN = re.compile(r"(?<![a-z])ein\s*:?\s*\d{2}-\d{7}(?!\d)")  # a US firm's tax ID (Employer Identification Number)
_PHONE = re.compile(r"(?:(?:tel|telefon|phone|fon)\.?\s*:?\s*)?(?:\+\d|0|\(0)[\d ()/-]{6,}\d$")  # no date


def _after_registration(doc: Doc, cell: Cell) -> bool:
    """Is the cell the value of a bank or registration field (`Verkäufer-BIC:   PBNKDEFF`)?"""
    row = doc.cells[cell.line]
    at = next((k for k, c in enumerate(row) if c is cell), 0)
    return at > 0 and row[at - 1].text.rstrip().endswith(":") and bool(_REGISTRATION.search(row[at - 1].folded))


def _over_address(doc: Doc, cell: Cell) -> bool:
    """Is the cell the first line of an address block (a street or postcode line right under it)?"""
    if cell.line > 0 and any(c.start < cell.end and cell.start < c.end and not cell.folded.startswith(c.folded + " ")
                             and not _scrap(c.text) for c in doc.cells[cell.line - 1]):
        return False  # not the block's first line (a logo's short name over it may be: `Akretion` / `Akretion France`)
    under = doc.below(cell.line, cell.start, cell.end, depth=1)  # left, right or centred blocks
    if not under or under[0].line != cell.line + 1 or plausible(under[0].text) or FIELD_ROW.match(under[0].text):
        return False  # a name's line under it; or a field's row (`Imprenta: ...`, a printer's address), no block
    street = under[0].folded.strip()
    if _REGISTRATION.search(street):
        return False  # a bank's name over the account (`Sparkasse` / `IBAN DE52 ...`), a heading over tax data
    if sum(any(a.decimals for a in find_amounts(c.text)) for c in doc.cells[under[0].line]) >= 2:
        return False  # a table row with prices (`3 pcs ... £120.00 ... £360.00`) under a column heading
    return bool(NOT_A_NAME.search(street) or ADDRESS.search(street)) and not any(
        a.decimals for a in find_amounts(under[0].text))


def _scrap(text: str) -> bool:
    """A scrap of a logo's picture read by OCR (`sin`, `ier`): a few small letters, no word of a block."""
    text = text.strip()
    return len(text) <= 3 and text.isalpha() and text.islower()


def _first_line_name(doc: Doc) -> Candidate | None:
    for i, cells in enumerate(doc.cells):
        if doc.page_of[i] != 0:
            return None
        for cell in cells:
            if TITLE.fullmatch(cell.folded.strip(" :")):
                continue
            if plausible(cell.text):
                return Candidate(tidy(cell.text), 0.55, "the first line", i)
            return None
    return None
