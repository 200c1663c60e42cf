"""Bookmarks keep all of their attributes through page edits: every command that rebuilt the outline kept only
each bookmark's title and page (and a web link's address), so a bookmark's view (`/XYZ 72 700 1.5`, `/FitH
500`...), colour, bold/italic style, closed state, named destination and actions other than a web link were
lost, every destination became `/Fit`. Now a kept bookmark is the same dictionary with its destination's page
remapped; one whose page went stays as a title-only heading when something under it stays, and goes otherwise.
Checked from the dictionaries (tests/outlines.py), with qpdf's own reading of the outline and `qpdf --check`."""

from __future__ import annotations

import copy
import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from outlines import described, rich_outline

GONE = object()


def _expected(items: list[dict[str, Any]], page_map: dict[int, int | None], *, named: bool = True
              ) -> list[dict[str, Any]]:
    """`items` (described) with pages mapped (None: the page went); an item whose page went is a title-only
    heading if a child stays, else it goes; `named=False`: named destinations read as explicit ones."""
    out = []
    for item in copy.deepcopy(items):
        kids = _expected(item.pop("children", []), page_map, named=named)
        if not named:
            item.pop("named", None)
        if "page" in item:
            page = page_map[item["page"]]
            if page is None:
                if not kids:
                    continue
                for key in ("page", "view", "named", "action"):
                    item.pop(key, None)
            else:
                item["page"] = page
        if kids:
            item["children"] = kids
            visible = _visible(kids)
            item["Count"] = visible if item["Count"] > 0 else -visible
        else:
            item.pop("Count", None)
        out.append(item)
    return out


def _visible(items: list[dict[str, Any]]) -> int:
    return sum(1 + (i["Count"] if i.get("Count", 0) > 0 else 0) for i in items)


