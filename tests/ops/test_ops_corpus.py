"""The operations against real PDFs, checked against the corpus ground truth (files.json).

Expected values are computed independently of pdftools where possible (pikepdf directly, files.json), so a
bug in a shared pdftools helper cannot hide itself.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pikepdf
import pytest

from pdftools.core.pages import parse_pages, parse_ranges
from pdftools.errors import BadPassword, Encrypted, InvalidArgument, InvalidPageRange
from pdftools.ops.info import info
from pdftools.ops.ls import ls
from pdftools.ops.merge import merge
from pdftools.ops.split import split
from pdftools.ops.text import text

DEFAULT_PART = "{stem}-{start:03}-{end:03}.pdf"


def part_name(stem: str, start: int, end: int) -> str:
    return DEFAULT_PART.format(stem=stem, start=start, end=end)


def page_count(path: Path | str) -> int:
    with pikepdf.open(path) as pdf:
        return len(pdf.pages)


# ------------------------------------------------------------------------------------ info against files.json


def test_info_pages_and_encryption_match_ground_truth(corpus_item: tuple[Path, dict[str, Any], str | None]) -> None:
    path, entry, password = corpus_item
    result = info(str(path), password=password)
    assert result.pages == entry["pages"]
    assert result.encrypted is entry["encrypted"]
    assert (result.encryption is not None) is entry["encrypted"]


def test_info_annotation_counts_match_ground_truth(corpus_item: tuple[Path, dict[str, Any], str | None]) -> None:
    path, entry, password = corpus_item
    assert info(str(path), password=password).annotations == entry["annotations"]


def test_info_encrypted_needs_the_right_password(encrypted_pdf: Path) -> None:
    with pytest.raises(Encrypted):
        info(str(encrypted_pdf))
    with pytest.raises(BadPassword):
        info(str(encrypted_pdf), password="not-the-password")


# ----------------------------------------------------------------------------------------------------- text


def test_text_returns_one_entry_per_page(corpus_item: tuple[Path, dict[str, Any], str | None]) -> None:
    path, entry, password = corpus_item
    result = text(str(path), password=password)
    assert result.page_count == entry["pages"]
    assert [p.page for p in result.pages] == list(range(1, entry["pages"] + 1))
    assert result.truncated is False
    assert result.next_page is None and result.next_offset is None
    assert result.chars == sum(len(p.text) for p in result.pages)
    assert set(result.empty_pages) == {p.page for p in result.pages if not p.text.strip()}


def test_text_of_the_encrypted_pdf_is_readable_with_its_password(
    encrypted_pdf: Path, encrypted_password: str
) -> None:
    result = text(str(encrypted_pdf), password=encrypted_password)
    assert len(result.pages) == 1
    assert result.pages[0].text.strip(), "the decrypted page should have a text layer"


def _read_in_pieces(
    path: Path, max_chars: int, pages: str | None = None, max_calls: int = 200
) -> list[tuple[int, str]]:
    """Follow next_page/next_offset until the end; the pieces in the order they came, merged per page run."""
    pieces: list[tuple[int, str]] = []
    start_page: int | None = None
    offset = 0
    for _ in range(max_calls):
        result = text(str(path), pages=pages, max_chars=max_chars, start_page=start_page, offset=offset)
        assert result.chars <= max_chars
        assert result.chars == sum(len(p.text) for p in result.pages)
        for piece in result.pages:
            if pieces and pieces[-1][0] == piece.page:  # the rest of a page cut by the previous call
                pieces[-1] = (piece.page, pieces[-1][1] + piece.text)
            else:
                pieces.append((piece.page, piece.text))
        if not result.truncated:
            return pieces
        assert result.next_page is not None
        start_page, offset = result.next_page, result.next_offset or 0
    pytest.fail(f"text continuation did not finish within {max_calls} calls (max_chars={max_chars}, pages={pages})")


@pytest.mark.parametrize("max_chars", [997, 3001, 3956, 14482])
def test_text_continuation_reproduces_the_full_text(sample: Path, max_chars: int) -> None:
    full = text(str(sample))
    assert full.chars > max_chars, "the budget must actually cut the text"
    assert _read_in_pieces(sample, max_chars) == [(p.page, p.text) for p in full.pages]


def test_text_continuation_on_a_page_selection(sample: Path) -> None:
    full = text(str(sample), pages="2-4")
    assert _read_in_pieces(sample, 2500, pages="2-4") == [(p.page, p.text) for p in full.pages]


def test_text_continuation_with_a_descending_page_selection(sample: Path) -> None:
    """`--pages 4-1` reads pages in reverse; continuing must go on with the pages still to come (3, 2, 1)."""
    full = text(str(sample), pages="4-1")
    assert [p.page for p in full.pages] == [4, 3, 2, 1]
    assert _read_in_pieces(sample, 3000, pages="4-1", max_calls=20) == [(p.page, p.text) for p in full.pages]


# ------------------------------------------------------------------------------------------- page ranges


def test_pages_mixed_spec() -> None:
    assert parse_pages("1-3,7,10-", 12) == [1, 2, 3, 7, 10, 11, 12]
    assert parse_ranges("1-3,7,10-", 12) == [(1, 3), (7, 7), (10, 12)]


@pytest.mark.parametrize("spec", ["last", "LAST", "-1", " last "])
def test_pages_last(spec: str) -> None:
    assert parse_pages(spec, 9) == [9]


def test_pages_negative_counts_from_the_end() -> None:
    assert parse_pages("-2", 9) == [8]
    assert parse_pages("-3-last", 9) == [7, 8, 9]


def test_pages_reverse_range() -> None:
    assert parse_pages("3-1", 5) == [3, 2, 1]
    assert parse_ranges("3-1", 5) == [(3, 1)]


def test_pages_all_and_empty() -> None:
    """No spec and `all` are every page; an empty spec names none and is refused (a front end passes it as no
    spec where that means all pages: tests/mcp/test_page_spec_empty.py)."""
    assert parse_pages(None, 3) == [1, 2, 3]
    assert parse_pages("all", 3) == [1, 2, 3]
    for empty in ("", "  "):
        with pytest.raises(InvalidPageRange) as err:
            parse_pages(empty, 3)
        assert "`all`" in err.value.hint


@pytest.mark.parametrize("spec", ["13", "1-13", "0", "14-", "-13", "2,20"])
def test_pages_out_of_range_names_the_page_count(spec: str) -> None:
    with pytest.raises(InvalidPageRange) as err:
        parse_pages(spec, 12)
    assert "12 pages" in err.value.message


def test_pages_out_of_range_singular() -> None:
    with pytest.raises(InvalidPageRange) as err:
        parse_pages("2", 1)
    assert "1 page" in err.value.message and "1 pages" not in err.value.message


@pytest.mark.parametrize("spec", ["abc", "1-2-3", "1,,2", "1..3", "q-3", "1-y", "3:4", "1 2"])
def test_pages_garbage(spec: str) -> None:
    with pytest.raises(InvalidPageRange) as err:
        parse_pages(spec, 12)
    assert "cannot read" in err.value.message


def test_pages_left_out_of_nothing() -> None:
    """`x-3` is qpdf's `x` (leave out) with nothing before it to leave pages out of."""
    with pytest.raises(InvalidPageRange, match="nothing before it"):
        parse_pages("x-3", 12)


