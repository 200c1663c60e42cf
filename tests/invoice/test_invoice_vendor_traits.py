"""Layouts of widely used accounting and billing programs and big vendors (tests/invoices/vendors.py: DATEV,
lexoffice, SAP Business One, Xero, Zoho, Amazon, Telekom, ...), first measured before any change: what the reader
got wrong or was unsure of on them, each rule a general one. Tuning material of our own; nothing of the held-out
set."""

from __future__ import annotations

from pathlib import Path

import pytest

from pdftools.invoice import text
from pdftools.invoice.layout import Candidate, Doc, mend_ocr
from pdftools.invoice.reader import contested, spaced_ocr_number, unconfirmed_ocr_name


def _doc(lines: list[str]) -> Doc:
    return Doc.from_pages(["\n".join(lines)])


TELEKOM = ["Hofmann Werkzeugbau GmbH",
           "Hofmann Werkzeugbau GmbH · Gartenweg 12 · 50667 Köln",
           "                                                    Datum               05.03.2024",
           "Katrin Vogt                                         Kundennummer        4512345678",
           "Lindenallee 4                                       Rechnungsnummer     {number}",
           "10115 Berlin                                        Buchungskonto       123450",
           "",
           "Ihre Rechnung für März 2024"]


def test_a_number_printed_in_groups_of_digits_is_the_whole_number() -> None:
    """A phone bill prints its number in groups (`2066 8737 7278`): its first group is no number at all, and a
    name made of it is wrong."""
    best = contested(text.numbers(_doc([line.format(number="2066 8737 7278") for line in TELEKOM])))
    assert best.value == "2066 8737 7278" and best.score >= 0.9


def test_a_grouped_number_in_a_line_of_parts_is_the_whole_number() -> None:
    doc = _doc(["Rechnung März 2024 - Einzelheiten",
                "Kundennummer 4512345678 · Rechnungsnummer 2066 8737 7278 · Seite 2 von 2"])
    assert {c.value for c in text.numbers(doc)} == {"2066 8737 7278"}


def test_a_number_then_words_is_not_grouped() -> None:
    doc = _doc(["Rechnungsnummer 2066 vom 05.03.2024", "Invoice No. 4711 2 items"])
    assert {c.value for c in text.numbers(doc)} == {"2066", "4711"}


def test_ocr_may_have_put_the_spaces_into_a_grouped_number() -> None:
    read = spaced_ocr_number(Candidate("2066 8737 7278", 0.92, "after the label 'Rechnungsnummer'"))
    assert read.score < 0.7


def test_a_number_marked_with_a_hash_lower_right_of_a_big_title_is_the_invoices() -> None:
    """Zoho's `TAX INVOICE` in a big font, its `# INV-008971` right-aligned under it: the text layer sets the number
    right of the title's end."""
    doc = _doc(["Granite Networks LLC",
                "Keizersgracht 104                                                            TAX INVOICE",
                "SW1A 1AA London" + " " * 76 + "# INV-008971",
                "VAT NL692269100B01"])
    best = contested(text.numbers(doc))
    assert best.value == "INV-008971" and best.score >= 0.7


FRESHBOOKS = ["                                                                    Lakeshore Analytics Corp.",
              "                                                                            Market Street 43",
              "",
              "Billed To                Date of Issue       Invoice Number               Amount Due (USD)",
              "",
              "Prairie Outfitters LLC",
              "Oak Avenue 40",
              "                         11/02/2022          0003173",
              "                                                                   $3,689.00",
              "Denver",
              "                         Due Date            Reference",
              "",
              "                         12/02/2022          1442"]


def test_a_grids_number_lines_under_its_label() -> None:
    """FreshBooks' header grid: `Invoice Number` over its value, the customer's taller block beside them pushing the
    value lines down; the `Reference` under it is another document's."""
    doc = _doc(FRESHBOOKS)
    number = text.trusted_number(contested(text.numbers(doc)), text.numbers(doc))
    assert number.value == "0003173" and number.score >= 0.7


def test_the_invoice_date_joined_to_the_delivery_dates_label_is_the_invoices() -> None:
    """Amazon's `Invoice date / Delivery date   15.07.2024`: one date, both; a due or delivery date alone is not."""
    doc = _doc(["Invoice                                                  Total payable",
                " Invoice date / Delivery date           15.07.2024",
                " Invoice #                      DE7970249290AB",
                " Delivery date                          13.07.2024"])
    best = contested(text.dates(doc))
    assert str(best.value) == "2024-07-15" and best.score >= 0.9
    assert not any(str(c.value) == "2024-07-13" for c in text.dates(doc))


