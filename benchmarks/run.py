"""Benchmark pdftools against native peers on inputs that look like users' files, and print one table.

    .venv/bin/python benchmarks/run.py [--quick] [--no-ocr] [--no-convert] [--pairs N]

Each row is N pairs of runs (pdftools and its peer back to back, the order swapped every pair, after one
untimed warm-up of each): the table shows the median wall time of each side and the median of the per-pair
ratios; the ratios of every pair follow the table. Inputs are generated with a seed (benchmarks/inputs.py):
50 distinct 20-page documents with their own fonts and images, a 500-page report, a 20-page scan. The script
reports and exits 0: a missed target is marked MISSED, not raised. See benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.metadata
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import inputs  # noqa: E402  (benchmarks/ is not a package)
from paired import Pairs, command, compiled, paired, rotated, sh  # noqa: E402

PY = sys.executable
PDFTOOLS = str(Path(PY).parent / "pdftools")
MCP_CALLS = 50
MB = 1_000_000  # decimal megabytes (the stricter reading of "50 MB")
N_PAIRS = 11
TREE: Path | None = None  # --tree: another tree's pdftools, timed beside this one in the merge and text rows


@dataclass
class Row:
    name: str
    ours: float | None  # seconds (median), or bytes for memory rows
    peer: str = ""
    theirs: float | None = None
    target: str = ""
    ok: bool | None = None  # None: no target
    unit: str = "ms"
    ratio: float | None = None  # median of per-pair ratios
    pairs: list[float] = field(default_factory=list)

    def fmt(self, value: float | None) -> str:
        if value is None:
            return "-"
        return f"{value / MB:.1f} MB" if self.unit == "MB" else f"{value * 1000:.1f} ms"

    def ratio_text(self) -> str:
        return f"{self.ratio:.2f}x" if self.ratio is not None else "-"


def ratio_row(name: str, pairs: Pairs, peer: str, limit: float | None) -> Row:
    """A row judged by the median ratio (ours / peer) against `limit` (None: reported only)."""
    ok = None if limit is None else pairs.ratio <= limit
    return Row(name, pairs.ours_median, peer, pairs.peer_median, f"<= {limit}x" if limit else "(none)", ok,
               ratio=pairs.ratio, pairs=pairs.ratios)


def time_row(name: str, pairs: Pairs, peer: str, limit_ms: float) -> Row:
    """A row judged by our median time against `limit_ms`; the peer is context."""
    ours = pairs.ours_median
    return Row(name, ours, peer, pairs.peer_median, f"<= {limit_ms:g} ms", ours * 1000 <= limit_ms,
               ratio=pairs.ratio, pairs=pairs.ratios)


class FreshDirs:
    """Calling it gives a new, empty folder under base (the previous one is removed, untimed)."""

    def __init__(self, base: Path, prefix: str) -> None:
        self.base, self.prefix = base, prefix
        self.last: Path | None = None

    def __call__(self) -> Path:
        if self.last is not None:
            shutil.rmtree(self.last, ignore_errors=True)
        self.last = Path(tempfile.mkdtemp(prefix=self.prefix, dir=self.base))
        return self.last


# ---------------------------------------------------------------- inputs


@dataclass
class Inputs:
    docs: list[Path]  # 50 distinct 20-page documents
    report: Path  # 500 pages
    p100: Path  # its first 100 pages
    scan: Path  # 20 scanned pages
    one: Path  # one page


def make_inputs(tmp: Path) -> Inputs:
    start = time.perf_counter()
    docs = inputs.documents(tmp / "merge", 50, 20)
    report = inputs.big(tmp, 500)
    p100 = tmp / "p100.pdf"
    sh(["qpdf", str(report), "--pages", str(report), "1-100", "--", str(p100)])
    scan = inputs.scan(inputs.documents(tmp / "scan-source", 1, 20, seed=inputs.SEED + 1)[0], tmp / "scan20.pdf")
    one = inputs.documents(tmp / "one", 1, 1, seed=inputs.SEED + 2)[0]
    for path, pages in ((p100, 100), (scan, 20)):
        assert inputs.page_count(path) == pages, path
    size = sum(p.stat().st_size for p in docs)
    print(f"inputs     made in {time.perf_counter() - start:.1f} s: 50 x 20 pages ({size / MB:.1f} MB), "
          f"500 pages ({report.stat().st_size / MB:.1f} MB), scan 20 pages ({scan.stat().st_size / MB:.1f} MB)\n")
    return Inputs(docs, report, p100, scan, one)


# ---------------------------------------------------------------- files


def bench_merge(tmp: Path, ins: Inputs, n: int) -> list[Row]:
    files = [str(p) for p in ins.docs]
    ours, peer = str(tmp / "merged-pdftools.pdf"), str(tmp / "merged-qpdf.pdf")
    name, qpdf = "merge 50 distinct files x 20 pages", ["qpdf", "--empty", "--pages", *files, "--", peer]
    if TREE is not None:
        rows = with_tree(tmp, name, ["merge", *files, "-o", ours, "--force"], qpdf, "qpdf --empty --pages", 1.1)
        tree_out = str(tmp / "merged-tree.pdf")
        sh([PY, "-m", "pdftools", "merge", *files, "-o", tree_out, "--force"], cwd=tmp, env=tree_env(TREE))
        sh(["qpdf", "--check", ours])
        assert without_id(Path(ours)) == without_id(Path(tree_out)), "this tree's merge differs from --tree's"
    else:
        rows = [ratio_row(name, paired(n, command(lambda: [PDFTOOLS, "merge", *files, "-o", ours, "--force"]),
                                       command(lambda: qpdf)), "qpdf --empty --pages", 1.1)]
    for out in (ours, peer):  # sanity: both outputs have every page
        assert inputs.page_count(Path(out)) == 1000, f"{out}: wrong page count"
    return rows


def without_id(path: Path) -> bytes:
    """The file's bytes but its /ID (qpdf makes a new one on each save)."""
    import re

    return re.sub(rb"/ID ?\[ ?<[0-9a-fA-F]+> ?<[0-9a-fA-F]+> ?\]", b"/ID", path.read_bytes())