# ------------------------------------------------------------------------------------------------ merge


def _page_indices(pdf: pikepdf.Pdf) -> dict[tuple[int, int], int]:
    return {page.obj.objgen: i for i, page in enumerate(pdf.pages)}


def _resolve(pdf: pikepdf.Pdf, item: pikepdf.OutlineItem) -> int | None:
    """The 0-based page an outline item points to, resolved with pikepdf only (named or explicit)."""
    dest: Any = item.destination
    if dest is None and item.action is not None and item.action.get("/S") == "/GoTo":
        dest = item.action.get("/D")
    if isinstance(dest, pikepdf.String | pikepdf.Name):
        names = pikepdf.NameTree(pdf.Root.Names.Dests)
        dest = names[str(dest)]
    if isinstance(dest, pikepdf.Dictionary):
        dest = dest.D
    if dest is None:
        return None
    target = dest[0]
    if isinstance(target, int):
        return int(target)
    return _page_indices(pdf).get(target.objgen)


def _tree(pdf: pikepdf.Pdf, items: Any, shift: int = 0) -> list[tuple[str, int | None, list[Any]]]:
    out = []
    for item in items:
        page = _resolve(pdf, item)
        out.append((str(item.title), None if page is None else page + shift, _tree(pdf, item.children, shift)))
    return out


