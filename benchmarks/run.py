"""Benchmark pdftools against native peers (qpdf, pdftotext) in the same run, and print a table.

    .venv/bin/python benchmarks/run.py [--quick]

Every subprocess timing is whole-process wall time (time.perf_counter around subprocess.run), the best of N
runs (N=5, --quick N=2). Inputs are generated into a temp dir from the sample corpus. The script reports and
always exits 0: a missed target is marked MISSED, not raised. See benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.metadata
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

_HOME = Path(os.environ.get("PDFTOOLS_CORPUS") or Path(__file__).resolve().parents[2] / "shared" / "corpus")
CORPUS = _HOME if (_HOME / "files.json").is_file() else _HOME / "sample-files"  # as the tests find it
FOUR_PAGES = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"
ONE_PAGE = CORPUS / "001-trivial" / "minimal-document.pdf"
PY = sys.executable
PDFTOOLS = str(Path(PY).parent / "pdftools")
MCP_CALLS = 50
MB = 1_000_000  # decimal megabytes (the stricter reading of "50 MB")


@dataclass
class Row:
    name: str
    ours: float | None  # seconds, or bytes for memory rows
    peer: str = ""
    theirs: float | None = None
    target: str = ""
    ok: bool | None = None  # None: no target
    unit: str = "ms"

    def fmt(self, value: float | None) -> str:
        if value is None:
            return "-"
        return f"{value / MB:.1f} MB" if self.unit == "MB" else f"{value * 1000:.1f} ms"

    def ratio(self) -> str:
        return f"{self.ours / self.theirs:.2f}x" if self.ours and self.theirs else "-"


# ---------------------------------------------------------------- running and timing


def sh(cmd: list[str], **kw) -> subprocess.CompletedProcess:
    """Run a command; fail loudly (with its stderr) if it fails, since a failed run is not a timing."""
    proc = subprocess.run(cmd, stdout=kw.pop("stdout", subprocess.PIPE), stderr=subprocess.PIPE, **kw)
    if proc.returncode != 0:
        tail = proc.stderr.decode(errors="replace")[-500:]
        raise RuntimeError(f"{' '.join(cmd)} exited {proc.returncode}: {tail}")
    return proc


def best_of(n: int, make_cmd: Callable[[], list[str]]) -> float:
    """Min wall time of n runs; `make_cmd` is called untimed before each run (fresh output dirs etc.)."""
    times = []
    for _ in range(n):
        cmd = make_cmd()
        start = time.perf_counter()
        sh(cmd, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return min(times)


class FreshDirs:
    """Calling it gives a new, empty folder under base (the previous one is removed, untimed)."""

    def __init__(self, base: Path, prefix: str) -> None:
        self.base, self.prefix = base, prefix
        self.last: Path | None = None

    def __call__(self) -> Path:
        if self.last is not None:
            shutil.rmtree(self.last, ignore_errors=True)
        made = Path(tempfile.mkdtemp(prefix=self.prefix, dir=self.base))
        self.last = made
        return made


def ratio_row(name: str, n: int, ours: Callable[[], list[str]], peer: str, theirs: Callable[[], list[str]],
              limit: float | None) -> Row:
    """Best of n for ours, then for the peer; ours/peer is checked against `limit` (None: report only)."""
    t_ours, t_theirs = best_of(n, ours), best_of(n, theirs)
    ok = None if limit is None else t_ours / t_theirs <= limit
    return Row(name, t_ours, peer, t_theirs, f"<= {limit}x" if limit else "(none)", ok)


# ---------------------------------------------------------------- inputs


def qpdf_join(files: list[Path], out: Path) -> Path:
    sh(["qpdf", "--empty", "--pages", *map(str, files), "--", str(out)])
    return out


def make_inputs(tmp: Path) -> dict[str, Path]:
    p20 = qpdf_join([FOUR_PAGES] * 5, tmp / "p20.pdf")
    p500 = qpdf_join([FOUR_PAGES] * 125, tmp / "p500.pdf")
    merge_dir = tmp / "merge"
    merge_dir.mkdir()
    for i in range(1, 51):
        shutil.copyfile(p20, merge_dir / f"in{i:02}.pdf")
    one = tmp / "one.pdf"
    shutil.copyfile(ONE_PAGE, one)
    for path, pages in ((p20, 20), (p500, 500), (one, 1)):
        got = int(sh(["qpdf", "--show-npages", str(path)]).stdout)
        assert got == pages, f"{path}: expected {pages} pages, got {got}"
    return {"p500": p500, "merge_dir": merge_dir, "one": one}


# ---------------------------------------------------------------- CLI benchmarks


def bench_merge(tmp: Path, inputs: dict[str, Path], n: int) -> Row:
    files = sorted(map(str, inputs["merge_dir"].glob("in*.pdf")))
    out_ours, out_qpdf = str(tmp / "merged-pdftools.pdf"), str(tmp / "merged-qpdf.pdf")
    row = ratio_row("merge 50 files x 20 pages", n,
                    lambda: [PDFTOOLS, "merge", *files, "-o", out_ours, "--force"],
                    "qpdf --empty --pages", lambda: ["qpdf", "--empty", "--pages", *files, "--", out_qpdf],
                    1.3)
    for out in (out_ours, out_qpdf):  # sanity: both outputs have every page
        assert int(sh(["qpdf", "--show-npages", out]).stdout) == 1000, f"{out}: wrong page count"
    return row


def bench_split(tmp: Path, inputs: dict[str, Path], n: int) -> Row:
    src = str(inputs["p500"])
    ours_dir, qpdf_dir = FreshDirs(tmp, "split-pdftools-"), FreshDirs(tmp, "split-qpdf-")
    row = ratio_row("split 500 pages -> singles", n,
                    lambda: [PDFTOOLS, "split", src, "-d", str(ours_dir()), "--force"],
                    "qpdf --split-pages", lambda: ["qpdf", "--split-pages", src, str(qpdf_dir() / "out.pdf")],
                    1.3)
    for tool, dirs in (("pdftools", ours_dir), ("qpdf", qpdf_dir)):  # sanity: the last run's output
        parts = len(list(dirs.last.glob("*.pdf"))) if dirs.last else 0
        assert parts == 500, f"{tool} split wrote {parts} parts, expected 500"
    return row


def bench_text(inputs: dict[str, Path], n: int) -> Row:
    src = str(inputs["p500"])
    return ratio_row("text of 500 pages", n, lambda: [PDFTOOLS, "text", src],
                     "pdftotext FILE -", lambda: ["pdftotext", src, "-"], 2.0)


def bench_help(n: int) -> Row:
    t_help = best_of(n, lambda: [PDFTOOLS, "--help"])
    t_floor = best_of(n, lambda: [PY, "-c", "pass"])
    return Row("pdftools --help", t_help, "python -c pass (floor)", t_floor, "<= 150 ms", t_help <= 0.150)


def bench_info(inputs: dict[str, Path], n: int) -> Row:
    one = str(inputs["one"])
    return ratio_row("info, 1-page PDF", n, lambda: [PDFTOOLS, "info", one],
                     "qpdf --show-npages", lambda: ["qpdf", "--show-npages", one], None)


# ---------------------------------------------------------------- OCR and thumbnails


def make_scan(tmp: Path, pages: int = 10, dpi: int = 300) -> Path:
    """A `pages`-page image-only PDF at `dpi`, from real corpus pages rasterised with pdftoppm."""
    from PIL import Image

    sources = [FOUR_PAGES, CORPUS / "006-pdflatex-outline" / "pdflatex-outline.pdf"]
    for i, src in enumerate(sources):
        sh(["pdftoppm", "-r", str(dpi), "-gray", str(src), str(tmp / f"scan{i}")])
    images = [Image.open(p).copy() for p in sorted(tmp.glob("scan*.pgm"))]
    images = (images * 2)[:pages]
    out = tmp / "scan.pdf"
    images[0].save(out, save_all=True, append_images=images[1:], resolution=dpi)
    return out


def sequential_tesseract(scan: Path, work: Path, pages: int) -> list[str]:
    """One page after another: pdftoppm then tesseract (one thread each), as a shell loop."""
    loop = (f'for i in $(seq 1 {pages}); do pdftoppm -r 300 -gray -f $i -l $i -singlefile "{scan}" "{work}/p"'
            f' && OMP_THREAD_LIMIT=1 tesseract "{work}/p.pgm" "{work}/p$i" -c textonly_pdf=1 txt pdf'
            " >/dev/null 2>&1 || exit 1; done")
    return ["sh", "-c", loop]


def bench_ocr(tmp: Path, n: int) -> list[Row]:
    scan, jobs = make_scan(tmp), str(os.cpu_count() or 1)
    out = str(tmp / "ocr-pdftools.pdf")
    ours = best_of(n, lambda: [PDFTOOLS, "ocr", str(scan), "-o", out, "--force", "--jobs", jobs])
    seq = best_of(n, lambda: sequential_tesseract(scan, tmp, 10))
    rows = [Row("ocr 10 pages 300 dpi", ours, "tesseract page by page", seq, ">= 1.8x faster",
                seq / ours >= 1.8)]
    if shutil.which("ocrmypdf"):
        peer = best_of(n, lambda: ["ocrmypdf", "--jobs", jobs, "--output-type", "pdf", "--optimize", "0", "-q",
                                   "--force-ocr", str(scan), str(tmp / "ocr-ocrmypdf.pdf")])
        rows.append(Row("ocr 10 pages 300 dpi", ours, f"ocrmypdf --jobs {jobs}", peer, "<= 1.0x", ours <= peer))
    else:
        rows.append(Row("ocr vs ocrmypdf", None, "ocrmypdf not installed (apt-get install ocrmypdf)"))
    return rows


def bench_thumbnails(tmp: Path, inputs: dict[str, Path], n: int) -> Row:
    p100 = qpdf_join([FOUR_PAGES] * 25, tmp / "p100.pdf")
    ours_dir, peer_dir = FreshDirs(tmp, "thumbs-pdftools-"), FreshDirs(tmp, "thumbs-pdftoppm-")
    return ratio_row("thumbnails 100 pages, 150 px", n,
                     lambda: [PDFTOOLS, "thumbnails", str(p100), "-d", str(ours_dir()), "--width", "150"],
                     "pdftoppm -scale-to 150 (1 process)",
                     lambda: ["pdftoppm", "-png", "-scale-to-x", "150", "-scale-to-y", "-1", str(p100),
                              str(peer_dir() / "p")], 1.0)


# ---------------------------------------------------------------- convert (pandoc)


def make_markdown(path: Path, lines: int = 2000) -> Path:
    """A markdown document of `lines` lines: headings, paragraphs with emphasis, links and code, lists, tables,
    code blocks and quotes, with some non-ASCII text."""
    out: list[str] = []
    for i in range(1, lines):
        out += [f"## Section {i}", "", f"Some *emphasis*, **strong** text, a [link](https://example.org/{i}), "
                f"`code` and Grüße {i}.", "", "- item one", "- item two", "  - nested", "", "| a | b |",
                "|---|---|", f"| {i} | zwei |", "", "```python", f"print({i})", "```", "", "> a quote", ""]
        if len(out) >= lines:
            break
    path.write_text("\n".join(out[:lines]) + "\n", encoding="utf-8")
    return path


def interleaved(n: int, *steps: Callable[[], object]) -> list[float]:
    """Best of n wall times of each step, the steps taking turns within each round."""
    times: list[list[float]] = [[] for _ in steps]
    for _ in range(n):
        for step, out in zip(steps, times, strict=True):
            start = time.perf_counter()
            step()
            out.append(time.perf_counter() - start)
    return [min(t) for t in times]


def bench_convert(tmp: Path, n: int) -> list[Row]:
    """`pdftools convert` against bare pandoc (the same binary, as people run it) on 2,000 lines; and the op
    called in-process (how the MCP server runs it), which leaves out the interpreter and CLI start-up every
    pdftools command pays. The three run in turn within each round, so that a busy machine weighs on all alike."""
    from pdftools.convert import pandoc
    from pdftools.ops.convert import convert

    md, bare = make_markdown(tmp / "doc.md"), pandoc.program()
    rows = []
    for fmt in ("html", "docx"):
        ours, peer = str(tmp / f"ours.{fmt}"), str(tmp / f"peer.{fmt}")
        convert(str(md), output=ours, force=True)  # warm-up: imports and first-use costs, untimed
        cli, theirs, op = interleaved(n, lambda o=ours: sh([PDFTOOLS, "convert", str(md), "-o", o, "--force"]),
                                      lambda p=peer: sh([bare, str(md), "-o", p]),
                                      lambda o=ours: convert(str(md), output=o, force=True))
        rows.append(Row(f"convert 2,000-line md -> {fmt}", cli, f"pandoc doc.md -o out.{fmt}", theirs, "<= 1.15x",
                        cli / theirs <= 1.15))
        rows.append(Row("  same, in-process convert() (MCP)", op, "pandoc (as above)", theirs, "(none)"))
    tiny = tmp / "tiny.md"
    tiny.write_text("# Hi\n")
    rows.append(ratio_row("convert 1-line md -> html (start-up)", n,
                          lambda: [PDFTOOLS, "convert", str(tiny), "-o", str(tmp / "tiny.html"), "--force"],
                          "pandoc tiny.md", lambda: [bare, str(tiny), "-o", str(tmp / "tiny-peer.html")], None))
    return rows


# ---------------------------------------------------------------- MCP benchmarks


def server_pid() -> int:
    """The pid of our newest child process whose command line mentions 'serve'."""
    found = []  # (start time, pid)
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if stat[1] == str(os.getpid()) and "serve" in cmdline:
            found.append((int(stat[19]), int(entry.name)))  # fields 4 (ppid) and 22 (starttime) of stat
    if not found:
        raise RuntimeError("MCP server process not found among our children")
    return max(found)[1]


def memory(pid: int) -> dict[str, int]:
    """VmRSS and VmHWM of a process, in bytes."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            fields[key] = int(value.split()[0]) * 1024
    return fields