def tree_env(root: Path) -> dict[str, str]:
    """The environment that runs `python -m pdftools` from `root`'s pdftools (run from a folder without one)."""
    return {**os.environ, "PYTHONPATH": str(root.resolve())}


def with_tree(tmp: Path, name: str, argv: list[str], peer: list[str], peer_name: str, limit: float) -> list[Row]:
    """Three sides in rotating rounds: this tree's `python -m pdftools ARGV`, --tree's, and the peer: the row
    of this tree against the peer, the tree's, and this tree against the tree (both started alike, by
    `python -m pdftools` from a neutral folder, so neither pays the editable install's finder)."""
    here = Path(__file__).resolve().parents[1]
    cwd = tmp / "neutral"
    cwd.mkdir(exist_ok=True)
    steps = [command(lambda: [PY, "-m", "pdftools", *argv], cwd=cwd, env=tree_env(root)) for root in (here, TREE)]
    ours, tree, theirs = rotated(N_PAIRS, [*steps, command(lambda: peer)])
    rows = [ratio_row(name, Pairs(ours, theirs), peer_name, limit),
            ratio_row("  --tree's pdftools", Pairs(tree, theirs), peer_name, None),
            ratio_row("  this tree / --tree", Pairs(ours, tree), "--tree's pdftools", None)]
    return rows


FLOOR_MERGE = """import sys, pikepdf
out = pikepdf.new()
for name in sys.argv[2:]:
    out.pages.extend(pikepdf.open(name).pages)
out.save(sys.argv[1], stream_decode_level=pikepdf.StreamDecodeLevel.none)
"""


def bench_merge_floor(tmp: Path, ins: Inputs, n: int, with_typer: bool) -> Row:
    """The floor under any merge in Python with pikepdf: the interpreter, pikepdf's import and libqpdf's work,
    nothing else (no command line, no limits checked, no bookmarks, no atomic write), against qpdf; then the
    same after importing Typer, which the design card fixes for the command line. What is left between this
    ratio and merge's is pdftools' own."""
    files = [str(p) for p in ins.docs]
    ours, peer = str(tmp / "merged-floor.pdf"), str(tmp / "merged-qpdf.pdf")
    code = ("import typer\n" if with_typer else "") + FLOOR_MERGE
    pairs = paired(n, command(lambda: [PY, "-c", code, ours, *files]),
                   command(lambda: ["qpdf", "--empty", "--pages", *files, "--", peer]))
    assert inputs.page_count(Path(ours)) == 1000
    name = "  floor: python + typer + pikepdf" if with_typer else "  floor: python + pikepdf alone"
    return ratio_row(name, pairs, "qpdf --empty --pages", None)


