"""What a company's or person's name looks like on an invoice, and not an address, a label, a date, an amount, a
greeting or a bank's code; a name tidied as a file name would use it; the letters and digits two forms of one
name share (its key).
"""

from __future__ import annotations

import re

from pdftools.invoice.labels import BUYER, DATE, LEGAL_FORM, NOT_A_NAME, NUMBER, SELLER, TITLE, TOTAL
from pdftools.invoice.parse import CURRENCY, find_amounts, find_dates, fold

WEB = re.compile(r"www\.|https?://|\S@\S")  # a web or e-mail address is no name
ALNUM = re.compile(r"[^a-z0-9]")
# A bank's code (BIC) with digits or a head office's `XXX` (a short name in capitals, `BOUYGUES`, is a name):
_BANK_CODE = re.compile(r"[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?")
_SALUTATION = re.compile(r"(?:sehr\s+geehrte[rn]?|liebe[rs]?|dear|hello|hallo|bonjour|madame|monsieur|"
                         r"estimad[oa]s?|gentile|geachte)(?![a-z])")  # a letter's greeting names no company
_SEAL = re.compile(r"\S{25,}|(?=\S*[a-z])(?=\S*[A-Z])(?=\S*\d)\S{12,}")  # a digital seal's base64, a token


def name_key(text: str) -> str:
    return ALNUM.sub("", fold(text.replace("&amp;", "&")))


def plausible(text: str) -> bool:
    """Could this be a company or person name (not an address, a label, a date or an amount)?"""
    folded = fold(text)
    letters = sum(c.isalpha() for c in folded)
    if letters < 3 or len(text) > 80 or WEB.search(folded) or find_dates(folded):
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
    if FIELD_ROW.match(text.strip()) and not ends_legal(text):
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


def tidy(text: str) -> str:
    """A name as a file name would use it: one space between words, no separators around it, no title after
    it (`Nimbus Hosting Invoice`, `Wagner UG (haftungsbeschränkt) Rechnung`: the letterhead and the title on one
    line), `&` where the page prints it escaped for HTML (`Schulte &amp; Söhne`, a web page's footer)."""
    return _TITLED.sub("", re.sub(r"\s+", " ", text.replace("&amp;", "&")).strip(" ,:;·•|–-"))


_CARRIED = re.compile(r"(?:carried|brought|balance)\s*forward|(?:saldo\s*)?(?:ubertrag|vortrag)|a\s*reporter|"
                      r"report(?:\s*a\s*nouveau)?|suma\s*(?:y\s*sigue|anterior)|transporto|riporto")
FIELD_ROW = re.compile(r"[^\W\d][\w .'/-]{0,24}:\s*[^\s/]")  # a field label and its value on one line


def ends_legal(text: str) -> bool:
    """Does the name end in a legal form? Short ones without dots (AG, SA, AS, AB) only in capitals."""
    text = text.rstrip(" ,")
    folded = fold(text)
    return any(m.end() >= len(folded.rstrip(".")) and ("." in m.group() or len(m.group()) > 3
                                                       or text[m.start():m.end()].isupper()
                                                       or text[m.start():m.end()] == "GbR")  # as it is written
               for m in LEGAL_FORM.finditer(folded))
