"""What invoices printed by real small-business invoicing programs (tests/invoices/realprograms.py: Kraft's
ReportLab and WeasyPrint routes, GnuCash's invoice reports) show that the reader missed, first seen before tuning:
GnuCash's Tax Invoice sets the document's title on the company's line (`Malerbetrieb Wagner UG
(haftungsbeschränkt) Rechnung`: read as the name, and sure of it); Kraft labels the total `Sum` in English
(`Summe` in German): no total found; Kraft's RML letter sets its date alone over the subject line (DIN 5008),
unlabelled; Kraft's HTML template gives the number after `Document No.` (a weak label) and again in its heading
`Invoice X`; GnuCash prints the customer's block and the company's side by side, unlabelled, the company's with
its tax ID, phone and e-mail, its name wrapped at times (`Hausmeisterservice Petra` / `Aydın KG`), `GbR` in mixed
case; two such blocks a narrow gap apart were joined into one name; GnuCash's Tax Invoice sets the company's phone
and e-mail beside its block; Kraft's HTML footer prints the name escaped for HTML (`Schulte &amp; Söhne`)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from pdftools.invoice import issuer, text, totals
from pdftools.invoice.layout import Candidate, Doc
from pdftools.invoice.reader import contested


def _doc(lines: list[str]) -> Doc:
    return Doc.from_pages(["\n".join(lines)])


TAX_INVOICE = ["{name}{gap}{title}",
               "Am Mühlbach 45                                   Telefon:            +49 313 6378571",
               "99084 Erfurt",
               "                                                  E-Mail: info@malerbetriebwa.example",
               "USt-IdNr. DE654736992",
               "",
               "An: Hausverwaltung Haas",
               "    Thomas Berger                                Rechnungsnummer: 000870",
               "    Am Mühlbach 33                               Rechnungsdatum: 26.07.2023"]


@pytest.mark.parametrize("gap", [" ", "                        "])  # a long name reaches the title: one space
@pytest.mark.parametrize(("name", "title"), [("Malerbetrieb Wagner UG (haftungsbeschränkt)", "Rechnung"),
                                             ("Print Shop Keller Ltd.", "Invoice"),
                                             ("Lindner Design Studio", "Tax Invoice")])
def test_the_title_on_the_letterheads_line_is_no_part_of_the_name(name: str, title: str, gap: str) -> None:
    best = issuer.issuers(_doc([line.format(name=name, title=title, gap=gap) for line in TAX_INVOICE]))[0]
    assert best.value == name


def _kraft(total_label: str, rows: list[str]) -> list[str]:
    return ["Holzwurm Photography - Elm Avenue 103 - 80202 Denver, CO",
            "     Vogel AG", "     Main Street 85", "     80202 Denver, CO",
            "                                                                        17.03.2025",
            "     Invoice No. 2512-2343",
            "No.       Item                                              Qty.   Unit            Price       Sum",
            *rows,
            "                                                                       Net                     $268.00",
            "                                                                       +6.2% VAT                $16.75",
            f"                                                                       {total_label}"
            "                     $284.75",
            "     Payable within 14 days."]


ROWS = ["1.        Design work                                       4.00   h                 $64.00    $256.00",
        "2.        Consulting                                        1.50   h                   $8.00    $12.00"]


@pytest.mark.parametrize("label", ["Sum", "Summe"])
def test_kraft_names_the_total_sum(label: str) -> None:
    """Kraft's templates label the total `Sum` (`Summe` in German) under the net and the tax it adds up."""
    best = totals.best_total(*totals.totals(_doc(_kraft(label, ROWS))))
    assert best is not None and best.value == Decimal("284.75") and best.score >= 0.7


def test_a_sum_column_heading_is_no_total() -> None:
    doc = _doc(["Invoice No. 2512-2343",
                "No.       Item                                              Qty.   Unit            Price       Sum",
                *ROWS])
    best = totals.best_total(*totals.totals(doc))
    assert best is None or best.score < 0.7


KRAFT_HTML = ["Design Studio Thomas Brandt - Main Street 19 - LS1 4AP Leeds",
              "",
              "Hausverwaltung Brandt                                                 Doc. Type: Invoice",
              "Sabine Keller                                             Document No.: RE-2025-1921",
              "High Street 91                                       Date: Wednesday, 24 September 2025",
              "BS1 5TR Bristol",
              "", "", "",
              "{title}",
              "Dear Mr. Keller"]


