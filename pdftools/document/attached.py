"""Files attached to a document (its /EmbeddedFiles): what a command that builds new documents from pages
leaves behind."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pikepdf

SHOWN = 5


def left_behind(pdf: pikepdf.Pdf, name: str, target: str) -> list[str]:
    """A warning naming the files attached to `pdf` (read from `name`) that `target` does not have: pages are
    copied, not the files attached to their document (as `qpdf --empty --pages`); none when it has none."""
    try:
        names = list(pdf.attachments.keys())
    except Exception:  # a damaged name tree: nothing to name  # noqa: BLE001
        return []
    if not names:
        return []
    shown = ", ".join(repr(n) for n in names[:SHOWN]) + (f" and {len(names) - SHOWN} more" if len(names) > SHOWN
                                                          else "")
    return [f"{name} has {len(names)} attached file(s) ({shown}) that {target} does not: pages are copied, not "
            "the files attached to their document; `pdftools attachments extract` and `attachments add` carry "
            "them over"]
