"""typst, convert's second PDF engine: the `typst` Python package, run in a child Python (`convert.engines`)."""

from __future__ import annotations

from importlib import metadata
from importlib.util import find_spec

INSTALL = "`pip install typst`"


def installed() -> bool:
    return find_spec("typst") is not None


def version() -> str | None:
    """Its version, or None when it is not installed."""
    return metadata.version("typst") if installed() else None
