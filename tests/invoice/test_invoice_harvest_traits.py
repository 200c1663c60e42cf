"""What the harvested real invoices (tests/invoices/harvest.py: other projects' test files and samples on PyPI,
tuned on) print that the reader misread, often while sure: sections of `Field: value` rows under a seller or
buyer heading (an e-invoice visualisation), a bank code or a digital seal taken for a name, a table's total row
with a quantity column before the amount, a title line `Rechnung Nr. 123 vom 01.03.2026`, a version line's
date, a reference that is not the invoice's number, a credit note's minus sign."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from pathlib import Path

import pytest

from pdftools.invoice import currencies, issuer, names, text, totals
from pdftools.invoice.layout import Doc, join_words, mend_ocr
from pdftools.invoice.reader import Options, _from_text, contested


def _doc(lines: list[str]) -> Doc:
    return Doc.from_pages(["\n".join(lines)])


_SECTIONS = [
    " Handelsrechnung (380) Nr. 471108 vom 30.05.2026",
    "   Währung:                                     EUR",
    "",
    "   Verkäufer",
    "   Nummer:                                      998877",
    "   Globale Nummer:                              4000000000000 (GLN)",
    "   Name:                                        Kranich Systemhaus AG",
    "   Ansprechpartner:                             Vera Kranich",
    "   Anschrift:                                   Industriestraße 7",
    "                                                DE 37073 Göttingen",
    "   USt.-Id.-Nr.:                                DE727081482",
    "",
    "   Käufer/Leistungsempfänger",
    "   Nummer:                                      330145",
    "   Name:                                        Auftraggeber Firmenkunde GmbH",
    "   Anschrift:                                   Musterstraße 1212",
    "                                                DE 37073 Göttingen",
    "   E-Mail:                                      einkauf@firmenkunde.de",
    "",
    "   Abweichender Warenempfänger",
    "   Name:                                        Auftraggeber Firmenkunde GmbH",
    "   Anschrift:                                   Musterstraße 1212",
    "                                                DE 37073 Göttingen",
]


def test_a_seller_heading_over_field_rows_names_the_seller_in_its_name_row() -> None:
    found = issuer.issuers(_doc(_SECTIONS))
    assert found[0].value == "Kranich Systemhaus AG" and found[0].score >= 0.8


def test_a_buyer_heading_over_field_rows_keeps_its_name_out() -> None:
    found = issuer.issuers(_doc(_SECTIONS))
    assert "Auftraggeber Firmenkunde GmbH" not in [c.value for c in found]


@pytest.mark.parametrize("code", ["COBADEFFXXX", "SOLADEST600"])
def test_a_bank_code_with_digits_or_a_head_office_is_no_name(code: str) -> None:
    assert not names.plausible(code)


@pytest.mark.parametrize("code", ["COBADEFFXXX", "SOLADEST600", "PBNKDEFF"])
def test_the_value_of_a_bank_field_is_no_name(code: str) -> None:
    doc = _doc(["Test company", "Lindenweg 4", "12345 Musterstadt", *[""] * 30,
                f"   Verkäufer-BIC:                             {code}",
                "   IBAN :                                     DE75512108001245126199"])
    assert code not in [c.value for c in issuer.issuers(doc)]


@pytest.mark.parametrize("name", ["BOUYGUES", "ACMECORP", "Kranich AG"])
def test_a_short_name_in_capitals_is_still_a_name(name: str) -> None:
    assert names.plausible(name)


def test_a_digital_seal_is_no_name() -> None:
    seal = "cjhEu350sNjhtnD6NXNBLvrsc4bkA1PdmEE3BTNXKcOkj4Q+kW0ecNvUeSSRnxovdZs9KEyVykHQ=="
    assert not names.plausible(seal)
    assert not names.plausible("2Yf/4fkj92Lm67KVs2ZsPYFYvUCq4DPqIK+0AWy4BK")


@pytest.mark.parametrize(("label", "name"), [("Emisor:", "Articulos Deportivos 2000, S.A. de C.V."),
                                             ("Pay To:", "Mock Developer")])
def test_an_issuer_label_over_a_tax_id_row_or_a_name(label: str, name: str) -> None:
    doc = _doc(["Bill To:", "Client Holdings", "123 Fake Street", "", label, "RFC: AAA010101AAA", name,
                "456 Developer Lane"] if label == "Emisor:" else
               ["Bill To:", "Client Holdings", "123 Fake Street", "", label, name, "456 Developer Lane"])
    found = issuer.issuers(doc)
    assert found[0].value == name and found[0].score >= 0.8


@pytest.mark.parametrize(("title", "number"), [
    ("Mietrechnung (387) Nr. 600700800900 vom 01.03.2026 - DAUER_MIETRECHNUNG UNBEFRISTET", "600700800900"),
    ("Handelsrechnung (380) Nr. E2018092011804 vom 01.03.2026", "E2018092011804"),
    ("Rechnung des Versicherers (575) Nr. 00.123.456.7-2018-1 vom 01.03.2026", "00.123.456.7-2018-1"),
    ("Schlussrechnung Nr. 210113 vom 01.03.2026", "210113"),
])
def test_a_title_line_names_the_invoice_its_number_and_date(title: str, number: str) -> None:
    doc = _doc(["Visualisierung eRechnung",
                "   Stylesheet-Version:                        2.7 vom 06.05.2026",
                "   Durchführung der Visualisierung:           07.05.2026 20:29", "", " " + title,
                "   Währung:                                   EUR",
                "   Vertrag:                                   Vertragsnr. 0815-123456789",
                "   Weitere Referenz:                          0815-123456789",
                "   Referenz des Käufers:                      Käuferreferenz"])
    best = max(text.numbers(doc), key=lambda c: c.score)
    assert best.value == number and best.score >= 0.9
    date = max(text.dates(doc), key=lambda c: c.score)
    assert date.value == dt.date(2026, 3, 1) and date.score >= 0.9


@pytest.mark.parametrize("label", ["Weitere Referenz:", "Referenz des Käufers:", "Käuferreferenz:",
                                   "Buyer reference:"])
def test_another_partys_reference_is_no_sure_invoice_number(label: str) -> None:
    doc = _doc(["Rechnung", f"   {label}          A456123", "   Datum:    01.03.2026"])
    assert all(c.score < 0.7 for c in text.numbers(doc) if c.value == "A456123")


@pytest.mark.parametrize(("row", "amount"), [
    ("Total (USD)                                  131                  15000.00", "15000.00"),
    ("           TOTAL                 55.00                    $4555.00", "4555.00"),
])
def test_a_total_row_with_a_quantity_column_gives_the_amount_in_the_last_column(row: str, amount: str) -> None:
    doc = _doc([" Date     Description                  Hours/Qty      Rate     Amount",
                " 1/2      Regular Meetings             131            115.00   15065.00",
                "          Flat rate discount            -              -        (65.00)", row])
    best = totals.best_total(*totals.totals(doc))
    assert best is not None and best.value == Decimal(amount)


_CREDIT_NOTE = [" Rechnungskorrektur (384) Nr. RK21012345 vom 15.05.2026", "", " Belegsummen",
                "                       Positionssumme                                   -7,90",
                "                       Gesamtbetrag der Zuschläge                        0,00",
                "                       Gesamtbetrag der Abschläge                        0,23",
                "                       Rechnungssumme ohne USt.                         -7,67",
                "                       Steuerbetrag in EUR                              -1,12",
                "                       Bruttosumme                                      -8,79",
                "                       Zahlbetrag                                       -8,79"]


def test_the_sum_of_the_discounts_is_no_total() -> None:
    found, *_ = totals.totals(_doc(_CREDIT_NOTE))
    assert Decimal("0.23") not in [c.value for c in found]


def test_a_credit_notes_total_keeps_its_minus_sign() -> None:
    from pdftools.invoice.reader import Options, _from_text

    fields = _from_text(["\n".join(_CREDIT_NOTE)], Options(), {})
    assert fields["amount"].value == Decimal("-8.79") and fields["amount"].score >= 0.9


def test_the_name_a_seller_label_gives_is_the_one_taken() -> None:
    doc = _doc(_SECTIONS[:6] + ["   Name:                                        Kranich Mietwagen", *_SECTIONS[7:],
                                "", "   Bemerkungen", "                        Kranich Mietwagen GMBH",
                                "                        E-Mail : info@kranich-mietwagen.de"])
    assert issuer.issuers(doc)[0].value == "Kranich Mietwagen"


def test_a_name_in_two_lines_beside_its_field_label_is_read_whole() -> None:
    doc = _doc([" Rechnung des Versicherers (575) Nr. 00.123.456.7-2018-1 vom 17.04.2026", "", "   Verkäufer",
                "   Nummer:                                      549910",
                "                                                MVM Musterhafter",
                "   Name:                                        Versicherungsverein Musterstadt a.G.",
                "   Anschrift:                                   Musterstr. 12",
                "                                                DE 12345 Musterstadt"])
    assert issuer.issuers(doc)[0].value == "MVM Musterhafter Versicherungsverein Musterstadt a.G."


@pytest.mark.parametrize(("code", "want"), [("MXN", "MXN"), ("CAD", "CAD"), ("USD", "USD"), (None, "USD")])
def test_a_dollar_sign_is_the_dollar_or_peso_the_document_names(code: str | None, want: str) -> None:
    doc = _doc(["Lugar Expedicion     Moneda       Tipo Cambio", f"31510                {code or ''}          1.000000",
                "                                                Subtotal:     $     1,293.10",
                "                                                Total:        $     1,500.00"])
    total = totals.best_total(*totals.totals(doc))
    found = currencies.currency(doc, total)
    assert found is not None and found.value == want and found.score >= 0.8


@pytest.mark.parametrize("line", ["Sehr geehrter Herr Mustermann", "Dear Ms Rao", "Madame, Monsieur"])
def test_a_greeting_is_no_name(line: str) -> None:
    assert not names.plausible(line)


def test_a_name_split_from_its_legal_form_at_a_wide_gap_is_read_whole() -> None:
    doc = _doc(["                   MUSTERLIEFERANT       GMBH                     MUSTER-KUNDE          GMBH",
                "                   BAHNHOFSTRASSE 99                              KUNDENWEG 2",
                "                   99199 MUSTERHAUSEN                             40235 DUESSELDORF", *[""] * 30,
                "  MUSTERLIEFERANT     GMBH        Geschäftsführung:     USt-IdNr:   DE123456789",
                "  BAHNHOFSTRASSE  99              Max   Mustermann       Telefon  : +49 932 431 0",
                "  99199 MUSTERHAUSEN                                     www.musterlieferant.de"])
    assert issuer.issuers(doc)[0].value == "MUSTERLIEFERANT GMBH"


def test_an_amount_under_a_total_heading_with_more_rows_under_it_is_no_sure_total() -> None:
    doc = _doc(["  Warenwert    Nettobetrag     MwSt-Betrag     MwSt-%      Endbetrag",
                "     326,50         321,40           61,07       19,0         382,47",
                "     130,70         127,59            8,93        7,0         136,52",
                "     100,00          99,00           19,00        EUR         118,00"])
    best = totals.best_total(*totals.totals(doc))
    assert best is None or best.score < 0.7


@pytest.mark.parametrize("sign", ["", "-"])
def test_the_last_row_of_a_total_column_that_adds_up_the_rows_above_is_the_total(sign: str) -> None:
    """A VAT table by rate under a total heading, then its sum row with no label of its own: the sum row is
    the invoice's total (a credit note's, too, with its minus sign)."""
    doc = _doc(["  Warenwert    Nettobetrag     MwSt-Betrag     MwSt-%      Endbetrag",
                f"    {sign}326,50        {sign}321,40          {sign}61,07       19,0        {sign}382,47",
                f"    {sign}130,70        {sign}127,59           {sign}8,93        7,0        {sign}136,52",
                f"    {sign}457,20        {sign}448,99          {sign}70,00        EUR        {sign}518,99",
                "  MUSTERLIEFERANT GMBH       Geschäftsführung:      USt-IdNr: DE123456789"])
    best = totals.signed(doc, totals.best_total(*totals.totals(doc)))
    assert best is not None and best.value == Decimal(sign + "518.99") and best.score >= 0.8


def test_a_number_with_words_before_its_date_is_not_sure_where_it_ends() -> None:
    doc = _doc([" Teilrechnung Bau (875) Nr. 210111 mit LV vom 30.05.2026"])
    assert all(c.score < 0.7 for c in text.numbers(doc))
    doc = _doc([" Teilrechnung Bau (875) Nr. 210111 vom 30.05.2026"])
    assert max(c.score for c in text.numbers(doc)) >= 0.9


def test_a_name_ocr_split_at_a_gap_under_a_seller_label_is_read_whole() -> None:
    doc = _doc(["Rechnung an:                                               Rechnung von:",
                "Luca Bianchi                                               Bergmann     Logistik GmbH",
                "Chevalier Services EURL                                    Hauptstraße 37, Zürich",
                "", *[""] * 30, "Bergmann Logistik GmbH · Hauptstraße 37 · 8001 Zürich"])
    assert issuer.issuers(doc)[0].value == "Bergmann Logistik GmbH"


@pytest.mark.parametrize(("line", "number"), [("                             Invoice       # 1001", "1001"),
                                              ("            Rechnung          Nr. 2024-117", "2024-117"),
                                              ("                                 Invoice                N19", "19")])
def test_a_number_ocr_set_apart_from_its_title_by_a_gap(line: str, number: str) -> None:
    doc = _doc(["", line, "", "    Invoice Date:        August 28, 2025"])
    best = max(text.numbers(doc), key=lambda c: c.score)
    assert best.value == number and best.score >= 0.7


@pytest.mark.parametrize("name", ["Versicherungsverein Musterstadt a.G.", "Hansa Versicherung VVaG",
                                  "Merck KGaA", "Henkel AG & Co. KGaA", "Bauplan Gesellschaft mbH",
                                  "Kanzlei Roth PartG mbB", "Sotheby & Partner PartG"])
def test_more_german_legal_forms_end_a_name(name: str) -> None:
    assert names.ends_legal(name)


@pytest.mark.parametrize("title", ["Beitragsrechnung", "Rechnung", "INVOICE", "Facture", "Tax Invoice"])
def test_a_date_beside_the_title_alone_is_the_invoices_date(title: str) -> None:
    doc = _doc(["MVM Musterhafter", "Versicherungsverein Musterstadt a.G.", "",
                f"{title}                                                      24. Januar 2014", "",
                "zu Ihrer Haftpflichtversicherung wird der Beitrag für den Zeitraum vom 06.12.2013 bis zum 06.12.2014",
                "am 06.12.2013 fällig."])
    best = max(text.dates(doc), key=lambda c: c.score)
    assert best.value == dt.date(2014, 1, 24) and best.score >= 0.7


def test_a_date_beside_a_title_with_more_on_its_line_is_not_taken_for_sure() -> None:
    doc = _doc(["Rechnung        Lieferung        24.01.2014"])
    assert all(c.score < 0.7 for c in text.dates(doc))


@pytest.mark.parametrize("line", ["Incoterm: DPU", "Payment terms: 15 Days", "Reference: CUSTREF123",
                                  "TRANSPORTADORA :GUARU CARGO"])
def test_a_field_row_is_no_name(line: str) -> None:
    assert not names.plausible(line)
    doc = _doc(["Invoice INV/2023/03/0008", *[""] * 20, f"{line} - DELIVERED AT PLACE UNLOADED"])
    assert line.split(":")[0] not in " ".join(c.value for c in issuer.issuers(doc))


def test_a_field_row_naming_a_company_with_its_legal_form_is_still_a_name() -> None:
    assert names.plausible("Firma: Kranich Systemhaus AG")


def test_a_number_ocr_split_after_its_hyphen_is_read_whole() -> None:
    doc = _doc(["ISSUED TO:                                      INVOICE NO: INV- 2025-001",
                "John Doe                                              DATE: 01 Jan 2025"])
    assert [c.value for c in text.numbers(doc)][:1] == ["INV-2025-001"]


def test_a_logos_short_name_over_the_full_name_and_address_gives_the_full_name() -> None:
    """OCR reads a logo's word (`Akretion`) as the first line, over the company's own block: the name is the
    block's (`Akretion France`), and a logo alone makes it no surer."""
    doc = _doc(["Akretion", "Akretion France", "27 rue Henri Rolland", "69100 Villeurbanne", "France",
                "                                                    Cabinet CACtus",
                "                                                    42 rue de l'audit",
                "                                                    69100 Villeurbanne",
                "Invoice VT/2022/0001", *[""] * 20,
                "                 contact@akretion.com   https://www.akretion.com     VAT: FR86792377731"])
    assert issuer.issuers(doc)[0].value == "Akretion France"


