"""Real invoices nobody here wrote: the e-invoice corpus (../shared/corpus/einvoices) and how to score a reading.

`truth.json` there gives issuer, number, date, total and currency for the 18 files whose embedded CII XML could
be read; two of them are ORDER-X orders (not invoices: a reader must skip them), so 16 are invoices. The same
16 are the real-layout sets: their pages read with the XML ignored (`text`), and their pages rasterised at
200 dpi and read by OCR (`scan`). These files are held out: the heuristics are never tuned on them.

`score` runs what a user runs (the rename-invoice op, a dry run) and counts, per field, how often it is right,
and, at the threshold, how often a field taken is right; per file, renamed right / skipped / renamed wrong.
"""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

EINVOICES = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "einvoices"
FIELDS = ("issuer", "number", "date", "amount", "currency")
PATTERN_FIELDS = ("date", "issuer", "number")  # the default pattern {date}_{issuer}_{number}.pdf
DPI = 200


def truth() -> dict[str, dict[str, str | None]]:
    """The truth per file name, as the reader writes values (amount with 2 decimals, ISO date)."""
    path = EINVOICES / "truth.json"
    assert path.is_file(), f"the e-invoice corpus is missing: {path} (the tests need it; they do not skip)"
    raw = json.loads(path.read_text(encoding="utf-8"))
    return {name: {"issuer": t["issuer"], "number": t["invoice_number"], "date": t["date"],
                   "amount": f"{t['amount']:.2f}", "currency": t["currency"]} for name, t in raw.items()}


def is_order(name: str) -> bool:
    """The ORDER-X files (an order's PDF with its order XML): in truth.json, but not invoices."""
    return "ORDER-X" in name


def invoices() -> dict[str, dict[str, str | None]]:
    return {name: t for name, t in truth().items() if not is_order(name)}


def all_files() -> list[Path]:
    return sorted(EINVOICES.glob("*.pdf"))


def scans(folder: Path, names: list[str]) -> list[Path]:
    """The pages of `names` rasterised at 200 dpi into image-only PDFs in `folder` (kept: OCR input)."""
    return scanned(folder, [EINVOICES / name for name in names])


def scanned(folder: Path, sources: list[Path]) -> list[Path]:
    """Each source's pages rasterised at 200 dpi into an image-only PDF of the same name in `folder`, made once
    (kept between runs: OCR input); a half-written one never takes the name."""
    from invoices.producers import scan

    folder.mkdir(parents=True, exist_ok=True)
    made = []
    for source in sources:
        out = folder / source.name
        if not out.is_file():
            part = folder / f".part-{source.name}"
            scan(source, part, dpi=DPI)
            shutil.move(part, out)
        made.append(out)
    return made


def same(key: str, got: str | None, want: str | None) -> bool:
    from pdftools.invoice.parse import fold

    if got is None or want is None:
        return False
    if key == "issuer":  # compared as a file name would show it: letters and digits, no accents, any case
        return re.sub(r"[^a-z0-9]", "", fold(got)) == re.sub(r"[^a-z0-9]", "", fold(want))
    return got == want


@dataclass
class Score:
    """Per field: [right, taken (at or above the threshold), taken and right, n]; per file: outcomes."""

    fields: dict[str, list[int]] = field(default_factory=lambda: {k: [0, 0, 0, 0] for k in FIELDS})
    renamed_right: int = 0
    skipped: int = 0
    renamed_wrong: int = 0
    files: int = 0
    misses: list[str] = field(default_factory=list)

    def share(self) -> float:
        """Share of all fields right (taken or not)."""
        right = sum(v[0] for v in self.fields.values())
        return right / max(sum(v[3] for v in self.fields.values()), 1)

    def precision(self) -> float | None:
        """Of the fields at or above the threshold, the share that is right (None: none taken)."""
        taken = sum(v[1] for v in self.fields.values())
        return sum(v[2] for v in self.fields.values()) / taken if taken else None


def score(rows: list[Any], expected: dict[str, dict[str, str | None]], threshold: float) -> Score:
    """Score the op's rows (a dry run) against `expected` (by file name)."""
    result = Score()
    for row in rows:
        want = expected[Path(row.file).name]
        result.files += 1
        for key in FIELDS:
            found = row.fields.get(key)
            right = same(key, found.value if found else None, want[key])
            taken = found is not None and found.confidence >= threshold
            counts = result.fields[key]
            counts[0] += right
            counts[1] += taken
            counts[2] += taken and right
            counts[3] += 1
            if not right:
                result.misses.append(f"{row.name} {key}: {found!s} want {want[key]!r}"
                                     f"{f' ({found.how})' if found else ''}")
        if row.status == "planned":
            wrong = [k for k in PATTERN_FIELDS if not same(k, row.fields[k].value, want[k])]
            result.renamed_wrong += bool(wrong)
            result.renamed_right += not wrong
        else:
            result.skipped += 1
    return result


def line(label: str, result: Score) -> str:
    """One line per set, as the benchmark prints it and the README quotes it."""
    precision = result.precision()
    shown = "-" if precision is None else f"{precision:.1%}"
    return (f"{label:24} fields right {result.share():6.1%}   precision at threshold {shown:>6}   "
            f"renamed right {result.renamed_right:3d}  skipped {result.skipped:3d} "
            f"({result.skipped / max(result.files, 1):4.0%})  renamed wrong {result.renamed_wrong:2d}  "
            f"of {result.files}")


def printed(paths: list[str], expected: dict[str, dict[str, str | None]]) -> dict[str, int]:
    """Per field, in how many files the true value is printed on the pages at all (in any form the reader knows:
    any date format, any amount format, the name's letters and digits): the most any reading of the text can
    get right. Counts only, never which file: the set stays held out."""
    counts = dict.fromkeys(FIELDS, 0)
    for path in paths:
        for key, hit in printed_fields(path, expected[Path(path).name]).items():
            counts[key] += hit
    return counts


def printed_precision(rows: list[Any], expected: dict[str, dict[str, str | None]], sources: dict[str, str],
                      threshold: float) -> float | None:
    """Of the fields taken (at or above the threshold) whose true value the pages print, the share that is right:
    the precision a reading of the pages can be held to (a value the page does not print cannot be read right).
    `sources` maps each row's file name to the digital PDF whose text is checked. One figure, never which file."""
    taken = right = 0
    for row in rows:
        name = Path(row.file).name
        want = expected[name]
        shown = printed_fields(sources[name], want)
        for key in FIELDS:
            found = row.fields.get(key)
            if shown[key] and found is not None and found.confidence >= threshold:
                taken += 1
                right += same(key, found.value, want[key])
    return right / taken if taken else None


def printed_fields(path: str, want: dict[str, str | None]) -> dict[str, bool]:
    """Per field, is the true value printed on the pages of `path` (see `printed`): the test `--check-pages`
    makes (`pdftools.invoice.pages.shown`), on the whole text."""
    import subprocess

    from pdftools.invoice.pages import shown

    text = subprocess.run(["pdftotext", "-layout", "-enc", "UTF-8", path, "-"], capture_output=True,
                          check=False).stdout.decode("utf-8", errors="replace")
    found = shown([text], want)
    return {key: found.get(key, False) for key in FIELDS}
