"""Why pdftools uses pikepdf (libqpdf) and runs poppler and tesseract itself, rather than the libraries the
brief named (pypdf, pdf2image, pytesseract): the figures that decided it, measured side by side.

    .venv/bin/pip install pypdf pdf2image pytesseract   # the alternatives (not pdftools dependencies)
    .venv/bin/python benchmarks/deps.py [--quick]

1. Speed: merge 50 files of 20 pages and split 500 pages into single pages, in-process, pdftools' ops
   (pikepdf) against pypdf's PdfWriter; best of N, the two taking turns within each round.
2. Repair: every corpus PDF cut at 50%, 90% and 99% of its length (a download cut short): how many of these
   each library opens with every page the whole file has.
3. Caps and cancel: a 100-page render at 300 dpi cancelled after 0.5 s: how long pdftoppm keeps running
   under pdf2image (no cancel: the request is abandoned, the child runs on) and under pdftools (the task's
   cancel kills it); and the memory cap each puts on the child.
4. OCR of one 300-dpi page: pytesseract (a PIL image, saved as PNG for tesseract; tesseract's OpenMP threads
   as it leaves them, then limited to one) against tesseract on the PGM pdftools hands it, OMP_THREAD_LIMIT=1;
   best of N, taking turns.

Numbers from a shared machine are noisy: compare the ratios of one run. Exits 0; it only reports.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from corpus import CORPUS, FOUR_PAGES  # noqa: E402  # found as the tests find it


def qpdf_join(files: list[Path], out: Path) -> Path:
    subprocess.run(["qpdf", "--empty", "--pages", *map(str, files), "--", str(out)], check=True)
    return out


def interleaved(n: int, *steps: Callable[[], object]) -> list[float]:
    """Best of n wall times of each step, the steps taking turns within each round."""
    times: list[list[float]] = [[] for _ in steps]
    for _ in range(n):
        for step, out in zip(steps, times, strict=True):
            start = time.perf_counter()
            step()
            out.append(time.perf_counter() - start)
    return [min(t) for t in times]


def _need(*modules: str) -> bool:
    missing = [m for m in modules if not _importable(m)]
    if missing:
        print(f"  skipped: {', '.join(missing)} not installed (.venv/bin/pip install {' '.join(missing)})")
    return not missing


def _importable(module: str) -> bool:
    try:
        __import__(module)
    except ImportError:
        return False
    return True


def speed(tmp: Path, n: int) -> None:
    print(f"1. speed, in-process (best of {n}, taking turns)")
    if not _need("pypdf"):
        return
    import pypdf

    from pdftools.ops.merge import merge
    from pdftools.ops.split import split

    twenty = qpdf_join([FOUR_PAGES] * 5, tmp / "p20.pdf")
    files = [shutil.copy(twenty, tmp / f"in{i:02}.pdf") for i in range(50)]
    p500 = qpdf_join([FOUR_PAGES] * 125, tmp / "p500.pdf")

    def ours_merge() -> None:
        merge([str(f) for f in files], output=str(tmp / "m-ours.pdf"), force=True)

    def pypdf_merge() -> None:
        writer = pypdf.PdfWriter()
        for f in files:
            writer.append(str(f))
        writer.write(tmp / "m-pypdf.pdf")

    def fresh(name: str) -> Path:
        folder = tmp / name
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir()
        return folder

    def ours_split() -> None:
        split(str(p500), out_dir=str(fresh("s-ours")))

    def pypdf_split() -> None:
        reader, folder = pypdf.PdfReader(str(p500)), fresh("s-pypdf")
        for i, page in enumerate(reader.pages, 1):
            writer = pypdf.PdfWriter()
            writer.add_page(page)
            writer.write(folder / f"p{i:03}.pdf")

    for name, ours, theirs in (("merge 50 files x 20 pages", ours_merge, pypdf_merge),
                               ("split 500 pages -> singles", ours_split, pypdf_split)):
        a, b = interleaved(n, ours, theirs)
        print(f"  {name}: pdftools (pikepdf) {a * 1000:.0f} ms, pypdf {pypdf.__version__} {b * 1000:.0f} ms: "
              f"pypdf takes {b / a:.1f}x as long")


def repair(tmp: Path) -> None:
    print("2. repair: corpus PDFs cut short (50%, 90%, 99% of their bytes), opened with every page")
    if not _need("pypdf"):
        return
    import logging
    import warnings

    import pikepdf
    import pypdf

    logging.getLogger("pypdf").setLevel(logging.CRITICAL)
    warnings.simplefilter("ignore")
    tried, ours, theirs = 0, 0, 0
    for path in sorted(CORPUS.rglob("*.pdf")):
        try:
            with pikepdf.open(path) as whole:
                pages = len(whole.pages)
        except Exception:  # noqa: BLE001 - encrypted or unreadable whole: not a repair case
            continue
        data = path.read_bytes()
        for percent in (50, 90, 99):
            cut = tmp / "cut.pdf"
            cut.write_bytes(data[: len(data) * percent // 100])
            tried += 1
            with contextlib.suppress(Exception), pikepdf.open(cut) as pdf:
                ours += len(pdf.pages) == pages
            with contextlib.suppress(Exception):  # any failure is a file not read
                theirs += len(pypdf.PdfReader(str(cut), strict=False).pages) == pages
    print(f"  {tried} cut files: pikepdf (qpdf's repair) reads {ours} with all their pages, "
          f"pypdf (strict=False) {theirs}")


def _pdftoppm_alive() -> bool:
    me = str(os.getpid())
    for proc in Path("/proc").iterdir():
        try:
            stat = (proc / "stat").read_text()
        except OSError:
            continue
        if "(pdftoppm)" in stat and stat.split(") ", 1)[1].split()[1] == me:
            return True
    return False


def _after_cancel(start: Callable[[], None], cancel: Callable[[], None]) -> float:
    """Seconds pdftoppm keeps running after a cancel 0.5 s into `start` (run in a thread)."""
    worker = threading.Thread(target=start, daemon=True)
    worker.start()
    time.sleep(0.5)
    assert _pdftoppm_alive(), "pdftoppm finished before the cancel: make the job bigger"
    cancel()
    cancelled = time.perf_counter()
    while _pdftoppm_alive():
        time.sleep(0.005)
    gone = time.perf_counter() - cancelled
    worker.join()
    return gone


def cancel(tmp: Path) -> None:
    print("3. caps and cancel: 100 pages at 300 dpi, cancelled after 0.5 s")
    if not _need("pdf2image"):
        return
    import pdf2image

    from pdftools.core import limits, task
    from pdftools.errors import PdftoolsError
    from pdftools.ops.thumbnails import thumbnails

    p100 = qpdf_join([FOUR_PAGES] * 25, tmp / "p100.pdf")
    job = task.Task(lambda *a: None)

    def ours() -> None:
        out = tmp / "t-ours"
        out.mkdir(exist_ok=True)
        try:
            with task.running(job):
                thumbnails(str(p100), out_dir=str(out), dpi=300, jobs=1, force=True)
        except PdftoolsError:
            pass  # INTERRUPTED

    def theirs() -> None:
        out = tmp / "t-pdf2image"
        out.mkdir(exist_ok=True)
        pdf2image.convert_from_path(str(p100), dpi=300, output_folder=str(out), paths_only=True)

    mine = _after_cancel(ours, job.cancel)
    other = _after_cancel(theirs, lambda: None)  # no cancel to call: an MCP server abandons the request
    cap = limits.child_memory()
    print(f"  pdftoppm runs on after the cancel: pdftools {mine * 1000:.0f} ms (killed), "
          f"pdf2image {other:.1f} s (until it finishes)")
    print(f"  memory cap on the child: pdftools {cap / 1e6:,.0f} MB (RLIMIT_DATA; output capped too), "
          "pdf2image none" if cap else "  memory cap: off in this environment")


def ocr(tmp: Path, n: int) -> None:
    print(f"4. OCR one 300-dpi page (best of {n}, taking turns)")
    if not _need("pytesseract"):
        return
    import pytesseract
    from PIL import Image

    from pdftools.engines import poppler, tesseract

    pgm = poppler.rasterize(FOUR_PAGES, 1, 300, tmp / "page")
    image = Image.open(pgm).copy()
    work = tmp / "ocr"
    work.mkdir()
    os.environ.pop("OMP_THREAD_LIMIT", None)

    def pytesseract_as_is() -> None:  # tesseract's OpenMP threads on, as pytesseract leaves them
        pytesseract.image_to_string(image, lang="eng", config="--dpi 300")

    def pytesseract_one_thread() -> None:  # what is left: the PIL image saved as PNG for tesseract
        os.environ["OMP_THREAD_LIMIT"] = "1"
        try:
            pytesseract.image_to_string(image, lang="eng", config="--dpi 300")
        finally:
            del os.environ["OMP_THREAD_LIMIT"]

    ours, as_is, one = interleaved(n, lambda: tesseract.recognise(pgm, work / "o", ["eng"], 300, pdf=None),
                                   pytesseract_as_is, pytesseract_one_thread)
    print(f"  tesseract on a PGM, OMP_THREAD_LIMIT=1 (pdftools) {ours * 1000:.0f} ms; pytesseract as it runs "
          f"tesseract {as_is * 1000:.0f} ms ({as_is / ours:.2f}x), with OMP_THREAD_LIMIT=1 {one * 1000:.0f} ms "
          f"({one / ours:.2f}x)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="best of 2 instead of 5")
    parser.add_argument("--only", type=int, choices=range(1, 5), help="run one section")
    args = parser.parse_args()
    n = 2 if args.quick else 5
    print(f"machine: {os.cpu_count()} CPUs, {sys.version.split()[0]}; {subprocess.run(['pdftoppm', '-v'], capture_output=True, text=True).stderr.splitlines()[0]}\n")  # noqa: E501
    with tempfile.TemporaryDirectory(prefix="pdftools-deps-") as name:
        tmp = Path(name)
        sections = [lambda: speed(tmp, n), lambda: repair(tmp), lambda: cancel(tmp), lambda: ocr(tmp, n)]
        for number, section in enumerate(sections, 1):
            if args.only in (None, number):
                section()
    return 0


if __name__ == "__main__":
    sys.exit(main())