def test_a_city_line_of_an_address_block_is_no_sender_line() -> None:
    """A Brazilian DANFE's issuer block: `Rua ..., 2 - Distrito III` / `Sao Joao da Boa Vista - SP - 13877-123`:
    the city, state and postcode of an address, not `Name - Street - City`."""
    doc = _doc(["RECEBEMOS DE ALIMENTOS LTDA. OS PRODUTOS E/OU SERVIÇOS CONSTANTES NA NOTA FISCAL",
                "                                  Alimentos Ltda.                          NOTA FISCAL ELETRÔNICA",
                "                             Rua Fonseca, 2 - Distrito III",
                "                                                                         0 – entrada",
                "                       Sao Joao da Boa Vista - SP - 13877-123               1 – saída",
                "                              Fone: +55 (19) 1234-5678", *[""] * 20,
                "PAULINO, 1905, JARDIM ITIMALIA              Sao Joao da Boa Vista          SP"])
    assert all("Boa Vista" not in c.value or c.score < 0.7 for c in issuer.issuers(doc))
    assert all("Fonseca" not in c.value for c in issuer.issuers(doc))


def test_a_notice_over_a_printers_field_row_is_no_name() -> None:
    doc = _doc(["                                   Lázaro de la Vega y San Román",
                "                           Av. Garcilaso de la Vega, Qta. San Román, Santa Mónica, Caracas,"
                " Venezuela.",
                "                                      Teléfono: +58 (123) 456.78.90 / email: lázaro@sanrom.án",
                "FACTURA Nº 000001                                                     Fecha de emisión: 02-07-2022",
                *[""] * 30,
                "   ESTA FORMA LIBRE VA SIN TACHADURA NI ENMIENDA                                        SÓLO EL"
                " ORIGINAL DA DERECHO A CRÉDITO FISCAL",
                "Imprenta: IMPRESOS DE LA VEGA. Av. Garcilaso de la Vega, Qta. San Román, Santa Mónica, Caracas,"
                " Venezuela. RIF: R-87.654.321-0. Tlf: (0123) 456.78.90", "e-mail: imprenta@sanrom.án."])
    found = issuer.issuers(doc)
    assert all("ORIGINAL" not in c.value or c.score < 0.7 for c in found)
    assert found[0].value == "Lázaro de la Vega y San Román"