def test_the_tax_point_gives_way_to_the_invoice_date() -> None:
    """A UK VAT invoice's tax point is the time of supply: the invoice's date when it gives no other, not when an
    `Invoice date` stands beside it."""
    lines = ["VAT INVOICE", "Invoice No:          SI-04211", "Invoice date:        22 May 2022",
             "Tax point:           13 May 2022", "Account No:          44120"]
    best = contested(text.dates(_doc(lines)))
    assert str(best.value) == "2022-05-22" and best.score >= 0.7
    alone = contested(text.dates(_doc([line for line in lines if not line.startswith("Invoice date")])))
    assert str(alone.value) == "2022-05-13" and alone.score >= 0.7


def test_a_line_items_date_under_the_tables_date_column_is_not_the_invoices() -> None:
    """QuickBooks prints each activity's date in the items table under `DATE`: no rival of the invoice's date."""
    doc = _doc(["Lakeshore Outfitters Inc.                                              INVOICE",
                "Market Street 12                                           INVOICE #      2084",
                "Portland, OR 97205                                         DATE           03/02/2023",
                "                                                           DUE DATE       04/01/2023",
                "DATE            ACTIVITY                     QTY         RATE        AMOUNT",
                "02/26/2023      Support plan                   2       724.86      1,449.72",
                "02/26/2023      Installation                   1       150.00        150.00"])
    best = text.resolve_order(doc, contested(text.dates(doc)), "USD")  # the items' 02/26 say: month first
    assert str(best.value) == "2023-03-02" and best.score >= 0.7


def test_a_grids_date_lines_under_its_label() -> None:
    """The same grid's `Date of Issue` over its date, lines apart; the due date under `Due Date` is not the
    invoice's."""
    doc = _doc(FRESHBOOKS)
    date = contested(text.dates(doc))
    assert str(date.value) in ("2022-11-02", "2022-02-11") and date.score >= 0.7
    assert not any(str(c.value) in ("2022-12-02", "2022-02-12") and c.score >= 0.7 for c in text.dates(doc))


def _total(lines: list[str]):
    from pdftools.invoice import totals

    doc = _doc(lines)
    return totals.signed(doc, totals.best_total(*totals.totals(doc)))


def test_a_credit_memos_total_is_the_amount_credited() -> None:
    """SAP Business One's `A/R Credit Memo` prints its amounts with the minus after them: a credit note's total is
    the amount credited, as its e-invoice states it."""
    best = _total(["Juniper Goods Ltd                              A/R Credit Memo",
                   "                                               Document No.            635116",
                   "                              Total Before Discount             4,705.03-",
                   "                              Tax                                 893.96-",
                   "                              Total Payment Due            EUR  5,598.99-"])
    assert str(best.value) == "5598.99" and best.score >= 0.9


def test_a_credit_notes_amount_label_names_its_total() -> None:
    best = _total(["Gutschrift R003154",
                   "                                           Nettobetrag             117.293,13 €",
                   "                                           zzgl. 19 % USt.          22.285,69 €",
                   "                                           Gutschriftsbetrag       139.578,82 €"])
    assert str(best.value) == "139578.82" and best.score >= 0.9


def test_a_partnerships_form_wrapped_onto_the_next_line_is_part_of_its_name() -> None:
    """`Brenner Gebäudetechnik GmbH & Co.` / `KG`: a GmbH & Co. is a KG (or an OHG), its name cut at `& Co.` is
    no name."""
    from pdftools.invoice import issuer

    doc = _doc(["                                                        Brenner Gebäudetechnik GmbH & Co.",
                "                                                        KG",
                "Seidel Medien AG", "Gartenweg 4", "10115 Berlin",
                *[""] * 20,
                "Brenner Gebäudetechnik GmbH & Co.     Tel. +49 89 123456      IBAN DE12 3456 7890 1234 5678 90",
                "KG                                    info@brenner.de         USt-IdNr.: DE123456789"])
    best = issuer.issuers(doc)[0]
    assert best.value == "Brenner Gebäudetechnik GmbH & Co. KG" and best.score >= 0.7
    assert not any(c.value.endswith("& Co.") and c.score >= 0.7 for c in issuer.issuers(doc))


def _issuer(lines: list[str]):
    from pdftools.invoice import issuer

    return issuer.issuers(_doc(lines))


