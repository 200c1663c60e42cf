"""E-invoice XML in every syntax and wherever a PDF keeps it: ZUGFeRD 1.0, CII, UBL Invoice and CreditNote;
the embedded files, /AF only, a file attachment annotation; by name, relationship or MIME type. Orders,
blank templates and disagreeing XMLs are never read as an invoice's fields."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from pathlib import Path

import pikepdf
import pytest
from invoices.layouts import Text
from invoices.producers import pikepdf_pdf

from pdftools.invoice import xml as invoice_xml
from pdftools.invoice.reader import Options, read_invoice

CII = b"""<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
 xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
 xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
 <rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter>
  <ram:ID>urn:factur-x.eu:1p0:minimum</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>
 </rsm:ExchangedDocumentContext>
 <rsm:ExchangedDocument><ram:ID> FX-2024-\n 0042 </ram:ID><ram:TypeCode>380</ram:TypeCode>
  <ram:IssueDateTime><udt:DateTimeString format="102">20240305</udt:DateTimeString></ram:IssueDateTime>
 </rsm:ExchangedDocument>
 <rsm:SupplyChainTradeTransaction>
  <ram:ApplicableHeaderTradeAgreement>
   <ram:SellerTradeParty><ram:Name>Verkauf  GmbH</ram:Name></ram:SellerTradeParty>
   <ram:BuyerTradeParty><ram:Name>Kunde AG</ram:Name></ram:BuyerTradeParty>
  </ram:ApplicableHeaderTradeAgreement>
  <ram:ApplicableHeaderTradeSettlement>
   <ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
   <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    <ram:TaxBasisTotalAmount>100.00</ram:TaxBasisTotalAmount>
    <ram:GrandTotalAmount>119.00</ram:GrandTotalAmount><ram:DuePayableAmount>19.00</ram:DuePayableAmount>
   </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
  </ram:ApplicableHeaderTradeSettlement>
 </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>"""

ZUGFERD_1 = b"""<rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0"
 xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:12"
 xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:15">
 <rsm:HeaderExchangedDocument><ram:ID>ZF1-7</ram:ID><ram:TypeCode>380</ram:TypeCode>
  <ram:IssueDateTime><udt:DateTimeString format="102">20130601</udt:DateTimeString></ram:IssueDateTime>
 </rsm:HeaderExchangedDocument>
 <rsm:SpecifiedSupplyChainTradeTransaction>
  <ram:ApplicableSupplyChainTradeAgreement>
   <ram:SellerTradeParty><ram:Name>Alt GmbH</ram:Name></ram:SellerTradeParty>
  </ram:ApplicableSupplyChainTradeAgreement>
  <ram:IncludedSupplyChainTradeLineItem><ram:SpecifiedSupplyChainTradeSettlement>
   <ram:SpecifiedTradeSettlementMonetarySummation><ram:LineTotalAmount>5.00</ram:LineTotalAmount>
   <ram:GrandTotalAmount>5.00</ram:GrandTotalAmount></ram:SpecifiedTradeSettlementMonetarySummation>
  </ram:SpecifiedSupplyChainTradeSettlement></ram:IncludedSupplyChainTradeLineItem>
  <ram:ApplicableSupplyChainTradeSettlement>
   <ram:InvoiceCurrencyCode>CHF</ram:InvoiceCurrencyCode>
   <ram:SpecifiedTradeSettlementMonetarySummation>
    <ram:GrandTotalAmount currencyID="CHF">1234.5</ram:GrandTotalAmount>
   </ram:SpecifiedTradeSettlementMonetarySummation>
  </ram:ApplicableSupplyChainTradeSettlement>
 </rsm:SpecifiedSupplyChainTradeTransaction>