def test_a_short_logo_word_over_the_full_name_gives_the_full_name() -> None:
    """A logo's word (`sable`) over the company's name and address, the web domain spelling the whole name,
    a scrap of the logo's picture read by OCR in between (`sin`): the logo's word is a short form of the name,
    not a rival, and the scrap does not hide the name's block (before: the logo's word won, sure)."""
    found = issuer.issuers(_doc([
        "sable",
        "  sin                                                                  Bright Wholesale",
        "Sable Lighting",
        "88 Harbor Road",
        "Oakland CA 94607",
        "                                                      Northwind Traders, Paul Ames",
        "                                                      12 Elm St",
        "                                                      Albany NY 12207",
        "Invoice INV/2024/0117",
        "Invoice Date:          Due Date:",
        "04/03/2024             04/18/2024",
        "                                          Total          $ 410.00",
        "     (510)-555-0199     billing@sable-lighting.example     https://www.sable-lighting.example",
    ]))
    assert found[0].value == "Sable Lighting" and found[0].score >= 0.7


@pytest.mark.parametrize(("ocr", "mended"), [
    ("   =5,77        -0,92", "   -5,77        -0,92"),  # a minus read as `=`
    ("=2,90  0,08", "-2,90  0,08"),
    ("   1256,.70", "   1256,70"),  # a speck read as a second separator
    ("  3,.02", "  3,02"),
    ("Total = 5,77", "Total = 5,77"),  # an equals sign apart from its number stays
    ("a=5,77", "a=5,77"),
    ("x = 12", "x = 12"),
    ("1.234,56", "1.234,56"),
    ("Rechnungsnummer: #R 23-05604", "Rechnungsnummer: #R23-05604"),  # a number's prefix split off by a gap
    ("Ref #A 1", "Ref #A 1"),
])
def test_ocr_misreadings_of_signs_and_separators_are_mended(ocr: str, mended: str) -> None:
    assert mend_ocr(ocr) == mended


