"""Turn laid-out pages into PDFs, the way different producers do.

- `pikepdf`: content streams with the standard Helvetica fonts (WinAnsiEncoding: €, umlauts, accents).
- `groff`: troff positions the text, Ghostscript (ps2pdf) writes the PDF with embedded subset fonts.
- `scan`: any PDF rasterised to gray images (pdftoppm), as a scanner would give it: no text layer.
- `attach_cii`: a ZUGFeRD / Factur-X style CII XML attached to the PDF (or a broken one).
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

import pikepdf

from invoices.layouts import PAGE_H, PAGE_W, Spec, Text

# Helvetica advance widths (1/1000 em) for what invoices contain; accented letters as their base letter.
_WIDTHS = dict(zip(" !\"#$%&'()*+,-./0123456789:;<=>?@", [278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584,
                                                         278, 333, 278, 278, *[556] * 10, 278, 278, 584, 584, 584,
                                                         556, 1015], strict=True))
_WIDTHS |= dict(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ", [667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
                                                   722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611],
                    strict=True))
_WIDTHS |= dict(zip("abcdefghijklmnopqrstuvwxyz", [556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833,
                                                   556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500],
                    strict=True))


def _width(text: str, size: float, bold: bool) -> float:
    import unicodedata

    total = sum(_WIDTHS.get(unicodedata.normalize("NFKD", c)[:1], 556) for c in text)
    return total * size / 1000 * (1.06 if bold else 1.0)


def _x(item: Text, width: float) -> float:
    return item.x - width if item.align == "right" else item.x - width / 2 if item.align == "center" else item.x


def pikepdf_pdf(pages: list[list[Text]], out: Path, title: str = "") -> Path:
    pdf = pikepdf.new()
    fonts = pikepdf.Dictionary(
        F1=pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1,
                                                BaseFont=pikepdf.Name.Helvetica,
                                                Encoding=pikepdf.Name.WinAnsiEncoding)),
        F2=pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name("/Type1"),
                                                BaseFont=pikepdf.Name("/Helvetica-Bold"),
                                                Encoding=pikepdf.Name.WinAnsiEncoding)))
    for items in pages:
        ops = []
        for item in items:
            data = item.text.encode("cp1252").replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)")
            x = _x(item, _width(item.text, item.size, item.bold))
            ops.append(b"BT /%s %g Tf 1 0 0 1 %.2f %.2f Tm (%s) Tj ET" % (
                b"F2" if item.bold else b"F1", item.size, x, PAGE_H - item.y, data))
        page = pdf.add_blank_page(page_size=(PAGE_W, PAGE_H))
        page.obj.Resources = pikepdf.Dictionary(Font=fonts)
        page.obj.Contents = pdf.make_stream(b"\n".join(ops))
    if title:
        pdf.docinfo["/Title"] = title
    pdf.save(out)
    return out


def groff_pdf(pages: list[list[Text]], out: Path) -> Path:
    """troff places each piece at its absolute position (`.sp |y`, `\\h'|x'`); ps2pdf makes the PDF."""
    lines = [".pl 842p", ".ll 595p", ".po 0", ".nf", ".ss 12 0"]
    for number, items in enumerate(pages):
        if number:
            lines.append(".bp")
        by_y: dict[float, list[Text]] = {}
        for item in items:
            by_y.setdefault(item.y, []).append(item)
        for y in sorted(by_y):
            lines.append(f".sp |{y - 10:.1f}p")
            parts = []
            for item in sorted(by_y[y], key=lambda t: _x(t, _width(t.text, t.size, t.bold))):
                text = item.text.replace("\\", "\\e")
                font = "HB" if item.bold else "H"
                sized = f"\\f[{font}]\\s[{item.size:g}]"
                if item.align == "left":
                    parts.append(f"\\h'|{item.x:.1f}p'{sized}{text}")
                else:
                    shift = "" if item.align == "right" else "/2"
                    parts.append(f"{sized}\\h'|{item.x:.1f}p-(\\w\x01{text}\x01u{shift})'{text}")
            lines.append("".join(parts))
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "invoice.tr"
        source.write_text("\n".join(lines) + "\n", encoding="utf-8")
        ps = subprocess.run(["groff", "-k", "-Tps", str(source)], capture_output=True, check=True).stdout
        (Path(tmp) / "invoice.ps").write_bytes(ps)
        subprocess.run(["ps2pdf", "-sPAPERSIZE=a4", str(Path(tmp) / "invoice.ps"), str(out)], check=True,
                       capture_output=True)
    return out


def groff_available() -> bool:
    return all(shutil.which(p) for p in ("groff", "ps2pdf"))


def scan(pdf: Path, out: Path, dpi: int = 200) -> Path:
    """The pages as gray images in a PDF, nothing else (what a scanner makes)."""
    from PIL import Image

    with tempfile.TemporaryDirectory() as tmp:
        # -q: a font poppler stands in for (`Couldn't create a font`) is no failure of the scan
        subprocess.run(["pdftoppm", "-q", "-r", str(dpi), "-gray", str(pdf), str(Path(tmp) / "p")], check=True)
        images = [Image.open(p).copy() for p in sorted(Path(tmp).glob("p-*.pgm"))]
    images[0].save(out, save_all=True, append_images=images[1:], resolution=dpi)
    return out


def cii_xml(spec: Spec) -> bytes:
    """A Factur-X / ZUGFeRD (EN 16931) CII document with the invoice's header data."""
    from xml.sax.saxutils import escape

    return f"""<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
 xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
 xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
 <rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter>
  <ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>
 </rsm:ExchangedDocumentContext>
 <rsm:ExchangedDocument><ram:ID>{escape(spec.number)}</ram:ID><ram:TypeCode>380</ram:TypeCode>
  <ram:IssueDateTime><udt:DateTimeString format="102">{spec.date:%Y%m%d}</udt:DateTimeString></ram:IssueDateTime>
 </rsm:ExchangedDocument>
 <rsm:SupplyChainTradeTransaction>
  <ram:ApplicableHeaderTradeAgreement>
   <ram:SellerTradeParty><ram:Name>{escape(spec.issuer[0])}</ram:Name></ram:SellerTradeParty>
   <ram:BuyerTradeParty><ram:Name>{escape(spec.customer[0])}</ram:Name></ram:BuyerTradeParty>
  </ram:ApplicableHeaderTradeAgreement>
  <ram:ApplicableHeaderTradeSettlement>
   <ram:InvoiceCurrencyCode>{spec.currency}</ram:InvoiceCurrencyCode>
   <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    <ram:LineTotalAmount>{spec.subtotal:.2f}</ram:LineTotalAmount>
    <ram:TaxBasisTotalAmount>{spec.subtotal:.2f}</ram:TaxBasisTotalAmount>
    <ram:TaxTotalAmount currencyID="{spec.currency}">{spec.vat:.2f}</ram:TaxTotalAmount>
    <ram:GrandTotalAmount>{spec.total:.2f}</ram:GrandTotalAmount>
    <ram:DuePayableAmount>{spec.total:.2f}</ram:DuePayableAmount>
   </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
  </ram:ApplicableHeaderTradeSettlement>
 </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>
""".encode()


def attach_cii(pdf_path: Path, xml: bytes, name: str = "factur-x.xml") -> None:
    with pikepdf.open(pdf_path, allow_overwriting_input=True) as pdf:
        spec = pikepdf.AttachedFileSpec(pdf, xml, mime_type="text/xml", description="Factur-X invoice")
        pdf.attachments[name] = spec
        pdf.save(pdf_path)
