"""The issue's bad inputs, each through the CLI (plain and --json) and MCP: the error code, its hint, the exit
code, no output or partial output left, inputs unchanged. Extracting attachments with escaping names is not
an error (the issue asks for names to be sanitised): it is checked to write only inside the folder."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pikepdf
import pytest
import readback as rb
from errors_contract import Errors  # the type of the `fails` fixture (conftest)

from pdftools import errors


@pytest.fixture
def inputs(tmp_path: Path) -> dict[str, Path]:
    folder = tmp_path / "in"
    folder.mkdir()
    (tmp_path / "out").mkdir()
    sources = {"four": rb.FOUR, "three": rb.THREE, "form": rb.FORM_LATEX, "libre": rb.FORM_LIBRE}
    return {key: Path(shutil.copy(source, folder / source.name)) for key, source in sources.items()}


def test_rotation_by_45(fails: Errors, inputs: dict[str, Path], tmp_path: Path) -> None:
    out = tmp_path / "out" / "r.pdf"
    fails.run(["rotate", inputs["four"], "--angle", "45", "-o", out], errors.InvalidArgument,
              inputs=(inputs["four"],), not_created=(out,), message_has=("45", "90, 180, 270, -90"),
              hint="Check the option values; `pdftools rotate --help` lists them.")


def test_stamping_page_99_of_a_3_page_file(fails: Errors, inputs: dict[str, Path], tmp_path: Path) -> None:
    out = tmp_path / "out" / "s.pdf"
    assert rb.pages(inputs["three"]) == 3
    fails.run(["stamp", inputs["three"], "--text", "x", "--pages", "99", "-o", out], errors.InvalidPageRange,
              inputs=(inputs["three"],), not_created=(out,), message_has=("99", f"{inputs['three']} has 3 pages"))


def test_filling_a_field_that_does_not_exist(fails: Errors, inputs: dict[str, Path], tmp_path: Path) -> None:
    out = tmp_path / "out" / "f.pdf"
    names = ", ".join(repr(n) for n in rb.field_values(inputs["form"]))
    hint = f"The fields are: {names}. `pdftools forms list FILE` shows them with types."
    fails.run(["forms", "fill", inputs["form"], "--set", "Name=Ann", "--set", "Nickname=x", "-o", out],
              errors.FieldNotFound, inputs=(inputs["form"],), not_created=(out,), message_has=("Nickname",),
              hint=hint)


def test_filling_a_checkbox_with_maybe(fails: Errors, inputs: dict[str, Path], tmp_path: Path) -> None:
    out = tmp_path / "out" / "f.pdf"
    fails.run(["forms", "fill", inputs["form"], "--set", "Name=Ann", "--set", "Check=maybe", "-o", out],
              errors.InvalidFieldValue, inputs=(inputs["form"],), not_created=(out,), message_has=("maybe",),
              hint="A checkbox takes yes or no (true/false, on/off, 1/0).")


def test_choosing_a_radio_option_that_is_not_offered(fails: Errors, inputs: dict[str, Path], tmp_path: Path) -> None:
    out = tmp_path / "out" / "f.pdf"
    fails.run(["forms", "fill", inputs["libre"], "--set", "female=3", "-o", out], errors.InvalidFieldValue,
              inputs=(inputs["libre"],), not_created=(out,), hint="It takes one of: 1, 2.")


def test_compressing_an_already_minimal_file(fails: Errors, cli: Callable[..., Any], inputs: dict[str, Path],
                                             tmp_path: Path) -> None:
    minimal, again = tmp_path / "in" / "minimal.pdf", tmp_path / "out" / "again.pdf"
    assert cli("compress", inputs["four"], "-o", minimal).exit_code == 0
    reported = fails.run(["compress", minimal, "-o", again], errors.NotSmaller, inputs=(minimal,),
                         not_created=(again,))
    assert f"{minimal.stat().st_size:,}" in reported["message"]


def test_flattening_a_pdf_without_forms(fails: Errors, inputs: dict[str, Path], tmp_path: Path) -> None:
    out = tmp_path / "out" / "f.pdf"
    fails.run(["forms", "flatten", inputs["four"], "-o", out], errors.NoForm, inputs=(inputs["four"],),
              not_created=(out,))


DEFAULT = None  # the error class's own hint
PAGES_HINT = "Pages are 1-based and inclusive, e.g. `1-3,7,10-`; `last` or `-1` is the last page."


@pytest.mark.parametrize(
    ("args", "error", "message", "hint"),
    [
        (["rotate", "{four}", "-a", "90", "--in-place", "-o", "{out}/x.pdf"], errors.InvalidArgument, "--in-place",
         DEFAULT),
        (["reorder", "{three}", "--mode", "interleave"], errors.InvalidArgument, "even number of pages",
         "Fronts and backs should have as many pages each; `pdftools insert-blank` can add a missing back."),
        (["delete", "{three}", "1-3"], errors.InvalidArgument, "no pages", "A PDF needs at least one page."),
        (["insert", "{four}", "{three}", "--after", "9"], errors.InvalidPageRange, "after page 9",
         "--after takes one page, from 0 (at the start) to 4, or `last`."),
        (["stamp", "{four}", "--text", "x", "--pdf", "{three}"], errors.InvalidArgument, "either",
         "E.g. --text 'Page {{page}} of {{pages}}'."),
        (["stamp", "{four}", "--text", "Привет", "--font", "No Such Family"], errors.BadFont, "No Such Family",
         "Give a TrueType or OpenType file (.ttf, .otf, .ttc#INDEX) or an installed family (`fc-list : family` lists "
         "them), e.g. --font 'DejaVu Sans'."),  # (Привет itself is drawn in an installed font: test_stamp_fonts.py)
        (["stamp", "{four}", "--text", "{{user}}"], errors.InvalidArgument, "{{user}}",
         "Placeholders are {{page}} and {{pages}}, e.g. 'Page {{page}} of {{pages}}', 'ACME-{{page:06}}'; write {{{{ "
         "and }}}} for braces."),
        (["stamp", "{four}", "--text", "x", "--color", "bluish"], errors.InvalidArgument, "bluish",
         "Use #rrggbb, #rgb or one of: black, white, red, green, blue, gray, grey, lightgray, orange."),
        (["metadata", "set", "{four}", "--set", "title"], errors.InvalidArgument, "key=value",
         "Keys are letters, digits, . _ -: e.g. --set title='Annual report' --set author=Ann."),
        (["metadata", "set", "{four}", "--set", "moddate=yesterday"], errors.InvalidArgument, "ISO date",
         "Dates look like 2024-05-31 or 2024-05-31T14:30:00+02:00."),
        (["bookmarks", "replace", "{four}", "--data", '[{{"title": "A", "page": 9}}]'], errors.InvalidPageRange,
         "page 9", DEFAULT),
        (["bookmarks", "replace", "{four}", "--data", "{{not json"], errors.InvalidArgument, "not valid JSON",
         "Give the JSON inline or the path of a .json file."),
        (["bookmarks", "add", "{four}", "--title", "A"], errors.InvalidArgument, "--page",
         "list takes --pages; replace takes --data; add takes --title, --page and optionally --parent."),
        (["attachments", "remove", "{four}", "--name", "nope.txt"], errors.InvalidArgument, "nope.txt",
         "The attachments are: none."),
        (["nup", "{four}", "--pages", "even,5"], errors.InvalidPageRange, "4 pages", DEFAULT),
        (["forms", "list", "{four}", "-o", "{out}/x.pdf"], errors.InvalidArgument, "unknown option -o",
         "`pdftools forms list -h` lists the arguments and options."),  # a sub-command has only its own options
        (["merge", "{four}", "-o"], errors.InvalidArgument, "requires an argument",  # (click's parser gave no
         "`pdftools merge -h` lists the arguments and options."),  # command: the hint named `pdftools -h`)
        (["attachments", "extract", "{four}", "-d"], errors.InvalidArgument, "requires an argument",
         "`pdftools attachments extract -h` lists the arguments and options."),
    ],
    ids=["in-place-and-output", "interleave-odd", "delete-all", "insert-after-9", "text-and-pdf", "cyrillic",
         "unknown-placeholder", "colour", "metadata-pair", "metadata-date", "bookmark-page", "bad-json",
         "add-without-page", "unknown-attachment", "nup-pages", "list-with-output", "output-without-value",
         "folder-without-value"],
)
def test_more_bad_arguments(fails: Errors, inputs: dict[str, Path], tmp_path: Path, args: list[str],
                            error: type[errors.PdftoolsError], message: str, hint: str | None) -> None:
    def fill(text: str) -> str:
        return text.format(four=inputs["four"], three=inputs["three"], out=tmp_path / "out")

    fails.run([fill(a) for a in args], error, inputs=tuple(inputs.values()), message_has=(fill(message),),
              hint=fill(hint) if hint else None)
    assert list((tmp_path / "out").iterdir()) == []


def test_a_pattern_or_a_text_may_start_with_dashes(cli: Any, inputs: dict[str, Path], tmp_path: Path) -> None:
    """Only a path's value is refused when it is another option (`-o --json`): grep's `-e --json` finds `--json`,
    and a stamp's text or a password may be any text."""
    found = cli("search", "-e", "--json", inputs["four"], "-c")
    assert found.exit_code == 1 and found.stdout == "0\n", found  # searched (no match), not refused (2)
    stamped = cli("stamp", inputs["four"], "--text", "--json", "-o", tmp_path / "s.pdf")
    assert stamped.exit_code == 0 and (tmp_path / "s.pdf").is_file(), stamped


