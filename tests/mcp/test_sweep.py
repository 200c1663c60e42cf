"""The corpus sweep: every read-only operation on every corpus PDF and on generated broken and hostile ones.

Every call runs the real CLI with `--json` in its own process (tests/harness.py), with a wall-clock limit and an
address-space cap, so a hang or a blow-up fails its case instead of the test run. Each call must end in time,
within MEMORY_BOUND, with a result or a pdftools error whose exit code matches its code (never INTERNAL, never a
traceback), and leave its private TMPDIR empty. Corpus files must succeed (but for the few in EXPECTED); each
generated file must end as EXPECTED says, op by op. Figures (files, errors by code, slowest call, peak memory)
end the pytest summary.

Operations are found in the registry: every read-only op that takes an `input` file is swept, with the extra
arguments in SWEEP_ARGS; an op that only writes beside its input (thumbnails) joins with one line there.
"""

from __future__ import annotations

import inspect
import json
import os
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from broken_pdfs import CASES
from conftest import CORPUS, PASSWORDS, report
from harness import Outcome, Servers

from pdftools import errors
from pdftools.ops import OPS

pytestmark = pytest.mark.slow  # started first when the files are spread over workers

SWEEP_ARGS: dict[str, list[str]] = {  # extra arguments per op ({out}: a private folder); read-only ops join anyway
    "info": ["--pages", "all"],
    "thumbnails": ["--pages", "1", "-d", "{out}"],
}
SAMPLE = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"  # what the damaged copies are made of
TIME_LIMIT = 60.0  # seconds: a generous guard against hangs, not a benchmark
MEMORY_BOUND = 1 << 30  # peak RSS of a call (or of its largest child)
MEMORY_CAP = 3 << 30  # address space: past this a call fails inside its own process
EXPECTED: dict[str, str | dict[str, str]] = {  # file -> its outcome for every op, or per op ("*": the others)
    # Every generated file is here: a change in any outcome is a change to look at. Corpus files: "ok" unless here.
    "truncated-empty": "EMPTY_INPUT",
    "truncated-header": {"*": "DAMAGED_PDF", "check": "ok"},  # check: verdict unreadable (exit 4)
    "truncated-10pct": {"*": "DAMAGED_PDF", "check": "ok"},
    "truncated-50pct": {"*": "DAMAGED_PDF", "check": "ok"},
    "truncated-90pct": {"*": "DAMAGED_PDF", "check": "ok"},
    "truncated-last-byte": "ok",
    "truncated-before-startxref": {"*": "DAMAGED_PDF", "check": "ok"},
    "flipped-a": {"*": "DAMAGED_PDF", "check": "ok"},
    "flipped-b": {"*": "DAMAGED_PDF", "check": "ok"},
    "flipped-c": {"*": "DAMAGED_PDF", "check": "ok"},
    "xref-removed": "ok",
    "startxref-wrong": "ok",
    "xref-prev-loop": "ok",
    "xref-size-huge": "ok",
    "length-too-long": "ok",
    "length-too-short": "ok",
    "length-negative": "ok",
    "length-missing-object": "ok",
    "length-is-itself": "ok",
    "object-is-itself": "ok",
    "parent-loop": "ok",
    "page-tree-cycle": {"*": "ok", "inspect": "DAMAGED_PDF"},  # qpdf refuses the loop; poppler reads (and renders)
    # page 1; inspect reads the structure with qpdf only
    "page-tree-missing-kid": {"*": "ok", "thumbnails": "NO_PAGES"},  # qpdf: 0 pages; info and text say so
    "page-tree-self-kid": {"*": "ok", "inspect": "DAMAGED_PDF"},  # as page-tree-cycle
    "page-tree-dag": {"*": "DAMAGED_PDF", "check": "ok"},  # check: verdict problems (exit 12)
    "outline-loop": "ok",
    "form-draws-itself": "ok",
    "nesting-100k-deep": {"*": "ok", "inspect": "DAMAGED_PDF"},  # qpdf gives up on the nesting; poppler reads the page
    "count-lies-high": {"*": "EXTERNAL_TOOL_FAILED", "info": "ok", "check": "ok", "inspect": "ok"},  # qpdf: 1 page;
    # poppler: none
    "pages-100001-count-lies-low": "TOO_MANY_PAGES",
    "pages-200k-repeated-kid": "TOO_MANY_PAGES",
    "bomb-content": {"*": "STREAM_TOO_LARGE", "info": "ok", "check": "ok"},  # check: reported, not inflated
    "bomb-xmp": {"*": "ok", "info": "STREAM_TOO_LARGE", "inspect": "STREAM_TOO_LARGE"},  # only info and inspect
    # read the XMP (pdftoppm does not)
    "bomb-form": {"*": "STREAM_TOO_LARGE", "info": "ok", "check": "ok"},
    "bomb-image": {"*": "ok", "thumbnails": "STREAM_TOO_LARGE"},  # a renderer decodes images: their declared
    # size counts
    "017-unreadable-meta-data/unreadablemetadata.pdf": {"*": "ok", "thumbnails": "DAMAGED_PDF",
                                                        "inspect": "DAMAGED_PDF"},  # no page tree:
    # info and text fall back to poppler, which counts 4 pages from the linearization dict but sees them as 0 x 0
}
CODES = {cls.code: cls.exit_code for cls in errors.all_errors()}


