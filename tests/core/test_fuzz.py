"""Property-based tests (hypothesis) of what takes untrusted text or bytes: the page-range parser, the file name
pattern renderer, the path confinement check, and `info` / `text` on mutated corpus PDFs.

CI runs a bounded number of examples per test (DEFAULTS); `PDFTOOLS_FUZZ_EXAMPLES=N` runs N per test instead,
for a long run by hand (see README, "Guarantees and limits"). A call that hangs past HANG_GUARD seconds dumps
every thread's stack and ends the run (faulthandler), rather than hanging it.
"""

from __future__ import annotations

import faulthandler
import os
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import CORPUS, PASSWORDS, report
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pdftools import errors
from pdftools.core import paths, policies, task
from pdftools.core.naming import render
from pdftools.core.pages import parse_pages
from pdftools.ops import get

DEFAULTS = {"pages": 400, "pages_model": 200, "names": 300, "roots": 400, "info": 150, "text": 60}
HANG_GUARD = 120.0
COUNTS: Counter[str] = Counter()


def examples(name: str) -> int:
    return int(os.environ.get("PDFTOOLS_FUZZ_EXAMPLES") or DEFAULTS[name])


def fuzz(name: str) -> Any:
    """Hypothesis settings for the fuzzer `name`: its example count, no per-example deadline (the hang guard
    covers that), and no database writes into the checkout."""
    return settings(max_examples=examples(name), deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                           HealthCheck.data_too_large, HealthCheck.filter_too_much])


@pytest.fixture(scope="module", autouse=True)
def hang_guard_and_figures() -> Iterator[None]:
    faulthandler.dump_traceback_later(HANG_GUARD * 10, exit=True)  # the module as a whole
    yield
    faulthandler.cancel_dump_traceback_later()
    report("fuzz", "examples: " + ", ".join(f"{k} {v}" for k, v in sorted(COUNTS.items())))


# -------------------------------------------------------------------------------------------- page ranges

PAGE_TOKENS = st.sampled_from(["1", "2", "3", "10", "0", "-1", "-2", "-0", "last", "first", "all", "LAST", "-",
                               ",", " ", "--", "1-", "-3", "99999999999999999999", "\u0661", "\t", "x", "1.5"])
PAGE_SPECS = st.lists(PAGE_TOKENS | st.text(max_size=3), max_size=8).map("".join) | st.text(max_size=20)


@fuzz("pages")
@given(spec=PAGE_SPECS | st.none(), count=st.integers(0, 300))
def test_page_ranges_give_pages_in_range_or_the_range_error(spec: str | None, count: int) -> None:
    COUNTS["pages"] += 1
    try:
        pages = parse_pages(spec, count)
    except errors.InvalidPageRange:
        return
    assert isinstance(pages, list) and all(isinstance(p, int) and 1 <= p <= count for p in pages)


@fuzz("pages_model")
@given(data=st.data(), count=st.integers(1, 300))
def test_page_ranges_mean_what_people_say(data: st.DataObject, count: int) -> None:
    """Well-formed specs against a model: `a-b` inclusive (reversed when b < a), `a-` to the end, `-k` counts
    from the end, `last`; the result is the items' pages in order, repeats kept."""
    COUNTS["pages_model"] += 1
    page = st.integers(1, count)
    token = st.one_of(page.map(lambda n: (str(n), n)), page.map(lambda n: (str(n - count - 1), n)),
                      st.just(("last", count)))
    items = data.draw(st.lists(st.one_of(
        token.map(lambda t: (t[0], [t[1]])),
        st.tuples(token, token).map(lambda ab: (f"{ab[0][0]}-{ab[1][0]}", _span(ab[0][1], ab[1][1]))),
        token.map(lambda t: (f"{t[0]}-", _span(t[1], count)))), min_size=1, max_size=6))
    assert parse_pages(", ".join(text for text, _ in items), count) == [p for _, pages in items for p in pages]


def _span(a: int, b: int) -> list[int]:
    return list(range(a, b + 1)) if b >= a else list(range(a, b - 1, -1))


# ----------------------------------------------------------------------------------------------- names

NAME_PIECES = st.sampled_from(["{stem}", "{start}", "{end:03}", "{index:02}", "{title}", "{title!r}", "{start:>300}",
                               "{title:>260}", "{title.__class__}", "{0}", "{", "}", "{}", "/", "..", ".", "\\",
                               "\x00", ".pdf", "%", ":", "{start:\x00<5}", "{start:{end}}", "~", "\ud800", "CON",
                               " ", "\u202e"])
ANY_TEXT = st.text(st.characters(codec=None, exclude_categories=()), max_size=300)  # surrogates included
LONG_TEXT = st.text(st.sampled_from("\u6f22\u00e9a\U0001f600 ./"), min_size=100, max_size=300)  # up to 4 bytes each


PATTERNS = st.sampled_from(["{stem}_{start:03}-{end:03}.pdf", "{index:02}-{title}.pdf", "{title}"]) | st.lists(
    NAME_PIECES | st.text(max_size=4), max_size=6).map("".join)


@fuzz("names")
@given(pattern=PATTERNS, stem=ANY_TEXT | LONG_TEXT, title=ANY_TEXT | LONG_TEXT, start=st.integers(-10**6, 10**6),
       end=st.integers(0, 10**9), index=st.integers(0, 10**4))