def _number(title: str) -> Candidate:
    doc = _doc([line.format(title=title) for line in KRAFT_HTML])
    found = text.numbers(doc)
    return text.trusted_number(contested(found), found)


def test_a_weakly_labelled_number_the_title_repeats_is_the_invoices() -> None:
    """Kraft's HTML template prints `Document No.: X` (a label any document has) and the heading `Invoice X`."""
    best = _number("Invoice RE-2025-1921")
    assert best.value == "RE-2025-1921" and best.score >= 0.7


@pytest.mark.parametrize("title", ["Thank you for your order.", "Invoice RE-2025-1922"])
def test_a_weakly_labelled_number_alone_stays_unsure(title: str) -> None:
    assert _number(title).score < 0.7


KRAFT_RML = [" Vogel Fotostudio KG - Am Mühlbach 118 - 8004 Zürich", "", "",
             "     Hausverwaltung Brunner",
             "     Lukas Brandt",
             "     Kirchgasse 40",
             "     9000 St. Gallen",
             "{date_line}",
             "", "", "",
             "{subject}",
             "",
             "     Sehr geehrte Damen und Herren,",
             "Nr.       Posten                               Menge        Einh.            Preis          Summe",
             "1.        Beratung vor Ort                     1.00         Std.            CHF 87.11      CHF 87.11",
             "                                                             Summe                      CHF 87.11",
             "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "",
             "                                     Vogel Fotostudio KG"]
RIGHT = "                                                                                                    {date}"


@pytest.mark.parametrize("date", ["24.12.2024", "24 Dec 2024", "2024-12-24", "Dienstag, 24. Dezember 2024"])
def test_a_letters_date_line_over_its_subject_is_the_invoices(date: str) -> None:
    """Kraft's RML template sets the date alone at the right, over the subject `Rechnung Nr. 2024-577` (DIN 5008)."""
    doc = _doc([line.format(date_line=RIGHT.format(date=date), subject="     Rechnung Nr. 2024-577")
                for line in KRAFT_RML])
    best = contested(text.dates(doc))
    assert str(best.value) == "2024-12-24" and best.score >= 0.7


@pytest.mark.parametrize(("date_line", "subject"), [
    (RIGHT, "     Lieferschein zu Ihrer Bestellung"),  # no invoice named under it
    ("     {date}", "     Rechnung Nr. 2024-577"),  # at the left, in the address block
    (RIGHT + "     Lieferung", "     Rechnung Nr. 2024-577")])  # not alone on its line
def test_a_date_without_a_label_elsewhere_stays_unsure(date_line: str, subject: str) -> None:
    doc = _doc([line.format(date_line=date_line.format(date="24.12.2024"), subject=subject) for line in KRAFT_RML])
    assert all(c.score < 0.7 for c in text.dates(doc))


GNUCASH = ["Rechnung Nr. 002652",
           "                                                                      Datum:           07.01.2021",
           "                                                                      Fälligkeitsdatum:21.01.2021",
           "{left:<40}{right:>60}",
           "Gewerbestraße 91                                                                   Am Mühlbach 2",
           "93047 Regensburg                                                                   04109 Leipzig",
           "                                                                                 +49 821 2514756",
           "                                                                         info@schulte.example",
           "                                                                           USt-IdNr. DE182926678",
           "                                                                                      26.11.2026",
           "",
           "      Datum         Beschreibung Aktion Anzahl Stückpreis Rabatt Steuerwirksam             Summe",
           "07.01.2021          Anfahrt                   8,00       40,00 € 0,00 % St.                320,00 €",
           "Gesamtbetrag                                                                            320,00 €"]


@pytest.mark.parametrize("firm", ["Dachdeckerei Schulte & Söhne", "Malerbetrieb Petra Meißner GbR",
                                  "Übersetzungsbüro Jürgen Nowak e.K."])
def test_the_block_with_the_firms_tax_id_and_phone_is_the_sellers(firm: str) -> None:
    """GnuCash's invoice reports print the customer's block and the company's side by side, unlabelled: the
    company's is the one with its tax ID, phone and e-mail under its name."""
    best = issuer.issuers(_doc([line.format(left="Monika Nowak", right=firm) for line in GNUCASH]))[0]
    assert best.value == firm and best.score >= 0.7


def test_a_block_without_the_firms_phone_or_e_mail_is_no_letterhead() -> None:
    lines = [line.format(left="Monika Nowak", right="Dachdeckerei Schulte & Söhne") for line in GNUCASH]
    lines = [line for line in lines if "+49" not in line and "@" not in line]
    assert all(c.score < 0.7 for c in issuer.issuers(_doc(lines)))