</rsm:CrossIndustryDocument>"""


def ubl(root: str, total: str = "TaxInclusiveAmount") -> bytes:
    kind = "CreditNote" if root == "CreditNote" else "Invoice"
    return f"""<{root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:{kind}-2"
      xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"
      xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2">
      <cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0</cbc:CustomizationID>
      <cbc:ID>GS-9</cbc:ID><cbc:IssueDate>2024-11-30</cbc:IssueDate>
      <cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
      <cac:AccountingSupplierParty><cac:Party><cac:PartyName><cbc:Name>Brand</cbc:Name></cac:PartyName>
       <cac:PartyLegalEntity><cbc:RegistrationName>Brand Handel GmbH</cbc:RegistrationName></cac:PartyLegalEntity>
      </cac:Party></cac:AccountingSupplierParty>
      <cac:AccountingCustomerParty><cac:Party><cac:PartyLegalEntity><cbc:RegistrationName>Buyer
      </cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingCustomerParty>
      <cac:LegalMonetaryTotal><cbc:{total} currencyID="EUR">59.50</cbc:{total}>
       <cbc:PayableAmount currencyID="EUR">9.50</cbc:PayableAmount></cac:LegalMonetaryTotal>
    </{root}>""".encode()


ORDER_X = b"""<rsm:SCRDMCCBDACIOMessageStructure
 xmlns:rsm="urn:un:unece:uncefact:data:SCRDMCCBDACIOMessageStructure:100"
 xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:128">
 <rsm:ExchangedDocument><ram:ID>PO-1</ram:ID><ram:TypeCode>220</ram:TypeCode></rsm:ExchangedDocument>
</rsm:SCRDMCCBDACIOMessageStructure>"""


def test_every_syntax_gives_the_same_five_fields() -> None:
    cii = invoice_xml.read("factur-x.xml", CII)
    assert isinstance(cii, invoice_xml.XmlInvoice)
    assert (cii.issuer, cii.number, cii.date, cii.amount, cii.currency) == (
        "Verkauf GmbH", "FX-2024- 0042", dt.date(2024, 3, 5), Decimal("119.00"), "EUR")  # the grand total
    old = invoice_xml.read("ZUGFeRD-invoice.xml", ZUGFERD_1)
    assert isinstance(old, invoice_xml.XmlInvoice) and old.syntax == "CII (ZUGFeRD 1.0)"
    assert (old.issuer, old.number, old.date, old.amount, old.currency) == (
        "Alt GmbH", "ZF1-7", dt.date(2013, 6, 1), Decimal("1234.50"), "CHF")  # the header's, not a line's
    for root in ("Invoice", "CreditNote"):
        read = invoice_xml.read("xrechnung.xml", ubl(root))
        assert isinstance(read, invoice_xml.XmlInvoice) and read.syntax == f"UBL {root}"
        assert (read.issuer, read.number, read.date, read.amount, read.currency) == (
            "Brand Handel GmbH", "GS-9", dt.date(2024, 11, 30), Decimal("59.50"), "EUR")
    payable_only = invoice_xml.read("x.xml", ubl("Invoice", total="PayableAmount"))
    assert isinstance(payable_only, invoice_xml.XmlInvoice) and payable_only.amount == Decimal("59.50")


@pytest.mark.parametrize(("data", "relationship", "says", "other"), [
    (ORDER_X, "/Alternative", "is an order (ORDER-X): the PDF is not an invoice", "an order (ORDER-X)"),
    (ORDER_X, "/Supplement", "is an order (ORDER-X), not an invoice", None),  # an order attached to an invoice
    (CII.replace(b"FX-2024-\n 0042", b"").replace(b"119.00", b"").replace(b"19.00", b""), "/Alternative",
     "no invoice number or total (a blank template?)", None),
    (b"%PDF-1.4 not xml", "/Data", "is not XML", None),
    (CII[:300], "/Data", "malformed", None),
])
def test_what_is_no_invoice_says_why(data: bytes, relationship: str, says: str, other: str | None) -> None:
    read = invoice_xml.read("factur-x.xml", data, relationship)
    assert isinstance(read, invoice_xml.Refusal) and says in read and read.other_document == other


def test_dates_without_a_day_are_no_date() -> None:
    week = CII.replace(b'format="102">20240305', b'format="616">202410')
    read = invoice_xml.read("factur-x.xml", week)
    assert isinstance(read, invoice_xml.XmlInvoice) and read.date is None and read.number


def _page(path: Path) -> Path:
    return pikepdf_pdf([[Text(50, 60, "Rechnung Nr. TEXT-1"), Text(50, 80, "Datum: 01.02.2023")]], path)


def _spec(pdf: pikepdf.Pdf, name: str, data: bytes, relationship: str | None, mime: str | None) -> pikepdf.Object:
    stream = pdf.make_stream(data)
    stream.Type = pikepdf.Name.EmbeddedFile
    if mime:
        stream.Subtype = pikepdf.Name("/" + mime)
    spec = pikepdf.Dictionary(Type=pikepdf.Name.Filespec, F=name, UF=name, EF=pikepdf.Dictionary(F=stream, UF=stream))
    if relationship:
        spec.AFRelationship = pikepdf.Name(relationship)
    return pdf.make_indirect(spec)


@pytest.mark.parametrize("where", ["names", "af", "annotation"])
@pytest.mark.parametrize(("name", "relationship", "mime"), [
    ("factur-x.xml", "/Alternative", "text/xml"),
    ("rechnung_2024_0042.bin", "/Data", None),  # an odd name: found by its relationship
    ("INVOICE", None, "application/xml"),  # no relationship, no extension: found by its MIME type
])
def test_the_xml_is_found_wherever_and_however_it_is_attached(tmp_path: Path, where: str, name: str,
                                                              relationship: str | None, mime: str | None) -> None:
    path = _page(tmp_path / "in.pdf")
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        spec = _spec(pdf, name, CII, relationship, mime)
        if where == "names":
            pdf.Root.Names = pikepdf.Dictionary(EmbeddedFiles=pikepdf.Dictionary(Names=[name, spec]))
        elif where == "af":
            pdf.Root.AF = pikepdf.Array([spec])
        else:
            pdf.pages[0].obj.Annots = pikepdf.Array([pdf.make_indirect(pikepdf.Dictionary(
                Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.FileAttachment, Rect=[0, 0, 10, 10], FS=spec))])
        pdf.save(path)
    reading = read_invoice(path, None, Options(ocr=False))
    assert {k: (f.value, f.source) for k, f in reading.fields.items()} == {
        "issuer": ("Verkauf GmbH", "xml"), "number": ("FX-2024- 0042", "xml"), "date": ("2024-03-05", "xml"),
        "amount": ("119.00", "xml"), "currency": ("EUR", "xml")}
    ignored = read_invoice(path, None, Options(ocr=False, xml=False))  # --no-xml: the page only
    assert ignored.fields["number"].value == "TEXT-1" and ignored.fields["number"].source == "text"


def test_a_file_that_may_not_be_xml_is_not_read(tmp_path: Path) -> None:
    path = _page(tmp_path / "in.pdf")
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        pdf.Root.AF = pikepdf.Array([_spec(pdf, "logo.png", CII, "/Supplement", "image/png")])
        pdf.save(path)
    reading = read_invoice(path, None, Options(ocr=False))
    assert reading.fields["number"].source == "text"


def test_an_order_pdf_is_no_invoice_and_disagreeing_xmls_are_not_trusted(tmp_path: Path) -> None:
    order = _page(tmp_path / "order.pdf")
    with pikepdf.open(order, allow_overwriting_input=True) as pdf:
        pdf.Root.AF = pikepdf.Array([_spec(pdf, "order-x.xml", ORDER_X, "/Alternative", "text/xml")])
        pdf.save(order)
    reading = read_invoice(order, None, Options(ocr=False))
    assert not reading.fields and reading.not_invoice and "ORDER-X" in reading.not_invoice
    both = _page(tmp_path / "both.pdf")
    with pikepdf.open(both, allow_overwriting_input=True) as pdf:
        pdf.Root.AF = pikepdf.Array([_spec(pdf, "factur-x.xml", CII, "/Alternative", "text/xml"),
                                     _spec(pdf, "ZUGFeRD-invoice.xml", ZUGFERD_1, "/Alternative", "text/xml")])
        pdf.save(both)
    fields = read_invoice(both, None, Options(ocr=False)).fields
    assert fields["number"].value == "FX-2024- 0042" and fields["number"].confidence < 0.7
    assert "ZUGFeRD-invoice.xml says ZF1-7" in fields["number"].how
