"""`pdftools search` beside pdfgrep, and `pdftools text --format words` beside `pdftotext -bbox`, on distinct
real files (the sample corpus), paired and alternating.

    .venv/bin/python benchmarks/search.py [--runs 7]

Each measurement is a pair of whole-process wall times (time.perf_counter around subprocess.run, stdout to a
pipe that is read): ours and the peer's, run back to back, the order alternating from one pair to the next so
that neither always runs on a warmer cache. It prints each measurement's median times and the median of the
per-pair ratios (ours / peer: above 1 is slower). Before timing, each pair's outputs are compared (the same
counts as pdfgrep, the same number of words as pdftotext -bbox): a timing of a wrong answer means nothing.
It reports and exits 0; it asserts no target.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from corpus import CORPUS  # noqa: E402  # found as the tests find it
from paired import compiled, pdfgrep_peer

PDFTOOLS = str(Path(sys.executable).parent / "pdftools")
FILES = {  # distinct real files from different producers, small to large
    "google-doc (2 pages)": "011-google-doc-document/google-doc-document.pdf",
    "pdflatex (4 pages)": "004-pdflatex-4-pages/pdflatex-4-pages.pdf",
    "multicolumn (3 pages)": "026-latex-multicolumn/multicolumn.pdf",
    "GeoTopo book (LaTeX)": "009-pdflatex-geotopo/GeoTopo-komprimiert.pdf",
}
PATTERN = "in|der"


def timed(cmd: list[str]) -> tuple[float, bytes]:
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, check=False)
    seconds = time.perf_counter() - start
    if done.returncode not in (0, 1):  # grep's 1: no match
        raise SystemExit(f"{cmd[0]} failed ({done.returncode}): {done.stderr.decode()[-500:]}")
    return seconds, done.stdout


def paired(ours: list[str], theirs: list[str], runs: int) -> tuple[float, float, float]:
    """Median of our times, of theirs, and of the per-pair ratios."""
    mine, peer, ratios = [], [], []
    for i in range(runs):
        first, second = (ours, theirs) if i % 2 == 0 else (theirs, ours)
        a, _ = timed(first)
        b, _ = timed(second)
        o, t = (a, b) if i % 2 == 0 else (b, a)
        mine.append(o)
        peer.append(t)
        ratios.append(o / t)
    return statistics.median(mine), statistics.median(peer), statistics.median(ratios)


def same_search(ours: list[str], theirs: list[str]) -> None:
    a, b = timed(ours)[1], timed(theirs)[1]
    if a != b:
        raise SystemExit(f"different answers:\n  {' '.join(ours)}\n  {' '.join(theirs)}")


def same_words(ours: list[str], theirs: list[str]) -> None:
    a = timed(ours)[1].count(b"\n") - 1  # the header
    b = len(re.findall(rb"<word ", timed(theirs)[1]))
    if a != b:
        raise SystemExit(f"{a} words from pdftools, {b} from pdftotext -bbox: {' '.join(ours)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="pairs per measurement (default 7)")
    args = parser.parse_args()
    pdfgrep, versions = pdfgrep_peer()
    compiled()  # (as an installed package is)
    print(f"peers: {versions[0]}; {versions[-1].strip()}; {os.cpu_count()} CPUs; {args.runs} pairs each")
    rows = []
    for name, rel in FILES.items():
        path = str(CORPUS / rel)
        ours, theirs = [PDFTOOLS, "search", "-n", PATTERN, path], [pdfgrep, "-n", PATTERN, path]
        same_search(ours, theirs)
        rows.append((f"search -n, {name}", "pdfgrep -n", *paired(ours, theirs, args.runs)))
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for rel in sorted(CORPUS.rglob("*.pdf")):
            if "password" not in rel.name and "unreadable" not in rel.name:
                shutil.copy(rel, folder / f"{rel.parent.name}-{rel.name}")
        count = len(list(folder.iterdir()))
        ours, theirs = [PDFTOOLS, "search", "-c", PATTERN, tmp], [pdfgrep, "-r", "-c", PATTERN, tmp]
        totals = [sum(int(line.rsplit(b":", 1)[1]) for line in timed(cmd)[1].splitlines()) for cmd in (ours, theirs)]
        if totals[0] != totals[1]:
            raise SystemExit(f"{totals[0]} matches in the folder from pdftools, {totals[1]} from pdfgrep")
        rows.append((f"search -c, folder of {count} corpus PDFs", "pdfgrep -r -c", *paired(ours, theirs, args.runs)))
    for name, rel in FILES.items():
        path = str(CORPUS / rel)
        ours, theirs = [PDFTOOLS, "text", "--format", "words", path], ["pdftotext", "-bbox", path, "-"]
        same_words(ours, theirs)
        rows.append((f"words, {name}", "pdftotext -bbox", *paired(ours, theirs, args.runs)))
    width = max(len(row[0]) for row in rows)
    print(f"{'measurement':<{width}}  {'peer':<16} {'pdftools':>9} {'peer':>9} {'ratio':>6}")
    for label, peer, mine, theirs_s, ratio in rows:
        print(f"{label:<{width}}  {peer:<16} {mine * 1000:7.0f}ms {theirs_s * 1000:7.0f}ms {ratio:5.2f}x")


if __name__ == "__main__":
    main()