def test_a_scanned_credit_notes_total_column_is_summed_after_mending() -> None:
    """A ZUGFeRD 1.0 credit note scanned: its `Endbetrag` column `-5,77` / `-3,02` / `-8,79`, as OCR read it
    (`=5,77`, `=3,.02`): mended, the sum row is the total, with its sign (before: 5.77, unsure)."""
    lines = [
        "Rechnungskorrektur                                   Beleg-Nr     RK21012345",
        "   Nettobetrag       MwSt-Betrag      MwSt-%          Endbetrag",
        "      -4,85             -0,92          19,0             =5,77",
        "      -2,82             -0,20           7,0             =3,.02",
        "      -7,67             -1,12          EUR              -8,79",
    ]
    doc = Doc.from_pages([mend_ocr("\n".join(lines))])
    found = totals.best_total(*totals.totals(doc))
    assert found is not None and totals.signed(doc, found).value == Decimal("-8.79")


def test_a_number_under_a_column_title_with_its_number_word_left_of_it() -> None:
    """Exact Online's header row: `FACTUUR` over the number, whose `Nr.` stands at the left of its row."""
    doc = _doc(["                     FACTUUR                           ONZE REFERENTIE              UW REFERENTIE",
                " Nr.                     16117778           Exact Online April / Mei 2016       BE0882555389",
                " Datum                   21-04-2016         Factuur t.b.v. 972044610 - AttOra",
                " Klant nr.               972044610"])
    found = text.numbers(doc)
    assert found[0].value == "16117778" and found[0].score >= 0.7


