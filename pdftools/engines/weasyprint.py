"""weasyprint, convert's default PDF engine: which one, and its version (how it is run: `convert.engines`)."""

from __future__ import annotations

import sys
from pathlib import Path

from pdftools import engines
from pdftools.errors import DependencyMissing

INSTALL = ("`pip install 'weasyprint>=68'` (it needs Pango: `apt-get install libpango-1.0-0 "
           "libpangoft2-1.0-0`)")


def program() -> str:
    """The weasyprint program: $PDFTOOLS_WEASYPRINT, else the one installed beside pdftools, else PATH's."""
    return engines.locate("weasyprint", "PDFTOOLS_WEASYPRINT", INSTALL, Path(sys.executable).parent)


def version() -> str | None:
    """Its version, or None when it is not installed."""
    try:
        return engines.version(program())
    except DependencyMissing:
        return None