async def mcp_calls(client, name: str) -> list[float]:
    times = []
    for _ in range(MCP_CALLS):
        start = time.perf_counter()
        result = await client.call_tool("pdf_info", {"input": name})
        times.append(time.perf_counter() - start)
        if result.is_error:
            raise RuntimeError(f"pdf_info failed over MCP: {result.content}")
    return times


@dataclass
class McpRun:
    spawn: float  # best spawn -> initialized, seconds
    at_init: dict[str, int]  # VmRSS / VmHWM right after initialize
    at_end: dict[str, int]  # ... after the warm-up and timed calls
    calls: list[float]


async def mcp_session(root: Path, n: int) -> McpRun:
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters

    args = ["serve", "--transport", "stdio", "--root", str(root)]
    params = StdioServerParameters(command=PDFTOOLS, args=args)
    spawn: list[float] = []
    for _ in range(n):
        start = time.perf_counter()
        async with Client(params, mode="legacy") as client:  # legacy: the `initialize` handshake clients use
            spawn.append(time.perf_counter() - start)
            pid = server_pid()
            at_init = memory(pid)
            await client.call_tool("pdf_info", {"input": "one.pdf"})  # warm-up, untimed
            calls = await mcp_calls(client, "one.pdf")
            at_end = memory(pid)
    return McpRun(min(spawn), at_init, at_end, calls)  # memory and calls: from the last session