_NORWEGIAN = [  # simpleinvoice's Norwegian example (a LaTeX invoice class in Debian's TeX Live)
    "                                                                                               Faktura",
    "                                                       Navn Navnesen",
    "                                                       Langtvekkveien 13b",
    "                                                       0123 Oslo",
    "                                                       mail@domain.no",
    "                                                       Vår ref: Navn Navnesen",
    "                                                       Deres ref: Rik Rikmansen",
    "Rik Rikmansen og sønner                                Fakturanummer: 38",
    "Pengeveien 342                                         Fakturadato: 2. november 2017",
    "9876 Gokk                                              Forfallsdato: 16. november 2017",
    "Beskrivelse                                                              Enhetspris      MVA             Sum",
    "Flere                                                                   5 000.00 kr      20 %    6 000.00 kr",
    "                                                                          MVA-grunnlag:          5 000.00 kr",
    "                                                                                  MVA:           1 000.00 kr",
    "                                                                               Å betale:         6 000.00 kr",
    "Navn Navnesen             Langtvekkveien 13b / 0123 Oslo               123 45 678               mail@domain.no",
]


def test_a_norwegian_invoice() -> None:
    """Norwegian (and Danish, Swedish) words: `Faktura` is a title, `Fakturanummer`, `Fakturadato`,
    `Forfallsdato` (due), `Å betale` (to pay), `MVA`; `kr` with MVA is the Norwegian krone."""
    found = _from_text(["\n".join(_NORWEGIAN)], Options(), {})
    assert found["number"].value == "38" and found["number"].score >= 0.7
    assert found["date"].value == dt.date(2017, 11, 2) and found["date"].score >= 0.7
    assert found["amount"].value == Decimal("6000.00") and found["amount"].score >= 0.7
    assert found["currency"].value == "NOK"
    assert found["issuer"].value != "Faktura"


