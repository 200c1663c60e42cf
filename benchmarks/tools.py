"""check and inspect beside their native peers, on distinct real files from the corpus, paired and alternating.

    .venv/bin/python benchmarks/tools.py [--rounds N]

`pdftools check FILE` runs beside `qpdf --check FILE`; `pdftools inspect FILE --json` beside `pdffonts FILE`
followed by `pdfimages -list FILE` (the two programs it stands for). Each round runs ours and the peer back to
back, alternating which goes first, so load from elsewhere weighs on both alike. Times are whole-process wall
time; the table prints the median of each side and the median of the per-round ratios. It only reports (exit 0).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from corpus import CORPUS  # noqa: E402  # found as the tests find it

FILES = [  # distinct producers and sizes
    "001-trivial/minimal-document.pdf",
    "004-pdflatex-4-pages/pdflatex-4-pages.pdf",
    "011-google-doc-document/google-doc-document.pdf",
    "021-pdfa/crazyones-pdfa.pdf",
    "009-pdflatex-geotopo/GeoTopo-komprimiert.pdf",
]
PDFTOOLS = str(Path(sys.executable).parent / "pdftools")
QPDF_CODES = (0, 3)  # qpdf --check: 3 means warnings (GeoTopo's linearization hints)


def timed(commands: Sequence[list[str]], ok: tuple[int, ...] = (0,)) -> float:
    """Wall time of running `commands` one after the other; a command that fails is not a timing."""
    start = time.perf_counter()
    for cmd in commands:
        done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
        if done.returncode not in ok:
            raise SystemExit(f"{' '.join(cmd)} exited {done.returncode}: {done.stderr.decode()[-300:]}")
    return time.perf_counter() - start


def paired(ours: list[list[str]], theirs: list[list[str]], rounds: int, ok: tuple[int, ...]) -> tuple[float, ...]:
    mine, peer, ratios = [], [], []
    timed(ours, ok), timed(theirs, ok)  # warm the page cache and the binaries
    for index in range(rounds):
        if index % 2:
            b, a = timed(theirs, ok), timed(ours, ok)
        else:
            a, b = timed(ours, ok), timed(theirs, ok)
        mine.append(a)
        peer.append(b)
        ratios.append(a / b)
    return statistics.median(mine), statistics.median(peer), statistics.median(ratios)


def version(cmd: list[str]) -> str:
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    return (done.stdout or done.stderr).splitlines()[0].strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    print(f"{version(['qpdf', '--version'])}; {version(['pdffonts', '-v'])}; rounds: {args.rounds}; "
          f"cpus: {os.cpu_count()}")
    print(f"{'file':<34} {'measure':<34} {'pdftools':>9} {'peer':>9} {'ratio':>7}")
    for rel in FILES:
        path = str(CORPUS / rel)
        rows = [
            ("check vs qpdf --check", [[PDFTOOLS, "check", path]], [["qpdf", "--check", path]], (0, 3, 12)),
            ("inspect vs pdffonts+pdfimages -list", [[PDFTOOLS, "inspect", path, "--json"]],
             [["pdffonts", path], ["pdfimages", "-list", path]], (0,)),
        ]
        for name, ours, theirs, ok in rows:
            a, b, ratio = paired(ours, theirs, args.rounds, ok)
            print(f"{Path(rel).name[:34]:<34} {name:<34} {a * 1000:>7.0f}ms {b * 1000:>7.0f}ms {ratio:>6.1f}x")


if __name__ == "__main__":
    main()