# ------------------------------------------------------------------------------- attachments that escape


@pytest.fixture
def escaping(tmp_path: Path) -> Path:
    """A copy of 025 with two more attachments whose names try to leave the folder."""
    path = tmp_path / "in" / "escaping.pdf"
    path.parent.mkdir(exist_ok=True)
    with pikepdf.open(rb.ATTACHED) as pdf:
        for name, data in (("../../x", b"escaped?"), ("/etc/cron.d/evil", b"absolute?")):
            pdf.attachments[name] = pikepdf.AttachedFileSpec(pdf, data, filename=name, description="",
                                                             mime_type="text/plain", creation_date="", mod_date="")
        pdf.save(path)
    return path


def test_extracting_attachments_whose_names_escape(cli: Callable[..., Any], escaping: Path, tmp_path: Path,
                                                   sha256: Callable[[Path], str]) -> None:
    out = tmp_path / "deep" / "a" / "b"
    out.mkdir(parents=True)
    before, hash_before = _listing(tmp_path), sha256(escaping)
    result = cli("attachments", "extract", escaping, "-d", out, "--json")
    assert result.exit_code == 0, result
    report = json.loads(result.stdout)
    assert sorted(p.name for p in out.iterdir()) == ["evil", "image.png", "x"]
    assert (out / "x").read_bytes() == b"escaped?" and (out / "evil").read_bytes() == b"absolute?"
    assert _listing(tmp_path) - before == {"deep/a/b/x", "deep/a/b/evil", "deep/a/b/image.png"}
    assert {a["path"] for a in report["attachments"]} == {str(out / n) for n in ("x", "evil", "image.png")}
    assert any("../../x" in w for w in report["warnings"])
    assert sha256(escaping) == hash_before


