"""Start-up: the time a small job takes, where Python's start is most of it, beside the native peer.

    .venv/bin/python benchmarks/startup.py [--runs 9] [--only WORD] [--tree DIR]

Each case runs on a different small corpus file every round (the next one in the list), so that no side is timed on
one file kept hot: `info` beside `pdfinfo` and `search -n` beside `pdfgrep -n` to the first line on a pipe (what
`| head -1` and a terminal wait for), `text` beside `pdftotext` to its first line, `merge` of two files and `rotate`
beside qpdf's, `--help` and a usage error beside `python -c pass` (the floor) to the end. A round runs every side of
a case back to back, the order rotated each round (paired.py: load from elsewhere falls on all alike); it prints the
median of each side and the median of the per-round ratios to the peer (and, with --tree, of pdftools to the tree:
below 1 is faster). `--only WORD` runs the cases whose command starts with WORD (repeatable: `--only=--help --only
info`). `--tree DIR` adds a side: the pdftools of another tree (`git archive COMMIT pdftools | tar -x -C DIR`), run
by the same Python with DIR first on its path, so a change is measured against the tree before it in the same
rounds. pdftools' modules (and DIR's) are compiled to bytecode first, as an install compiles them
(`paired.compiled`). It asserts no target.
"""

from __future__ import annotations

import argparse
import compileall
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from corpus import CORPUS  # noqa: E402  # found as the tests find it
from paired import compiled

PY = sys.executable
SMALL = ["001-trivial/minimal-document.pdf", "002-trivial-libre-office-writer/002-trivial-libre-office-writer.pdf",
         "003-pdflatex-image/pdflatex-image.pdf", "004-pdflatex-4-pages/pdflatex-4-pages.pdf",
         "006-pdflatex-outline/pdflatex-outline.pdf", "011-google-doc-document/google-doc-document.pdf",
         "016-libre-office-link/libre-office-link.pdf", "026-latex-multicolumn/multicolumn.pdf"]
NEUTRAL = tempfile.mkdtemp(prefix="startup-")  # every run's working folder, empty: `python -m` puts it first on
# the path, so a checkout's own folder there would win over --tree's
Make = Callable[[str, str], list[str]]  # (a file, a fresh output path) -> the command line


def first_line(cmd: list[str], env: dict[str, str] | None) -> float:
    """Seconds until the first line is on the pipe (the process is then killed), or until the end when it prints
    nothing on stdout (a usage error)."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, cwd=NEUTRAL)
    proc.stdout.readline()  # type: ignore[union-attr]
    seconds = time.perf_counter() - start
    proc.kill()
    proc.communicate()
    return seconds


def whole(cmd: list[str], env: dict[str, str] | None) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=env, cwd=NEUTRAL)
    return time.perf_counter() - start


def cases() -> list[tuple[str, str, Make, Make, Callable[..., float]]]:
    """(label, peer, pdftools' arguments, the peer's command, how it is timed)."""
    return [
        ("info FILE", "pdfinfo", lambda f, o: ["info", f], lambda f, o: ["pdfinfo", f], first_line),
        ("search -n e FILE", "pdfgrep -n", lambda f, o: ["search", "-n", "e", f],
         lambda f, o: ["pdfgrep", "-n", "e", f], first_line),
        ("text FILE", "pdftotext", lambda f, o: ["text", f], lambda f, o: ["pdftotext", f, "-"], first_line),
        ("merge FILE FILE -o", "qpdf --empty", lambda f, o: ["merge", f, f, "-o", o],
         lambda f, o: ["qpdf", "--empty", "--pages", f, f, "--", o], whole),
        ("rotate FILE --angle 90", "qpdf --rotate", lambda f, o: ["rotate", f, "--angle", "90", "-o", o],
         lambda f, o: ["qpdf", f, "--rotate=+90", "--", o], whole),
        ("--help", "python -c pass", lambda f, o: ["--help"], lambda f, o: [PY, "-c", "pass"], whole),
        ("info --bogus (usage error)", "python -c pass", lambda f, o: ["info", "--bogus", f],
         lambda f, o: [PY, "-c", "pass"], whole),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=9, help="rounds per case (default 9)")
    parser.add_argument("--tree", type=Path, help="another tree's pdftools, timed beside this one")
    parser.add_argument("--only", action="append", help="the cases whose command starts with this word")
    args = parser.parse_args()
    compiled()
    files = [str((CORPUS / name).resolve()) for name in SMALL if (CORPUS / name).is_file()]
    sides: list[tuple[str, list[str], dict[str, str] | None]] = [("pdftools", [PY, "-m", "pdftools"], None)]
    if args.tree is not None:
        compileall.compile_dir(str(args.tree / "pdftools"), quiet=1)
        sides.append(("tree", [PY, "-m", "pdftools"], {**os.environ, "PYTHONPATH": str(args.tree.resolve())}))
    print(f"{os.cpu_count()} CPUs; load {os.getloadavg()[0]:.1f}; {args.runs} rounds; {len(files)} files")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for label, peer, ours, theirs, timer in cases():
            if args.only and label.split()[0] not in args.only:
                continue
            times: dict[str, list[float]] = {name: [] for name, _, _ in [*sides, ("peer", [], None)]}
            for i in range(args.runs + 1):  # the first round untimed (page cache, bytecode)
                f = files[i % len(files)]
                runs: list[tuple[str, list[str], dict[str, str] | None]] = [
                    (name, [*prefix, *ours(f, f"{tmp}/{name}{i}.pdf")], env) for name, prefix, env in sides]
                runs.append(("peer", theirs(f, f"{tmp}/peer{i}.pdf"), None))
                shift = i % len(runs)
                for name, cmd, env in runs[shift:] + runs[:shift]:
                    seconds = timer(cmd, env)
                    if i:
                        times[name].append(seconds)
            rows.append((label, peer, {name: statistics.median(v) for name, v in times.items()},
                         {f"x {name}": statistics.median(a / b for a, b in zip(v, times["peer"], strict=True))
                          for name, v in times.items() if name != "peer"}
                         | ({"tree": statistics.median(a / b for a, b in zip(times["pdftools"], times["tree"],
                                                                           strict=True))} if "tree" in times else {})))
    os.rmdir(NEUTRAL)
    print(f"load {os.getloadavg()[0]:.1f} at the end")
    width = max(len("pdftools"), *(len(row[0]) for row in rows))
    names = [name for name, _, _ in sides]
    print(f"{'pdftools':<{width}}  {'peer':<15}" + "".join(f"{n:>10}" for n in names) + f"{'peer':>9}"
          + "".join(f"{'x ' + n:>13}" for n in names) + (f"{'/ tree':>9}" if len(names) > 1 else ""))
    for label, peer, medians, ratios in rows:
        print(f"{label:<{width}}  {peer:<15}" + "".join(f"{medians[n] * 1000:8.0f}ms" for n in names)
              + f"{medians['peer'] * 1000:7.0f}ms" + "".join(f"{ratios['x ' + n]:12.2f}x" for n in names)
              + (f"{ratios['tree']:8.2f}x" if "tree" in ratios else ""))


if __name__ == "__main__":
    main()