WRAPPED = ["Rechnung Nr. 001205",
           "Hausmeisterservice Petra                                   Fälligkeitsdatum:04.09.2023",
           "Aydın KG",
           "Kirchgasse 111",
           "24103 Kiel",
           "+49 361 3356509",
           "info@hausmeister.example",
           "USt-IdNr. DE747617523",
           "",
           "Mehmet Krüger",
           "Gewerbestraße 92",
           "79098 Freiburg im Breisgau"]


def test_a_letterheads_name_wrapped_with_its_legal_form_is_whole() -> None:
    found = issuer.issuers(_doc(WRAPPED))
    assert found[0].value == "Hausmeisterservice Petra Aydın KG" and found[0].score >= 0.7
    assert all(c.score < 0.7 for c in found if c.value == "Aydın KG")


def test_a_whole_name_in_the_next_column_is_not_joined_to_a_name() -> None:
    """`Hausverwaltung Hoffmann   Übersetzungsbüro Jürgen Nowak e.K.`: two blocks side by side, a narrow gap."""
    lines = ["Rechnung Nr. 001767",
             "Hausverwaltung Hoffmann   Übersetzungsbüro Jürgen Nowak e.K.",
             "Anna Keller                                   Lindenweg 102",
             "Gewerbestraße 30                   79098 Freiburg im Breisgau",
             "50667 Köln                                  +49 549 3859347",
             "                               info@uebersetzungsb.example",
             "                                      USt-IdNr. DE100631135"]
    assert all("Hausverwaltung" not in c.value for c in issuer.issuers(_doc(lines)))


def test_a_short_name_heading_a_block_may_end_a_wrapped_name() -> None:
    """OCR sets the end of a right-aligned wrapped name (`Aydin KG`) out of its first line's columns: a legal
    form with one word before it heads no letterhead on its own."""
    lines = ["Rechnung Nr. 001205",
             "Mehmet Kruger                                            Hausmeisterservice Petra",
             "G          b          Be   92",
             "79098 Freiburg im Breisgau                                               Aydin KG",
             "                                                                           Kirchgasse 111",
             "                                                                                24103 Kiel",
             "                                                                        +49 361 3356509",
             "                                                           info@hausmeisterser.example",
             "                                                                 USt-IdNr. DE747617523"]
    assert all(c.score < 0.7 for c in issuer.issuers(_doc(lines)) if c.value == "Aydin KG")



TAX_INVOICE_EN = ["       {name}                                                                      Invoice",
                  "",
                  "       Elm Avenue 19                                                Phone:     +1 176 1658437",
                  "       80202 Denver, CO",
                  "                                                                     Email: info@lindner.example",
                  "       EIN 39-3449512",
                  "",
                  "       To: Lukas Meißner",
                  "           Main Street 83                                Invoice number: RE2024-2633",
                  "           80202 Denver, CO                                           Invoice Date:   09/30/2024"]


def test_the_letterheads_phone_and_e_mail_may_stand_in_the_next_column() -> None:
    """GnuCash's Tax Invoice: the company's name, address and tax ID in one column, its phone and e-mail beside."""
    best = issuer.issuers(_doc([line.format(name="Lindner Print Shop") for line in TAX_INVOICE_EN]))[0]
    assert best.value == "Lindner Print Shop" and best.score >= 0.7


def test_a_customer_block_beside_the_sellers_contact_is_no_letterhead() -> None:
    """An address block with no tax ID of its own, beside the seller's phone, names the customer."""
    lines = ["Lukas Meißner                                                Phone:             +1 176 1658437",
             "Main Street 83",
             "80202 Denver, CO                                              Email: info@lindner.example",
             "",
             "Invoice number: RE2024-2633"]
    assert all(c.score < 0.7 for c in issuer.issuers(_doc(lines)))


def test_a_name_escaped_for_html_is_the_same_name() -> None:
    """Kraft's HTML template writes the firm's name into its CSS footer, escaped: `Schulte &amp; Söhne`."""
    lines = ["Sanitär Thomas Schulte & Söhne - Lindenweg 5 - 04109 Leipzig",
             "", "Rechnung 2621-2025", "",
             "Sanitär Thomas Schulte &amp; Söhne | Telefon: +49 341 123456 | Email: info@schulte.example"]
    best = issuer.issuers(_doc(lines))[0]
    assert best.value == "Sanitär Thomas Schulte & Söhne" and best.score >= 0.7
