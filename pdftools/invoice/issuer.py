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

from pdftools.invoice.labels import (
    ACCOUNT_HOLDER,
    ADDRESS,
    BUYER,
    DATE,
    LEGAL_FORM,
    NOT_A_NAME,
    NUMBER,
    SELLER,
    TITLE,
    TOTAL,
)
from pdftools.invoice.layout import Candidate, Cell, Doc
from pdftools.invoice.parse import CURRENCY, find_amounts, find_dates, fold

_SEPARATORS = re.compile(r"\s+[·•|–—:«»-]\s+|\s*[·•|]\s*")  # OCR reads a `·` as `-`, `:` or `«` at times
_IBAN = re.compile(r"[A-Z]{2}\d\d(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?")
_REGISTRATION = re.compile(r"(?<![a-z])(?:iban|bic|swift|ust-?\s*id\w*|vat\s*(?:no|reg|id)\w*|tva|btw|iva|"
                           r"hrb|hra|siret|siren|rcs|kvk|cif|nif|p\.\s*iva|steuer\s*-?\s*nr|steuernummer)(?![a-z])")
_MISSING_GLYPH = re.compile("[\ufffd\u25a0\u25a1]")  # what a font without the letter prints instead of it
_WEB = re.compile(r"www\.|https?://|\S@\S")  # a web or e-mail address is no name
_DOMAIN = re.compile(r"(?:www\.|@)([a-z0-9-]+)\.[a-z]{2,}")
_ALNUM = re.compile(r"[^a-z0-9]")
_SELLER_EVIDENCE = ("after the label", "a sender line", "a footer name beside tax", "a legal mention",
                    "the firm signing", "a name over its tax ID")  # the seller
# A letter's complimentary close: the firm named in the signature under it sends the letter
_CLOSING = re.compile(r"(?:mit\s+)?(?:freundlichen|besten|herzlichen)\s+gr[u]e?[sß]+en|freundliche\s+gr[u]e?[sß]+e|"
                      r"(?:kind|best|warm)\s+regards|yours\s+(?:faithfully|sincerely|truly)|sincerely|"
                      r"cordialement|met\s+vriendelijke\s+groet(?:en)?|cordiali\s+saluti|atentamente")
# A company's legal mention, printed by the seller (`Lumen SAS au capital de 10 000 €`, `capitale sociale`):
_CAPITAL = re.compile(r"[\s,;-]+(?:au\s+capital|capital\s+social|capitale\s+sociale|cap\.\s*soc\.|share\s+capital|"
                      r"(?:mit\s+(?:einem\s+)?)?(?:stamm|grund)\s*-?\s*kapital)(?![a-z])")
POSITION_ONLY = 0.65  # under the default threshold
# A bank's code (BIC) with digits or a head office's `XXX` (a short name in capitals, `BOUYGUES`, is a name):
_BANK_CODE = re.compile(r"[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?")
_SALUTATION = re.compile(r"(?:sehr\s+geehrte[rn]?|liebe[rs]?|dear|hello|hallo|bonjour|madame|monsieur|"
                         r"estimad[oa]s?|gentile|geachte)(?![a-z])")  # a letter's greeting names no company
_SEAL = re.compile(r"\S{25,}|(?=\S*[a-z])(?=\S*[A-Z])(?=\S*\d)\S{12,}")  # a digital seal's base64, a token
# The field rows of a party's block that name it (`Name:`, `Firma:`, `Raison sociale :`)
_NAME_FIELD = re.compile(r"(?:(?:company|business|legal|trading|firmen|full)\s*-?\s*)?(?:name|firma|nom|naam|nombre|"
                         r"nome|raison\s*sociale|raz[o6]n\s*social|ragione\s*sociale|denominacion|denominazione|"
                         r"bedrijfsnaam|company)\s*:?$")


def _key(text: str) -> str:
    return _ALNUM.sub("", fold(text.replace("&amp;", "&")))


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


