"""pandoc: which one, and its version. How pdftools runs it (the sandbox, formats, media) is `convert.pandoc`.

Which pandoc: $PDFTOOLS_PANDOC (a path, or a name looked up on PATH), else the one the pypandoc-binary wheel
ships (pandoc 3, data files built in), else `pandoc` on PATH.
"""

from __future__ import annotations

from functools import cache
from importlib.util import find_spec
from pathlib import Path

from pdftools import engines
from pdftools.errors import DependencyMissing

INSTALL = ("`pip install pypandoc-binary` (pandoc 3 with its data files built in), or set PDFTOOLS_PANDOC to a "
           "pandoc >= 3 built with embed_data_files")


def program() -> str:
    return engines.locate("pandoc", "PDFTOOLS_PANDOC", INSTALL, *_bundled())


@cache
def _bundled() -> tuple[Path, ...]:
    """Where the pypandoc-binary wheel keeps its pandoc (found without importing the package)."""
    spec = find_spec("pypandoc")
    return tuple(Path(folder) / "files" for folder in (spec.submodule_search_locations or [])) if spec else ()


@cache
def version() -> str | None:
    """pandoc's version (one `pandoc --version`, once per process; only doctor asks)."""
    try:
        return engines.version(program())
    except DependencyMissing:
        return None