def _qpdf_ok(path: Path) -> list[dict[str, Any]]:
    """qpdf's reading of the outline (checked clean by `qpdf --check`): each item's title, page and view."""
    check = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
    assert check.returncode == 0 and "WARNING" not in check.stdout + check.stderr, check.stdout + check.stderr
    shown = json.loads(subprocess.run(["qpdf", "--json", "--json-key=outlines", str(path)], capture_output=True,
                                      text=True, check=True).stdout)["outlines"]

    def walk(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [{"title": i["title"], "page": i["destpageposfrom1"], "view": (i["dest"] or [None])[1:],
                 "open": i["open"], "kids": walk(i["kids"])} for i in items]
    return walk(shown)


@pytest.fixture
def rich(tmp_path: Path, sample: Path) -> Path:
    return rich_outline(sample, tmp_path / "rich.pdf")


@pytest.mark.parametrize(("args", "page_map"), [
    (["delete", "1"], {1: None, 2: 1, 3: 2, 4: 3}),
    (["delete", "3"], {1: 1, 2: 2, 3: None, 4: 3}),
    (["select", "2-4"], {1: None, 2: 1, 3: 2, 4: 3}),
    (["select", "4,2"], {1: None, 2: 2, 3: None, 4: 1}),
    (["reorder", "--mode", "reverse"], {1: 4, 2: 3, 3: 2, 4: 1}),
    (["insert-blank", "--after", "1"], {1: 1, 2: 3, 3: 4, 4: 5}),
])
def test_page_edits_keep_every_attribute_of_a_kept_bookmark(cli: Any, rich: Path, tmp_path: Path, args: list[str],
                                                            page_map: dict[int, int | None]) -> None:
    out = tmp_path / "out.pdf"
    result = cli(args[0], rich, *args[1:], "-o", out)
    assert result.exit_code == 0, result
    assert described(out) == _expected(described(rich), page_map)
    _qpdf_ok(out)


def test_a_heading_whose_page_went_keeps_its_style_and_closed_state(cli: Any, rich: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.pdf"
    assert cli("delete", rich, "1", "-o", out).exit_code == 0
    intro = described(out)[0]
    assert intro["title"] == "Intro" and "page" not in intro and intro["C"] == [1.0, 0.0, 0.0] and intro["F"] == 2
    shown = _qpdf_ok(out)
    assert shown[0]["page"] is None and shown[1]["title"] == "Closed" and shown[1]["open"] is False


def test_merge_keeps_every_attribute_of_each_inputs_bookmarks(cli: Any, rich: Path, tmp_path: Path) -> None:
    out = tmp_path / "merged.pdf"
    result = cli("merge", rich, f"{rich}:2-4", "-o", out)
    assert result.exit_code == 0, result
    first, second = described(out)
    inner = described(rich)
    assert first["children"] == _expected(inner, {1: 1, 2: 2, 3: 3, 4: 4}, named=False)
    # page 1 is not in the second part but is in the first: its bookmark opens that copy (was a title only)
    assert second["children"] == _expected(inner, {1: 1, 2: 5, 3: 6, 4: 7}, named=False)
    assert (first["page"], first["view"], second["page"]) == (1, ["/Fit"], 5)
    shown = _qpdf_ok(out)
    assert shown[0]["kids"][0]["view"] == ["/XYZ", 72, 700, 1.5]
    assert shown[1]["kids"][1]["open"] is False  # Closed stays closed


def test_replace_with_what_list_printed_keeps_views_colours_styles_links(cli: Any, rich: Path, tmp_path: Path
                                                                        ) -> None:
    listed = cli("bookmarks", "list", rich, "--json")
    assert listed.exit_code == 0, listed
    (tmp_path / "toc.json").write_text(listed.stdout)
    out = tmp_path / "out.pdf"
    result = cli("bookmarks", "replace", rich, "--data", tmp_path / "toc.json", "-o", out)
    assert result.exit_code == 0, result
    expected = _expected(described(rich), {1: 1, 2: 2, 3: 3, 4: 4}, named=False)
    for item in [*expected, *expected[0]["children"], *expected[1]["children"]]:
        if item.get("action") == "/GoTo":  # written as the destination it goes to
            del item["action"]
        elif item.get("action") not in (None, "/URI"):  # other actions have no JSON: the title stays
            del item["action"], item["action_data"]
    assert described(out) == expected
    assert json.loads(cli("bookmarks", "list", out, "--json").stdout)["outline"] == json.loads(listed.stdout)["outline"]
    _qpdf_ok(out)


def test_list_json_gives_the_address_view_colour_style_and_closed_state(cli: Any, rich: Path) -> None:
    listed = cli("bookmarks", "list", rich, "--json")
    assert listed.exit_code == 0, listed
    top = json.loads(listed.stdout)["outline"]
    intro, closed, web = top[0], top[1], top[2]
    assert intro["view"] == {"fit": "XYZ", "left": 72, "top": 700, "zoom": 1.5}
    assert intro["color"] == [1, 0, 0] and intro["bold"] is True and "italic" not in intro
    assert intro["children"][0]["view"] == {"fit": "FitH", "top": 500} and intro["children"][0]["italic"] is True
    assert intro["children"][1]["view"] == {"fit": "XYZ", "left": 0, "top": 300, "zoom": None}  # named
    assert closed["closed"] is True and "closed" not in intro
    assert closed["children"][0]["view"] == {"fit": "FitR", "left": 10, "bottom": 20, "right": 30, "top": 40}
    assert web == {"title": "Web", "page": None, "children": [], "uri": "https://example.com/"}
    assert "uri" not in intro and "view" not in web and "color" not in web


def test_replace_takes_an_address_and_a_view(cli: Any, sample: Path, tmp_path: Path) -> None:
    data = json.dumps([{"title": "Site", "page": None, "uri": "https://example.org/a?b=1"},
                       {"title": "Top", "page": 2, "view": {"fit": "XYZ", "left": None, "top": 600, "zoom": 0},
                        "color": [0, 0, 1], "italic": True, "closed": True,
                        "children": [{"title": "Wide", "page": 3, "view": {"fit": "FitH", "top": 100}}]}])
    out = tmp_path / "out.pdf"
    result = cli("bookmarks", "replace", sample, "--data", data, "-o", out)
    assert result.exit_code == 0, result
    assert described(out) == [
        {"title": "Site", "action": "/URI", "action_data": {"/URI": "https://example.org/a?b=1"}},
        {"title": "Top", "page": 2, "view": ["/XYZ", None, 600.0, 0.0], "C": [0.0, 0.0, 1.0], "F": 1, "Count": -1,
         "children": [{"title": "Wide", "page": 3, "view": ["/FitH", 100.0]}]}]
    _qpdf_ok(out)


@pytest.mark.parametrize("view", [{"fit": "Zoom"}, {"fit": "XYZ", "top": "high"}, {"fit": "FitR", "left": 1},
                                  {"left": 1}, "XYZ"])
def test_replace_refuses_a_view_it_cannot_write(cli: Any, sample: Path, tmp_path: Path, view: Any) -> None:
    data = json.dumps([{"title": "Top", "page": 2, "view": view}])
    result = cli("bookmarks", "replace", sample, "--data", data, "-o", tmp_path / "out.pdf")
    assert result.exit_code != 0 and "INVALID_ARGUMENT" in result.stderr, result
    assert not (tmp_path / "out.pdf").exists()


def test_nup_points_each_bookmark_at_its_sheet_whole_and_keeps_its_style(cli: Any, rich: Path, tmp_path: Path
                                                                         ) -> None:
    out = tmp_path / "out.pdf"
    assert cli("nup", rich, "-o", out).exit_code == 0  # 2-up: pages 1-2 on sheet 1, 3-4 on sheet 2
    expected = _expected(described(rich), {1: 1, 2: 1, 3: 2, 4: 2})
    for item in [*expected, *expected[0]["children"], *expected[1]["children"]]:
        if "view" in item:
            item["view"] = ["/Fit"]  # the view was for the page alone
        if item.get("named"):  # the name went with the page: the sheet is named explicitly
            del item["named"]
    assert described(out) == expected
    _qpdf_ok(out)


def test_a_broken_outline_is_left_as_it_was(cli: Any, rich: Path, tmp_path: Path) -> None:
    import pikepdf

    with pikepdf.open(rich, allow_overwriting_input=True) as pdf:
        pdf.Root.Outlines.Last.Next = 5  # not an item: the outline cannot be walked to its end
        pdf.save()
    out = tmp_path / "out.pdf"
    result = cli("delete", rich, "4", "-o", out)
    assert result.exit_code == 0, result
    with pikepdf.open(out) as pdf:
        assert pdf.Root.Outlines.Last.Next == 5 and str(pdf.Root.Outlines.First.Title) == "Intro"


def test_split_parts_keep_the_bookmarks_of_their_pages(cli: Any, rich: Path, tmp_path: Path) -> None:
    result = cli("split", rich, "--ranges", "1-2,3-4", "-d", tmp_path / "parts")
    assert result.exit_code == 0, result
    first, second = sorted((tmp_path / "parts").iterdir())
    assert described(first) == _expected(described(rich), {1: 1, 2: 2, 3: None, 4: None}, named=False)
    assert described(second) == _expected(described(rich), {1: None, 2: None, 3: 1, 4: 2}, named=False)
    _qpdf_ok(first)
    _qpdf_ok(second)


def test_split_keeps_bookmarks_whichever_way_the_pages_are_copied(cli: Any, sample: Path, tmp_path: Path) -> None:
    """A file without named destinations or forms has its pages copied as qpdf copies them; pikepdf (10.18 on)
    carried bookmarks only on its own way, so parts had them or not by what else the file held."""
    import pikepdf

    book = tmp_path / "plain.pdf"
    with pikepdf.open(sample) as pdf:
        with pdf.open_outline() as tree:
            tree.root.extend([pikepdf.OutlineItem("One", 0), pikepdf.OutlineItem("Three", 2, "XYZ", top=500)])
        pdf.save(book)
    assert cli("split", book, "--every", "2", "-d", tmp_path / "parts").exit_code == 0
    first, second = sorted((tmp_path / "parts").iterdir())
    assert [(i["title"], i["page"]) for i in described(first)] == [("One", 1)]
    assert [(i["title"], i["page"], i["view"]) for i in described(second)] == [("Three", 1, ["/XYZ", 0.0, 500.0, 0.0])]


def test_insert_adds_pages_not_the_other_files_bookmarks(cli: Any, rich: Path, sample: Path, tmp_path: Path) -> None:
    """pikepdf (10.18 on) appended the other file's bookmarks of the pages taken to the end of the outline,
    without its web links; insert takes pages, as qpdf --pages takes only the main file's outline."""
    out = tmp_path / "out.pdf"
    assert cli("insert", sample, f"{rich}:1-2", "--after", "1", "-o", out).exit_code == 0
    assert described(out) == []
    out2 = tmp_path / "out2.pdf"
    assert cli("insert", rich, f"{rich}:1-2", "--after", "4", "-o", out2).exit_code == 0
    assert described(out2) == described(rich)


def test_merge_leaves_out_an_action_that_points_into_the_source(cli: Any, rich: Path, tmp_path: Path) -> None:
    """A form action names the source's own objects (fields, and through them pages): copied into the output,
    it would drag them along; its title stays, and the rest of the outline with it."""
    import pikepdf

    with pikepdf.open(rich, allow_overwriting_input=True) as pdf:
        last = pdf.Root.Outlines.Last
        last.A = pikepdf.Dictionary(S=pikepdf.Name.ResetForm, Fields=pikepdf.Array([pdf.pages[0].obj]))
        del last.Dest
        pdf.save()
    out = tmp_path / "merged.pdf"
    assert cli("merge", rich, "-o", out).exit_code == 0
    (top,) = described(out)
    assert [i["title"] for i in top["children"]] == [i["title"] for i in described(rich)]
    assert top["children"][-1] == {"title": "Last", "C": [0.0, 0.5, 0.0], "F": 3}
    _qpdf_ok(out)
