"""Paired, alternating timings: the fair way to compare two commands on a shared, busy machine.

Each pair runs both commands back to back, the order swapped every pair (ours first, then the peer first), so
that load from elsewhere falls on both sides of a pair alike; the ratio is taken per pair and the median ratio
reported. Medians, not minimums: a minimum rewards the luckiest run, a median what a user sees.
"""

from __future__ import annotations

import statistics
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, field

Step = Callable[[], object]


@dataclass
class Pairs:
    ours: list[float] = field(default_factory=list)  # seconds, one per pair
    peer: list[float] = field(default_factory=list)

    @property
    def ratios(self) -> list[float]:
        return [a / b for a, b in zip(self.ours, self.peer, strict=True)]

    @property
    def ratio(self) -> float:
        return statistics.median(self.ratios)

    @property
    def ours_median(self) -> float:
        return statistics.median(self.ours)

    @property
    def peer_median(self) -> float:
        return statistics.median(self.peer)


def compiled() -> None:
    """pdftools' own modules compiled to bytecode, as an installed package's are (pip compiles at install): a
    checkout run with PYTHONDONTWRITEBYTECODE=1 otherwise compiles every module it imports in every process
    timed (0.1-0.25 s of each pdftools start on this machine), which no user pays."""
    import compileall
    from pathlib import Path

    compileall.compile_dir(str(Path(__file__).resolve().parents[1] / "pdftools"), quiet=1)


def pdfgrep_peer() -> tuple[str, list[str]]:
    """pdfgrep, the peer of `search`: its path and the lines of its `--version` (its own first, then its libraries');
    missing, the benchmark ends saying how to install it."""
    import shutil

    found = shutil.which("pdfgrep")
    if found is None:
        raise SystemExit("pdfgrep is missing: .ci/setup installs it (Debian package pdfgrep)")
    return found, subprocess.run([found, "--version"], capture_output=True, text=True).stdout.splitlines()


def sh(cmd: list[str], **kw: object) -> subprocess.CompletedProcess[bytes]:
    """Run a command; fail loudly (with its stderr) if it fails, since a failed run is not a timing."""
    kw.setdefault("stdout", subprocess.PIPE)
    proc = subprocess.run(cmd, stderr=subprocess.PIPE, check=False, **kw)  # type: ignore[call-overload]
    if proc.returncode != 0:
        tail = proc.stderr.decode(errors="replace")[-500:]
        raise RuntimeError(f"{' '.join(cmd)} exited {proc.returncode}: {tail}")
    return proc  # type: ignore[no-any-return]


def command(make: Callable[[], list[str]], **kw: object) -> Step:
    """A step that runs the command `make()` gives (called untimed: fresh output folders etc.), stdout dropped;
    `kw` go to subprocess.run (env, cwd)."""

    def step() -> Callable[[], object]:
        cmd = make()
        return lambda: sh(cmd, stdout=subprocess.DEVNULL, **kw)

    return step


def timed(step: Step) -> float:
    """Wall time of one step. A step may return a callable: then its preparation is untimed."""
    run = step()
    if callable(run):
        start = time.perf_counter()
        run()
        return time.perf_counter() - start
    raise TypeError("a step returns the callable to time")


def paired(n: int, ours: Step, peer: Step, warmup: bool = True) -> Pairs:
    """`n` pairs, alternating which side goes first; one untimed run of each first (page cache, bytecode)."""
    if warmup:
        timed(ours), timed(peer)
    pairs = Pairs()
    for i in range(n):
        if i % 2 == 0:
            pairs.ours.append(timed(ours))
            pairs.peer.append(timed(peer))
        else:
            pairs.peer.append(timed(peer))
            pairs.ours.append(timed(ours))
    return pairs


def rotated(n: int, steps: list[Step], warmup: bool = True) -> list[list[float]]:
    """`n` rounds of every step, each round starting one step further on (A B C, B C A, C A B...), so that each
    side goes first, second and last alike; one untimed run of each first. The times of each step, by round."""
    if warmup:
        for step in steps:
            timed(step)
    times: list[list[float]] = [[] for _ in steps]
    for i in range(n):
        for k in range(len(steps)):
            j = (i + k) % len(steps)
            times[j].append(timed(steps[j]))
    return times
