"""`bookmarks replace --data` takes the bookmarks of a pdftk data file, as `pdftk dump_data` writes them and
`pdftk update_info` applies them (BookmarkBegin / BookmarkTitle / BookmarkLevel / BookmarkPageNumber): a pdftk
user's dump, edited, replaces the outline. It said `--data is not valid JSON`.

dump_data writes ASCII, other characters as XML entities (`&#233;`), which are decoded; dump_data_utf8 writes the
text as it is. The outline made is compared with pdftk's own dump of it, and with pdftk's update_info."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from conftest import CORPUS

from pdftools.errors import InvalidArgument
from pdftools.ops.bookmarks import bookmarks

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"
OUTLINE = CORPUS / "006-pdflatex-outline" / "pdflatex-outline.pdf"


def pdftk_bookmarks(path: Path) -> list[str]:
    dump = subprocess.run(["pdftk", str(path), "dump_data_utf8"], capture_output=True, text=True, check=True).stdout
    return [line for line in dump.splitlines() if line.startswith("Bookmark")]


def test_a_dump_of_pdftk_edited_replaces_the_outline(tmp_path: Path) -> None:
    data = tmp_path / "dump.txt"
    data.write_text("InfoBegin\nInfoKey: Title\nInfoValue: kept out\nNumberOfPages: 4\n"
                    "BookmarkBegin\nBookmarkTitle: Einf&#252;hrung &amp; Ziel\nBookmarkLevel: 1\n"
                    "BookmarkPageNumber: 1\n"
                    "BookmarkBegin\nBookmarkTitle: Teil 1\nBookmarkLevel: 2\nBookmarkPageNumber: 2\n"
                    "BookmarkBegin\nBookmarkTitle: Teil 2\nBookmarkLevel: 2\nBookmarkPageNumber: 3\n"
                    "BookmarkBegin\nBookmarkTitle: Ende\nBookmarkLevel: 1\nBookmarkPageNumber: 4\n"
                    "PageMediaBegin\nPageMediaNumber: 1\nPageMediaRotation: 0\n", encoding="ascii")
    out, theirs = tmp_path / "out.pdf", tmp_path / "pdftk.pdf"
    result = bookmarks("replace", str(FOUR), data=str(data), output=str(out))
    assert [(n.title, n.page, [(k.title, k.page) for k in n.children]) for n in result.outline] == [
        ("Einführung & Ziel", 1, [("Teil 1", 2), ("Teil 2", 3)]), ("Ende", 4, [])]
    subprocess.run(["pdftk", str(FOUR), "update_info", str(data), "output", str(theirs)], check=True)
    assert pdftk_bookmarks(out) == pdftk_bookmarks(theirs)


def test_dump_data_utf8s_text_is_taken_as_it_is(tmp_path: Path) -> None:
    """A round trip through pdftk's dump_data_utf8 of the corpus's outline: the same bookmarks again."""
    data = tmp_path / "dump.txt"
    data.write_bytes(subprocess.run(["pdftk", str(OUTLINE), "dump_data_utf8"], capture_output=True,
                                    check=True).stdout.replace(b"Title: Foo", "Title: Föö &amp;".encode()))
    out = tmp_path / "out.pdf"
    bookmarks("replace", str(OUTLINE), data=str(data), output=str(out))
    expected = [line.replace("Title: Foo", "Title: Föö &amp;") for line in pdftk_bookmarks(OUTLINE)]
    assert pdftk_bookmarks(out) == expected


def test_a_pdftk_file_without_bookmarks_is_refused(tmp_path: Path) -> None:
    data = tmp_path / "info.txt"
    data.write_text("InfoBegin\nInfoKey: Title\nInfoValue: X\n", encoding="ascii")
    with pytest.raises(InvalidArgument, match="no bookmarks"):
        bookmarks("replace", str(FOUR), data=str(data), output=str(tmp_path / "out.pdf"))
    assert not (tmp_path / "out.pdf").exists()


def test_metadata_set_says_what_it_passes_over(tmp_path: Path) -> None:
    """`metadata set --data` applies a pdftk file's Info records only; pdftk's update_info applies its bookmarks
    and page labels too. A dump's bookmarks and labels were passed over without a word: now a warning names each
    kind and the command that applies it."""
    from pdftools.ops.metadata import metadata

    data = tmp_path / "dump.txt"
    data.write_bytes(subprocess.run(["pdftk", str(OUTLINE), "dump_data"], capture_output=True, check=True).stdout
                     + b"PageLabelBegin\nPageLabelNewIndex: 1\nPageLabelStart: 1\n"
                       b"PageLabelNumStyle: LowercaseRomanNumerals\n")
    result = metadata("set", str(FOUR), data=str(data), output=str(tmp_path / "out.pdf"))
    told = " ".join(result.warnings)
    assert "9 bookmarks" in told and f"pdftools bookmarks replace FILE --data {data}" in told, result.warnings
    assert "1 page label" in told and "pdftools labels" in told, result.warnings
    quiet = metadata("set", str(FOUR), values=["title=T"], output=str(tmp_path / "plain.pdf"))
    assert quiet.warnings == []


def test_a_page_past_the_end_names_its_bookmark(tmp_path: Path) -> None:
    """pdftk update_info sends such a bookmark nowhere; `replace` refuses it, naming the bookmark (it said only
    `page 9 is out of range`, which a person had to find among the records)."""
    from pdftools.errors import InvalidPageRange

    data = tmp_path / "dump.txt"
    data.write_text("BookmarkBegin\nBookmarkTitle: Intro\nBookmarkLevel: 1\nBookmarkPageNumber: 1\n"
                    "BookmarkBegin\nBookmarkTitle: Appendix\nBookmarkLevel: 1\nBookmarkPageNumber: 9\n",
                    encoding="ascii")
    for given in (str(data), '[{"title": "Appendix", "page": 9}]'):
        with pytest.raises(InvalidPageRange, match="bookmark 'Appendix': page 9 is out of range"):
            bookmarks("replace", str(FOUR), data=given, output=str(tmp_path / "out.pdf"))
    assert not (tmp_path / "out.pdf").exists()
