"""Embedded e-invoices: the ZUGFeRD / Factur-X / XRechnung XML attached to a PDF, read exactly.

Syntaxes: CII as ZUGFeRD 2.x, Factur-X and XRechnung embed it (`CrossIndustryInvoice`, every profile from
MINIMUM to EXTENDED), ZUGFeRD 1.0's older CII (`CrossIndustryDocument`), and UBL (`Invoice`, `CreditNote`),
read by element names whatever their namespace prefixes. The XML is looked for (attachments.py) in the
document's embedded files, its associated files (`/AF`) and file attachment annotations, under any name: known
e-invoice names first, then files the PDF relates to its content (`/AFRelationship` Alternative, Data or
Source) or declares as XML. An XML that does not parse, or holds no invoice, is reported rather than guessed
at; one that shows the PDF to be another document (an ORDER-X order) says so, and the file is no invoice at all.
"""

from __future__ import annotations

import datetime as dt
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

CONTENT = ("/Alternative", "/Data", "/Source")  # relationships of a file that is the document's content
# Roots that are no invoice but show what the PDF is when its content is attached (an order's PDF).
OTHER_DOCUMENTS = {"SCRDMCCBDACIOMessageStructure": "an order (ORDER-X)", "Order": "an order (UBL)",
                   "OrderChange": "an order change (UBL)", "OrderResponse": "an order response (UBL)",
                   "DespatchAdvice": "a despatch advice (UBL)", "Quotation": "a quotation (UBL)"}
_SPACES = re.compile(r"\s+")


@dataclass
class XmlInvoice:
    name: str  # the attachment's file name
    issuer: str | None = None
    number: str | None = None
    date: dt.date | None = None
    amount: Decimal | None = None
    currency: str | None = None
    syntax: str = ""  # e.g. "CII (ZUGFeRD 1.0)"


class Refusal(str):
    """Why an attachment was not read as an invoice. `other_document` names what the PDF is instead (an
    order), when the XML is the PDF's own content: then the file is not an invoice, and its text is not read
    as one either."""

    other_document: str | None

    def __new__(cls, reason: str, other_document: str | None = None) -> Refusal:
        made = super().__new__(cls, reason)
        made.other_document = other_document
        return made


def read(name: str, data: bytes, relationship: str | None = "/Alternative") -> XmlInvoice | Refusal:
    """The invoice in one XML attachment, or why it could not be read. `relationship` (the attachment's
    /AFRelationship) says whether the XML is the PDF's content: only then does an order make the PDF one."""
    if not data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<"):
        return Refusal(f"the attachment {name} is not XML")
    try:
        root = ET.fromstring(data)  # expat: no external entities, no network
    except ET.ParseError as exc:
        return Refusal(f"the embedded XML {name} is malformed ({exc})")
    kind = _local(root.tag)
    if kind in ("CrossIndustryInvoice", "CrossIndustryDocument"):
        found = _cii(name, root) if kind == "CrossIndustryInvoice" else _cii_1(name, root)
    elif kind in ("Invoice", "CreditNote"):
        found = _ubl(name, root, kind)
    elif kind in OTHER_DOCUMENTS:
        what = OTHER_DOCUMENTS[kind]
        content = relationship in CONTENT or relationship is None
        return Refusal(f"the embedded XML {name} is {what}: the PDF is not an invoice" if content else
                       f"the embedded XML {name} is {what}, not an invoice", what if content else None)
    else:
        return Refusal(f"the embedded XML {name} is not an e-invoice (root element {kind})")
    if found.number is None and found.amount is None:
        return Refusal(f"the embedded XML {name} holds no invoice number or total (a blank template?)")
    return found


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _text(root: ET.Element, path: str) -> str | None:
    element = root.find(path)
    if element is None or not element.text:
        return None
    return _SPACES.sub(" ", element.text).strip() or None


def _amount(element: ET.Element | None) -> Decimal | None:
    text = _SPACES.sub("", element.text or "") if element is not None else ""
    try:
        value = Decimal(text) if text else None
        return value.quantize(Decimal("0.01")) if value is not None and value.is_finite() else None
    except InvalidOperation:
        return None