def bench_split(tmp: Path, ins: Inputs, n: int, src: Path, name: str, pages: int, limit: float | None = 1.1) -> Row:
    """A split into single pages. The issue's target is the 500-page split; a 20-page scan is shown without
    one: qpdf splits it in ~20 ms, less than Python takes to start."""
    ours_dir, qpdf_dir = FreshDirs(tmp, "split-pdftools-"), FreshDirs(tmp, "split-qpdf-")
    pairs = paired(n, command(lambda: [PDFTOOLS, "split", str(src), "-d", str(ours_dir()), "--force"]),
                   command(lambda: ["qpdf", "--split-pages", str(src), str(qpdf_dir() / "out.pdf")]))
    for tool, dirs in (("pdftools", ours_dir), ("qpdf", qpdf_dir)):  # sanity: the last run's output
        parts = len(list(dirs.last.glob("*.pdf"))) if dirs.last else 0
        assert parts == pages, f"{tool} split wrote {parts} parts, expected {pages}"
    return ratio_row(name, pairs, "qpdf --split-pages", limit)


def bench_repeat(tmp: Path, ins: Inputs, n: int, copies: int) -> Row:
    """One page placed `copies` times (`select FILE 1,1,1...`), as `qpdf --pages . 1,1,1... --`: each copy shares
    the page's content. pikepdf's page list counted every page on each append: 20,000 copies took ~45 s."""
    spec = ",".join(["1"] * copies)
    ours, peer = str(tmp / "repeat-pdftools.pdf"), str(tmp / "repeat-qpdf.pdf")
    pairs = paired(n, command(lambda: [PDFTOOLS, "select", str(ins.one), spec, "-o", ours, "--force"]),
                   command(lambda: ["qpdf", str(ins.one), "--pages", ".", spec, "--", peer]))
    for out in (ours, peer):  # sanity: every copy is there
        assert inputs.page_count(Path(out)) == copies, f"{out}: wrong page count"
    return ratio_row(f"select one page x {copies:,}", pairs, "qpdf --pages . 1,1,... --", None)


def bench_long_merge(tmp: Path, ins: Inputs, n: int, pages: int) -> Row:
    """A merge of one long file (a page repeated by qpdf), as `qpdf --empty --pages`: each page was taken with
    `src.pages[i]` and appended through pikepdf's page list, both listing every page (20,000 pages: 53 s)."""
    src, ours, peer = tmp / f"long-{pages}.pdf", str(tmp / "long-pdftools.pdf"), str(tmp / "long-qpdf.pdf")
    sh(["qpdf", str(ins.one), "--pages", ".", ",".join(["1"] * pages), "--", str(src)])
    pairs = paired(n, command(lambda: [PDFTOOLS, "merge", str(src), "-o", ours, "--force"]),
                   command(lambda: ["qpdf", "--empty", "--pages", str(src), "--", peer]))
    for out in (ours, peer):
        assert inputs.page_count(Path(out)) == pages, f"{out}: wrong page count"
    return ratio_row(f"merge one {pages:,}-page file", pairs, "qpdf --empty --pages", None)


def bench_long_delete(tmp: Path, ins: Inputs, n: int, pages: int) -> Row:
    """One page deleted of a long file, as `qpdf FILE --pages . 2-z --`: every page was taken out and put back,
    each removal listing every page (20,000 pages: 28 s; qpdf: 3.5 min)."""
    src, ours, peer = tmp / f"long-{pages}.pdf", str(tmp / "cut-pdftools.pdf"), str(tmp / "cut-qpdf.pdf")
    if not src.exists():
        sh(["qpdf", str(ins.one), "--pages", ".", ",".join(["1"] * pages), "--", str(src)])
    pairs = paired(n, command(lambda: [PDFTOOLS, "delete", str(src), "1", "-o", ours, "--force"]),
                   command(lambda: ["qpdf", str(src), "--pages", ".", "2-z", "--", peer]))
    for out in (ours, peer):
        assert inputs.page_count(Path(out)) == pages - 1, f"{out}: wrong page count"
    return ratio_row(f"delete a page of {pages:,}", pairs, "qpdf FILE --pages . 2-z --", None)


def _long_source(tmp: Path, ins: Inputs, pages: int) -> Path:
    """A `pages`-page file: the one-page document's page repeated by qpdf (each page its own dictionary)."""
    src = tmp / f"long-{pages}.pdf"
    if not src.exists():
        sh(["qpdf", str(ins.one), "--pages", ".", ",".join(["1"] * pages), "--", str(src)])
    return src