def test_a_banks_name_over_the_account_is_no_issuer() -> None:
    """A footer's bank column (`Sparkasse` / `IBAN ...` / `BIC ...`), repeated on every page of a long invoice."""
    footer = ["Wiesental Medien e.K.      Tel. +49 341 8374752     Sparkasse                          Amtsgericht",
              "Lindenallee 37             info@wiesental.de        IBAN DE52 4985 6751 6653 5640 39   USt DE178951818",
              "04109 Leipzig              www.wiesental.de         BIC SPKADE2HXXX"]
    found = _issuer(["                                               Wiesental Medien e.K.", *[""] * 30, *footer,
                     "Rechnung R-0042", *[""] * 30, *footer, *[""] * 30, *footer])
    assert found[0].value == "Wiesental Medien e.K." and found[0].score >= 0.7
    assert not any(c.value == "Sparkasse" for c in found)


def test_a_letterhead_with_its_tax_ids_and_its_bank_account_names_the_seller() -> None:
    """A Dutch invoice's head: the name over its street, KvK and BTW numbers and the IBAN paid into (no phone or
    e-mail): a customer's block has no account of its own on the seller's invoice."""
    found = _issuer(["                                                           Bakker Advies B.V.",
                     "                                                           Stationsweg 12",
                     "                                                           3511 AB Utrecht",
                     "                                                           KvK-nummer: 45123456",
                     "                                                           BTW-nummer: NL812345678B01",
                     "                                                           IBAN: NL45 INGB 0001 2345 67",
                     "Zeeland Techniek B.V.", "t.a.v. Katrin Vogt", "Herengracht 8", "2611 AA Delft", "",
                     "Factuur", "Factuurnummer:    2024-0042", "Factuurdatum:     5 maart 2024"])
    assert found[0].value == "Bakker Advies B.V." and found[0].score >= 0.7


@pytest.mark.parametrize(("line", "seller"), [("Sold by Atlas Trading B.V.", "Atlas Trading B.V."),
                                              ("Verkauft von Kranich Systemhaus GmbH", "Kranich Systemhaus GmbH")])
def test_a_seller_label_without_a_colon_before_a_firms_name(line: str, seller: str) -> None:
    """Amazon's `Sold by Atlas Trading B.V.` in its small print, and `Sold by` over the name in its address table:
    one name, not two spellings of it."""
    found = _issuer(["Invoice                                                  Total payable",
                     f"{line}", "Keizersgracht 76, 1011 AB Amsterdam", "",
                     "Billing address              Delivery address           Sold by",
                     "Juniper Goods Ltd            Katrin Vogt                " + seller,
                     "Harbour Road 10              Harbour Road 10"])
    assert found[0].value == seller and found[0].score >= 0.7


def test_a_name_starting_with_a_short_seller_word_is_a_name() -> None:
    found = _issuer(["Van Dijk Techniek B.V.", "Stationsweg 12", "3511 AB Utrecht"])
    assert not any("after the label" in c.how for c in found)


def test_a_net_label_before_a_negative_amount_stays_a_net_label() -> None:
    """lexoffice's correction prints `Gesamtbetrag netto   -2.690,00 €` over `Gesamtbetrag   -3.201,10 €`: the net
    label's optional hyphen took the amount's minus, the gap with it, and the label was dropped (the net amount then
    read as a second `Gesamtbetrag`)."""
    best = _total(["Rechnungskorrektur Nr. RE0815",
                   "                                           Gesamtbetrag netto            -2.690,00 €",
                   "                                           zzgl. Umsatzsteuer 19%           -511,10 €",
                   "                                           Gesamtbetrag                  -3.201,10 €"])
    assert str(best.value) == "-3201.10" and best.score >= 0.9


def test_a_name_whose_legal_form_ocr_set_lines_lower_is_unsure() -> None:
    """QuickBooks' bold letterhead `Lakeshore Outfitters Inc.`, read by OCR as `Lakeshore` over the street with
    `Outfitters Inc.` a line lower: `Lakeshore` (its web domain `lakeshore.com`) is no sure name; the customer's
    `Lakeshore Labs Corp.` does not confirm it either."""
    found = _issuer(["Lakeshore",
                     "Oak Avenue 56",
                     "                Outfitters Inc.",
                     "                                                                               INVOICE",
                     "Austin, TX 78701",
                     "billing@lakeshore.com",
                     "", "BILL TO",
                     "David Reyes",
                     "Lakeshore Labs Corp.                   Market Street 82",
                     "Market Street 82                                            INVOICE #       2084"])
    assert found[0].score < 0.7 or found[0].value == "Lakeshore Outfitters Inc."


