"""Embedded e-invoices: the ZUGFeRD / Factur-X / XRechnung XML attached to a PDF, read exactly.

CII (`CrossIndustryInvoice`, what ZUGFeRD and Factur-X embed) and UBL (`Invoice`, XRechnung's other syntax)
are both read, by element names whatever their namespace prefixes. A file that does not parse, or holds
neither, is reported (the caller falls back to the text) rather than guessed at.
"""

from __future__ import annotations

import datetime as dt
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pikepdf

MAX_XML = 20_000_000  # bytes; an invoice's XML is a few hundred KB at most
KNOWN_NAMES = ("factur-x.xml", "zugferd-invoice.xml", "zugferd_invoice.xml", "xrechnung.xml", "order-x.xml")


@dataclass
class XmlInvoice:
    name: str  # the attachment's file name
    issuer: str | None = None
    number: str | None = None
    date: dt.date | None = None
    amount: Decimal | None = None
    currency: str | None = None


def attachments(pdf: pikepdf.Pdf) -> list[tuple[str, bytes]]:
    """The PDF's XML attachments, known e-invoice names first."""
    found = []
    for name, spec in pdf.attachments.items():
        if not name.lower().endswith(".xml"):
            continue
        stream = spec.get_file()
        if int(stream.obj.get("/Length", 0)) <= MAX_XML:
            found.append((name, stream.read_bytes()))
    return sorted(found, key=lambda item: item[0].lower() not in KNOWN_NAMES)


def read(name: str, data: bytes) -> XmlInvoice | str:
    """The invoice in one XML attachment, or why it could not be read."""
    try:
        root = ET.fromstring(data)  # expat: no external entities, no network
    except ET.ParseError as exc:
        return f"the embedded XML {name} is malformed ({exc})"
    kind = _local(root.tag)
    if kind == "CrossIndustryInvoice":
        return _cii(name, root)
    if kind in ("Invoice", "CreditNote"):
        return _ubl(name, root)
    return f"the embedded XML {name} is not an e-invoice (root element {kind})"


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _text(root: ET.Element, path: str) -> str | None:
    element = root.find(path)
    return element.text.strip() if element is not None and element.text and element.text.strip() else None


def _amount(text: str | None) -> Decimal | None:
    try:
        return Decimal(text) if text else None
    except InvalidOperation:
        return None


def _date(text: str | None) -> dt.date | None:
    if not text:
        return None
    digits = text.replace("-", "")[:8]
    try:
        return dt.datetime.strptime(digits, "%Y%m%d").date()
    except ValueError:
        return None


def _cii(name: str, root: ET.Element) -> XmlInvoice:
    settlement = ".//{*}ApplicableHeaderTradeSettlement"
    summation = f"{settlement}/{{*}}SpecifiedTradeSettlementHeaderMonetarySummation"
    total = root.find(f"{summation}/{{*}}GrandTotalAmount")
    if total is None:
        total = root.find(f"{summation}/{{*}}DuePayableAmount")
    return XmlInvoice(
        name=name,
        issuer=_text(root, ".//{*}ApplicableHeaderTradeAgreement/{*}SellerTradeParty/{*}Name"),
        number=_text(root, "{*}ExchangedDocument/{*}ID"),
        date=_date(_text(root, "{*}ExchangedDocument/{*}IssueDateTime/{*}DateTimeString")),
        amount=_amount(total.text.strip() if total is not None and total.text else None),
        currency=_text(root, f"{settlement}/{{*}}InvoiceCurrencyCode")
        or (total.get("currencyID") if total is not None else None),
    )


def _ubl(name: str, root: ET.Element) -> XmlInvoice:
    party = "{*}AccountingSupplierParty/{*}Party"
    total = root.find("{*}LegalMonetaryTotal/{*}PayableAmount")
    if total is None:
        total = root.find("{*}LegalMonetaryTotal/{*}TaxInclusiveAmount")
    return XmlInvoice(
        name=name,
        issuer=_text(root, f"{party}/{{*}}PartyLegalEntity/{{*}}RegistrationName")
        or _text(root, f"{party}/{{*}}PartyName/{{*}}Name"),
        number=_text(root, "{*}ID"),
        date=_date(_text(root, "{*}IssueDate")),
        amount=_amount(total.text.strip() if total is not None and total.text else None),
        currency=_text(root, "{*}DocumentCurrencyCode") or (total.get("currencyID") if total is not None else None),
    )
