"""Batch runs beside shell loops, in the same run: paired, alternating rounds, ratios printed.

    .venv/bin/python benchmarks/batch.py [--files 1000] [--loop-files 100] [--ocr-pages 40] [--rounds 2]

1. `text` and `info` of --files small distinct PDFs: `pdftools batch` (local processes, --jobs = CPUs) vs a
   shell loop of the native tool (pdftotext / `qpdf --show-npages`) vs a shell loop of `pdftools`. The
   pdftools loop pays Python's start-up per file, so it runs over the first --loop-files files and its time is
   scaled to --files (printed as such; --loop-files 1000 runs it whole).
2. OCR of --ocr-pages single-page scans (corpus pages rasterised at 150 dpi, grey): `pdftools batch ocr` vs a
   shell loop of `ocrmypdf` (when `ocrmypdf` is on PATH or OCRMYPDF names it; else said so), and the same batch
   on a Dask cluster on 127.0.0.1 with 1 and with 2 workers (`dask scheduler` + `dask worker` processes).
   CPU seconds per page (the batch's own and its children's) give the README's cost of 10 million pages.

Each round runs every contender once, in an order that alternates between rounds, so load from elsewhere
weighs on all alike; the table shows each one's median over the rounds and the ratios of medians.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from corpus import CORPUS  # noqa: E402  # found as the tests find it

SCAN_SOURCE = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"
BIN = Path(sys.executable).parent
PDFTOOLS = str(BIN / "pdftools")
SCAN_DPI = 150
PRICE = 0.02  # dollars per vCPU hour: an assumption (a spot price), for the README's cost on paper


def small_pdfs(folder: Path, count: int) -> list[Path]:
    import pikepdf

    folder.mkdir(parents=True)
    for i in range(count):
        pdf = pikepdf.new()
        font = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1,
                                                    BaseFont=pikepdf.Name.Helvetica))
        for page in (1, 2):
            text = f"BT /F1 14 Tf 72 720 Td (Document {i}, page {page}: invoice {i * 7919 % 100000}) Tj ET"
            pdf.pages.append(pikepdf.Page(pikepdf.Dictionary(
                Type=pikepdf.Name.Page, MediaBox=[0, 0, 612, 792], Contents=pdf.make_stream(text.encode()),
                Resources=pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font)))))
        pdf.save(folder / f"doc-{i:05}.pdf")
    return sorted(folder.glob("*.pdf"))


def scans(folder: Path, count: int) -> None:
    """`count` one-page scans: the corpus sample's 4 pages rasterised, repeated with a page number drawn on."""
    from PIL import Image, ImageDraw

    folder.mkdir(parents=True)
    raw = folder / "raw"
    subprocess.run(["pdftoppm", "-r", str(SCAN_DPI), "-gray", str(SCAN_SOURCE), str(raw)], check=True)
    pages = sorted(folder.glob("raw-*.pgm"))
    for i in range(count):
        with Image.open(pages[i % len(pages)]) as image:
            page = image.copy()
        ImageDraw.Draw(page).text((40, 20), f"scan {i}", fill=0)  # distinct files (distinct journal keys)
        page.save(folder / f"scan-{i:03}.pdf", resolution=SCAN_DPI)
    for pgm in pages:
        pgm.unlink()