def direct_calls(path: Path) -> list[float]:
    from pdftools.ops.info import info

    info(str(path))  # warm-up: imports and first-use costs, as the server's warm-up call
    times = []
    for _ in range(MCP_CALLS):
        start = time.perf_counter()
        info(str(path))
        times.append(time.perf_counter() - start)
    return times


def bench_mcp(inputs: dict[str, Path], n: int) -> list[Row]:
    m = asyncio.run(mcp_session(inputs["one"].parent, n))
    direct = direct_calls(inputs["one"])
    mcp_mean, direct_mean = sum(m.calls) / len(m.calls), sum(direct) / len(direct)
    overhead = mcp_mean - direct_mean
    rss, hwm, after = m.at_init["VmRSS"], m.at_init["VmHWM"], m.at_end["VmRSS"]
    return [
        Row("mcp spawn -> initialized", m.spawn, "", None, "<= 500 ms", m.spawn <= 0.5),
        Row("mcp server VmRSS after init", rss, "", None, "<= 50 MB", rss <= 50 * MB, unit="MB"),
        Row("mcp server VmHWM after init", hwm, "", None, "(none)", None, unit="MB"),
        Row(f"mcp server VmRSS after {MCP_CALLS + 1} calls", after, "", None, "(none)", None, unit="MB"),
        Row(f"mcp pdf_info, mean of {MCP_CALLS}", mcp_mean, "in-process info()", direct_mean, "(none)"),
        Row("mcp per-call overhead", overhead, "mcp mean - direct mean", None, "<= 5 ms", overhead <= 0.005),
    ]