def plausible(text: str) -> bool:
    """Could this be a company or person name (not an address, a label, a date or an amount)?"""
    folded = fold(text)
    letters = sum(c.isalpha() for c in folded)
    if letters < 3 or len(text) > 80 or _WEB.search(folded) or find_dates(folded):
        return False
    if any(not m.group().isdigit() for m in NOT_A_NAME.finditer(folded)) or (
            NOT_A_NAME.search(folded) and not ends_legal(text)):
        return False  # an address, contact or bank data; a number only in a company's name
    amounts = find_amounts(text)
    if amounts and (any(a.decimals or a.currency for a in amounts) or not ends_legal(text)):
        return False  # an amount; a bare number only in a company's name (`Articulos Deportivos 2000, S.A.`)
    bare = folded.strip(" ,;-")
    if _SALUTATION.match(bare):
        return False
    if _CARRIED.fullmatch(bare.strip(" :")):
        return False  # a carried total's label, where a page ends and the next begins
    if _FIELD_ROW.match(text.strip()) and not ends_legal(text):
        return False  # a field's row (`Incoterm: DPU`), unless its value is a company (`Firma: Kranich AG`)
    token = text.strip(" ,;-")
    if _SEAL.search(token) or (_BANK_CODE.fullmatch(token) and (any(c.isdigit() for c in token)
                                                                 or token.endswith("XXX"))):
        return False  # a digital seal's base64, a bank's code
    if bare.startswith("(") and bare.endswith(")"):
        return False  # a note in brackets (`(haftungsbeschränkt)` split from its name by a wide gap) names no one
    if LEGAL_FORM.fullmatch(bare) or LEGAL_FORM.fullmatch(bare.rstrip(".")):
        return False  # a legal form alone (`Ltd` split from its name at a wide gap) names no one
    labelled = sum(end - start for labels in (NUMBER, DATE, TOTAL) for start, end, _ in labels.find(folded))
    if labelled * 2 >= len(folded.strip()) or TITLE.fullmatch(folded.strip(" :")) or CURRENCY.search(text):
        return False  # mostly label words (`Montant HT`, `Invoice date`), or a column header (`Amount (EUR)`)
    return not (SELLER.fullmatch(folded.strip(" :")) or BUYER.fullmatch(folded.strip(" :")))


_TITLED = re.compile(r"(?<=[\w).])\s+(?:tax\s+)?(?:invoice|rechnung|facture|factuur|factura|fattura)$", re.IGNORECASE)
_PARTS = re.compile(r"\s+[·•|–—-]\s+")  # parts of a line (`BANQUE - Titulaire du compte : NAME`)


def _tidy(text: str) -> str:
    """A name as a file name would use it: one space between words, no separators around it, no title after
    it (`Nimbus Hosting Invoice`, `Wagner UG (haftungsbeschränkt) Rechnung`: the letterhead and the title on one
    line), `&` where the page prints it escaped for HTML (`Schulte &amp; Söhne`, a web page's footer)."""
    return _TITLED.sub("", re.sub(r"\s+", " ", text.replace("&amp;", "&")).strip(" ,:;·•|–-"))


