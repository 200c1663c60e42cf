"""Instructions, not time: what a small job's Python process executes, counted by valgrind's callgrind.

    .venv/bin/python benchmarks/instructions.py [--only WORD] [--tree DIR] [--pages N]

On a machine others share, wall times move with the load (benchmarks/README.md); the number of instructions a
process executes does not (the same run twice agrees to ~0.1%), so a change to pdftools' own work is seen however
busy the machine is. Each row is one run under `valgrind --tool=callgrind` of `python -m pdftools ...` from an
empty folder (this tree, and with `--tree DIR` another tree's pdftools beside it, `git archive COMMIT pdftools |
tar -x -C DIR`), bytecode compiled first (`paired.compiled`); the programs pdftools starts (pdftotext) are not
counted, only its Python process. Beside them the floors: `python -c pass` and a Python importing Typer and
pikepdf, the libraries every command runs on. The last row counts the bomb check (`streams.check_pages`) of a
generated N-page report alone, in process, as two halves as `text` checks them (its opening subtracted). It
prints millions of instructions (Ir) and, with --tree, this tree's over DIR's. It asserts nothing. Under
valgrind a run takes ~50x its time: the whole table takes minutes (`--only info` one row).
"""

from __future__ import annotations

import argparse
import compileall
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from corpus import CORPUS  # found as the tests find it
from paired import compiled

PY = sys.executable
TREE = Path(__file__).resolve().parents[1]
FILE = "004-pdflatex-4-pages/pdflatex-4-pages.pdf"  # the tests' sample: 4 pages, pdflatex
CHECK = """
import sys, pikepdf
from pdftools.core import streams
pdf = pikepdf.open(sys.argv[1]); n = len(pdf.pages)
if sys.argv[2] == "check":
    streams.check_pages(pdf, range(1, n // 2 + 1), "x"); streams.check_pages(pdf, range(n // 2 + 1, n + 1), "x")
"""


def instructions(argv: list[str], tree: Path, cwd: str) -> int:
    """The instructions `python ARGV` executes with `tree` first on its path, counted by callgrind."""
    run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", PY, *argv], cwd=cwd,
                         env={**os.environ, "PYTHONPATH": str(tree)}, capture_output=True, text=True, check=False)
    found = re.search(r"Collected : (\d+)", run.stderr)
    if run.returncode != 0 or found is None:
        sys.exit(f"{' '.join(argv)} failed ({run.returncode}): {run.stderr[-2000:]}")
    return int(found.group(1))


def rows(sample: str, folder: str, out: str) -> list[tuple[str, list[str]]]:
    return [("python -c pass", ["-c", "pass"]),
            ("import typer, pikepdf", ["-c", "import typer, pikepdf"]),
            ("info FILE", ["-m", "pdftools", "info", sample]),
            ("text FILE", ["-m", "pdftools", "text", sample]),
            ("search -n e FILE", ["-m", "pdftools", "search", "-n", "e", sample]),
            ("merge FILE FILE -o", ["-m", "pdftools", "merge", sample, sample, "-o", out, "--force"]),
            ("split FILE -d", ["-m", "pdftools", "split", sample, "-d", f"{out}.parts", "--force"]),
            ("rotate FILE --angle 90", ["-m", "pdftools", "rotate", sample, "--angle", "90", "-o", out,
                                        "--force"]),
            ("ls DIR", ["-m", "pdftools", "ls", folder])]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tree", type=Path, help="another tree's pdftools, counted beside this one")
    parser.add_argument("--only", action="append", help="the rows whose label starts with WORD (repeatable)")
    parser.add_argument("--pages", type=int, default=500, help="pages of the report the bomb check reads")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (apt-get install valgrind)")
    compiled()
    trees = [("pdftools", TREE)]
    if args.tree is not None:
        compileall.compile_dir(str(args.tree / "pdftools"), quiet=1)
        trees.append(("tree", args.tree.resolve()))
    print(f"valgrind callgrind; {os.cpu_count()} CPUs; load {os.getloadavg()[0]:.1f} (instructions do not "
          f"depend on it); file {FILE}")
    with tempfile.TemporaryDirectory() as tmp:
        empty = Path(tmp, "empty")
        empty.mkdir()
        folder = Path(tmp, "folder")
        folder.mkdir()
        sample = shutil.copy(CORPUS / FILE, folder / "sample.pdf")
        table = [(label, argv) for label, argv in rows(str(sample), str(folder), f"{tmp}/out.pdf")
                 if not args.only or label.split()[0] in args.only]
        check = not args.only or "check" in args.only
        if check:
            sys.path.insert(0, str(TREE / "benchmarks"))
            import inputs  # typst makes the report (seeded: the same file every run)

            report = str(inputs.big(Path(tmp), pages=args.pages))
            script = Path(tmp, "check.py")
            script.write_text(CHECK)
        counts: list[tuple[str, dict[str, int]]] = []
        for label, argv in table:
            counts.append((label, {name: instructions(argv, tree, str(empty)) for name, tree in trees}))
        if check:
            counts.append((f"check of {args.pages} pages' streams", {
                name: instructions([str(script), report, "check"], tree, str(empty))
                - instructions([str(script), report, "open"], tree, str(empty)) for name, tree in trees}))
    width = max(len(label) for label, _ in counts)
    names = [name for name, _ in trees]
    print(f"{'millions of instructions':<{width}}" + "".join(f"{n:>11}" for n in names)
          + (f"{'/ tree':>9}" if len(names) > 1 else ""))
    for label, count in counts:
        print(f"{label:<{width}}" + "".join(f"{count[n] / 1e6:11.1f}" for n in names)
              + (f"{count['pdftools'] / count['tree']:8.3f}x" if len(names) > 1 else ""))


if __name__ == "__main__":
    main()