def bench_reorder(tmp: Path, ins: Inputs, n: int, pages: int, case: str) -> Row:
    """Pages moved or left out in numbers on a long file, against the qpdf command that makes the same pages.
    Each page was taken out through pikepdf's page list, which lists every page on each removal (20,000 pages,
    timed by hand on a loaded machine: select z-1 19 s, reorder reverse 43 s, delete odd 14 s, insert-blank in the
    middle 55 s, merge --collate of two past 150 s); qpdf 11's --pages grows faster than the pages too."""
    src = str(_long_source(tmp, ins, pages))
    ours, peer = str(tmp / f"{case}-pdftools.pdf"), str(tmp / f"{case}-qpdf.pdf")
    half = pages // 2
    cases: dict[str, tuple[list[str], list[str], str, int]] = {
        "reverse": (["select", src, "z-1"], [src, "--pages", ".", "z-1", "--"], "select z-1", pages),
        "interleave": (["reorder", src, "--mode", "interleave"],
                       ["--collate", src, "--pages", ".", f"1-{half}", ".", f"{half + 1}-z", "--"],
                       "reorder --mode interleave", pages),
        "odd": (["delete", src, "odd"], [src, "--pages", ".", "1-z:even", "--"], "delete odd", pages - half),
        "collate": (["merge", "--collate", src, f"{src}:z-1"],
                    ["--collate", "--empty", "--pages", src, src, "z-1", "--"], "merge --collate a a:z-1", 2 * pages),
        "insert": (["insert", src, src, "--after", str(half)],
                   ["--empty", "--pages", src, f"1-{half}", src, src, f"{half + 1}-z", "--"],
                   "insert a after page n/2", 2 * pages),
    }
    args, qpdf_args, what, expected = cases[case]
    pairs = paired(n, command(lambda: [PDFTOOLS, *args, "-o", ours, "--force"]),
                   command(lambda: ["qpdf", *qpdf_args, peer]))
    for out in (ours, peer):
        assert inputs.page_count(Path(out)) == expected, f"{out}: wrong page count"
    return ratio_row(f"{what} of {pages:,}", pairs, "qpdf --pages (same pages)", None)


def bench_named(tmp: Path, n: int, pages: int, case: str) -> Row:
    """A long document whose links go through named destinations (hyperref's), merged with itself or split in
    two, against qpdf making the same pages (qpdf carries no names: its copies' links open nothing). Such pages
    went through pikepdf's add_pages_from, which lists every page of both files for each page copied (merge of a
    5,000-page file with itself: 23 s; 20,000 pages: 110 s)."""
    src = tmp / f"named-{pages}.pdf"
    if not src.exists():
        inputs.named(src, pages)
    half = pages // 2
    if case == "merge":
        ours, peer = tmp / "named-pdftools.pdf", tmp / "named-qpdf.pdf"
        pairs = paired(n, command(lambda: [PDFTOOLS, "merge", str(src), str(src), "-o", str(ours), "--force"]),
                       command(lambda: ["qpdf", "--empty", "--pages", str(src), str(src), "--", str(peer)]))
        for out in (ours, peer):
            assert inputs.page_count(out) == 2 * pages, f"{out}: wrong page count"
        assert _named_links(ours) == (2 * (pages - 1), 2 * (pages - 1)), "links lost their pages"
        return ratio_row(f"merge a a, named links, of {pages:,}", pairs, "qpdf --empty --pages a a --", None)
    ours_dir, qpdf_dir = FreshDirs(tmp, "named-pdftools-"), FreshDirs(tmp, "named-qpdf-")
    pairs = paired(n, command(lambda: [PDFTOOLS, "split", str(src), "--ranges", f"1-{half},{half + 1}-z",
                                       "-d", str(ours_dir()), "--force"]),
                   command(lambda: ["qpdf", f"--split-pages={half}", str(src), str(qpdf_dir() / "out.pdf")]))
    for dirs in (ours_dir, qpdf_dir):
        parts = sorted(dirs.last.glob("*.pdf")) if dirs.last else []
        assert [inputs.page_count(part) for part in parts] == [half, pages - half], f"{dirs.last}: wrong parts"
    links = [_named_links(part) for part in sorted(ours_dir.last.glob("*.pdf"))] if ours_dir.last else []
    assert links == [(half, half - 1), (pages - half - 1, pages - half - 1)], links  # (part 1's last goes out)
    return ratio_row(f"split in two, named links, of {pages:,}", pairs, f"qpdf --split-pages={half}", None)


def _named_links(path: Path) -> tuple[int, int]:
    """(links, links whose name opens the page after theirs) in a merged or split `named` document."""
    import pikepdf

    with pikepdf.open(path) as pdf:
        at = {page.objgen: i for i, page in enumerate(pdf.pages)}
        tree = {str(k): v for k, v in pikepdf.NameTree(pdf.Root.Names.Dests).items()} if "/Names" in pdf.Root else {}
        links = [(i, tree.get(str(annot.A.D))) for i, page in enumerate(pdf.pages) for annot in page.get("/Annots", [])]
        return len(links), sum(1 for i, dest in links if dest is not None and at.get(dest.D[0].objgen) == i + 1)


