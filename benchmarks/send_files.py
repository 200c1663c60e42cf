"""`batch --cluster ... --send-files` of users' sizes: this tree beside another tree, paired, in the same run.

    git archive COMMIT pdftools | tar -x -C /tmp/before
    .venv/bin/python benchmarks/send_files.py --tree /tmp/before [--rounds 7] [--sizes 5,10,15,20,20]
                                              [--command info --command rotate]

Inputs: distinct PDFs of `--sizes` MB made from the corpus (its large files merged, each opened anew, so no two
inputs share an object) after a 10-page document typeset for each by typst with its own font family and images
(benchmarks/inputs.py): real fonts and images, as users' files have. Each side (this tree, `--tree`) has a
cluster of its own on 127.0.0.1, a `dask scheduler` and one `dask worker` (one thread), both running that side's
pdftools (PYTHONPATH), up for the whole run. Each round runs every command on both sides, the order swapped
every round, into fresh output folders, plus this tree without `--send-files` (the worker reads the files where
they are: the floor). Before timing, one warm-up run of each; the rows must all be `ok` and the outputs of both
sides byte-identical (else it stops: a timing of wrong work means nothing).

Printed per command: the median wall time of each side and the median of the per-round ratios (this tree / the
other); MB/s of input sent; and the CPU seconds each process spent (the client `pdftools batch`, the scheduler,
the worker with its nanny), medians over the rounds, which is where the time goes on a busy machine.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from corpus import CORPUS  # noqa: E402  # found as the tests find it

HERE = Path(__file__).resolve().parents[1]
PY = sys.executable
DASK = str(Path(PY).with_name("dask"))


def user_files(folder: Path, sizes_mb: list[float]) -> list[Path]:
    """One distinct PDF per size: its own typeset document, then the corpus's large files, merged."""
    import warnings

    import inputs
    import pikepdf

    warnings.simplefilter("ignore")  # pikepdf's PageCopyWarning (no links to keep here)
    sources = []
    for path in sorted(CORPUS.rglob("*.pdf")):
        if path.stat().st_size > 100_000:
            try:
                with pikepdf.open(path) as pdf:
                    sources.append(path) if len(pdf.pages) else None
            except pikepdf.PdfError:
                continue
    folder.mkdir(parents=True)
    made = []
    for number, size in enumerate(sizes_mb):
        rng = random.Random(number)
        own = inputs._typeset(folder, f"own{number}", rng, 10, inputs.FONTS[number % len(inputs.FONTS)], 4)
        order = sources[:]
        rng.shuffle(order)
        out = folder / f"file-{number:02}.pdf"
        aim = size * 1e6
        for _ in range(2):  # the second time aiming as far off as the first came out (a merge is no sum of sizes)
            merged, opened, total = pikepdf.open(own), [], own.stat().st_size
            while fits := [p for p in order if total + p.stat().st_size <= aim]:  # up to the aim, not over
                source = fits[len(opened) % len(fits)]
                opened.append(pikepdf.open(source))  # opened anew: its objects copied again
                merged.pages.extend(opened[-1].pages)
                total += source.stat().st_size
            merged.save(out, object_stream_mode=pikepdf.ObjectStreamMode.generate)  # (as the sources are)
            for pdf in (merged, *opened):
                pdf.close()
            aim *= size * 1e6 / out.stat().st_size
        own.unlink()
        made.append(out)
    return made


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def session_cpu(leader: int) -> float:
    """CPU seconds of every process in the session `leader` started (a worker and its nanny)."""
    total = 0.0
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            if os.getsid(int(entry.name)) != leader:
                continue
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, ProcessLookupError):
            continue
        total += sum(int(f) for f in fields[11:15]) / os.sysconf("SC_CLK_TCK")
    return total


class Side:
    """A tree's pdftools, with a cluster of its own (scheduler and one worker of one thread)."""

    def __init__(self, name: str, tree: Path, work: Path) -> None:
        self.name, self.tree = name, tree
        self.env = {**os.environ, "PYTHONPATH": str(tree), "PDFTOOLS_CLUSTER_TIMEOUT": "60"}
        self.env.pop("PDFTOOLS_CLUSTER", None)
        port = free_port()
        self.address = f"tcp://127.0.0.1:{port}"
        quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "start_new_session": True,
                 "env": self.env, "cwd": work}  # (`-m` puts the working folder first: a checkout's would win)
        self.scheduler = subprocess.Popen([DASK, "scheduler", "--host", "127.0.0.1", "--port", str(port),
                                           "--no-dashboard"], **quiet)
        self.worker = subprocess.Popen([PY, "-m", "dask", "worker", self.address, "--nworkers", "1",
                                        "--nthreads", "1", "--host", "127.0.0.1", "--no-dashboard",
                                        "--local-directory", str(work / f"{name}-worker")], **quiet)
        from distributed import Client

        with Client(self.address, timeout=60) as client:
            client.wait_for_workers(1, timeout=60)

    def run(self, command: str, inputs: Path, out: Path, send: bool = True) -> dict[str, float]:
        """One batch, timed: wall seconds and each process's CPU seconds."""
        shutil.rmtree(out, ignore_errors=True)
        argv = [PY, "-m", "pdftools", "batch", command, str(inputs), "-d", str(out), "--cluster", self.address,
                "--json", *(["--set", "angle=90"] if command == "rotate" else []), *(["--send-files"] * send)]
        before = (session_cpu(self.scheduler.pid), session_cpu(self.worker.pid),
                  resource.getrusage(resource.RUSAGE_CHILDREN))
        start = time.perf_counter()
        done = subprocess.run(argv, capture_output=True, text=True, env=self.env, cwd=out.parent, check=False)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode != 0 or '"failed": 0' not in done.stderr:
            raise RuntimeError(f"{self.name}: {' '.join(argv)} exited {done.returncode}: {done.stderr[-800:]}")
        return {"wall": wall, "client": after.ru_utime + after.ru_stime - before[2].ru_utime - before[2].ru_stime,
                "scheduler": session_cpu(self.scheduler.pid) - before[0],
                "worker": session_cpu(self.worker.pid) - before[1]}

    def close(self) -> None:
        for proc in (self.worker, self.scheduler):
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=30)