def _buyer_keys(doc: Doc, senders: list[Cell]) -> set[str]:
    """Names in the buyer's block: under a buyer label, or in the address window under a sender line."""
    keys = set()
    for i, cells in enumerate(doc.cells):
        for cell in cells:
            label, inline = _label_only(cell, BUYER)
            if label and inline:
                keys.add(_key(inline))
            elif label:
                for c in doc.below(i, cell.start, cell.end, depth=1):
                    keys.add(_key(_block_name(doc, c)))
                    nxt = [d for d in doc.below(c.line, c.start, c.end, depth=1) if abs(d.start - c.start) <= 2]
                    if nxt and not ends_legal(c.text) and ends_legal(nxt[0].text):  # a contact over its company
                        keys.add(_key(nxt[0].text))
    for sender in senders:
        keys.update(_key(c.text) for c in doc.below(sender.line, sender.start, sender.start + 8, depth=1))
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
    if comma and ends_legal(head) and not _FIELD_ROW.match(head) and any(c.isdigit() for c in rest) and (
            NOT_A_NAME.search(fold(rest)) or re.search(r"\b\d{4,5}\s+[^\W\d]", rest)):
        return _tidy(head) if plausible(head) else None
    parts = [p for p in _SEPARATORS.split(cell.text) if p.strip()]
    address = fold(" ".join(parts[1:]))
    if len(parts) < parts_needed or not (NOT_A_NAME.search(address) or any(c.isdigit() for c in address)):
        return None
    return _tidy(parts[0]) if plausible(parts[0]) else None


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
                return _tidy(above[0].text)
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
            if not label and _PARTS.search(cell.text):  # a label in a later part of the cell
                label, inline = next(((lab, rest) for part in _PARTS.split(cell.text)[1:]
                                      for lab, rest in [_label_only(_part(cell, part), SELLER)] if lab and rest),
                                     ("", ""))
            if label:
                score = 0.7 if ACCOUNT_HOLDER.match(cell.folded) else 0.9  # an account holder may be the owner
                name = inline if plausible(inline) else None if inline else _under_label(doc, cell)
                if name:
                    found.append(Candidate(_tidy(name), score, f"after the label '{label}'", i))
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
            cell = _with_form(doc, cell)
            named = _name_row(cell)
            if named:  # `Razón Social: Sánchez S.L.`: the name is the value
                cell = Cell(cell.line, cell.end - len(named), cell.end, named, fold(named))
            if not plausible(cell.text) or cell.text.rstrip().endswith(":") or _after_registration(doc, cell):
                continue  # a field's label (`Importe Neto Gravado:`) is no name
            if ends_legal(cell.text):  # in a footer: the issuer's; at the top: the issuer's or the customer's
                score = 0.75 if footer else 0.65 if top else 0.6
                found.append(Candidate(_tidy(cell.text), score, "a name with a legal form", i))
            if _over_address(doc, cell):
                found.append(Candidate(_tidy(cell.text), 0.7 if footer else 0.6, "a name over an address", i))
            head = _letterhead(doc, cell) if not footer else None
            if head:
                found.append(Candidate(head, 0.8, "a name over its tax ID and phone or e-mail", i))
            if footer and not ADDRESS.search(cell.folded) and _beside_registration(doc, cell):
                found.append(Candidate(_tidy(cell.text), 0.8, "a footer name beside tax or bank data", i))
    first = _first_line_name(doc)
    if first is not None:
        found.append(first)
    found += _signing_firm(doc)
    found += _receipt_stub(doc)
    return _rank(doc, found, _buyer_keys(doc, senders))


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
                return [Candidate(_tidy(cells[0].text), 0.85, f"the firm signing under {folded.strip()!r}", j)]
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
            return [Candidate(_tidy(shown), 0.9, "a DANFE's receipt stub (recebemos de)", i)]
    return []


def _part(cell: Cell, text: str) -> Cell:
    return Cell(cell.line, cell.start, cell.end, text, fold(text))


def _capital_name(cell: Cell) -> str | None:
    """The company named in a legal mention: the name with its legal form before `au capital de`."""
    m = _CAPITAL.search(cell.folded)
    if m is None:
        return None
    name = _SEPARATORS.split(cell.text[:m.start()])[-1].strip()
    return _tidy(name) if ends_legal(name) and plausible(name) else None


def _under_label(doc: Doc, label: Cell) -> str | None:
    """The name under a seller label: its next line, or the one after a note in brackets (`Service Provider:` /
    `(Not to be used for payment remittance)` / `Nimbus Hosting, Inc.`)."""
    under = doc.below(label.line, label.start, label.end, depth=2)
    first = [c for c in under if c.line == under[0].line] if under else []
    if len(first) == 1 and (first[0].text.startswith("(") and first[0].text.rstrip().endswith(")") or
                            _IBAN.fullmatch(first[0].text.strip())):  # a note, or the account (a QR-bill)
        under = [c for c in doc.below(label.line, label.start, label.end, depth=4) if c.line != first[0].line]
    name = _block_name(doc, under[0]) if under else ""
    return name if name and plausible(name) else None


def _block_name(doc: Doc, cell: Cell) -> str:
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
        beside = next((v for c in doc.cells[row.line] if c.start > row.start and (v := _name_row(c))), None)
        if beside:  # `CUIT: 30-48072815-2     Razón Social: Bianchi S.p.A.`: the block's name row, to the right
            return beside
    return ""