def bench_text(ins: Inputs, n: int) -> list[Row]:
    src = str(ins.report)
    ours = sh([PDFTOOLS, "text", src]).stdout
    theirs = sh(["pdftotext", src, "-"]).stdout
    assert ours == theirs, "pdftools text differs from pdftotext's output"
    if TREE is not None:
        tmp = ins.report.parent
        assert sh([PY, "-m", "pdftools", "text", src], cwd=tmp, env=tree_env(TREE)).stdout == theirs
        return with_tree(tmp, "text of 500 pages (output identical)", ["text", src], ["pdftotext", src, "-"],
                         "pdftotext FILE -", 1.0)
    pairs = paired(n, command(lambda: [PDFTOOLS, "text", src]), command(lambda: ["pdftotext", src, "-"]))
    return [ratio_row("text of 500 pages (output identical)", pairs, "pdftotext FILE -", 1.0)]


def bench_thumbnails(tmp: Path, n: int, src: Path, name: str, limit: float | None) -> Row:
    ours_dir, peer_dir = FreshDirs(tmp, "thumbs-pdftools-"), FreshDirs(tmp, "thumbs-pdftoppm-")
    pairs = paired(n, command(lambda: [PDFTOOLS, "thumbnails", str(src), "-d", str(ours_dir()), "--width", "150"]),
                   command(lambda: ["pdftoppm", "-png", "-scale-to-x", "150", "-scale-to-y", "-1", str(src),
                                    str(peer_dir() / "p")]))
    return ratio_row(name, pairs, "pdftoppm -scale-to-x 150 (1 process)", limit)


# ---------------------------------------------------------------- start-up


def bench_help(n: int) -> Row:
    pairs = paired(n, command(lambda: [PDFTOOLS, "--help"]), command(lambda: [PY, "-c", "pass"]))
    return time_row("pdftools --help", pairs, "python -c pass (floor)", 80)


COMPLETING = ["COMP_WORDS=pdftools merge --", "COMP_CWORD=2", "_PDFTOOLS_COMPLETE=complete_bash"]


def bench_completion(n: int) -> Row:
    """What bash waits for at <TAB>: merge's options, the way completions/pdftools.bash asks (both sides through
    `env`, which the script uses too)."""
    offered = sh(["env", *COMPLETING, PDFTOOLS]).stdout.decode().split()
    assert "--output" in offered and "--force" in offered, f"completion offered {offered}"
    pairs = paired(n, command(lambda: ["env", *COMPLETING, PDFTOOLS]), command(lambda: ["env", PY, "-c", "pass"]))
    return time_row("completion: pdftools merge --<TAB>", pairs, "python -c pass (floor)", 80)


def bench_info(ins: Inputs, n: int) -> Row:
    one = str(ins.one)
    pairs = paired(n, command(lambda: [PDFTOOLS, "info", one]), command(lambda: ["qpdf", "--show-npages", one]))
    return time_row("pdftools info, 1-page PDF", pairs, "qpdf --show-npages", 150)


IMPORTS = ("typer", "rich.console", "pikepdf", "pydantic", "mcp")


def bench_imports(n: int) -> list[Row]:
    """What each library's import costs a process (`python -c "import X"` against `python -c pass`): where a
    command's start-up goes, and what one that does not load a library saves."""
    rows = []
    for name in IMPORTS:
        pairs = paired(n, command(lambda name=name: [PY, "-c", f"import {name}"]),  # type: ignore[misc]
                       command(lambda: [PY, "-c", "pass"]))
        cost = statistics.median(a - b for a, b in zip(pairs.ours, pairs.peer, strict=True))
        rows.append(Row(f"import {name} (cost: {cost * 1000:.0f} ms)", pairs.ours_median, "python -c pass",
                        pairs.peer_median, "(none)", ratio=pairs.ratio, pairs=pairs.ratios))
    return rows


# ---------------------------------------------------------------- OCR


def sequential_tesseract(scan: Path, work: Path, pages: int) -> list[str]:
    """One page after another: pdftoppm then tesseract (one thread each), as a shell loop."""
    loop = (f'for i in $(seq 1 {pages}); do pdftoppm -r 300 -gray -f $i -l $i -singlefile "{scan}" "{work}/p"'
            f' && OMP_THREAD_LIMIT=1 tesseract "{work}/p.pgm" "{work}/p$i" -c textonly_pdf=1 txt pdf'
            " >/dev/null 2>&1 || exit 1; done")
    return ["sh", "-c", loop]