def swept_ops() -> list[str]:
    """Read-only ops that take one input file, from the registry."""
    return [op.name for op in OPS
            if op.name in SWEEP_ARGS or op.read_only and "input" in inspect.signature(op.load()).parameters]


def corpus_pdfs() -> dict[str, Path]:
    return {str(p.relative_to(CORPUS)): p for p in sorted(CORPUS.rglob("*.pdf"))}


CASE_IDS = [f"{op}:{name}" for op in swept_ops() for name in [*corpus_pdfs(), *CASES]]


@pytest.fixture(scope="session")
def sweep(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Outcome]]:
    """Run the selected cases, as many at a time as there are CPUs; report the figures."""
    wanted = [item.callspec.params["case"] for item in request.session.items
              if item.originalname == "test_sweep" and hasattr(item, "callspec")]
    wanted.sort(key=lambda case: case.split(":", 1)[1] not in CASES)  # the slow generated ones first
    work = tmp_path_factory.mktemp("sweep")
    files = {**corpus_pdfs(), **_generate(work / "generated")}
    servers = Servers(os.cpu_count() or 1)
    started = time.monotonic()
    try:
        with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
            outcomes = dict(zip(wanted, pool.map(lambda case: _run(servers, case, files, work), wanted), strict=True))
    finally:
        servers.close()
    _report(outcomes, time.monotonic() - started)
    yield outcomes


def _generate(folder: Path) -> dict[str, Path]:
    folder.mkdir()
    sample = SAMPLE.read_bytes()
    for name, make in CASES.items():
        (folder / f"{name}.pdf").write_bytes(make(sample))
    return {name: folder / f"{name}.pdf" for name in CASES}


def _run(servers: Servers, case: str, files: dict[str, Path], work: Path) -> Outcome:
    op, name = case.split(":", 1)
    password = ["--password", PASSWORDS[name]] if name in PASSWORDS else []
    out = tempfile.mkdtemp(prefix="out-", dir=work)
    argv = [op, files[name], "--json", *(a.format(out=out) for a in SWEEP_ARGS.get(op, [])), *password]
    return servers.run(argv, cwd=work, timeout=TIME_LIMIT, memory=MEMORY_CAP)


def _code(outcome: Outcome) -> str:
    """ok (a result), or the error's code. `check` answers with a result whose exit code is its verdict."""
    error = outcome.error()
    if outcome.returncode == 0 or error is None and _verdict(outcome) is not None:
        return "ok"
    return error["code"] if error else f"exit {outcome.returncode}"


def _verdict(outcome: Outcome) -> str | None:
    try:
        return json.loads(outcome.stdout).get("verdict")  # type: ignore[no-any-return]
    except (ValueError, AttributeError):
        return None


def _report(outcomes: dict[str, Outcome], seconds: float) -> None:
    if not outcomes:
        return
    files = {case.split(":", 1)[1] for case in outcomes}
    generated = files & set(CASES)
    codes = Counter(_code(o) for o in outcomes.values())
    slowest = max(outcomes, key=lambda c: outcomes[c].seconds)
    biggest = max(outcomes, key=lambda c: outcomes[c].peak_rss)
    report("sweep", f"files swept: {len(files)} ({len(files) - len(generated)} corpus, {len(generated)} generated); "
                    f"calls: {len(outcomes)} in {seconds:.1f} s")
    report("sweep", "outcomes: " + ", ".join(f"{code} {n}" for code, n in codes.most_common()))
    report("sweep", f"slowest: {slowest} {outcomes[slowest].seconds:.2f} s; "
                    f"peak memory: {biggest} {outcomes[biggest].peak_rss / 2**20:.0f} MiB")


@pytest.mark.parametrize("case", CASE_IDS)
def test_sweep(case: str, sweep: dict[str, Outcome]) -> None:
    outcome = sweep[case]
    op, name = case.split(":", 1)
    assert not outcome.timed_out, outcome
    assert outcome.peak_rss < MEMORY_BOUND, outcome
    assert "Traceback" not in outcome.stderr, outcome
    assert outcome.leftovers == [], outcome
    code = _code(outcome)
    if code == "ok":
        assert isinstance(json.loads(outcome.stdout), dict) and outcome.stderr == "", outcome
        verdict = _verdict(outcome)  # check: the exit code is the verdict's
        assert verdict is None or outcome.returncode == {"valid": 0, "problems": 12, "unreadable": 4}[verdict]
    else:
        assert code in CODES and code != "INTERNAL", outcome
        assert outcome.returncode == CODES[code] and outcome.stdout == b"", outcome
    assert code == expected(op, name), outcome


def expected(op: str, name: str) -> str:
    assert name in EXPECTED or name not in CASES, f"{name}: every generated file needs its line in EXPECTED"
    outcome = EXPECTED.get(name, "ok")
    return outcome if isinstance(outcome, str) else outcome.get(op, outcome["*"])


def test_the_sweep_covers_the_registry() -> None:
    """New read-only ops join the sweep by themselves; the ones known today must be among them."""
    assert {"info", "text", "thumbnails"} <= set(swept_ops())
    assert len(corpus_pdfs()) >= 30 and len(CASES) >= 30