def same_outputs(a: Path, b: Path) -> None:
    """The two sides wrote the same files with the same bytes (the journal aside: it names times)."""
    def files(folder: Path) -> dict[str, bytes]:
        return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
                if p.is_file() and not p.name.startswith(".")}

    mine, theirs = files(a), files(b)
    if not mine or mine != theirs:
        raise RuntimeError(f"the outputs differ: {a} and {b}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tree", type=Path, required=True, help="the other tree (git archive ... | tar -x -C DIR)")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--sizes", default="5,10,15,20,20", help="the inputs' sizes in MB, comma-separated")
    parser.add_argument("--command", action="append", help="batch commands timed (default: info, rotate)")
    args = parser.parse_args()
    commands = args.command or ["info", "rotate"]
    import compileall

    for tree in (HERE, args.tree):
        compileall.compile_dir(str(tree / "pdftools"), quiet=1)
    work = Path(tempfile.mkdtemp(prefix="send-files-"))
    sides: list[Side] = []
    try:
        made = user_files(work / "in", [float(s) for s in args.sizes.split(",")])
        megabytes = sum(p.stat().st_size for p in made) / 1e6
        sides = [Side("this", HERE, work), Side("tree", args.tree.resolve(), work)]
        load = os.getloadavg()[0]
        print(f"{len(made)} inputs, {megabytes:.1f} MB ({', '.join(f'{p.stat().st_size / 1e6:.1f}' for p in made)}); "
              f"{os.cpu_count()} CPUs; load average {load:.1f} at the start; {args.rounds} rounds")
        for command in commands:
            for side in sides:  # warm-up, and the outputs compared
                side.run(command, work / "in", work / f"out-{side.name}")
            same_outputs(work / "out-this", work / "out-tree")
            sides[0].run(command, work / "in", work / "out-shared", send=False)
            same_outputs(work / "out-this", work / "out-shared")
            got: dict[str, list[dict[str, float]]] = {"this": [], "tree": [], "shared": []}
            for number in range(args.rounds):
                order = sides if number % 2 == 0 else sides[::-1]
                for side in order:
                    got[side.name].append(side.run(command, work / "in", work / f"out-{side.name}"))
                got["shared"].append(sides[0].run(command, work / "in", work / "out-shared", send=False))
            report(command, got, megabytes)
        print(f"load average {os.getloadavg()[0]:.1f} at the end")
    finally:
        for side in sides:
            side.close()
        shutil.rmtree(work, ignore_errors=True)


def report(command: str, got: dict[str, list[dict[str, float]]], megabytes: float) -> None:
    ratios = [a["wall"] / b["wall"] for a, b in zip(got["this"], got["tree"], strict=True)]
    print(f"\nbatch {command} --send-files    wall      MB/s   CPU s: client  scheduler  worker   all")
    for name, label in (("tree", "--tree (before)"), ("this", "this tree"), ("shared", "this tree, not sent")):
        runs = got[name]
        med = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
        print(f"  {label:24s} {med['wall']:7.2f} s {megabytes / med['wall']:7.1f}   {med['client']:13.2f} "
              f"{med['scheduler']:10.2f} {med['worker']:7.2f} {med['client'] + med['scheduler'] + med['worker']:5.2f}")
    print(f"  this / before: median {statistics.median(ratios):.2f}x; per round "
          + " ".join(f"{r:.2f}" for r in ratios))
    cost = {name: statistics.median(sum(r[k] for k in ("client", "scheduler", "worker")) for r in got[name])
            for name in got}  # CPU seconds of all three processes
    before, now = cost["tree"] - cost["shared"], cost["this"] - cost["shared"]
    print(f"  sending's own CPU (over not sent): before {before:.2f} s, this tree {now:.2f} s"
          + (f" ({now / before:.2f}x)" if before > 0 else ""))


if __name__ == "__main__":
    main()