def _outline(path: Path, shift: int = 0) -> list[tuple[str, int | None, list[Any]]]:
    with pikepdf.open(path) as pdf, pdf.open_outline() as outline:
        return _tree(pdf, outline.root, shift)


def test_merge_keeps_each_inputs_outline_as_a_subtree(
    tmp_path: Path, outline_pdf: Path, mistitled_outline_pdf: Path
) -> None:
    out = tmp_path / "merged.pdf"
    result = merge([str(outline_pdf), str(mistitled_outline_pdf)], output=str(out))
    assert result.pages == 8 == page_count(out)
    assert [(Path(i.path), i.pages) for i in result.inputs] == [(outline_pdf, 4), (mistitled_outline_pdf, 4)]

    first, second = _outline(outline_pdf), _outline(mistitled_outline_pdf, shift=4)
    assert len(first) == 9 and all(page is not None for _, page, _ in first)
    assert any(children for _, _, children in second)  # the second outline is nested
    merged = _outline(out)
    # Both inputs have an empty /Title, so their bookmarks are named after the file stems.
    assert merged == [
        (outline_pdf.stem, 0, first),
        (mistitled_outline_pdf.stem, 4, second),
    ]


def _docinfo(path: Path) -> dict[str, str]:
    with pikepdf.open(path) as pdf:
        return {str(k): str(v) for k, v in pdf.docinfo.items()}


def _xmp_present(path: Path) -> bool:
    with pikepdf.open(path) as pdf:
        return "/Metadata" in pdf.Root


def test_merge_keeps_the_first_inputs_metadata(tmp_path: Path, outline_pdf: Path, mistitled_outline_pdf: Path) -> None:
    out = tmp_path / "merged.pdf"
    merge([str(outline_pdf), str(mistitled_outline_pdf)], output=str(out))
    expected = _docinfo(outline_pdf)
    assert expected, "the first input has an Info dictionary"
    assert _docinfo(out) == expected


def test_merge_keeps_the_first_inputs_xmp_and_not_a_later_ones(
    tmp_path: Path, mistitled_outline_pdf: Path, corpus: Path
) -> None:
    """First input with XMP and Info, then a 1-page input: the result carries the first input's metadata."""
    one_page = corpus / "001-trivial/minimal-document.pdf"
    out = tmp_path / "merged.pdf"
    merge([str(mistitled_outline_pdf), str(one_page)], output=str(out))
    assert _xmp_present(mistitled_outline_pdf)
    assert _docinfo(out) == _docinfo(mistitled_outline_pdf)
    assert _xmp_present(out)


def test_merge_page_selection(tmp_path: Path, sample: Path, outline_pdf: Path) -> None:
    out = tmp_path / "picked.pdf"
    result = merge([f"{sample}:1-2", f"{outline_pdf}:last"], output=str(out))
    assert [i.pages for i in result.inputs] == [2, 1]
    assert page_count(out) == 3


# ------------------------------------------------------------------------------------------------ split


def _parts(folder: Path) -> dict[str, int]:
    """Every entry in `folder` (names, including hidden ones) with its page count."""
    entries = sorted(folder.iterdir())
    assert all(p.is_file() for p in entries), f"unexpected folders left behind: {entries}"
    return {p.name: page_count(p) for p in entries}


def test_split_every_page(tmp_path: Path, sample: Path) -> None:
    result = split(str(sample), out_dir=str(tmp_path))
    stem = sample.stem
    expected = {part_name(stem, n, n): 1 for n in range(1, 5)}
    assert _parts(tmp_path) == expected
    assert [(Path(p.path).name, p.start, p.end, p.pages) for p in result.parts] == [
        (part_name(stem, n, n), n, n, 1) for n in range(1, 5)
    ]