@pytest.mark.parametrize(("words", "code"), [("Moms: 25 %   Att betala:", "SEK"), ("Moms 25 %   At betale:", "DKK"),
                                             ("MVA 25 %   Å betale:", "NOK")])
def test_kroner_by_the_language_of_the_invoice(words: str, code: str) -> None:
    doc = _doc([f"Faktura nr. 1001        {words}       1 250,00 kr"])
    found = currencies.currency(doc, totals.best_total(*totals.totals(doc)))
    assert found is not None and found.value == code


_DANFE = [  # a Brazilian NF-e as its DANFE prints it (erpbrasil.edoc.pdf)
    "RECEBEMOS DE ALIMENTOS LTDA. OS PRODUTOS E/OU SERVIÇOS CONSTANTES NA NOTA FISCAL ELETRÔNICA INDICADA AO LADO",
    "",
    "DATA DE RECEBIMENTO                  IDENTIFICAÇÃO E ASSINATURA DO RECEBEDOR",
    "",
    "                                                                                  DANFE",
    "                                                                          DOCUMENTO AUXILIAR DA",
    "                                  Alimentos Ltda.                         NOTA FISCAL ELETRÔNICA",
    "",
    "                             Rua Fonseca, 2 - Distrito III",
    "                       Sao Joao da Boa Vista - SP - 13877-123               1 – saída        1",
    "                              Fone: +55 (19) 1234-5678",
    "                                                                             Nº 000.047.449",
    "                                                                              SÉRIE 001",
    "DESTINATÁRIO/REMETENTE",
    "RAZÃO SOCIAL/NOME                                                                         CNPJ/CPF",
    "REPRESENTACAO COMERCIAL ALIMENTICIOS LTDA                                                 53.232.886/0001-65",
    "BASE DE CÁLCULO DO ICMS      VALOR DO ICMS        VALOR APROXIMADO DOS TRIBUTOS     VALOR TOTAL DOS PRODUTOS",
    "                  159,27              28,66                                                      173,01",
    "VALOR DO FRETE    VALOR DO SEGURO    VALOR DO IPI    VALOR TOTAL DA NOTA",
    "",  # the last box's amount right-aligned at the page's edge, far right of its label
    "          0,00               0,00             0,00                                              173,01",
]