def test_a_credit_notes_own_date_label_is_a_date_label_and_no_name() -> None:
    """Xero's credit note: `Credit Note Date` over its date, as `Invoice Date` over an invoice's; it was no date
    label, so the date under it was only weakly labelled and the label itself, over the number's label, read as a
    name (in a fresh draw's scan, sure of it: a wrong rename)."""
    doc = _doc(["                                                             Calder Instruments Limited",
                "CREDIT NOTE",
                "                                  Credit Note Date",
                "                                  28 Aug 2022                Mill Road 135",
                "                                  Credit Note Number",
                "                                                             Manchester",
                "                                  INV-8727                   M1 2AB",
                "Calder Digital Ltd                Reference",
                "King Street 57                    PO-64268"])
    best = contested(text.dates(doc))
    assert str(best.value) == "2022-08-28" and best.score >= 0.9
    assert not any("Credit Note" in c.value for c in _issuer(doc.lines))


def test_a_rule_ocr_read_as_underscores_is_no_part_of_a_name() -> None:
    """A scanned footer's first column: OCR read the rule's end beside the name as `_` (`Brenner Medien GmbH _`);
    the name was read with it, and, the `_` being a word OCR was unsure of, not trusted. A run of underscores at a
    word's edge is a drawn line, never a character of a name, number or amount."""
    from pdftools.invoice import issuer

    ocr = ["                                                                              Brenner",
           "Seidel Werkzeugbau GmbH & Co. KG                      Rechnungsnr.:           R28777730857",
           "                                                      Datum:                    16.12.2022",
           "Rechnung", *[""] * 20,
           "    Brenner Medien GmbH _   Tel. +49 336 7486294       Sparkasse              USt-IdNr.: DE853842700",
           "    Am Hafen 51             info@brenner.de            IBAN DE63 2198 2557 4774 3520 91",
           "    80331 Munchen           www.brenner.de             BIC SPKADE2HXXX"]
    mended = mend_ocr("\n".join(ocr))
    assert mended.splitlines()[-3].startswith("    Brenner Medien GmbH     Tel. +49")
    assert len(mended) == len("\n".join(ocr))  # the columns stay where they were
    assert mend_ocr("Rechnung _RE-2022-8917_ vom") == "Rechnung  RE-2022-8917  vom"
    assert mend_ocr("Order INV_2024_0042") == "Order INV_2024_0042"
    best = issuer.issuers(Doc.from_pages([mended]))[0]
    assert best.value == "Brenner Medien GmbH" and best.score >= 0.7


def test_a_name_ocr_was_certain_of_to_its_legal_form_is_trusted() -> None:
    """A scanned letterhead's `Ferramenta Ricci S.n.c.`, read once: trusted when tesseract was certain of each of
    its words (page_texts.OCR_CERTAIN at every reading) and it ends in its legal form; a word OCR was less sure of,
    or no legal form to show where the name ends (`Granite Systems` of `Granite Systems Ltd` set lines lower), and
    it stays unsure."""
    name = Candidate("Ferramenta Ricci S.n.c.", 0.85, "a name over an address and a name with a legal form")
    certain = frozenset({"Ferramenta", "Ricci", "S.n.c.", "Via", "Roma"})
    assert unconfirmed_ocr_name(name, certain).score >= 0.8
    assert unconfirmed_ocr_name(name, certain - {"Ricci"}).score < 0.7
    assert unconfirmed_ocr_name(name).score < 0.7
    bare = Candidate("Granite Systems", 0.85, "a name over an address and the first line")
    assert unconfirmed_ocr_name(bare, frozenset({"Granite", "Systems"})).score < 0.7


def test_ocr_says_which_words_it_was_certain_of(tmp_path: Path) -> None:
    """tesseract's word confidences, through the reader's own OCR: a clean, large print's words are certain; none
    is both certain and doubtful."""
    from PIL import Image, ImageDraw, ImageFont

    from pdftools.invoice import page_texts

    image = Image.new("L", (2480, 800), 255)
    font = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 60)
    ImageDraw.Draw(image).text((150, 150), "Orbit Components GmbH", font=font, fill=0)
    ImageDraw.Draw(image).text((150, 300), "Lindenallee 12, 10115 Berlin", font=font, fill=0)
    pdf = tmp_path / "scan.pdf"
    image.save(pdf, resolution=300)
    texts, doubtful, certain = page_texts.ocr_layout(pdf, [1], "eng")
    assert "Orbit Components GmbH" in texts[0]
    assert {"Orbit", "Components", "GmbH"} <= certain and not certain & doubtful