@pytest.mark.parametrize(
    ("every", "expected"),
    [(2, [(1, 2), (3, 4)]), (3, [(1, 3), (4, 4)]), (4, [(1, 4)]), (10, [(1, 4)])],
)
def test_split_every_n(tmp_path: Path, sample: Path, every: int, expected: list[tuple[int, int]]) -> None:
    result = split(str(sample), out_dir=str(tmp_path), every=every)
    assert _parts(tmp_path) == {part_name(sample.stem, a, b): b - a + 1 for a, b in expected}
    assert [(p.start, p.end, p.pages) for p in result.parts] == [(a, b, b - a + 1) for a, b in expected]


@pytest.mark.parametrize(
    ("ranges", "expected"),
    [
        ("1-2,3-4", [(1, 2, 2), (3, 4, 2)]),
        ("1,2-", [(1, 1, 1), (2, 4, 3)]),
        ("last,1-3", [(4, 4, 1), (1, 3, 3)]),
        ("4-1", [(4, 1, 4)]),
    ],
)
def test_split_ranges(tmp_path: Path, sample: Path, ranges: str, expected: list[tuple[int, int, int]]) -> None:
    result = split(str(sample), out_dir=str(tmp_path), ranges=ranges)
    assert _parts(tmp_path) == {part_name(sample.stem, a, b): n for a, b, n in expected}
    assert [(p.start, p.end, p.pages) for p in result.parts] == expected


def test_split_ranges_out_of_range_writes_nothing(tmp_path: Path, sample: Path) -> None:
    with pytest.raises(InvalidPageRange, match="4 pages"):
        split(str(sample), out_dir=str(tmp_path), ranges="1-2,3-9")
    assert list(tmp_path.iterdir()) == []


def _top_level_starts(path: Path) -> list[tuple[int, str]]:
    """(1-based page, title) of each top-level bookmark, in outline order."""
    with pikepdf.open(path) as pdf, pdf.open_outline() as outline:
        return [(page + 1, str(item.title)) for item in outline.root if (page := _resolve(pdf, item)) is not None]


def _expected_bookmark_parts(path: Path) -> list[tuple[int, int, str]]:
    starts = _top_level_starts(path)
    count = page_count(path)
    firsts = sorted({1, *(page for page, _ in starts)})
    first_title: dict[int, str] = {}
    for page, title in starts:
        first_title.setdefault(page, title)
    ends = [*(p - 1 for p in firsts[1:]), count]
    return [(a, b, first_title.get(a, "")) for a, b in zip(firsts, ends, strict=True)]


@pytest.mark.parametrize("fixture", ["outline_pdf", "mistitled_outline_pdf"])
def test_split_at_bookmarks_pages_and_names(tmp_path: Path, fixture: str, request: pytest.FixtureRequest) -> None:
    src: Path = request.getfixturevalue(fixture)
    expected = _expected_bookmark_parts(src)
    assert len(expected) == 4  # both documents: page 1 has no bookmark, pages 2-4 each start a section
    result = split(str(src), out_dir=str(tmp_path), bookmarks=True)
    assert _parts(tmp_path) == {part_name(src.stem, a, b): b - a + 1 for a, b, _ in expected}
    assert [(p.start, p.end, p.pages) for p in result.parts] == [(a, b, b - a + 1) for a, b, _ in expected]


@pytest.mark.parametrize("fixture", ["outline_pdf", "mistitled_outline_pdf"])
def test_split_at_bookmarks_titles_are_the_first_bookmark_on_the_start_page(
    tmp_path: Path, fixture: str, request: pytest.FixtureRequest
) -> None:
    """A part's {title} is the bookmark that starts it: the first (in outline order) pointing at its page."""
    src: Path = request.getfixturevalue(fixture)
    expected = _expected_bookmark_parts(src)
    result = split(str(src), out_dir=str(tmp_path), bookmarks=True)
    assert [(p.start, p.title) for p in result.parts] == [(a, t) for a, _, t in expected]


def test_split_at_bookmarks_without_an_outline(tmp_path: Path, sample: Path) -> None:
    with pytest.raises(InvalidArgument, match="bookmarks"):
        split(str(sample), out_dir=str(tmp_path), bookmarks=True)
    assert list(tmp_path.iterdir()) == []


