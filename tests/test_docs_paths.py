"""Every repository path the READMEs name exists: a test file, a module or a sample moved or renamed left the
docs pointing at nothing (stale test paths were found in both)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
TOP = ("pdftools", "tests", "benchmarks", "completions", "samples")
# a path inside the repository's folders (`tests/cli/test_app.py`, `pdftools/ops/`, `samples/report.pdf`), as
# the docs write one: not a URL's tail, not a placeholder (`<op>`, `{stem}`, `XXXXXXXX`, a glob)
PATH = re.compile(rf"(?<![\w/.~-])(?:{'|'.join(TOP)})/[\w./-]*[\w/]")


def _named(doc: Path) -> list[str]:
    return sorted({m.group(0).split("::")[0] for m in PATH.finditer(doc.read_text())})


@pytest.mark.parametrize("doc", ["README.md", "benchmarks/README.md"])
def test_every_path_the_readme_names_exists(doc: str) -> None:
    names = _named(REPO / doc)
    assert len(names) >= 5, names  # the pattern finds the paths (it is not a test that cannot fail)
    missing = [name for name in names if not (REPO / name).exists()]
    assert not missing, f"{doc} names paths that do not exist: {missing}"
