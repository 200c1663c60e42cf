"""What reading an invoice gives: the fields, each found with its value, confidence, source and how; the reading
(typed values, warnings, or why the file is no invoice); and the options a reading takes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from pdftools.invoice.templates import Template

FIELDS = ("issuer", "number", "date", "amount", "currency")
Source = Literal["xml", "text", "ocr"]


@dataclass
class Found:
    __pydantic_config__ = {"use_attribute_docstrings": True}  # field docstrings become schema descriptions
    value: str
    """Dates YYYY-MM-DD, amounts 2 decimals, ISO currency codes."""
    confidence: float
    source: Source
    how: str

    def __str__(self) -> str:
        return f"{self.value} ({self.source} {self.confidence:.2f})"


@dataclass
class Reading:
    fields: dict[str, Found]  # by name (FIELDS), those found
    values: dict[str, Any]  # typed: date -> dt.date, amount -> Decimal, others str
    warnings: list[str] = field(default_factory=list)
    not_invoice: str | None = None  # why the file is no invoice (an order, a broken PDF): nothing was read


@dataclass
class Options:
    date_order: str = "auto"
    ocr: bool = True
    language: str | None = None
    templates: list[Template] = field(default_factory=list)
    xml: bool = True  # read an embedded e-invoice XML (False: only the pages)
    check_pages: bool = False  # warn of the XML's values the pages do not show