def test_split_encrypted_with_password(tmp_path: Path, encrypted_pdf: Path, encrypted_password: str) -> None:
    result = split(str(encrypted_pdf), out_dir=str(tmp_path), password=encrypted_password)
    name = part_name(encrypted_pdf.stem, 1, 1)
    assert result.encrypted and sorted(p.name for p in tmp_path.iterdir()) == [name]  # encryption kept
    with pikepdf.open(tmp_path / name, password=encrypted_password) as part:
        assert len(part.pages) == 1


# --------------------------------------------------------------------------------------------------- ls


def test_ls_finds_every_corpus_pdf_recursively(corpus: Path, corpus_files: list[tuple[Path, dict[str, Any]]]) -> None:
    result = ls(str(corpus), recursive=True, limit=10_000)
    listed = {f.path for f in result.files}
    assert {entry["path"] for _, entry in corpus_files} <= listed
    on_disk = {str(p.relative_to(corpus)) for p in corpus.rglob("*.pdf") if not p.name.startswith(".")}
    assert listed == on_disk
    assert result.total == len(on_disk) and result.more is False


def test_ls_is_not_recursive_by_default(corpus: Path) -> None:
    result = ls(str(corpus))
    assert result.files == [] and result.total == 0  # the corpus root holds only folders and files.json


def test_ls_flags_the_encrypted_pdf(corpus: Path, encrypted_pdf: Path) -> None:
    result = ls(str(corpus), recursive=True, limit=10_000)
    rel = str(encrypted_pdf.relative_to(corpus))  # the only encrypted file in the corpus
    assert [f.path for f in result.files if f.encrypted] == [rel]
    entry = next(f for f in result.files if f.path == rel)
    assert entry.error == "ENCRYPTED" and entry.size == encrypted_pdf.stat().st_size


def test_ls_page_counts_match_ground_truth(corpus: Path, corpus_files: list[tuple[Path, dict[str, Any]]]) -> None:
    result = ls(str(corpus), recursive=True, limit=10_000)
    by_path = {f.path: f for f in result.files}
    wrong = {
        entry["path"]: (by_path[entry["path"]].pages, by_path[entry["path"]].error, entry["pages"])
        for _, entry in corpus_files
        if not entry["encrypted"] and by_path[entry["path"]].pages != entry["pages"]
    }
    assert wrong == {}, "ls (pages, error) differ from files.json pages"
    sizes = {f.path: f.size for f in result.files}
    assert all(sizes[e["path"]] == p.stat().st_size for p, e in corpus_files)


def test_ls_limit(corpus: Path) -> None:
    result = ls(str(corpus), recursive=True, limit=3)
    assert len(result.files) == 3 and result.more is True and result.total > 3


# ---------------------------------------------------------------------------------------- odd and even pages


@pytest.mark.parametrize(
    ("spec", "count", "expected"),
    [("odd", 5, [1, 3, 5]), ("even", 5, [2, 4]), ("ODD", 4, [1, 3]), ("even,1", 4, [2, 4, 1]),
     ("last,odd", 3, [3, 1, 3])],
)
def test_pages_odd_and_even(spec: str, count: int, expected: list[int]) -> None:
    assert parse_pages(spec, count) == expected


def test_pages_that_name_none_of_the_document() -> None:
    """`even` of a 1-page document names no page: refused (it was [], and readers read nothing, exit 0)."""
    with pytest.raises(InvalidPageRange, match="selects no pages"):
        parse_pages("even", 1)


def test_merge_input_spec_takes_odd_and_even(tmp_path: Path, sample: Path) -> None:
    out = tmp_path / "odd.pdf"
    result = merge([f"{sample}:odd", f"{sample}:even"], output=str(out))
    assert [i.pages for i in result.inputs] == [2, 2]
    first_lines = [_first_line(out, n) for n in range(1, 5)]
    assert first_lines == [_first_line(sample, n) for n in (1, 3, 2, 4)]


def _first_line(path: Path, page: int) -> str:
    import subprocess

    out = subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), str(path), "-"], capture_output=True,
                         text=True, check=True).stdout
    return next(line for line in out.splitlines() if line.strip())