def bench_ocr(tmp: Path, ins: Inputs, n: int) -> list[Row]:
    scan = tmp / "scan10.pdf"
    sh(["qpdf", str(ins.scan), "--pages", str(ins.scan), "1-10", "--", str(scan)])
    jobs, out = str(os.cpu_count() or 1), str(tmp / "ocr-pdftools.pdf")
    ours = command(lambda: [PDFTOOLS, "ocr", str(scan), "-o", out, "--force", "--jobs", jobs])
    rows = []
    seq = paired(n, ours, command(lambda: sequential_tesseract(scan, tmp, 10)), warmup=False)
    rows.append(Row("ocr 10 scanned pages", seq.ours_median, "tesseract page by page", seq.peer_median,
                    ">= 1.8x faster", 1 / seq.ratio >= 1.8, ratio=seq.ratio, pairs=seq.ratios))
    if shutil.which("ocrmypdf"):
        peer = paired(n, ours, command(lambda: ["ocrmypdf", "--jobs", jobs, "--output-type", "pdf", "--optimize",
                                                "0", "-q", "--force-ocr", str(scan), str(tmp / "ocr-peer.pdf")]),
                      warmup=False)
        rows.append(ratio_row("ocr 10 scanned pages", peer, f"ocrmypdf --jobs {jobs}", 1.0))
    else:
        rows.append(Row("ocr vs ocrmypdf", None, "ocrmypdf not installed (apt-get install ocrmypdf)"))
    return rows


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


def bench_convert(tmp: Path, n: int) -> list[Row]:
    """`pdftools convert` against bare pandoc (the same binary) on 2,000 lines, paired; then the op called
    in-process (how the MCP server runs it) against pandoc, paired too: the CLI's start-up left out."""
    from pdftools.convert import pandoc
    from pdftools.ops.convert import convert

    md, bare = make_markdown(tmp / "doc.md"), pandoc.program()
    rows = []
    for fmt in ("html", "docx"):
        ours, peer = str(tmp / f"ours.{fmt}"), str(tmp / f"peer.{fmt}")
        theirs = command(lambda p=peer: [bare, str(md), "-o", p])  # type: ignore[misc]
        cli = paired(n, command(lambda o=ours: [PDFTOOLS, "convert", str(md), "-o", o, "--force"]), theirs)  # type: ignore[misc]
        rows.append(ratio_row(f"convert 2,000-line md -> {fmt}", cli, f"pandoc doc.md -o out.{fmt}", 1.15))
        op = paired(n, lambda o=ours: lambda: convert(str(md), output=o, force=True), theirs)  # type: ignore[misc]
        rows.append(ratio_row("  same, in-process convert() (MCP)", op, "pandoc (as above)", None))
    tiny = tmp / "tiny.md"
    tiny.write_text("# Hi\n")
    start = paired(n, command(lambda: [PDFTOOLS, "convert", str(tiny), "-o", str(tmp / "tiny.html"), "--force"]),
                   command(lambda: [bare, str(tiny), "-o", str(tmp / "tiny-peer.html")]))
    rows.append(ratio_row("convert 1-line md -> html (start-up)", start, "pandoc tiny.md", None))
    return rows


# ---------------------------------------------------------------- MCP


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


IMPORT_MCP = "import mcp, sys; sys.stdout.write(open('/proc/self/status').read())"


def rss_of_status(text: str) -> int:
    line = next(ln for ln in text.splitlines() if ln.startswith("VmRSS:"))
    return int(line.split()[1]) * 1024


@dataclass
class McpRun:
    spawn: Pairs  # spawn -> initialize answered (ours) against `python -c "import mcp"` (peer)
    listed: list[float]  # spawn -> tools/list answered (the tools are made for the first listing)
    at_init: dict[str, int]  # VmRSS / VmHWM right after initialize
    at_list: dict[str, int]  # ... after tools/list
    at_end: dict[str, int]  # ... after the warm-up and timed calls
    calls: list[float]
    mcp_rss: int  # VmRSS of a python that imported the SDK's server modules and nothing else


async def _calls(client: object, name: str) -> list[float]:
    times = []
    for _ in range(MCP_CALLS):
        start = time.perf_counter()
        result = await client.call_tool("pdf_info", {"input": name})  # type: ignore[attr-defined]
        times.append(time.perf_counter() - start)
        if result.is_error:
            raise RuntimeError(f"pdf_info failed over MCP: {result.content}")
    return times


