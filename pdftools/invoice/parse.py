"""Reading dates, amounts and currencies the way invoices in many languages write them.

`fold` makes text comparable (lower case, no accents: `März` -> `marz`) while keeping every character at its
column, so a match in the folded line points at the same place in the original. Dates: ISO, `05.03.2024`,
`8. 11. 2024`, `5. März 2024`, `5 March 2024`, `March 5, 2024`, `5 de marzo de 2024`, `05-Mar-2024`, and
`03/05/2024`, whose order (day or month first) comes from the caller's hint, from other dates in the same
document, or not at all.
Amounts: `1.234,56`, `1,234.56`, `1 234,56`, `1'234.56`, with a currency symbol or code before or after.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

_DASHES = dict.fromkeys(map(ord, "\u2010\u2011\u2012\u2013\u2014\u2212"), "-")
_SPACES = dict.fromkeys(map(ord, "\u00a0\u2007\u202f\u2009"), " ")


def clean(text: str) -> str:
    """Typographic dashes to `-`, no-break and thin spaces to plain spaces, `’` to `'` (length kept)."""
    return text.translate(_DASHES).translate(_SPACES).replace("\u2019", "'")


def fold(text: str) -> str:
    """Lower case without accents, one character for one (so columns stay where they were)."""
    return "".join((unicodedata.normalize("NFKD", c)[:1] or c).lower()[:1] or c for c in clean(text))


MONTHS: dict[str, int] = {}
for _number, _names in enumerate([
    "january jan januar janner janv janvier januari enero ene gennaio gen janeiro",
    "february feb februar fevrier fevr fev februari febrero febbraio fevereiro",
    "march mar marz mars maart mrt marzo marco",
    "april apr avril abril aprile avr abr",
    "may mai mei mayo maggio mag maio",
    "june jun juni juin junio giugno giu junho",
    "july jul juli juillet juil julio luglio lug julho",
    "august aug august aout augustus agosto ago",
    "september sep sept septembre septiembre setiembre settembre set setembro",
    "october oct oktober octobre okt octubre ottobre ott outubro out",
    "november nov novembre noviembre novembro",
    "december dec dezember dez decembre diciembre dic dicembre dezembro",
], 1):
    for _name in _names.split():
        MONTHS[_name] = _number
_MONTH = "|".join(sorted(MONTHS, key=len, reverse=True))
_YEAR = r"(?P<y>\d{4}|\d{2})"
_DATE_PATTERNS = [  # on folded text; named groups d, m (number or name), y
    ("ymd", re.compile(r"(?<![\d.,/-])(?P<y>(?:19|20)\d\d)([-/.])(?P<m>\d{1,2})\2(?P<d>\d{1,2})(?![\d/-]|[.,]\d)")),
    ("numeric", re.compile(rf"(?<![\d.,/-])(?P<a>\d{{1,2}})(?P<sep>[./-])(?P<b>\d{{1,2}})(?P=sep){_YEAR}"
                           r"(?![\d/-]|[.,]\d)")),
    ("numeric", re.compile(rf"(?<![\d.,/-])(?P<a>\d{{1,2}})(?P<sep>\.) (?P<b>\d{{1,2}})\. {_YEAR}(?![\d/-]|[.,]\d)")),
    ("name", re.compile(rf"(?<![\w])(?P<d>\d{{1,2}})(?:st|nd|rd|th|er|\.|º|°)?[ -]?(?:de |of )?(?P<m>{_MONTH})"
                        rf"(?![a-z])\.?[ -]?,? ?(?:de |del )?{_YEAR}(?!\d)")),
    ("name", re.compile(rf"(?<![\w])(?P<m>{_MONTH})(?![a-z])\.? (?P<d>\d{{1,2}})(?:st|nd|rd|th)?(?: ?, ?| )"
                        r"(?P<y>\d{4})(?!\d)")),
]


@dataclass
class DateFound:
    start: int
    end: int
    value: dt.date
    ambiguous: tuple[dt.date, dt.date] | None = None  # (day first, month first) when both are real dates
    order: str | None = None  # "dmy" / "mdy" when the text itself shows which (a part over 12)


def _year(text: str) -> int:
    year = int(text)
    return year + 2000 if year < 100 else year


def _valid(year: int, month: int, day: int) -> dt.date | None:
    try:
        found = dt.date(year, month, day)
    except ValueError:
        return None
    return found if 1990 <= year <= dt.date.today().year + 2 else None


def find_dates(folded: str, order: str = "auto") -> list[DateFound]:
    """Every date in a folded line, left to right. `order` (dmy / mdy / auto) decides `03/05/2024`; in auto
    mode such a date is day-first for now and marked ambiguous."""
    found: list[DateFound] = []
    taken: list[tuple[int, int]] = []
    for kind, pattern in _DATE_PATTERNS:
        for m in pattern.finditer(folded):
            if any(m.start() < end and start < m.end() for start, end in taken):
                continue
            date = _from_match(kind, m, order)
            if date is not None:
                found.append(date)
                taken.append((m.start(), m.end()))
    return sorted(found, key=lambda d: d.start)


def _from_match(kind: str, m: re.Match[str], order: str) -> DateFound | None:
    if kind == "ymd":
        day = _valid(int(m["y"]), int(m["m"]), int(m["d"]))
        return DateFound(m.start(), m.end(), day) if day else None
    if kind == "name":
        day = _valid(_year(m["y"]), MONTHS[m["m"]], int(m["d"]))
        return DateFound(m.start(), m.end(), day) if day else None
    a, b, year = int(m["a"]), int(m["b"]), _year(m["y"])
    day_first, month_first = _valid(year, b, a), _valid(year, a, b)
    if m["sep"] == "." or order == "dmy" or (day_first and not month_first):
        shown = "dmy" if day_first and not month_first else None
        return DateFound(m.start(), m.end(), day_first, order=shown) if day_first else None
    if order == "mdy" or (month_first and not day_first):
        shown = "mdy" if month_first and not day_first else None
        return DateFound(m.start(), m.end(), month_first, order=shown) if month_first else None
    if day_first and month_first:
        both = None if day_first == month_first else (day_first, month_first)
        return DateFound(m.start(), m.end(), day_first, ambiguous=both)
    return None


CURRENCY_SYMBOLS = {"€": "EUR", "£": "GBP", "¥": "JPY", "$": "USD", "us$": "USD", "ca$": "CAD", "c$": "CAD",
                    "a$": "AUD", "au$": "AUD", "nz$": "NZD", "hk$": "HKD", "s$": "SGD", "fr.": "CHF", "zł": "PLN",
                    "kč": "CZK", "₹": "INR", "r$": "BRL"}
CURRENCY_CODES = ("EUR", "USD", "GBP", "CHF", "JPY", "CAD", "AUD", "NZD", "SEK", "NOK", "DKK", "PLN", "CZK", "HUF",
                  "RON", "BGN", "HRK", "ISK", "TRY", "CNY", "HKD", "SGD", "INR", "ZAR", "MXN", "BRL", "ARS", "CLP",
                  "COP")
_CURRENCY = "|".join([*CURRENCY_CODES, *(re.escape(s) for s in sorted(CURRENCY_SYMBOLS, key=len, reverse=True))])
# A decimal comma with a space after it, as LaTeX prints a comma in mathematics (siunitx, `9 245, 04`): cents only
# where the amount ends its column (two spaces or the line's end after it, or after a currency or a short word:
# eurosym's drawn `€` comes out as `e`), not `Positionen 1, 12 und 14`
_SPACED_CENTS = rf", \d\d(?=(?: ?(?:{_CURRENCY}|[^\W\d]{{1,3}}\.?))?(?: {{2,}}|\s*$))"
_NUMBER = (rf"\d{{1,3}}(?:(?:[.,']|(?<=\d) (?=\d{{3}}(?:\D|$)))\d{{3}})+(?:[.,]\d{{1,2}}|{_SPACED_CENTS})?|"
           rf"\d+(?:[.,]\d{{1,2}}|{_SPACED_CENTS})?")
AMOUNT = re.compile(rf"(?<![\w.,'/-])(?:(?P<c1>{_CURRENCY}) ?)?(?P<n>{_NUMBER})"
                    r"(?:(?<=[.,]\d\d)-(?=\s|$))?"  # a trailing minus (`119,00-`), as SAP prints it
                    rf"(?! ?%)(?: ?(?P<c2>{_CURRENCY}))?"
                    rf"(?![\w/-]|[.,]\d)", re.IGNORECASE)
_WORDLIKE = {"fr."}  # a currency beside an amount, but a word (or a domain) anywhere else
_SYMBOLS = "|".join(re.escape(s) for s in sorted(CURRENCY_SYMBOLS, key=len, reverse=True) if s not in _WORDLIKE)
CURRENCY = re.compile(rf"(?<![A-Za-z])(?:{'|'.join(CURRENCY_CODES)}|(?i:{_SYMBOLS}))(?![A-Za-z])")


@dataclass
class AmountFound:
    start: int
    end: int
    value: Decimal
    currency: str | None
    decimals: bool  # written with decimals (totals are)


def parse_number(text: str) -> tuple[Decimal, bool] | None:
    """`1.234,56` / `1,234.56` / `1 234,56` / `1'234.56` / `1234` -> (value, has decimals)."""
    digits = text.replace(" ", "").replace("'", "")
    last = max(digits.rfind("."), digits.rfind(","))
    decimals = last >= 0 and len(digits) - last - 1 in (1, 2)
    whole = digits[:last] if decimals else digits
    if "." in whole and "," in whole:
        return None
    cents = digits[last + 1:] if decimals else ""
    try:
        return Decimal(re.sub(r"[.,]", "", whole) + ("." + cents if cents else "")), decimals
    except InvalidOperation:
        return None


def currency_code(token: str | None) -> str | None:
    if not token:
        return None
    upper = token.upper()
    return upper if upper in CURRENCY_CODES else CURRENCY_SYMBOLS.get(token.lower())


MINUS = re.compile(r"(?<!\w)-(?=\s?(?:\d|[^\w\s]))")  # `-500,00`, `-£500.00`, `- 500,00`: the sign, not a hyphen


def find_amounts(line: str) -> list[AmountFound]:
    """Every amount in a (cleaned, not folded) line, left to right; percentages and dates are not amounts."""
    found = []
    for m in AMOUNT.finditer(line):
        parsed = parse_number(m["n"])
        if parsed is not None:
            found.append(AmountFound(m.start("n"), m.end(), parsed[0], currency_code(m["c1"] or m["c2"]), parsed[1]))
    return found