# ---------------------------------------------------------------- report


def version_of(cmd: list[str]) -> str:
    proc = subprocess.run(cmd, capture_output=True, text=True)
    return (proc.stdout or proc.stderr).splitlines()[0].strip()


def print_environment(n: int) -> None:
    import pikepdf

    from pdftools import __version__

    print(f"pdftools   {__version__} ({PDFTOOLS})")
    print(f"python     {sys.version.split()[0]} ({PY})")
    print(f"pikepdf    {pikepdf.__version__} (libqpdf {pikepdf.__libqpdf_version__})")
    print(f"mcp        {importlib.metadata.version('mcp')}")
    print(f"qpdf       {version_of(['qpdf', '--version'])}")
    print(f"pdftotext  {version_of(['pdftotext', '-v'])}")
    print(f"machine    {os.uname().sysname} {os.uname().machine}, {os.cpu_count()} CPUs")
    print(f"runs       best of {n} (whole-process wall time)\n")


def print_table(rows: list[Row]) -> None:
    header = ("benchmark", "pdftools", "peer", "peer time", "ratio", "target", "result")
    cells = [header] + [(r.name, r.fmt(r.ours), r.peer, r.fmt(r.theirs), r.ratio(), r.target,
                         {True: "ok", False: "MISSED", None: "-"}[r.ok]) for r in rows]
    widths = [max(len(c[i]) for c in cells) for i in range(len(header))]
    for i, cell in enumerate(cells):
        padded = [c.ljust(w) if j in (0, 2, 5, 6) else c.rjust(w)
                  for j, (c, w) in enumerate(zip(cell, widths, strict=True))]
        print("  ".join(padded).rstrip())
        if i == 0:
            print("  ".join("-" * w for w in widths))
    missed = [r.name for r in rows if r.ok is False]
    print(f"\n{len(missed)} target(s) missed" + (f": {', '.join(missed)}" if missed else ""))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="best of 2 runs instead of 5")
    parser.add_argument("--no-ocr", action="store_true", help="skip the OCR runs (minutes)")
    args = parser.parse_args()
    n = 2 if args.quick else 5
    print_environment(n)
    with tempfile.TemporaryDirectory(prefix="pdftools-bench-") as name:
        tmp = Path(name)
        inputs = make_inputs(tmp)
        rows = [bench_merge(tmp, inputs, n), bench_split(tmp, inputs, n), bench_text(inputs, n),
                bench_help(n), bench_info(inputs, n), bench_thumbnails(tmp, inputs, n), *bench_mcp(inputs, n)]
        if not args.no_ocr:
            rows += bench_ocr(tmp, 1 if args.quick else 2)
        rows += bench_convert(tmp, n)
    print_table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