def _date(element: ET.Element | None) -> dt.date | None:
    """A CII `DateTimeString` (format 102: YYYYMMDD; 203: YYYYMMDDHHMM) or a UBL / ISO date. Formats that do
    not give a day (610 month, 616 week) are no invoice date."""
    if element is None or not element.text:
        return None
    text = element.text.strip()
    if element.get("format") not in (None, "102", "203", "204"):
        return None
    digits = re.fullmatch(r"(\d{4})-?(\d{2})-?(\d{2})(?:[T ]?[\d:.+Z-]*)?", text)
    if not digits:
        return None
    try:
        return dt.date(int(digits[1]), int(digits[2]), int(digits[3]))
    except ValueError:
        return None


def _first(root: ET.Element, *paths: str) -> ET.Element | None:
    return next((e for p in paths if (e := root.find(p)) is not None and (e.text or "").strip()), None)


def _cii(name: str, root: ET.Element) -> XmlInvoice:
    """CII D16B as ZUGFeRD 2.x, Factur-X and XRechnung CII write it (every profile has these header fields)."""
    settlement = "{*}SupplyChainTradeTransaction/{*}ApplicableHeaderTradeSettlement"
    summation = f"{settlement}/{{*}}SpecifiedTradeSettlementHeaderMonetarySummation"
    return _made(name, "CII", root,
                 issuer=_text(root, "{*}SupplyChainTradeTransaction/{*}ApplicableHeaderTradeAgreement/"
                                    "{*}SellerTradeParty/{*}Name"),
                 number=_text(root, "{*}ExchangedDocument/{*}ID"),
                 date=_date(root.find("{*}ExchangedDocument/{*}IssueDateTime/{*}DateTimeString")),
                 total=_first(root, f"{summation}/{{*}}GrandTotalAmount", f"{summation}/{{*}}DuePayableAmount"),
                 currency=_text(root, f"{settlement}/{{*}}InvoiceCurrencyCode"))


def _cii_1(name: str, root: ET.Element) -> XmlInvoice:
    """ZUGFeRD 1.0: the same data under older element names (`HeaderExchangedDocument`, ...)."""
    transaction = "{*}SpecifiedSupplyChainTradeTransaction"
    settlement = f"{transaction}/{{*}}ApplicableSupplyChainTradeSettlement"
    summation = f"{settlement}/{{*}}SpecifiedTradeSettlementMonetarySummation"
    return _made(name, "CII (ZUGFeRD 1.0)", root,
                 issuer=_text(root, f"{transaction}/{{*}}ApplicableSupplyChainTradeAgreement/"
                                    "{*}SellerTradeParty/{*}Name"),
                 number=_text(root, "{*}HeaderExchangedDocument/{*}ID"),
                 date=_date(root.find("{*}HeaderExchangedDocument/{*}IssueDateTime/{*}DateTimeString")),
                 total=_first(root, f"{summation}/{{*}}GrandTotalAmount", f"{summation}/{{*}}DuePayableAmount"),
                 currency=_text(root, f"{settlement}/{{*}}InvoiceCurrencyCode"))


def _ubl(name: str, root: ET.Element, kind: str) -> XmlInvoice:
    """UBL 2.1 Invoice and CreditNote (XRechnung's other syntax): the seller's legal name (BT-27) before its
    trading name, the total with VAT (BT-112, as CII's GrandTotalAmount) before the amount due."""
    party = "{*}AccountingSupplierParty/{*}Party"
    totals = "{*}LegalMonetaryTotal"
    return _made(name, f"UBL {kind}", root,
                 issuer=_text(root, f"{party}/{{*}}PartyLegalEntity/{{*}}RegistrationName")
                 or _text(root, f"{party}/{{*}}PartyName/{{*}}Name"),
                 number=_text(root, "{*}ID"),
                 date=_date(root.find("{*}IssueDate")),
                 total=_first(root, f"{totals}/{{*}}TaxInclusiveAmount", f"{totals}/{{*}}PayableAmount"),
                 currency=_text(root, "{*}DocumentCurrencyCode"))


def _made(name: str, syntax: str, root: ET.Element, *, issuer: str | None, number: str | None,
          date: dt.date | None, total: ET.Element | None, currency: str | None) -> XmlInvoice:
    currency = currency or (total.get("currencyID") if total is not None else None)
    code = currency.strip().upper() if currency and re.fullmatch(r"\s*[A-Za-z]{3}\s*", currency) else None
    return XmlInvoice(name=name, issuer=issuer, number=number, date=date, amount=_amount(total), currency=code,
                      syntax=syntax)
