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


def layout_entries(text: str) -> list[str]:
    """The paths README's "Layout" tree names (`pdftools/`, then `  mcp/`, then `    server.py` under it), each
    whole: a name ending in `/` or `.py`, placed under the last one less indented."""
    block = text.split("### Layout", 1)[1].split("```", 2)[1]
    stack: list[tuple[int, str]] = []
    found = []
    for line in block.splitlines():
        m = re.match(r"^( *)([\w.-]+(?:/|\.py))(?:\s|$)", line)
        if m is None:
            continue
        indent, name = len(m.group(1)), m.group(2)
        while stack and stack[-1][0] >= indent:
            stack.pop()
        path = (stack[-1][1] if stack else "") + name
        stack.append((indent, path))
        found.append(path)
    return found


def test_every_module_the_layout_names_exists() -> None:
    entries = layout_entries((REPO / "README.md").read_text())
    assert {"pdftools/", "pdftools/mcp/", "pdftools/errors.py", "tests/"} <= set(entries), entries  # it reads the tree
    missing = [path for path in entries if not (REPO / path).exists()]
    assert not missing, f"README's Layout names modules that do not exist: {missing}"


def test_the_layout_reader_nests_entries() -> None:
    text = "### Layout\n\n```\npdftools/\n  mcp/    the server\n          more words/ here\n    server.py   it\n" \
           "  errors.py   the tree\ntests/   tests\n```\n"
    assert layout_entries(text) == ["pdftools/", "pdftools/mcp/", "pdftools/mcp/server.py", "pdftools/errors.py",
                                    "tests/"]