def _name_row(cell: Cell) -> str | None:
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
_CARRIED = re.compile(r"(?:carried|brought|balance)\s*forward|(?:saldo\s*)?(?:ubertrag|vortrag)|a\s*reporter|"
                      r"report(?:\s*a\s*nouveau)?|suma\s*(?:y\s*sigue|anterior)|transporto|riporto")
_FIELD_ROW = re.compile(r"[^\W\d][\w .'/-]{0,24}:\s*[^\s/]")  # a field label and its value on one line


def _name_at(doc: Doc, cell: Cell) -> str:
    """The name a cell of a block starts: the cell, or the value after it when it is a field label (`Name:` /
    `Harbour Lights Ltd` in two columns), with a note in brackets in the next column joined to it (the OCR
    splits `Seeblick Druck UG (haftungsbeschränkt)` at a wide gap)."""
    row = doc.cells[cell.line]
    at = next((k for k, c in enumerate(row) if c is cell), None)
    if at is None:
        return cell.text
    whole = _with_form(doc, cell)
    if whole is not cell:
        return whole.text
    text = cell.text
    if _FIELD_LABEL.fullmatch(text.strip()) and at + 1 < len(row):
        at += 1
        text = row[at].text
    if at + 1 < len(row) and row[at + 1].text.startswith("(") and row[at + 1].text.rstrip().endswith(")"):
        text = f"{text} {row[at + 1].text}"
    return text


def _beside_registration(doc: Doc, cell: Cell) -> bool:
    """Does the seller's registration and bank data (VAT ID, IBAN, register) stand beside a footer cell, in
    other columns of its line or the next? Such a footer names who issued the invoice (a customer's VAT ID
    stands in the address block). Data right under the cell makes it that column's heading (`Bank`), no name."""
    line = cell.line
    if any(_REGISTRATION.search(c.folded) for c in doc.below(line, cell.start, cell.end, depth=1)):
        return False
    lines = [j for j in (line, line + 1) if j < len(doc.cells) and doc.page_of[j] == doc.page_of[line]]
    return any(_REGISTRATION.search(c.folded) for j in lines for c in doc.cells[j] if c is not cell)


def _with_form(doc: Doc, cell: Cell) -> Cell:
    """The cell with the rest of its name when a gap splits them (`MUSTERLIEFERANT       GMBH`,
    `Bergmann     Logistik GmbH` in OCR's text), or its legal form wrapped onto the next line in brackets."""
    row = doc.cells[cell.line]
    at = next((k for k, c in enumerate(row) if c is cell), None)
    under = doc.cells[cell.line + 1] if cell.line + 1 < len(doc.cells) else []
    wrapped = next((c for c in under if abs(c.start - cell.start) <= 2), None)
    if wrapped is not None and wrapped.text.startswith("(") and wrapped.text.rstrip().endswith(")") and \
            ends_legal(f"{cell.text} {wrapped.text}") and doc.page_of[wrapped.line] == doc.page_of[cell.line]:
        text = f"{cell.text} {wrapped.text}"  # `Schäfer Haustechnik UG` / `(haftungsbeschränkt)` in its column
        return Cell(cell.line, cell.start, max(cell.end, wrapped.end), text, fold(text))
    if at is None or at + 1 >= len(row) or LEGAL_FORM.fullmatch(cell.folded.strip(" ,")):
        return cell
    form = row[at + 1]
    alone = LEGAL_FORM.fullmatch(form.folded.strip(" ,").rstrip(".")) or LEGAL_FORM.fullmatch(form.folded.strip())
    if not alone and not (form.start - cell.end <= 6 and ends_legal(form.text) and not ends_legal(cell.text)
                          and _short_tail(form.text)):
        return cell  # `Bergmann     Logistik GmbH`: OCR's gap inside a name, not between columns
    text = f"{cell.text} {form.text}"
    return Cell(cell.line, cell.start, form.end, text, fold(text))