def test_rendered_names_are_one_safe_component(pattern: str, stem: str, title: str, start: int, end: int,
                                               index: int, tmp_path_factory: pytest.TempPathFactory) -> None:
    COUNTS["names"] += 1
    try:
        name = render(pattern, stem=stem, start=start, end=end, index=index, title=title)
    except errors.InvalidArgument:
        return
    assert name not in ("", ".", "..") and not re.search(r"[\x00-\x1f/\\]", name), name
    assert len(name.encode("utf-8")) <= 255, name
    folder = tmp_path_factory.getbasetemp() / "names"
    folder.mkdir(exist_ok=True)
    made = folder / name
    made.touch()  # the file system takes it, as a file directly in the folder
    assert [p.name for p in folder.iterdir()] == [name]
    made.unlink()


# ---------------------------------------------------------------------------------------- confinement


@pytest.fixture(scope="module")
def roots(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Two roots beside an outside folder; symlinks in them point out, at each other, and at themselves."""
    base = tmp_path_factory.mktemp("roots")
    made = {name: base / name for name in ("root", "root-evil", "other", "outside")}
    for folder in made.values():
        (folder / "sub").mkdir(parents=True)
        (folder / "four.pdf").write_bytes(b"%PDF-1.4\n")
    root = made["root"]
    (root / "out").symlink_to(made["outside"])
    (root / "sub" / "up").symlink_to("../..")
    (root / "to-other").symlink_to(made["other"])
    (root / "loop").symlink_to(root / "loop")
    (root / "dangling").symlink_to(made["outside"] / "nothing")
    return {**made, "base": base}


def path_strings(roots: dict[str, Path]) -> st.SearchStrategy[str]:
    pieces = st.sampled_from(["..", ".", "/", "//", "~", "\\", "\x00", "%2e", "%2E%2e", "%2f", "%00", "%25", "%",
                              "file://", "file:///", "localhost", "C:", "sub", "out", "up", "to-other", "loop",
                              "dangling", "four.pdf", "\uff0e", "\u2024", "\u2025", "\uff0f", "#", "?", "\ud800",
                              *(str(p) for p in roots.values())])
    return st.lists(pieces | st.text(max_size=3), max_size=10).map("".join) | ANY_TEXT


def test_confinement_fuzz(roots: dict[str, Path]) -> None:
    policy = policies.RootsPolicy([roots["root"], roots["other"]])
    allowed = [Path(os.path.realpath(roots[r])).parts for r in ("root", "other")]

    @fuzz("roots")
    @given(raw=path_strings(roots))
    def check(raw: str) -> None:
        COUNTS["roots"] += 1
        try:
            got = policy.resolve(raw)
        except (errors.PathOutsideRoot, errors.InvalidArgument):
            return
        real = Path(os.path.realpath(got)).parts
        assert any(real[:len(root)] == root for root in allowed), (raw, got)  # compared by components

    check()


# -------------------------------------------------------------------------------------- mutated PDFs

SMALL = sorted((p for p in CORPUS.rglob("*.pdf") if p.stat().st_size < 400_000), key=str)
KEYWORDS = (b"obj", b"endobj", b"stream", b"/Length", b"xref", b"trailer", b"startxref", b"/Root", b"/Pages",
            b"/Kids", b"/Count", b"/Filter", b"/Type", b"R ")


@st.composite
def mutated(draw: st.DrawFn) -> tuple[Path, bytes]:
    """A corpus PDF with 1-6 mutations: bytes flipped, cut, inserted, deleted or zeroed, often at a keyword."""
    source = draw(st.sampled_from(SMALL))
    data = bytearray(source.read_bytes())
    for _ in range(draw(st.integers(1, 6))):
        marks = [m.start() for word in KEYWORDS for m in re.finditer(re.escape(word), data)]
        at = draw(st.sampled_from(marks) if marks and draw(st.booleans()) else st.integers(0, len(data)))
        kind = draw(st.sampled_from(["flip", "cut", "insert", "delete", "zero"]))
        if kind == "flip" and at < len(data):
            data[at] = draw(st.integers(0, 255))
        elif kind == "cut":
            del data[at:]
        elif kind == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=64) | st.sampled_from(KEYWORDS))
        else:
            size = draw(st.integers(1, 512))
            data[at:at + size] = bytes(size) if kind == "zero" else b""
    return source, bytes(data)


def _call(op: str, source: Path, data: bytes, folder: Path) -> None:
    """`op` on the mutated bytes: a result or a pdftools error; anything else fails the test."""
    target = folder / f"{op}.pdf"
    target.write_bytes(data)
    password = PASSWORDS.get(str(source.relative_to(CORPUS)))
    faulthandler.dump_traceback_later(HANG_GUARD, exit=True)
    try:
        with paths.using(policies.LocalPolicy()), task.running(task.Task(timeout=HANG_GUARD / 2)):
            get(op).load()(str(target), password=password)
    except errors.PdftoolsError as exc:
        assert exc.code != "INTERNAL", exc.message
    finally:
        faulthandler.dump_traceback_later(HANG_GUARD * 10, exit=True)
    COUNTS[op] += 1


@pytest.mark.parametrize("op", ["info", "text"])
def test_mutated_pdfs_give_results_or_pdftools_errors(op: str, tmp_path: Path) -> None:
    @fuzz(op)
    @given(case=mutated())
    def check(case: tuple[Path, bytes]) -> None:
        _call(op, *case, tmp_path)

    check()