def timed(argv: list[str] | str, *, shell: bool = False, env: dict[str, str] | None = None,
          ok: tuple[int, ...] = (0,)) -> tuple[float, float]:
    """Wall seconds and CPU seconds (the process and every child it waited for) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(argv, shell=shell, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          text=True, check=False, executable="/bin/bash" if shell else None)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode not in ok:
        raise SystemExit(f"failed ({proc.returncode}): {argv}\n{proc.stderr[-2000:]}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def fresh(folder: Path) -> Path:
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return folder


def rounds(contenders: dict[str, Callable[[], tuple[float, float]]], count: int) -> dict[str, list[float]]:
    """Every contender once per round, the order reversed every other round; wall times per contender."""
    times: dict[str, list[float]] = {name: [] for name in contenders}
    names = list(contenders)
    for i in range(count):
        for name in names if i % 2 == 0 else reversed(names):
            wall, _ = contenders[name]()
            times[name].append(wall)
            print(f"  round {i + 1}: {name}: {wall:.2f} s", file=sys.stderr, flush=True)
    return times


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class LocalCluster:
    """`dask scheduler` and `dask worker` processes on 127.0.0.1 (one thread each)."""

    def __init__(self, work: Path, workers: int) -> None:
        dask = str(BIN / "dask")
        port = free_port()
        self.address, self.procs = f"tcp://127.0.0.1:{port}", []
        self.procs.append(subprocess.Popen([dask, "scheduler", "--host", "127.0.0.1", "--port", str(port),
                                            "--no-dashboard"], stdout=subprocess.DEVNULL,
                                           stderr=subprocess.DEVNULL, start_new_session=True))
        for i in range(workers):
            self.procs.append(subprocess.Popen(
                [dask, "worker", self.address, "--nworkers", "1", "--nthreads", "1", "--host", "127.0.0.1",
                 "--no-dashboard", "--local-directory", str(work / f"w{i}")], stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL, start_new_session=True))
        from distributed import Client

        with Client(self.address, timeout=60) as client:
            client.wait_for_workers(workers, timeout=60)

    def close(self) -> None:
        for proc in reversed(self.procs):
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=30)


def table(title: str, times: dict[str, list[float]], scale: dict[str, float], base: str) -> None:
    print(f"\n{title}")
    med = {name: statistics.median(values) * scale.get(name, 1) for name, values in times.items()}
    print(f"  {'contender':<48} {'median s':>9} {'vs ' + base:>14}")
    for name, value in med.items():
        scaled = " (scaled)" if scale.get(name, 1) != 1 else ""
        print(f"  {name + scaled:<48} {value:>9.2f} {value / med[base]:>13.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--loop-files", type=int, default=100)
    parser.add_argument("--ocr-pages", type=int, default=40)
    parser.add_argument("--ocrmypdf-files", type=int, default=8, help="ocrmypdf loop over the first N scans, "
                        "its time scaled to --ocr-pages (it pays its start-up per file as pdftools' loop does)")
    parser.add_argument("--cpu-pages", type=int, default=8, help="pages for the CPU-seconds-per-page figure")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--skip-ocr", action="store_true")
    args = parser.parse_args()
    jobs = os.cpu_count() or 1
    with tempfile.TemporaryDirectory(prefix="pdftools-bench-batch-") as tmp:
        work = Path(tmp)
        files = small_pdfs(work / "in", args.files)
        loop_list = work / "loop.txt"
        loop_list.write_text("".join(f"{p}\n" for p in files[: args.loop_files]))
        all_list = work / "all.txt"
        all_list.write_text("".join(f"{p}\n" for p in files))
        print(f"machine: {jobs} CPUs, load average {os.getloadavg()[0]:.1f} at the start (shared machines are "
              f"noisy: compare ratios within this run)", flush=True)
        scale = {"shell loop of pdftools": args.files / args.loop_files}
        for command, native in (("text", 'pdftotext "$f" "$OUT/$(basename "$f" .pdf).txt"'),
                                ("info", 'qpdf --show-npages "$f" > "$OUT/$(basename "$f" .pdf).n"')):
            out = work / f"out-{command}"
            ours = f'"{PDFTOOLS}" {command} "$f" --json > "$OUT/$(basename "$f" .pdf).json"'
            times = rounds({
                f"pdftools batch {command} (--jobs {jobs})": lambda c=command, o=out: timed(
                    [PDFTOOLS, "batch", c, str(work / "in"), "-d", str(fresh(o)), "--jobs", str(jobs)]),
                f"shell loop of {native.split()[0]}": lambda n=native, o=out: timed(
                    f'OUT={fresh(o)}; while read -r f; do {n}; done < {all_list}', shell=True),
                "shell loop of pdftools": lambda s=ours, o=out: timed(
                    f'OUT={fresh(o)}; while read -r f; do {s}; done < {loop_list}', shell=True),
            }, args.rounds)
            table(f"{command} of {args.files} two-page PDFs", times, scale, f"pdftools batch {command} (--jobs {jobs})")
        if not args.skip_ocr:
            ocr(work, args, jobs)


def ocr(work: Path, args: argparse.Namespace, jobs: int) -> None:
    scans(work / "scans", args.ocr_pages)
    out = work / "out-ocr"
    ocrmypdf = os.environ.get("OCRMYPDF") or shutil.which("ocrmypdf")
    contenders: dict[str, Callable[[], tuple[float, float]]] = {
        f"pdftools batch ocr (--jobs {jobs})": lambda: timed(
            [PDFTOOLS, "batch", "ocr", str(work / "scans"), "-d", str(fresh(out)), "--jobs", str(jobs),
             "--set", f"dpi={SCAN_DPI}"]),
    }
    scale = {}
    if ocrmypdf:
        some = " ".join(f'"{p}"' for p in sorted((work / "scans").glob("*.pdf"))[: args.ocrmypdf_files])
        contenders["shell loop of ocrmypdf"] = lambda: timed(
            f'OUT={fresh(out)}; for f in {some}; do "{ocrmypdf}" -q --output-type pdf '
            f'--optimize 0 "$f" "$OUT/$(basename "$f")"; done', shell=True)
        scale["shell loop of ocrmypdf"] = args.ocr_pages / min(args.ocrmypdf_files, args.ocr_pages)
    else:
        print("\nocrmypdf: not found (pip install ocrmypdf, or set OCRMYPDF); its row is left out", flush=True)
    clusters = {n: LocalCluster(work / f"dask{n}", n) for n in (1, 2)}
    try:
        for n, cluster in clusters.items():
            contenders[f"pdftools batch ocr --cluster ({n} worker{'s' * (n > 1)})"] = lambda c=cluster: timed(
                [PDFTOOLS, "batch", "ocr", str(work / "scans"), "-d", str(fresh(out)), "--cluster", c.address,
                 "--set", f"dpi={SCAN_DPI}"])
        times = rounds(contenders, args.rounds)
    finally:
        for cluster in clusters.values():
            cluster.close()
    table(f"OCR of {args.ocr_pages} scanned pages ({SCAN_DPI} dpi)", times, scale,
          f"pdftools batch ocr (--jobs {jobs})")
    one, two = (statistics.median(times[f"pdftools batch ocr --cluster ({n} worker{'s' * (n > 1)})"])
                for n in (1, 2))
    print(f"  2 workers vs 1: {one / two:.2f}x the throughput")
    # CPU: one `pdftools ocr -j 1` over the first scans joined (its tesseract and pdftoppm are its own children,
    # which getrusage counts; a batch's workers are the forkserver's, which it does not)
    import pikepdf

    joined, count = pikepdf.new(), min(args.cpu_pages, args.ocr_pages)
    for path in sorted((work / "scans").glob("*.pdf"))[:count]:
        with pikepdf.open(path) as one:
            joined.pages.extend(one.pages)
    joined.save(work / "joined.pdf")
    wall, cpu = timed([PDFTOOLS, "ocr", str(work / "joined.pdf"), "-o", str(work / "joined-ocr.pdf"), "-j", "1",
                       "--dpi", str(SCAN_DPI), "--force"])
    per_page = cpu / count
    print(f"\nCPU per page (pdftools ocr -j 1 of {count} pages: {cpu:.1f} CPU s, {wall:.1f} s wall): "
          f"{per_page:.2f} CPU s/page")
    total_hours = per_page * 10_000_000 / 3600
    print(f"10 million pages: {total_hours:,.0f} CPU hours; on N one-CPU workers: "
          + ", ".join(f"N={n}: {total_hours / n:,.0f} h" for n in (10, 100, 1000))
          + f"; at an assumed ${PRICE} per vCPU hour: ${total_hours * PRICE:,.0f}")


if __name__ == "__main__":
    main()