def _short_tail(text: str) -> bool:
    """Is `text` what a gap or a line's end splits off a name: a legal form with at most one word before it
    (`Logistik GmbH`, `Aydın KG`)? A whole name (`Übersetzungsbüro Jürgen Nowak e.K.`) is another column's."""
    folded = fold(text).rstrip(" ,.")
    form = next((m for m in LEGAL_FORM.finditer(folded) if m.end() >= len(folded)), None)
    return form is not None and len(folded[:form.start()].split()) <= 1


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
        if not (ends_legal(tail) and not ends_legal(name) and _short_tail(tail)):
            return None
        name = f"{name} {tail}"
        under = under[1:]
    elif _short_tail(name):
        return None  # `Aydın KG` may end a name wrapped from a line its column does not reach (set right)
    street = under[0].folded.strip() if under else ""
    if not ADDRESS.search(street) or _REGISTRATION.search(street) or _WEB.search(street) or \
            plausible(_SEPARATORS.split(under[0].text.strip())[0]):
        return None  # no street or postcode right under it (a name's sender line is none): a heading of other data
    taxed = [c for c in under if _REGISTRATION.search(c.folded) or _EIN.search(c.folded)]
    if not taxed:
        return None
    beside = [c for j in range(cell.line, taxed[0].line + 1) for c in doc.cells[j] if c.start >= cell.end]
    contact = any(_WEB.search(c.folded) or _PHONE.match(c.folded.strip()) for c in [*under, *beside])
    return _tidy(name) if contact and plausible(name) else None


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
    if not under or under[0].line != cell.line + 1 or plausible(under[0].text) or _FIELD_ROW.match(under[0].text):
        return False  # a name's line under it; or a field's row (`Imprenta: ...`, a printer's address), no block
    street = under[0].folded.strip()
    if sum(any(a.decimals for a in find_amounts(c.text)) for c in doc.cells[under[0].line]) >= 2:
        return False  # a table row with prices (`3 pcs ... £120.00 ... £360.00`) under a column heading
    return bool(NOT_A_NAME.search(street) or ADDRESS.search(street)) and not any(
        a.decimals for a in find_amounts(under[0].text))


def _scrap(text: str) -> bool:
    """A scrap of a logo's picture read by OCR (`sin`, `ier`): a few small letters, no word of a block."""
    text = text.strip()
    return len(text) <= 3 and text.isalpha() and text.islower()


def ends_legal(text: str) -> bool:
    """Does the name end in a legal form? Short ones without dots (AG, SA, AS, AB) only in capitals."""
    text = text.rstrip(" ,")
    folded = fold(text)
    return any(m.end() >= len(folded.rstrip(".")) and ("." in m.group() or len(m.group()) > 3
                                                       or text[m.start():m.end()].isupper()
                                                       or text[m.start():m.end()] == "GbR")  # as it is written
               for m in LEGAL_FORM.finditer(folded))


def _first_line_name(doc: Doc) -> Candidate | None:
    for i, cells in enumerate(doc.cells):
        if doc.page_of[i] != 0:
            return None
        for cell in cells:
            if TITLE.fullmatch(cell.folded.strip(" :")):
                continue
            if plausible(cell.text):
                return Candidate(_tidy(cell.text), 0.55, "the first line", i)
            return None
    return None


