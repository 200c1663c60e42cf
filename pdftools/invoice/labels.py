"""What invoices call their fields, in English, German, French, Dutch, Spanish and Italian (and the main
words of Czech and Portuguese ones).

Patterns match folded text (`invoice_parse.fold`: lower case, no accents, `Nº` -> `no`). Each kind has strong
labels (they name the field), weak ones (they may) and, where it matters, negative ones: labels of
neighbouring fields that must not be taken for it (a due date is not the invoice date; a net amount is not the
total). `Labels.find` returns every label in a stretch of text, longer matches hiding those inside them;
words two spaces apart are in different columns, so no label spans them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Nº N° No. Nr. n.º # (OCR reads `Nº` as `Ne`, `N?`, and `Nº` / `n.º` before a space as `N2` / `n.2`)
_NO = r"(?:n\.?2(?=[\s:]|$)|n[°o]?\.?\s*o?|no\.?|nr\.?|nro\.?|num\.?|numero|number|nummer|#|n[e2]\??\.?)"
_INCL = (r"(?:\s*\(?\s*(?:incl|inkl|including|inc|ttc|ivato|iva\s*incl(?:uida)?)\.?\s*(?:\d+\s*%\s*)?"
         r"(?:vat|tax|mwst|ust|tva|btw|iva|taxes)?\.?\s*\)?)?")


def _compile(patterns: list[str]) -> re.Pattern[str]:
    return re.compile("|".join(f"(?<![a-z])(?:{p})(?:(?<=#)|(?![a-z]))" for p in patterns))  # `#INV-1` ok


@dataclass(frozen=True)
class Labels:
    strong: re.Pattern[str]
    weak: re.Pattern[str] | None = None
    negative: re.Pattern[str] | None = None

    def find(self, folded: str) -> list[tuple[int, int, str]]:
        """(start, end, kind) of every label in `folded`: kind is strong, weak or negative."""
        # a label's optional hyphen (`Netto-Betrag`) is not the minus of a negative amount a gap after it
        hits = [(m.start(), m.start() + len(m.group().rstrip(" -")), kind) for kind, pattern in
                (("strong", self.strong), ("weak", self.weak), ("negative", self.negative)) if pattern is not None
                for m in pattern.finditer(folded) if m.end() > m.start() and "  " not in m.group().strip(" -")]
        # A label inside a longer one is the longer one's part; of two alike, the negative one, else the strong one
        rank = {"negative": 0, "strong": 1, "weak": 2}
        return [h for h in hits if not any(o != h and o[0] <= h[0] and h[1] <= o[1] and (
            o[1] - o[0] > h[1] - h[0] or (o[1] - o[0] == h[1] - h[0] and rank[o[2]] < rank[h[2]])) for o in hits)]


# The invoice a credit note corrects (`Original invoice No. ... of ...`, `Korrektur zur Rechnung Nr. ... vom`):
# its number and date are not the credit note's.
CORRECTED = [rf"(?:original|corrected)\s*invoice(?:\s*{_NO})?", rf"(?:korrektur\s*)?zur?\s*rechnung(?:\s*{_NO})?",
             rf"(?:bezug|referenz)\s*:?\s*rechnung(?:\s*{_NO})?", rf"(?:avoir\s*)?sur\s*(?:la\s*)?facture(?:\s*{_NO})?",
             rf"betreft\s*factuur(?:\s*{_NO})?", rf"factura\s*rectificada(?:\s*{_NO})?",
             rf"rif\.?\s*fattura(?:\s*{_NO})?",
             rf"(?:original|related|referenced|initial)\s*invoice(?:\s*{_NO})?",
             rf"facture\s*(?:d'?\s*origine|initiale|originale|de\s*reference|rectifiee)(?:\s*{_NO})?",
             rf"(?:ursprungliche|urspr\.|originale?|korrigierte|stornierte)\s*rechnung(?:\s*{_NO})?",
             rf"(?:ursprungs|original)\s*-?\s*rechnung(?:\s*{_NO})?", rf"oorspronkelijke\s*factuur(?:\s*{_NO})?",
             rf"factura\s*(?:original|de\s*origen|rectificada)(?:\s*{_NO})?",
             rf"fattura\s*(?:di\s*riferimento|originale|d'?\s*origine|rettificata)(?:\s*{_NO})?"]

NUMBER = Labels(
    strong=_compile([
        rf"invoice\s*{_NO}", r"invoice\s*id", rf"inv\.?\s*{_NO}", rf"bill\s*{_NO}", rf"tax\s*invoice\s*{_NO}",
        r"rechnungs?\s*-?\s*(?:nummer|nr\.?|no\.?)", r"re\.?\s*-?\s*nr\.?", r"rg\.?\s*-?\s*nr\.?", r"rechnung\s*#",
        r"beleg\s*-?\s*(?:nummer|nr\.?)",
        r"[a-z]*(?:rechnung|gutschrift|rechnungskorrektur)(?:\s*(?:des\s*)?[a-z]+)?\s*\(\d{3}\)\s*nr\.?",
        r"[a-z]*(?:rechnung|gutschrift|rechnungskorrektur)\s*nr\.?",  # `Mietrechnung (387) Nr.`, `Teilrechnung Nr.`
        r"\(\d{3}\)\s*nr\.?",  # any document type with its code: `... for accounting purposes (751) Nr.`
        rf"{_NO}\s*(?:de\s*(?:la\s*)?)?facture", rf"facture\s*{_NO}", r"ref(?:erence)?\.?\s*(?:de\s*)?facture",
        rf"factuur\s*-?\s*{_NO}", r"factuurnummer", r"factuurnr\.?",
        rf"{_NO}\s*(?:de\s*)?(?:la\s*)?factura", rf"factura\s*{_NO}",
        rf"{_NO}\s*(?:della\s*)?fattura", rf"fattura\s*{_NO}", r"(?:numero|n\.|nr\.)\s*documento",
        rf"credit\s*(?:note|memo)\s*{_NO}", r"gutschrifts?\s*-?\s*(?:nummer|nr\.?)", rf"gutschrift\s*{_NO}",
        rf"{_NO}\s*d'?\s*avoir", rf"avoir\s*{_NO}", r"creditnota\s*-?\s*(?:nummer|nr\.?)", rf"creditnota\s*{_NO}",
        rf"{_NO}\s*(?:de\s*)?abono", rf"abono\s*{_NO}", rf"(?:{_NO}\s*(?:de\s*)?)?factura\s*rectificativa\s*{_NO}?",
        rf"nota\s*di\s*credito\s*{_NO}", rf"{_NO}\s*(?:della\s*)?nota\s*di\s*credito",
        r"(?:faktur[ay]|(?:danovy\s*)?doklad)\s*c\.", r"cislo\s*(?:faktury|dokladu)",  # Czech: `Faktura č.`
        rf"fatura\s*(?:com\s*impostos\s*)?{_NO}", rf"{_NO}\s*(?:da\s*)?fatura", rf"nota\s*fiscal\s*{_NO}",
        rf"comp(?:robante)?\.?\s*{_NO}",  # Argentina: `Punto de Venta: 0010   Comp. Nro: 20233516`
        rf"faktura\s*-?\s*{_NO}", r"fakturanr\.?",  # Norwegian, Danish, Swedish: `Fakturanummer: 38`
    ]),
    weak=_compile([rf"document\s*{_NO}", rf"doc\.?\s*{_NO}", r"reference", r"referenz", r"belegnr\.?"]),
    negative=_compile([
        rf"(?:customer|client|account|order|po|purchase\s*order|vat|tax|reg(?:istration)?|company)\s*{_NO}",
        r"(?:customer|client|account)\s*id", r"your\s*reference", r"tax\s*id",
        r"kunden\s*-?\s*(?:nummer|nr\.?)",
        r"(?:bestell|auftrags|liefer(?:schein)?|steuer|ust-?id)\s*-?\s*(?:nummer|nr\.?)",
        r"ust\s*-?\s*id\s*-?\s*nr\.?", r"ihr\s*zeichen",
        rf"{_NO}\s*(?:de\s*)?(?:client|commande|tva|siret|siren)", r"code\s*client", r"reference\s*client",
        r"(?:klant|debiteur|order|btw|kvk)\s*-?\s*(?:nummer|nr\.?)", r"uw\s*referentie",
        rf"{_NO}\s*(?:de\s*)?(?:cliente|pedido)", r"codigo\s*cliente", r"su\s*referencia",
        *CORRECTED,
        r"cod(?:ice)?\.?\s*cliente", rf"ordine\s*{_NO}", r"vs\.?\s*riferimento", r"p\.?\s*iva", r"partita\s*iva",
        r"iban", r"bic", r"swift", r"tel(?:efon|ephone|efono)?\.?", r"phone", r"fax", r"siret", r"cif", r"nif",
        rf"(?:file|case|dossier|expediente|pratica)\s*{_NO}", rf"{_NO}\s*(?:de\s*)?(?:dossier|expediente)",
        r"aktenzeichen", r"dossiernummer",
        r"weitere\s*referenz", r"referenz\s*des\s*kaufers", r"kauferreferenz", r"buyer'?s?\s*reference",
    ]),
)

# A deposit or advance payment already made (`less deposit paid on ...`, `abzüglich Anzahlung vom ...`): its
# amount is taken off the total to give the amount due, its date is the payment's.
DEPOSIT = (r"deposit|advance\s*payment|prepayment|(?:amount\s*)?paid|anzahlung|abschlags?\s*-?\s*zahlung|"
           r"vorauszahlung|bezahlt|acompte|deja\s*(?:paye|regle)|voorschot|aanbetaling|betaald|anticipo|pagado|"
           r"acconto|pagato")
# A deduction at the start of a line (`abzüglich Abschlagsrechnung Nr. 2024-50 vom ...`): what the line names
# is another document, already billed, whatever its title says
DEDUCTED = re.compile(r"\s*(?:abzuglich|abzgl\.?|abz\.|\./\.|verrechnet|less|minus|deduct(?:ed)?|moins|deduction|"
                      r"a\s*deduire|menos|deduccion|meno|detratto|verminderd\s*met)(?![a-z])")
# Other documents an invoice names with their own dates (`Your order 4711 of 03.05.2024`), and payments made
# before it: a date that only a preposition ties to one of these is theirs, not the invoice's.
OTHER_DOCUMENT = re.compile(
    r"(?<![a-z])(?:order|purchase\s*order|po|delivery\s*note|quot(?:e|ation)|offer|contract|"
    r"bestellung|auftrag|lieferschein|angebot|vertrag|commande|bon\s*de\s*livraison|devis|contrat|"
    r"bestelling|opdracht|pakbon|offerte|pedido|albaran|presupuesto|contrato|ordine|ordinazione|ddt|"
    rf"preventivo|contratto|{DEPOSIT}|{'|'.join(CORRECTED)}|"
    r"(?:stylesheet|software|schema)?\s*-?\s*version)(?![a-z])")  # `Stylesheet-Version: 2.7 vom`: not the invoice's

TITLE = re.compile(r"(?<![a-z])(?:tax\s*invoice|invoice|rechnung|facture|factuur|factura|fattura|"
                   r"credit\s*note|gutschrift|rechnungskorrektur|avoir|creditnota|abono|factura\s*rectificativa|"
                   r"nota\s*di\s*credito|faktura|kreditnota)(?![a-z])")

DATE = Labels(
    strong=_compile([
        r"invoice\s*date", r"date\s*of\s*(?:invoice|issue)", r"issue\s*date", r"issued(?:\s*on)?", r"billing\s*date",
        r"rechnungs\s*-?\s*datum", r"beleg\s*-?\s*datum", r"ausstellungs\s*-?\s*datum", r"ausgestellt\s*am",
        r"datum\s*der\s*rechnung",
        r"date\s*(?:de\s*(?:la\s*)?)?(?:facture|facturation)", r"date\s*d'?\s*emission", r"emise?\s*le",
        r"factuur\s*-?\s*datum", r"datum\s*factuur",
        r"fecha\s*(?:de\s*)?(?:la\s*)?(?:factura|emisi[oe]n|expedicion)",
        r"data\s*(?:della\s*)?(?:fattura|documento|emissione|doc\.?)",
        r"date\s*of\s*(?:issuance|exposure)", r"(?:datum|den)\s*vystaveni(?:\s*(?:danoveho\s*)?dokladu)?",
        r"data\s*(?:de\s*)?(?:emissao|exposicao)",
        r"faktura\s*-?\s*dat(?:o|um)",
        # a credit note's own date, as an invoice's (`Credit Note Date`, `Gutschriftsdatum`, `Date de l'avoir`)
        r"credit\s*(?:note|memo)\s*date", r"date\s*of\s*credit\s*(?:note|memo)", r"gutschrifts?\s*-?\s*datum",
        r"date\s*(?:de\s*)?l?'?\s*avoir", r"creditnota\s*-?\s*datum",
    ]),
    # the tax point (the UK's time of supply) is the invoice's date unless the invoice gives its own
    weak=_compile([r"tax\s*point(?:\s*date)?", r"date", r"datum", r"fecha", r"data", r"dated", r"vom", r"du", r"del",
                   r"de\s*fecha", r"van", r"of",
                   r"datiert", r"en\s*date\s*du", r"con\s*fecha", r"d\.\s*d\."]),
    negative=_compile([
        r"due(?:\s*date)?", r"payment\s*due", r"forfall?s?\s*-?\s*dat(?:o|um)", r"forfallodatum",
        r"pay(?:able)?\s*(?:by|before|until)", r"fall?ig(?:keit)?\w*",
        r"faellig\w*", r"zahlbar\s*(?:bis|am)", r"zahlungsziel", r"(?:date\s*d'?\s*)?echeance",
        r"a\s*payer\s*avant(?:\s*le)?", r"payable\s*(?:avant|le)", r"date\s*limite", r"vervaldatum", r"vervaldag",
        r"te\s*betalen\s*(?:voor|uiterlijk|op)", r"uiterste\s*betaaldatum", r"(?:fecha\s*de\s*)?vencimiento",
        r"(?:data\s*(?:di\s*)?)?scadenza", r"pagare\s*entro",
        r"deliver(?:y|ed)(?:\s*date)?", r"ship(?:ping|ped)?\s*date",
        r"(?:liefer|leistungs)\s*-?\s*(?:datum|zeitraum|tag)", r"(?:date\s*de\s*)?livraison", r"lever(?:datum|ing)",
        r"(?:fecha\s*de\s*)?entrega", r"(?:data\s*(?:di\s*)?)?consegna",
        r"order\s*date", r"(?:bestell|auftrags)\s*-?\s*datum", r"(?:date\s*de\s*)?commande", r"besteldatum",
        r"fecha\s*(?:del?\s*)?pedido", r"data\s*(?:dell'?\s*)?ordine",
        r"period", r"[a-z]*zeitraum", r"[a-z]*periode", r"periodo", r"gultig\s*bis", r"valid\s*until",
        r"(?:versand|(?:aus)?lieferungs?|lieferschein|angebots|vertrags|zahlungs|valuta)\s*-?\s*datum",
        r"date\s*de\s*(?:la\s*)?(?:prestation|reglement|paiement)", r"(?:payment|service|supply)\s*date",
        r"(?:datum\s*)?splatnosti?", r"(?:data\s*de\s*)?(?:vencimento|validade)",
    ]),
)

TOTAL = Labels(
    strong=_compile([f"(?:{p}){_INCL}" for p in [
        r"grand\s*total", r"total\s*(?:amount\s*)?due", r"amount\s*(?:due|payable|to\s*pay)", r"balance\s*due",
        r"total\s*amount", r"invoice\s*total", r"total\s*(?:to\s*pay|payable)", r"total\s*(?=\(?\s*inc)",
        r"gesamt\s*-?\s*(?:betrag|summe)", r"rechnungs\s*-?\s*(?:betrag|summe)", r"end\s*-?\s*(?:betrag|summe)",
        r"gutschrifts\s*-?\s*betrag",  # a credit note's total
        r"brutto\s*-?\s*(?:betrag|summe)", r"(?:summe|gesamt|total)\s*brutto", r"zu\s*zahlen(?:der\s*betrag)?",
        r"zahl(?:ungs)?\s*-?\s*betrag", r"f(?:a|ae)lliger\s*betrag", r"rechnungs\s*-?\s*end\s*-?\s*(?:betrag|summe)",
        r"total\s*ttc", r"montant\s*ttc", r"net\s*a\s*payer", r"total\s*a\s*payer", r"montant\s*total", r"montant\s*du",
        r"reste\s*a\s*payer", r"(?:somme|montant)\s*a\s*payer",
        r"totaal\s*-?\s*bedrag", r"totaal\s*(?=incl)", r"(?:totaal\s*)?te\s*betalen", r"factuur\s*-?\s*bedrag",
        r"importe\s*total", r"total\s*(?:de\s*(?:la\s*)?)?factura", r"total\s*a\s*pagar", r"importe\s*a\s*pagar",
        r"totale\s*(?:della\s*)?(?:fattura|documento|complessivo|generale|da\s*pagare|a\s*pagare)",
        r"importo\s*totale", r"netto\s*a\s*pagare",
        r"total\s*(?:paid\s*)?with\s*(?:vat|tax)", r"invoice\s*amount", r"gross\s*(?:amount|total)", r"total\s*gross",
        r"total\s*general", r"celkem\s*(?:s\s*dph|k\s*uhrade)", r"k\s*uhrade",
        r"(?:sum|summe|gesamt|total)\s*\(\s*(?:gross|brutto)\s*\)",  # `Sum (gross)`, `Summe (brutto)`
        r"valor\s*total\s*da\s*nota(?:\s*fiscal)?",  # a DANFE's (Brazil); before `valor total`, its start
        r"(?:valor\s*)?total\s*com\s*impostos?", r"valor\s*total", r"total\s*a\s*pagar",
        r"(?:(?:sum|totalt|belop)\s*)?(?:a|at|att)\s*betal[ea]",  # `Å betale`, `At betale`, `Att betala`
        r"rechnungs\s*-?\s*beitrag",  # an insurer's premium: `Rechnungsbeitrag`, `Beitrag inklusive 19 % ...`
        r"beitrag\s*inkl(?:usive|\.)?\s*(?:\d+\s*%\s*)?versicherungs?\s*-?\s*steuer",
    ]]),
    weak=_compile([f"(?:{p}){_INCL}" for p in
                   [r"total", r"totaal", r"totale", r"summe", r"sum", r"gesamt", r"importe", r"importo", r"celkem",
                    r"brutto"]]),
    negative=_compile([
        r"sub\s*-?\s*total", r"zwischen\s*-?\s*summe", r"netto\s*-?\s*(?:betrag|summe)?",
        r"(?:summe|gesamt|total)\s*netto", r"valor\s*total\s*dos\s*(?:produtos|servicos)",
        r"valor\s*aproximado\s*dos\s*tributos", r"base\s*de\s*calculo(?:\s*do\s*icms(?:\s*st)?)?",
        r"valor\s*do\s*(?:icms(?:\s*st)?|ipi|frete|seguro)", r"mva\s*-?\s*grunnlag", r"momsgrundlag", r"mva", r"moms",
        r"(?:sum|summe|gesamt|total)\s*\(\s*(?:net|netto)\s*\)",
        r"net(?:\s*(?:amount|total))?", r"total\s*net", r"(?:total\s*)?excl\.?", r"exkl\.?", r"ohne\s*mwst",
        r"(?:total|montant)\s*h\.?\s*t\.?", r"h\.t\.", r"ht", r"sous\s*-?\s*total", r"subtotaal", r"totaal\s*excl",
        r"base\s*imponible", r"(?:totale\s*)?imponibile",
        r"vat", r"tax(?:es)?", r"mwst\.?", r"ust\.?", r"umsatzsteuer", r"tva", r"btw", r"iva",
        r"versicherungs?\s*-?\s*steuer",  # insurance tax, on a premium
        r"(?:total\s*)?(?:[cisu]?gst|hst|pst|qst)", r"(?:total\s*)?sales\s*tax",
        r"gesamtbetrag\s*der\s*(?:zu|ab)schlage", r"(?:zu|ab)schlage?", r"total\s*(?:allowances|charges)",
        r"discount", r"rabatt", r"skonto", r"remise", r"korting", r"descuento", r"sconto",
        r"shipping", r"versand\w*", r"frais\s*de\s*port", r"verzend\w*", r"envio", r"spedizione",
        DEPOSIT, r"qty", r"quantity", r"menge", r"unit\s*price", r"einzelpreis",
        r"(?:total\s*price|preco\s*total)(?:\s*(?:with|com)\s*(?:tax|vat|impostos?))?",  # a line's total column
    ]),
)

# Lines naming who holds the bank account paid into: the seller, or its owner (a person) for a sole trader or
# a firm that names its owner, so weaker evidence than a seller label.
ACCOUNT_HOLDER = re.compile(
    r"(?<![a-z])(?:payee(?:\s*name)?|account\s*(?:name|holder)|beneficiary(?:\s*name)?|kontoinhaber(?:in)?|"
    r"empfanger\s*der\s*zahlung|"
    r"titulaire(?:\s*du\s*compte)?|beneficiaire|rekeninghouder|begunstigde|titular(?:\s*de\s*la\s*cuenta)?|"
    r"beneficiario|intestatario(?:\s*(?:del\s*)?conto)?)(?![a-z])")
# Lines naming the seller (its name follows) or the buyer (its block is not the issuer).
SELLER = _compile([
    r"from", r"seller", r"vendor", r"supplier", r"issued\s*by", r"bill\s*from", r"payee(?:\s*name)?",
    r"account\s*(?:name|holder)", r"beneficiary(?:\s*name)?", r"sold\s*by", r"service\s*provider",
    r"verkauft\s*(?:von|durch)", r"vendu\s*par", r"verkocht\s*door", r"vendido\s*por", r"venduto\s*da",
    r"absender", r"verkaufer", r"lieferant", r"rechnungssteller", r"kontoinhaber", r"empfanger\s*der\s*zahlung",
    r"emetteur", r"vendeur", r"fournisseur", r"prestataire", r"titulaire(?:\s*du\s*compte)?", r"beneficiaire",
    r"van", r"leverancier", r"verkoper", r"rekeninghouder", r"begunstigde",
    r"emisor", r"proveedor", r"vendedor", r"titular(?:\s*de\s*la\s*cuenta)?", r"beneficiario",
    r"emittente", r"fornitore", r"cedente(?:\s*/\s*prestatore)?", r"mittente", r"intestatario", r"intestato\s*a",
    r"provider", r"dodavatel", r"poskytovatel", r"prodavajici", r"fornecedor", r"prestador(?:\s*de\s*servicos)?",
    r"emitente", r"rechnung\s*von", r"pay\s*to",
    # a Swiss QR-bill's creditor, after its IBAN
    r"(?:account|konto|compte|conto)\s*/\s*(?:payable\s*to|zahlbar\s*an|payable\s*a|pagabile\s*a)",
])
BUYER = _compile([
    r"bill(?:ed)?\s*to", r"invoice\s*to", r"sold\s*to", r"ship(?:ped)?\s*to", r"deliver\s*to", r"customer", r"client",
    r"buyer", r"recipient",
    r"rechnungs\s*-?\s*(?:empfanger|adresse|anschrift)", r"kunde", r"empfanger", r"lieferadresse", r"lieferanschrift",
    r"an",
    r"facture\s*a", r"adresse\s*de\s*(?:facturation|livraison)", r"destinataire", r"adresse\s*a",
    r"klant", r"factuuradres", r"afleveradres", r"aan", r"geadresseerde",
    r"facturar\s*a", r"cliente", r"datos\s*del\s*(?:cliente|receptor)", r"receptor",
    r"destinatario", r"direccion\s*de\s*(?:facturacion|envio)",
    r"spett\.?\s*(?:le)?", r"committente", r"cessionario(?:\s*/\s*committente)?",
    r"rechnung\s*an", r"kaufer", r"leistungsempfanger", r"(?:abweichender\s*)?warenempfanger",
    r"odberatel", r"kupujici", r"prijemce", r"tomador(?:\s*de\s*servicos)?",
])
# Company names: legal forms as they end a name.
LEGAL_FORM = re.compile(
    r"(?<![\w])(?:s\.?\s*a\.?\s*(?:p\.?\s*i\.?\s*)?de\s*c\.?\s*v\.?|s\.?\s*de\s*r\.?\s*l\.?(?:\s*de\s*c\.?\s*v\.?)?|"
    r"(?:gmbh|ag|se)\s*&\s*co\.?\s*kgaa|kgaa|vvag|a\.\s*g\.|(?:gesellschaft\s*)?mbh|partg(?:\s*mbb)?|"
    r"gmbh(?:\s*&\s*co\.?\s*kg)?|ag|kg|ug(?:\s*\(haftungsbeschrankt\))?|ohg|gbr|e\.\s*k\.|e\.\s*v\.|se|"
    r"ltd\.?|limited|llc|l\.l\.c\.|inc\.?|corp\.?|corporation|plc|llp|lp|co\.|company|"
    r"sarl|s\.a\.r\.l\.|sas|sasu|sa|s\.a\.|eurl|snc|sci|"
    r"b\.\s*v\.|bv|n\.\s*v\.|nv|vof|v\.o\.f\.|bvba|sprl|"
    r"s\.\s*l\.(?:\s*u\.)?|sl|slu|s\.a\.u\.|s\.\s*coop\.?|"
    r"s\.\s*r\.\s*l\.(?:s\.)?|srl|s\.\s*p\.\s*a\.|spa|s\.\s*n\.\s*c\.|s\.\s*a\.\s*s\.|"
    r"oy|ab|a/s|aps|as|sp\.\s*z\s*o\.\s*o\.|s\.r\.o\.|a\.\s*s\.|v\.\s*o\.\s*s\.|k\.\s*s\.|kft|zrt)(?![\w])")
# An address line: a house number before or after the street, or a postcode (EU, UK, US, NL).
ADDRESS = re.compile(r"^\d+[a-z]?\s+[a-z]|[a-z]\s+\d+[a-z]?(?:\s*[-/]\s*\d+)?$|(?<!\d)\d{4,5}(?!\d)|"
                     r"[a-z]{1,2}\d[a-z\d]?\s+\d[a-z]{2}|(?<![a-z])[a-z]{2}\s+\d{5}(?!\d)|\d{4}\s?[a-z]{2}(?![a-z])")
# Lines that are not a name: addresses, contact details, registry and bank data.
NOT_A_NAME = re.compile(

       r"(?<![a-z])(?:str(?:asse|aße|\.)|strasse|weg|platz|allee|gasse|ring|street|st\.|road|rd\.|avenue|ave\.?|av\.|avda\.?|lane|"
    r"drive|suite|rue|boulevard|bd|place|cours|chemin|straat|laan|gracht|plein|markt|calle|avenida|plaza|paseo|"
    r"poligono|via|viale|piazza|corso|largo|rua|travessa|rodovia|estrada|praca|alameda|"
    r"postfach|p\.?o\.?\s*box|www\.|http|@|tel|phone|fone|telefone|fax|iban|bic|swift|cnpj|cpf|cep|"
    r"vat|ust|tva|btw|iva|siret|siren|rcs|hrb|hra|amtsgericht|registergericht|kvk|cif|nif|p\.\s*iva|"
    r"geschaftsfuhrer|managing\s*director|gerant|page|seite|pagina|siege(?:\s*social)?|registered\s*office|"
    r"head\s*office|sitz(?:\s*der\s*gesellschaft)?|sede(?:\s*legale|\s*sociale)?|domicilio\s*social|"
    r"maatschappelijke\s*zetel)(?![a-z])|\d{4,}")