def test_a_danfe_names_its_issuer_number_total_and_currency() -> None:
    """Brazil's NF-e printed as a DANFE, the country's one layout: `RECEBEMOS DE <issuer> OS PRODUTOS` (the
    receipt stub), `Nº 000.047.449` (the note's number, 47449, zero-padded with dots), `VALOR TOTAL DA NOTA`,
    reais (no sign printed: a DANFE is in reais)."""
    found = _from_text(["\n".join(_DANFE)], Options(), {})
    assert found["issuer"].value == "Alimentos Ltda." and found["issuer"].score >= 0.7
    assert found["number"].value == "47449" and found["number"].score >= 0.7
    assert found["amount"].value == Decimal("173.01") and found["amount"].score >= 0.7
    assert found["currency"].value == "BRL" and found["currency"].score >= 0.7


@pytest.mark.parametrize(("lines", "total"), [
    (["Privathaftpflicht                                50,00 €",  # an insurer's premium invoice: the premium,
      "Gesamtbeitrag                                    50,00 €",  # the insurance tax, and what is invoiced
      "Versicherungsteuer 19 %                           9,50 €",
      "Rechnungsbeitrag                                 59,50 €"], "59.50"),
    (["Kfz-Haftpflicht SF25 (30 %) Typkl. 18 Regio R9                                  80,00 €",
      "Vollkasko SF25 (30 %) Typkl. 21 Regio R4                                      140,00 €",
      "vierteljährlicher Beitrag inklusive 19 % Versicherungsteuer                   220,00 €",
      "in diesem Beitrag enthaltene Versicherungsteuer                               (35,13 €)",
      "Ausstehende Forderung am Ausstellungstag (Stand 04.03.2014)                   220,00 €",
      "zu zahlender Beitrag                                                          440,00 €"], "220.00"),
])
def test_an_insurers_premium_invoice_names_its_total(lines: list[str], total: str) -> None:
    """German insurers bill a premium (`Beitrag`): `Rechnungsbeitrag`, or the `Beitrag inklusive ...
    Versicherungsteuer`; the insurance tax is a tax; what is to be paid may add an older debt (not this
    invoice's)."""
    found = totals.best_total(*totals.totals(_doc(["Beitragsrechnung                        24. Januar 2014", *lines])))
    assert found is not None and found.value == Decimal(total) and found.score >= 0.7


def test_words_tesseract_saw_a_word_space_apart_stay_one_cell(tmp_path: Path) -> None:
    """A scan's heading in a large font (`Dunder Mifflin`): its words are a word space apart on the image, but
    the layout text of tesseract's layer can spread them over several columns, making two names of one. The
    words of a line that tesseract saw close together are joined again; the columns after them keep their place."""
    from pdftools.engines import tesseract

    tsv = tmp_path / "p.tsv"
    tsv.write_text("level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n"
                   "4\t1\t1\t1\t1\t0\t160\t164\t700\t25\t-1\t\n"
                   "5\t1\t1\t1\t1\t1\t160\t164\t107\t25\t96.0\tDunder\n"
                   "5\t1\t1\t1\t1\t2\t279\t164\t81\t24\t96.1\tMifflin\n"
                   "5\t1\t1\t1\t1\t3\t700\t164\t60\t24\t91.0\tParty\n"  # far: another column of the same line
                   "4\t1\t2\t1\t1\t0\t160\t400\t300\t25\t-1\t\n"
                   "5\t1\t2\t1\t1\t1\t160\t400\t80\t25\t95.0\tTotaal\n"
                   "5\t1\t2\t1\t1\t2\t250\t400\t90\t25\t95.0\tbedrag\n", encoding="utf-8")
    words, joined = tesseract.words_of(tsv)
    assert [w for w, _ in words] == ["Dunder", "Mifflin", "Party", "Totaal", "bedrag"]
    assert joined == {("Dunder", "Mifflin"), ("Totaal", "bedrag")}
    layout = "Dunder      Mifflin          Party\n\n   Totaal    bedrag     € 12,00\nParty  Dunder\n"
    assert join_words(layout, joined) == (
        "Dunder Mifflin               Party\n\n   Totaal bedrag        € 12,00\nParty  Dunder\n")
    doc = Doc.from_pages([join_words(layout, joined)])
    found = totals.best_total(*totals.totals(doc))
    assert found is not None and found.value == Decimal("12.00")


