"""What a missing file's name most likely meant: the close names in its folder ("did you mean `Report.pdf`?")."""

from __future__ import annotations

import os
from pathlib import Path

from pdftools.core.pathnames import shown


def close_names(path: Path, raw: str, most: int = 10_000) -> list[str]:
    """The files of the folder `raw` names whose names are close to its own (another case, `.pdf` left out, a
    space for a dash), as `raw` would give them (its folder kept): what was most likely meant. A folder's first
    `most` entries are read; none when the folder is not there."""
    import difflib

    try:
        with os.scandir(path.parent) as entries:
            names = [entry.name for _, entry in zip(range(most), entries, strict=False) if entry.is_file()]
    except OSError:
        return []
    folded = {name.casefold(): name for name in names}
    same = [folded[key] for key in (path.name.casefold(), path.name.casefold() + ".pdf") if key in folded]
    close = same or difflib.get_close_matches(path.name, names, n=3, cutoff=0.8) or [
        folded[key] for key in difflib.get_close_matches(path.name.casefold(), list(folded), n=3, cutoff=0.8)]
    given = raw.replace("\\", "/")
    folder = given[:given.rindex("/") + 1] if "/" in given else ""
    return [folder + shown(name) for name in close]