def test_extracting_over_a_symlink_replaces_it_and_writes_nothing_outside(cli: Callable[..., Any], escaping: Path,
                                                                         tmp_path: Path) -> None:
    out, outside = tmp_path / "out", tmp_path / "outside.txt"
    out.mkdir()
    outside.write_text("keep me")
    (out / "x").symlink_to(outside)
    refused = cli("attachments", "extract", escaping, "-d", out, "--name", "../../x")
    assert refused.exit_code == errors.OutputExists.exit_code and "OUTPUT_EXISTS" in refused.stderr
    forced = cli("attachments", "extract", escaping, "-d", out, "--name", "../../x", "--force")
    assert forced.exit_code == 0, forced
    assert outside.read_text() == "keep me"
    assert not (out / "x").is_symlink() and (out / "x").read_bytes() == b"escaped?"


def _listing(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*")}


# ---------------------------------------------------------------------------------------------------- MCP


def test_bad_inputs_over_mcp(tmp_path: Path, sha256: Callable[[Path], str]) -> None:
    for source in (rb.FOUR, rb.THREE, rb.FORM_LATEX):
        shutil.copy(source, tmp_path / source.name)
    minimal = tmp_path / "minimal.pdf"
    assert not rb.mcp_call(tmp_path, "pdf_compress", {"input": rb.FOUR.name, "output": minimal.name}).is_error
    before = {p.name: sha256(p) for p in tmp_path.iterdir()}
    cases = [
        ("pdf_rotate", {"input": rb.FOUR.name, "angle": 45}, errors.InvalidArgument),
        ("pdf_stamp", {"input": rb.THREE.name, "text": "x", "pages": "99"}, errors.InvalidPageRange),
        ("pdf_forms", {"action": "fill", "input": rb.FORM_LATEX.name, "values": ["Nickname=x"]},
         errors.FieldNotFound),
        ("pdf_forms", {"action": "fill", "input": rb.FORM_LATEX.name, "data": {"Check": "maybe"}},
         errors.InvalidFieldValue),
        ("pdf_compress", {"input": minimal.name}, errors.NotSmaller),
        ("pdf_forms", {"action": "flatten", "input": rb.FOUR.name}, errors.NoForm),
        ("pdf_nup", {"input": rb.FOUR.name, "per_sheet": 3}, errors.InvalidArgument),
    ]
    for tool, args, error in cases:
        reported = rb.mcp_error(rb.mcp_call(tmp_path, tool, args))
        assert reported["code"] == error.code, (tool, reported)
        assert reported["hint"], (tool, reported)
    assert {p.name: sha256(p) for p in tmp_path.iterdir()} == before  # nothing written, nothing changed