async def mcp_session(root: Path, name: str, n: int) -> McpRun:
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters

    params = StdioServerParameters(command=PDFTOOLS, args=["serve", "--transport", "stdio", "--root", str(root)])
    spawn, listed = Pairs(), []
    at_init: dict[str, int] = {}
    at_list: dict[str, int] = {}
    for i in range(n + 1):  # the first pair warms up (bytecode, page cache), untimed
        start = time.perf_counter()
        alone = await asyncio.to_thread(lambda: sh([PY, "-c", IMPORT_MCP]))
        t_alone = time.perf_counter() - start
        start = time.perf_counter()
        async with Client(params, mode="legacy") as client:  # legacy: the `initialize` handshake clients use
            t_spawn = time.perf_counter() - start
            if i == n:
                pid = server_pid()
                at_init = memory(pid)
            await client.list_tools()
            t_list = time.perf_counter() - start
            if i == n:  # the last session: memory and per-call times
                at_list = memory(pid)
                await client.call_tool("pdf_info", {"input": name})  # warm-up, untimed
                calls = await _calls(client, name)
                at_end = memory(pid)
        if i:
            spawn.ours.append(t_spawn)
            spawn.peer.append(t_alone)
            listed.append(t_list)
    return McpRun(spawn, listed, at_init, at_list, at_end, calls, rss_of_status(alone.stdout.decode()))


def direct_calls(path: Path) -> list[float]:
    from pdftools.ops.info import info

    info(str(path))  # warm-up: imports and first-use costs, as the server's warm-up call
    times = []
    for _ in range(MCP_CALLS):
        start = time.perf_counter()
        info(str(path))
        times.append(time.perf_counter() - start)
    return times


def bench_mcp(ins: Inputs, n: int) -> list[Row]:
    m = asyncio.run(mcp_session(ins.one.parent, ins.one.name, n))
    direct = direct_calls(ins.one)
    mcp_mean, direct_mean = statistics.mean(m.calls), statistics.mean(direct)
    overhead = mcp_mean - direct_mean
    rss, hwm, after = m.at_init["VmRSS"], m.at_init["VmHWM"], m.at_end["VmRSS"]
    spawn = m.spawn.ours_median
    return [
        Row("mcp spawn -> initialize answered", spawn, "python -c 'import mcp'", m.spawn.peer_median,
            "<= 500 ms", spawn <= 0.5, ratio=m.spawn.ratio, pairs=m.spawn.ratios),
        Row("mcp spawn -> tools/list answered", statistics.median(m.listed), "python -c 'import mcp'",
            m.spawn.peer_median, "(none)", ratio=statistics.median(m.listed) / m.spawn.peer_median),
        Row("mcp server VmRSS after initialize", rss, "python + import mcp", m.mcp_rss, "<= 50 MB",
            rss <= 50 * MB, unit="MB", ratio=rss / m.mcp_rss),
        Row("mcp server VmHWM after initialize", hwm, "", None, "(none)", None, unit="MB"),
        Row("mcp server VmRSS after tools/list", m.at_list["VmRSS"], "", None, "(none)", None, unit="MB"),
        Row(f"mcp server VmRSS after {MCP_CALLS + 1} calls", after, "", None, "(none)", None, unit="MB"),
        Row(f"mcp pdf_info, mean of {MCP_CALLS}", mcp_mean, "in-process info()", direct_mean, "(none)",
            ratio=mcp_mean / direct_mean),
        Row("mcp per-call overhead", overhead, "mcp mean - direct mean", None, "<= 5 ms", overhead <= 0.005),
    ]


# ---------------------------------------------------------------- report


def version_of(cmd: list[str]) -> str:
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    return (proc.stdout or proc.stderr).splitlines()[0].strip()


def print_environment(n: int) -> None:
    import pikepdf

    from pdftools import __version__

    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"pdftools   {__version__} ({PDFTOOLS})")
    print(f"python     {sys.version.split()[0]} ({PY})")
    print(f"pikepdf    {pikepdf.__version__} (libqpdf {pikepdf.__libqpdf_version__})")
    print(f"mcp        {importlib.metadata.version('mcp')}")
    print(f"qpdf       {version_of(['qpdf', '--version'])}")
    print(f"pdftotext  {version_of(['pdftotext', '-v'])}")
    print(f"machine    {os.uname().sysname} {os.uname().machine}, {os.cpu_count()} CPUs, load average {load}")
    print(f"runs       {n} pairs per row, alternating; medians (whole-process wall time)")


