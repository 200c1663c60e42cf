"""Generate invoices with known fields: `python tests/invoices/generate.py OUT_DIR [--count N] [--seed S]`.

Each invoice is drawn from a seeded random generator: a language (en, de, fr, nl, es, it), a layout
(`invoices.layouts`, or with --holdout `invoices.holdout`), label wordings, a date format, a number format,
a currency, parties and items. It is written in the kinds asked for:

- `digital`: pikepdf content streams (standard Helvetica);
- `groff`: troff + Ghostscript (embedded fonts), when groff and ps2pdf are installed;
- `scanned`: the digital PDF rasterised to gray images at 200 dpi (no text layer);
- `xml`: the digital PDF with a Factur-X / ZUGFeRD CII XML attached;
- `xml-broken`: the same with a truncated, unparsable XML (the text must be used instead).

`expected.json` lists every file with its true fields: issuer, number, date (ISO), amount (2 decimals),
currency, and `date_order` (`mdy` where the invoice writes US numeric dates).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import random
import sys
from dataclasses import asdict, dataclass
from decimal import Decimal
from pathlib import Path

if __name__ == "__main__":  # run as a script: make `invoices` importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from invoices import producers
from invoices.erp import ERP
from invoices.erp_traits import ERP_TRAITS
from invoices.holdout import HOLDOUT, HOLDOUT_LATE
from invoices.layouts import LAYOUTS, Spec, choose_labels
from invoices.vocab import CURRENCIES, DATE_STYLES, ITEMS, NUMBER_STYLES, PARTIES, pick_number

LANGS = ("en", "de", "fr", "nl", "es", "it")
VAT = {"en": 20, "de": 19, "fr": 20, "nl": 21, "es": 21, "it": 22}
KINDS = ("digital", "groff", "scanned", "xml", "xml-broken")


@dataclass
class Expected:
    file: str
    kind: str
    lang: str
    layout: str
    issuer: str
    number: str
    date: str
    amount: str
    currency: str
    date_order: str | None


def make_spec(rng: random.Random, index: int, lang: str | None = None, layout: str | None = None,
              holdout: str = "") -> Spec:
    lang = lang or LANGS[index % len(LANGS)]
    shapes = list({"": LAYOUTS, "holdout": HOLDOUT, "late": HOLDOUT_LATE, "erp": ERP, "traits": ERP_TRAITS}[holdout])
    layout = layout or shapes[(index // len(LANGS) + index) % len(shapes)]
    issuer, customer = rng.sample(PARTIES[lang], 2)
    date = dt.date(2022, 1, 1) + dt.timedelta(days=rng.randrange(4 * 365))
    currency = rng.choice(CURRENCIES[lang])
    if currency == "USD":
        style = rng.choice(["mdy_slash", "month_d_y", "iso", "mdy_slash"])
    else:
        style = rng.choice(DATE_STYLES[lang])
    numbers = [("'", ".")] if currency == "CHF" else NUMBER_STYLES[lang]
    count = rng.randint(24, 30) if rng.random() < 0.15 else rng.randint(1, 5)
    items = [(rng.choice(ITEMS[lang]), rng.randint(1, 12), Decimal(rng.randint(350, 180000)) / 100)
             for _ in range(count)]
    return Spec(id=f"{index:03}-{lang}-{layout}", lang=lang, layout=layout, issuer=issuer, customer=customer,
                number=pick_number(rng, date), date=date, due=date + dt.timedelta(days=rng.choice([7, 14, 30])),
                currency=currency, items=items, vat_rate=8 if currency in ("USD", "CHF") else VAT[lang],
                date_style=style, number_style=rng.choice(numbers),
                amount_where=rng.choice(["symbol", "symbol", "code", "none"]), labels=choose_labels(rng, lang))


def expected(spec: Spec, file: str, kind: str) -> Expected:
    return Expected(file=file, kind=kind, lang=spec.lang, layout=spec.layout, issuer=spec.issuer[0],
                    number=spec.number, date=spec.date.isoformat(), amount=f"{spec.total:.2f}",
                    currency=spec.currency, date_order="mdy" if spec.date_style == "mdy_slash" else None)


def write(spec: Spec, folder: Path, kind: str, rng: random.Random) -> Expected:
    """Write one invoice of one kind into `folder`."""
    pages = {**LAYOUTS, **HOLDOUT, **HOLDOUT_LATE, **ERP, **ERP_TRAITS}[spec.layout](spec, rng)
    name = f"{spec.id}-{kind}.pdf"
    out = folder / name
    if kind == "groff":
        producers.groff_pdf(pages, out)
    else:
        producers.pikepdf_pdf(pages, out)
    if kind == "scanned":
        producers.scan(out, out)
    elif kind == "xml":
        producers.attach_cii(out, producers.cii_xml(spec))
    elif kind == "xml-broken":
        producers.attach_cii(out, producers.cii_xml(spec)[:-120])
    return expected(spec, name, kind)


def build(folder: Path, count: int, seed: int = 4, kinds: tuple[str, ...] = ("digital",),
          holdout: str = "") -> list[Expected]:
    """`count` invoices in each kind (the same invoices in every kind), and `expected.json`."""
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    specs = [make_spec(rng, i, holdout=holdout) for i in range(count)]
    rows = [write(spec, folder, kind, random.Random(f"{seed}-{spec.id}"))
            for kind in kinds if kind != "groff" or producers.groff_available() for spec in specs]
    (folder / "expected.json").write_text(json.dumps([asdict(r) for r in rows], indent=1, ensure_ascii=False))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--count", type=int, default=60)
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--kinds", default="digital,groff,scanned,xml,xml-broken")
    parser.add_argument("--holdout", choices=["", "holdout", "late", "erp", "traits"], default="",
                        help="held-out layouts (invoices/holdout.py): the first set, or the late one; or the "
                             "accounting-program layouts (invoices/erp.py, invoices/erp_traits.py)")
    args = parser.parse_args()
    rows = build(args.out, args.count, args.seed, tuple(args.kinds.split(",")), args.holdout)
    print(f"{len(rows)} invoices in {args.out}")


if __name__ == "__main__":
    main()
