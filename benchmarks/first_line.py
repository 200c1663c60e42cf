"""Time to the first line: `pdftools search` beside pdfgrep and `pdftools text` beside pdftotext, on distinct
files (generated documents, each its own fonts and images; a long report; corpus files), paired and alternating.

    .venv/bin/python benchmarks/first_line.py [--runs 7] [--docs 20] [--only WORD] [--tree DIR]

What a person at a terminal waits for, and what `| head -1` waits for: the time from start until the first
line of output has arrived on a pipe (the process is then killed: the rest is not what is measured). Each
pair runs ours and the peer's back to back, the order alternating (see paired.py); it prints the median
times and the median of the per-pair ratios (ours / peer: above 1 is slower), and, for scale, the median time
pdftools takes to finish, which is when the first line came before search and text printed as they went.
Before timing, the first lines are compared: a timing of a different answer means nothing. It asserts no
target. `--tree DIR` times this tree beside another tree's pdftools (`git archive main pdftools | tar -x -C DIR`)
in place of the native peer, both as `python -m pdftools` from an empty folder with their tree first on the path;
`--only WORD` keeps the rows whose label holds WORD (`text`).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from corpus import CORPUS  # noqa: E402  # found as the tests find it
from inputs import big, documents
from paired import Pairs, compiled, pdfgrep_peer

PDFTOOLS = str(Path(sys.executable).parent / "pdftools")
GEOTOPO = "009-pdflatex-geotopo/GeoTopo-komprimiert.pdf"


Side = tuple[list[str], "dict[str, str] | None"]  # a command line and its environment (None: this one's)
NEUTRAL = tempfile.mkdtemp(prefix="first-line-")  # the working folder: `python -m` puts it first on the path


def first_line(side: Side) -> tuple[float, bytes]:
    """Seconds until the first line is on the pipe, and that line; the process is then killed."""
    cmd, env = side
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env,
                            cwd=None if env is None else NEUTRAL)
    line = proc.stdout.readline()  # type: ignore[union-attr]
    seconds = time.perf_counter() - start
    proc.kill()
    proc.communicate()
    if not line:
        raise SystemExit(f"no output from {' '.join(map(str, cmd))}")
    return seconds, line


def whole(side: Side) -> float:
    start = time.perf_counter()
    subprocess.run(side[0], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=side[1],
                   cwd=None if side[1] is None else NEUTRAL)
    return time.perf_counter() - start


def measure(ours: Side, theirs: Side, runs: int) -> tuple[Pairs, float]:
    a, b = first_line(ours)[1], first_line(theirs)[1]  # (also the untimed warm-up)
    if a != b:
        raise SystemExit(f"different first lines:\n  {a!r}\n  {b!r}")
    pairs = Pairs()
    for i in range(runs):
        if i % 2 == 0:
            pairs.ours.append(first_line(ours)[0])
            pairs.peer.append(first_line(theirs)[0])
        else:
            pairs.peer.append(first_line(theirs)[0])
            pairs.ours.append(first_line(ours)[0])
    return pairs, statistics.median(whole(ours) for _ in range(max(1, runs // 2)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="pairs per measurement (default 7)")
    parser.add_argument("--docs", type=int, default=20, help="generated documents searched (default 20)")
    parser.add_argument("--only", action="append", help="the rows whose label holds WORD (repeatable)")
    parser.add_argument("--tree", type=Path, help="another tree's pdftools, timed in place of the native peer")
    args = parser.parse_args()
    pdfgrep, versions = pdfgrep_peer()
    compiled()  # (as an installed package is)
    if args.tree is not None:
        import compileall

        compileall.compile_dir(str(args.tree / "pdftools"), quiet=1)
    print(f"peers: {versions[0]}; pdftotext; {os.cpu_count()} CPUs; {args.runs} pairs each")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        docs = [str(p) for p in documents(folder / "docs", args.docs, 20)]
        report = str(big(folder / "big", 500))
        corpus = [str(p) for p in sorted(CORPUS.rglob("*.pdf"))
                  if "password" not in p.name and "unreadable" not in p.name]
        cases = [
            (f"search -n, {len(corpus)} corpus PDFs", "pdfgrep -n",
             [PDFTOOLS, "search", "-n", "der", *corpus], [pdfgrep, "-n", "der", *corpus]),
            (f"search -n, {len(docs)} documents", "pdfgrep -n",
             [PDFTOOLS, "search", "-n", "revenue", *docs], [pdfgrep, "-n", "revenue", *docs]),
            (f"search -l, {len(docs)} documents", "pdfgrep -l",
             [PDFTOOLS, "search", "--files-with-matches", "revenue", *docs], [pdfgrep, "-l", "revenue", *docs]),
            ("text, 500-page report", "pdftotext", [PDFTOOLS, "text", report], ["pdftotext", report, "-"]),
            ("text, GeoTopo book", "pdftotext", [PDFTOOLS, "text", str(CORPUS / GEOTOPO)],
             ["pdftotext", str(CORPUS / GEOTOPO), "-"]),
        ]
        for label, peer, ours, theirs in cases:
            if args.only and not any(word in label for word in args.only):
                continue
            sides: tuple[Side, Side] = ((ours, None), (theirs, None))
            if args.tree is not None:
                here = Path(__file__).resolve().parents[1]
                peer, sides = "--tree's", tuple(  # type: ignore[assignment]
                    ([sys.executable, "-m", "pdftools", *ours[1:]], {**os.environ, "PYTHONPATH": str(root.resolve())})
                    for root in (here, args.tree))
            pairs, finish = measure(*sides, args.runs)
            rows.append((label, peer, pairs.ours_median, pairs.peer_median, pairs.ratio, finish))
    width = max(len(row[0]) for row in rows)
    print(f"{'first line of':<{width}}  {'peer':<11} {'pdftools':>9} {'peer':>9} {'ratio':>6}  {'pdftools done':>13}")
    for label, peer, mine, theirs_s, ratio, finish in rows:
        print(f"{label:<{width}}  {peer:<11} {mine * 1000:7.0f}ms {theirs_s * 1000:7.0f}ms {ratio:5.2f}x  "
              f"{finish * 1000:11.0f}ms")


if __name__ == "__main__":
    main()