def _rank(doc: Doc, found: list[Candidate], buyers: set[str]) -> list[Candidate]:
    """One candidate per name (a logo `ROSSI FORNITURE` and `Rossi Forniture S.r.l.` are one): its best score,
    raised for each further kind of evidence, for a legal form, for being printed more than once (a customer's
    name rarely is) and for matching the web or e-mail domain; buyer names dropped. When the runner-up is
    nearly as strong, the winner is not trusted."""
    merged: dict[str, Candidate] = {}
    kinds: dict[str, set[str]] = {}
    for cand in sorted(found, key=lambda c: -len(_key(c.value))):
        key = _key(cand.value)
        if not key or key in buyers:
            continue
        key = next((k for k in merged if k.startswith(key) and (len(key) >= 6 or len(key) >= 4 and fold(
            merged[k].value).startswith(fold(cand.value) + " "))), key)  # a shorter form (a logo's word) of a name
        kinds.setdefault(key, set()).add(cand.how)
        labelled = cand.how.startswith("after the label") and _form_apart(cand.value, merged.get(key))
        if key not in merged or cand.score > merged[key].score:
            value = cand.value if labelled or key not in merged else merged[key].value  # a label's name as it
            merged[key] = Candidate(value, cand.score, "", cand.line)  # gives it; else the longest form
    ranked = sorted((_score(doc, key, cand, kinds[key], bool(buyers)) for key, cand in merged.items()),
                    key=lambda c: (-c.score, c.line))
    if len(ranked) > 1 and ranked[0].score - ranked[1].score < 0.1:
        best = ranked[0]
        ranked[0] = Candidate(best.value, min(best.score, 0.65),
                              f"{best.how}; but {ranked[1].value!r} is nearly as likely", best.line)
    if ranked and _MISSING_GLYPH.search(ranked[0].value):  # a letter the PDF's font could not show
        best = ranked[0]
        ranked[0] = Candidate(best.value, min(best.score, 0.6), f"{best.how}; but a letter of it is not shown",
                              best.line)
    variant = next((c for c in ranked[1:] if _variants(_key(ranked[0].value), _key(c.value))), None)
    if variant is not None:  # `Müller & Söhne GmbH` and `Muller & S6hne GmbH`: which spelling is right?
        best = ranked[0]
        value, other = ((variant.value, best.value) if len(_MISREAD.findall(best.value)) >
                        len(_MISREAD.findall(variant.value)) else (best.value, variant.value))
        ranked[0] = Candidate(value, min(best.score, 0.65),
                              f"{best.how}; but it is spelled {other!r} elsewhere", best.line)
    return ranked


def _form_apart(name: str, longer: Candidate | None) -> bool:
    """Is `longer` (a form of the same name found before) `name` with a legal form after it, or no other?"""
    if longer is None:
        return True
    rest = fold(longer.value)[len(fold(name)):].strip(" ,")
    return fold(longer.value).startswith(fold(name)) and bool(LEGAL_FORM.fullmatch(rest.rstrip(".")) or
                                                             LEGAL_FORM.fullmatch(rest))


_MISREAD = re.compile(r"(?<=[^\W\d_])[0156](?=[^\W\d_])")  # OCR's `1` for `l`, `0` for `O`, `5` for `S` in a word


def _variants(a: str, b: str) -> bool:
    """Two spellings of one name (an OCR misreading, a typo): nearly the same letters, not the same."""
    from difflib import SequenceMatcher

    return a != b and min(len(a), len(b)) >= 6 and SequenceMatcher(None, a, b).ratio() >= 0.85


def _score(doc: Doc, key: str, cand: Candidate, kinds: set[str], buyer_known: bool) -> Candidate:
    """The candidate's confidence from its evidence. Where it stands on the page (the first line, a name with a
    legal form or over an address at the top) fits the customer's block as well as the seller's letterhead:
    without evidence that names the seller as such (a seller label, a sender line, the footer's tax and bank
    data, the web domain, a name printed three times or more), or a customer's block found elsewhere (under a
    buyer label), it stays under the default threshold."""
    score = cand.score + 0.05 * (len(kinds) - 1)
    how = " and ".join(sorted(kinds))
    if ends_legal(cand.value) and "legal form" not in how:
        score += 0.05
    seen = sum(key[:max(6, len(key) - 6)] in _ALNUM.sub("", line) for line in doc.folded)
    if seen > 1:  # a customer's name is printed once, or twice (billing and delivery address)
        score += 0.05 if seen == 2 else 0.15
        how += f", printed {seen} times"
    domains = {_ALNUM.sub("", m.group(1)) for line in doc.folded for m in _DOMAIN.finditer(line)}
    web = any(len(d) >= 4 and (d in key or key[:6] in d) for d in domains)
    if web:
        score += 0.05
        how += ", like the web domain"
    if not (web or seen > 2 or buyer_known or any(k.startswith(_SELLER_EVIDENCE) for k in kinds)):
        score, how = min(score, POSITION_ONLY), how + " (where it stands only: a customer's block looks the same)"
    return Candidate(cand.value, round(min(score, 0.95), 2), how, cand.line)
