"""A batch worker's path policy for files sent with their task (`batch --send-files`, `sending.run_sent`): each
path as the batch named it is the worker's copy. Its own module, below both `work` (which runs a file's job under
it) and `sending` (which sends the files and names them back), so that neither imports the other's caller."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pdftools.core import results


class Copies:
    """A batch worker's path policy for files sent with their task (`run_sent`): a path as the batch named
    it is the worker's copy; any other goes to the policy it wraps (not sent: the worker finds it, or says it
    cannot see it)."""

    def __init__(self, base: Any, copies: dict[str, str]) -> None:
        self.base, self.copies = base, copies
        self.named = {copy: raw for raw, copy in copies.items()}

    def input(self, raw: str) -> Path:
        copy = self.copies.get(raw)
        return Path(copy) if copy is not None else Path(self.base.input(raw))

    def public(self, value: Any) -> Any:
        """`value` naming each file as the batch named it, never the worker's copy."""
        def change(text: str) -> str:
            for copy, raw in self.named.items():
                text = text.replace(copy, raw)
            return text

        return results.map_strings(value, change)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.base, name)
