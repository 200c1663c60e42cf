"""`text --max-chars N` piped, then each continuation it names (`--start-page P --offset K`), written one after
the other, give the text of one read byte for byte, as `head -c`/`tail -c` pieces do: the page a budget cut
ends without pdftotext's form feed (it wrote one after the cut, so the pieces joined had a form feed inside a
word: `a fe\fw words`)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest

SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "report.pdf"


@pytest.mark.parametrize("budget", [13, 50, 140])
def test_the_pieces_a_budget_names_join_to_the_whole_text(cli: Any, tmp_path: Path, budget: int) -> None:
    pdf = Path(shutil.copy(SAMPLE, tmp_path / "report.pdf"))
    whole = cli("text", pdf)
    assert whole.exit_code == 0 and whole.stdout.count("\f") == 3, whole
    pieces, where, cuts = [], [], 0
    while True:
        done = cli("text", pdf, "--max-chars", budget, *where)
        assert done.exit_code == 0, done
        pieces.append(done.stdout_bytes)
        went_on = re.search(r"--start-page (\d+) --offset (\d+)", done.stderr)
        if not went_on:
            break
        cuts += 1
        assert cuts < 1_000, "the continuations go round"
        where = ["--start-page", went_on[1], "--offset", went_on[2]]
    assert cuts >= 1  # (the budget cut the text at least once)
    assert b"".join(pieces) == whole.stdout_bytes