def print_table(rows: list[Row]) -> None:
    header = ("benchmark", "pdftools", "peer", "peer time", "ratio", "target", "result")
    cells = [header] + [(r.name, r.fmt(r.ours), r.peer, r.fmt(r.theirs), r.ratio_text(), r.target,
                         {True: "ok", False: "MISSED", None: "-"}[r.ok]) for r in rows]
    widths = [max(len(c[i]) for c in cells) for i in range(len(header))]
    for i, cell in enumerate(cells):
        padded = [c.ljust(w) if j in (0, 2, 5, 6) else c.rjust(w)
                  for j, (c, w) in enumerate(zip(cell, widths, strict=True))]
        print("  ".join(padded).rstrip())
        if i == 0:
            print("  ".join("-" * w for w in widths))
    print("\nratio of each pair (pdftools / peer, in the order run):")
    for r in rows:
        if r.pairs:
            print(f"  {r.name:<40} " + " ".join(f"{x:.2f}" for x in r.pairs))
    missed = [r.name for r in rows if r.ok is False]
    print(f"\n{len(missed)} target(s) missed" + (f": {', '.join(missed)}" if missed else ""))


SECTIONS: dict[str, Callable[[Path, Inputs, int], list[Row]]] = {
    "merge": lambda tmp, ins, n: [*bench_merge(tmp, ins, n), bench_merge_floor(tmp, ins, n, False),
                                  bench_merge_floor(tmp, ins, n, True)],
    "split": lambda tmp, ins, n: [bench_split(tmp, ins, n, ins.report, "split 500 pages -> singles", 500),
                                  bench_split(tmp, ins, n, ins.scan, "split a 20-page scan -> singles", 20,
                                              None)],
    "repeat": lambda tmp, ins, n: [bench_repeat(tmp, ins, n, 8_000), bench_repeat(tmp, ins, n, 20_000),
                                   bench_long_merge(tmp, ins, n, 5_000), bench_long_delete(tmp, ins, n, 5_000)],
    "reorder": lambda tmp, ins, n: [bench_reorder(tmp, ins, n, 5_000, case)
                                    for case in ("reverse", "interleave", "odd", "collate", "insert")],
    "named": lambda tmp, ins, n: [bench_named(tmp, n, 5_000, case) for case in ("merge", "split")],
    "text": lambda tmp, ins, n: bench_text(ins, n),
    "thumbnails": lambda tmp, ins, n: [
        bench_thumbnails(tmp, n, ins.p100, "thumbnails 100 pages, 150 px", 0.9),
        bench_thumbnails(tmp, n, ins.scan, "thumbnails of a 20-page scan, 150 px", 0.9)],
    "startup": lambda tmp, ins, n: [bench_help(n), bench_completion(n), bench_info(ins, n)],
    "imports": lambda tmp, ins, n: bench_imports(n),
    "mcp": lambda tmp, ins, n: bench_mcp(ins, n),
    "ocr": lambda tmp, ins, n: bench_ocr(tmp, ins, max(1, n // 5)),
    "convert": lambda tmp, ins, n: bench_convert(tmp, n),
}


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="5 pairs per row instead of 11")
    parser.add_argument("--pairs", type=int, help="pairs per row")
    parser.add_argument("--only", action="append", choices=list(SECTIONS), help="run only these (repeatable)")
    parser.add_argument("--no-ocr", action="store_true", help="skip the OCR runs (minutes)")
    parser.add_argument("--no-convert", action="store_true", help="skip the pandoc runs")
    parser.add_argument("--tree", type=Path, help="another tree's pdftools (`git archive main pdftools | tar -x -C "
                        "DIR`), timed beside this one and the peer in rotating rounds (merge and text rows)")
    args = parser.parse_args()
    n = args.pairs or (5 if args.quick else 11)
    global TREE, N_PAIRS
    TREE, N_PAIRS = args.tree, n
    if TREE is not None:
        import compileall

        compileall.compile_dir(str(TREE / "pdftools"), quiet=1)
    wanted = [s for s in (args.only or SECTIONS) if not (s == "ocr" and args.no_ocr)
              and not (s == "convert" and args.no_convert)]
    compiled()  # (as an installed package is)
    print_environment(n)
    with tempfile.TemporaryDirectory(prefix="pdftools-bench-") as name:
        tmp = Path(name)
        ins = make_inputs(tmp)
        rows = [row for section in wanted for row in SECTIONS[section](tmp, ins, n)]
    print_table(rows)
    print(f"load average at the end: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
