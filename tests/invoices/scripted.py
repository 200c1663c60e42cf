"""What the invoice generators that run other people's programs share (templated, realprograms, thirdparty): the
truth file they write and their command line (`python tests/invoices/NAME.py OUT [--count N] [--seed S]`)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path

FIELDS = ("issuer", "number", "date", "amount", "currency")
Truth = dict[str, dict[str, str | None]]


def write_truth(folder: Path, rows: list[dict]) -> Truth:
    """Each written file's fields, by file name, into `folder/truth.json`; returned."""
    expected = {r["file"]: {k: r[k] for k in FIELDS} for r in rows}
    (folder / "truth.json").write_text(json.dumps(expected, indent=1, ensure_ascii=False))
    return expected


def command_line(doc: str, build: Callable[[Path, int, int], tuple[Truth, dict[str, str]]], per: str, count: int,
                 seed: int) -> None:
    """Build the set into the folder given, as the module's docstring says; say what was made and skipped."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--count", type=int, default=count, help=f"invoices per {per}")
    parser.add_argument("--seed", type=int, default=seed)
    args = parser.parse_args()
    expected, skipped = build(args.out, args.count, args.seed)
    print(f"{len(expected)} invoices in {args.out}")
    for source, why in skipped.items():
        print(f"skipped {source}: {why}")