def test_a_period_from_and_to_is_not_the_invoice_date() -> None:
    """`für den Zeitraum vom` over `21.05.2014 bis` / `21.05.2015` (an insurer's cover period): `vom` is the
    period's, not the invoice's; the letter's date beside the contract's number is the one left."""
    doc = _doc(["Sachversicherungsvertrag Nr: 00.123.456.7                                             18. April 2014",
                "(Bei Schriftwechsel und Zahlung bitte angeben.)",
                "Sehr geehrter Herr Mustermann,",
                "zu Ihrer Verbundenen Wohngebäudeversicherung berechnen wir Ihnen für den Zeitraum vom",
                "21.05.2014 bis",
                "21.05.2015 nachstehenden Beitrag:",
                "Leistungszeitraum vom 01.03.2014 bis 31.03.2014"])
    found = text.dates(doc)
    assert all(c.score <= 0.5 for c in found if c.value in (dt.date(2014, 5, 21), dt.date(2014, 3, 1))), found
    assert contested(found).value == dt.date(2014, 4, 18)


def test_a_corrected_invoice_that_calls_itself_a_credit_note_keeps_its_minus_sign() -> None:
    """`Rechnungskorrektur (384) ... - GUTSCHRIFT`: a corrected invoice (type 384) states its negative amounts
    as they are, whatever else it calls itself; a credit note (381) states the amount credited, unsigned."""
    lines = [" Rechnungskorrektur (384) Nr. GU987654321 vom 02.02.2026 - GUTSCHRIFT", "",
             "                                   Inhalt   STORNOGUTSCHRIFT", *_CREDIT_NOTE[2:]]
    fields = _from_text(["\n".join(lines)], Options(), {})
    assert fields["amount"].value == Decimal("-8.79") and fields["amount"].score >= 0.9
    credit = [" Gutschrift (381) Nr. GU987654321 vom 02.02.2026", *_CREDIT_NOTE[1:]]
    assert _from_text(["\n".join(credit)], Options(), {})["amount"].value == Decimal("8.79")


def test_totals_on_a_long_invoices_last_pages_but_one_are_read(tmp_path: Path) -> None:
    """An invoice of six pages (positions over four, the sums on the fifth, the payment terms on the sixth, as
    an e-invoice visualisation prints it): the totals are read from the text of the last pages, not only the
    last one."""
    from invoices.layouts import Text
    from invoices.producers import pikepdf_pdf

    from pdftools.invoice.reader import read_invoice

    pages = [[Text(50, 60, "Kranich Systemhaus AG · Industriestraße 7 · 37073 Göttingen"),
              Text(50, 120, "Rechnung Nr. 471108"), Text(350, 120, "Rechnungsdatum: 30.05.2026")]]
    pages += [[Text(50, 100 + 20 * k, f"Position {n * 10 + k}       Artikel {k}       {10 + k},00 EUR")
               for k in range(10)] for n in range(1, 4)]
    pages += [[Text(300, 100, "Rechnungssumme ohne USt."), Text(540, 100, "554,55", align="right"),
               Text(300, 130, "Steuerbetrag in EUR"), Text(540, 130, "100,83", align="right"),
               Text(300, 160, "Bruttosumme"), Text(540, 160, "655,38", align="right")]]
    pages += [[Text(50, 100, "Zahlungsbedingungen: innerhalb von 14 Tagen ohne Abzug")]]
    path = pikepdf_pdf(pages, tmp_path / "long.pdf")
    found = read_invoice(path, None, Options(ocr=False)).fields["amount"]
    assert found.value == "655.38" and found.confidence >= 0.7


def test_any_document_types_title_with_its_code_names_the_number() -> None:
    """The visualisation's title: the document type's name, its code, `Nr.`, the number, `vom` and the date,
    for every type (here 751, `Invoice information for accounting purposes`)."""
    doc = _doc([" Invoice information for accounting purposes (751) Nr. TX-471102 vom 30.10.2019",
                "   Währung:                                                            EUR"])
    found = contested(text.numbers(doc))
    assert found.value == "TX-471102" and found.score >= 0.7


def test_ocr_reads_a_roman_two_before_a_legal_form_as_il() -> None:
    """`Exact Belgium II BVBA` read as `Exact Belgium Il BVBA`: before a legal form, `Il` is the numeral (the
    Italian article comes before a noun, never before `S.r.l.`). BVBA and SPRL are Belgium's legal forms."""
    assert mend_ocr("Exact Belgium Il BVBA\nIl Fornaio S.r.l.\nIl SRL") == (
        "Exact Belgium II BVBA\nIl Fornaio S.r.l.\nIl SRL")
    assert names.ends_legal("Exact Belgium II BVBA") and names.ends_legal("Brasserie Dupont SPRL")
