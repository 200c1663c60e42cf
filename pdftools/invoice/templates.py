"""User templates for vendors the label heuristics miss: YAML files, one template or a list per file.

    - issuer: ACME Corporation            # the name to use (required)
      match: [ACME Corp, acme.example]    # the template applies when any of these is in the text (required)
      number: 'Ref(?:erence)?\\s*:\\s*(\\S+)'  # regular expressions: the first group (else the match) is read
      date: 'Issued on (.+\\d{4})'
      amount: 'To pay:?\\s*(.+)'
      currency: USD                       # a fixed currency code
      date_order: mdy                     # how to read 03/05/2024 in this vendor's invoices

A matched template's fields win over the heuristics; fields it does not give are still found by them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pdftools.core.paths import folder_path, input_path, policy
from pdftools.errors import InvalidArgument
from pdftools.invoice.layout import Candidate
from pdftools.invoice.parse import find_amounts, find_dates, fold

SCORE = 0.95
KEYS = {"name", "issuer", "match", "number", "date", "amount", "currency", "date_order"}


@dataclass
class Template:
    name: str
    issuer: str
    match: list[str]
    patterns: dict[str, re.Pattern[str]] = field(default_factory=dict)
    currency: str | None = None
    date_order: str | None = None

    def applies(self, folded_text: str) -> bool:
        return any(fold(word) in folded_text for word in self.match)

    def fields(self, text: str, order: str) -> dict[str, Candidate]:
        """The fields this template reads from `text` (cleaned, not folded)."""
        how = f"template {self.name}"
        found = {"issuer": Candidate(self.issuer, SCORE, how)}
        if self.currency:
            found["currency"] = Candidate(self.currency, SCORE, how)
        for key, pattern in self.patterns.items():
            m = pattern.search(text)
            if not m:
                continue
            raw = (m.group(1) if m.groups() else m.group()).strip()
            value = _value(key, raw, self.date_order or order)
            if value is not None:
                found[key] = Candidate(value, SCORE, how)
        return found


def _value(key: str, raw: str, order: str) -> Any:
    if key == "number":
        return raw or None
    if key == "date":
        dates = find_dates(fold(raw), order)
        return dates[0].value if dates else None
    amounts = find_amounts(raw)
    return amounts[-1].value if amounts else None


def load(spec: str) -> list[Template]:
    """Templates from a YAML file, or from every *.yaml / *.yml file in a folder (sorted by name)."""
    raw = policy().input(spec)
    files = sorted(p for ext in ("*.yaml", "*.yml") for p in folder_path(spec).glob(ext)) if raw.is_dir() \
        else [input_path(spec, pdf=False)]
    return [template for path in files for template in _read(input_path(str(path), pdf=False))]


def _read(path: Path) -> list[Template]:
    import yaml

    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (yaml.YAMLError, UnicodeDecodeError) as exc:
        raise InvalidArgument(f"the template file {path} is not valid YAML: {exc}") from None
    items = data if isinstance(data, list) else [data]
    return [_template(path, i, item) for i, item in enumerate(items, 1)]


def _template(path: Path, index: int, item: Any) -> Template:
    where = f"{path.name}, template {index}"
    if not isinstance(item, dict) or not item.get("issuer") or not item.get("match"):
        raise InvalidArgument(f"{where}: a template needs `issuer` and `match`", hint=_HINT)
    unknown = set(item) - KEYS
    if unknown:
        raise InvalidArgument(f"{where}: unknown key(s) {', '.join(sorted(unknown))}", hint=_HINT)
    match = item["match"] if isinstance(item["match"], list) else [item["match"]]
    patterns = {}
    for key in ("number", "date", "amount"):
        if key in item:
            try:
                patterns[key] = re.compile(str(item[key]), re.IGNORECASE | re.MULTILINE)
            except re.error as exc:
                raise InvalidArgument(f"{where}: `{key}` is not a valid regular expression: {exc}") from None
    order = item.get("date_order")
    if order not in (None, "dmy", "mdy"):
        raise InvalidArgument(f"{where}: date_order must be dmy or mdy", hint=_HINT)
    return Template(name=str(item.get("name") or path.stem), issuer=str(item["issuer"]),
                    match=[str(m) for m in match], patterns=patterns,
                    currency=str(item["currency"]).upper() if item.get("currency") else None, date_order=order)


_HINT = ("Keys: issuer, match, number, date, amount (regular expressions), currency, date_order, name; "
         "see `pdftools rename-invoice --help`.")
