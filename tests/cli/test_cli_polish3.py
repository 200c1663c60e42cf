"""A user's third round: form values drawn in the field's own font (never `?`), sub-commands with only their own
options and fields, rename-invoice counts, `last` pages for bookmarks, CSS's 3-value margins, one long name for
`-l`, an unknown sub-command named."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pikepdf
import pytest
import readback as rb


def error_of(result: Any) -> dict[str, str]:
    return dict(json.loads(result.stderr)["error"])


# -------------------------------------------------------------------------- 1. forms fill never writes `?`

def _drawn(path: Path, name: str) -> bytes:
    with pikepdf.open(path) as pdf:
        field = next(f for f in pdf.Root.AcroForm.Fields if str(f.get("/T")) == name)
        return bytes(field.AP.N.read_bytes())


def test_fill_draws_non_ascii_in_the_fields_font(cli: Any, tmp_path: Path) -> None:
    form = Path(shutil.copy(rb.FORM_LATEX, tmp_path / "forms.pdf"))
    (tmp_path / "vals.json").write_text(json.dumps({"Name": "Zoë O'Brien (x)", "Check": True}), encoding="utf-8")
    filled = cli("forms", "fill", form, "--data", "vals.json", "-o", "ff2.pdf")
    assert filled.exit_code == 0, filled
    assert b"Zo\xeb O'Brien \\(x\\)" in _drawn(tmp_path / "ff2.pdf", "Name")  # the font's PDFDoc differences
    assert cli("forms", "flatten", "ff2.pdf", "-o", "flat.pdf").exit_code == 0
    text = cli("text", "flat.pdf")
    assert "Zoë O'Brien (x)" in text.stdout, text


def test_fill_refuses_a_value_the_fields_font_cannot_draw(cli: Any, tmp_path: Path) -> None:
    form = Path(shutil.copy(rb.FORM_LATEX, tmp_path / "forms.pdf"))
    result = cli("forms", "fill", form, "--set", "Name=Zoë 中文", "-o", "out.pdf", "--json")
    assert result.exit_code == 2, result
    error = error_of(result)
    assert error["code"] == "INVALID_FIELD_VALUE" and "中" in error["message"], error
    assert not (tmp_path / "out.pdf").exists()


def test_fill_still_draws_winansi_fonts(cli: Any, tmp_path: Path) -> None:
    form = Path(shutil.copy(rb.FORM_LIBRE, tmp_path / "lo.pdf"))
    fields = json.loads(cli("forms", "list", form, "--json").stdout)["fields"]
    name = next(f["name"] for f in fields if f["type"] == "text")
    assert cli("forms", "fill", form, "--set", f"{name}=Müller", "-o", "lo2.pdf").exit_code == 0
    assert cli("forms", "flatten", "lo2.pdf", "-o", "flat.pdf").exit_code == 0
    assert "Müller" in cli("text", "flat.pdf").stdout


# ------------------------------------------------------------- 2. read-only sub-commands take no output options

@pytest.mark.parametrize(("group", "action"), [("forms", "list"), ("metadata", "show"), ("bookmarks", "list"),
                                               ("attachments", "list"), ("attachments", "extract")])
def test_read_only_sub_commands_offer_no_output_options(cli: Any, group: str, action: str) -> None:
    shown = set(re.findall(r"--[a-z][a-z-]*", cli(group, action, "--help").stdout.split("Options:", 1)[1]))
    assert not shown & {"--linearize", "--object-streams"}, shown


@pytest.mark.parametrize("args", [["forms", "list", rb.FORM_LIBRE, "--linearize"],
                                  ["metadata", "show", rb.FOUR, "--object-streams", "generate"]])
def test_read_only_sub_commands_refuse_output_options(cli: Any, args: list[Any]) -> None:
    result = cli(*args, "--json")
    assert result.exit_code == 2, result
    assert error_of(result)["message"].startswith("unknown option --"), result


def test_write_sub_commands_keep_output_options(cli: Any) -> None:
    shown = cli("forms", "fill", "--help").stdout
    assert "--linearize" in shown and "--object-streams" in shown


# ------------------------------------------------------------------- 3. list actions show only the list

def test_forms_list_shows_no_fields_of_writing(cli: Any) -> None:
    result = cli("forms", "list", rb.FORM_LATEX)
    assert result.exit_code == 0, result
    assert not re.search(r"^(flattened|filled|written)\b", result.stdout, re.M), result.stdout
    data = json.loads(cli("forms", "list", rb.FORM_LATEX, "--json").stdout)  # --json keeps its fields
    assert (data["filled"], data["flattened"], data["written"]) == ([], 0, None)


def test_attachments_list_shows_no_remaining(cli: Any) -> None:
    result = cli("attachments", "list", rb.ATTACHED)
    assert result.exit_code == 0, result
    assert "remaining" not in result.stdout, result.stdout
    assert json.loads(cli("attachments", "list", rb.ATTACHED, "--json").stdout)["remaining"] == 1


def test_attachments_remove_still_shows_remaining(cli: Any, tmp_path: Path) -> None:
    att = Path(shutil.copy(rb.ATTACHED, tmp_path / "att.pdf"))
    name = json.loads(cli("attachments", "list", att, "--json").stdout)["attachments"][0]["name"]
    result = cli("attachments", "remove", att, "--name", name, "-o", "out.pdf")
    assert result.exit_code == 0 and re.search(r"^remaining\s+0", result.stdout, re.M), result


# -------------------------------------------------------------- 5. bookmarks JSON takes `last` and -1 pages

def test_bookmarks_replace_takes_last_and_minus_one(cli: Any, tmp_path: Path) -> None:
    four = Path(shutil.copy(rb.FOUR, tmp_path / "four.pdf"))
    data = '[{"title":"B","page":"last"},{"title":"C","page":-1},{"title":"D","page":"2"}]'
    result = cli("bookmarks", "replace", four, "--data", data, "-o", "br.pdf")
    assert result.exit_code == 0, result
    listed = json.loads(cli("bookmarks", "list", "br.pdf", "--json").stdout)["outline"]
    assert [(b["title"], b["page"]) for b in listed] == [("B", 4), ("C", 4), ("D", 2)]
    bad = cli("bookmarks", "replace", four, "--data", '[{"title":"B","page":"final"}]', "-o", "x.pdf", "--json")
    assert bad.exit_code != 0 and "last" in json.dumps(error_of(bad)), bad


# ------------------------------------------------------------------------ 6. CSS's three-value margins

def test_crop_takes_three_margins_in_css_order(cli: Any, tmp_path: Path) -> None:
    four = Path(shutil.copy(rb.FOUR, tmp_path / "four.pdf"))
    assert cli("crop", four, "--margins", "10 20 30", "-o", "three.pdf").exit_code == 0
    assert cli("crop", four, "--margins", "10 20 30 20", "-o", "css4.pdf").exit_code == 0  # top, sides, bottom
    with pikepdf.open(tmp_path / "three.pdf") as three, pikepdf.open(tmp_path / "css4.pdf") as same:
        assert [float(v) for v in three.pages[0].CropBox] == [float(v) for v in same.pages[0].CropBox]
        media = [float(v) for v in three.pages[0].MediaBox]
        assert [float(v) for v in three.pages[0].CropBox] == [media[0] + 20, media[1] + 30, media[2] - 20,
                                                              media[3] - 10]


# --------------------------------------------------------------------------- 7. -l is --language everywhere

def test_convert_language_is_spelled_like_ocrs(cli: Any, tmp_path: Path) -> None:
    shown = cli("convert", "--help").stdout
    assert re.search(r"-l, --language\b", shown) and "--ocr-language" not in shown, shown
    missing = tmp_path / "missing.pdf"
    for flag in ("--language", "--ocr-language"):  # the old name still works, unlisted
        result = cli("convert", missing, "-o", "x.docx", flag, "eng", "--json")
        assert error_of(result)["code"] == "FILE_NOT_FOUND", (flag, result)


# ------------------------------------------------------------------ 8. an unknown sub-command is named

@pytest.mark.parametrize(("group", "commands"), [("metadata", ("show", "set", "remove")),
                                                 ("forms", ("list", "fill", "flatten"))])
def test_an_unknown_sub_command_is_named_with_the_others(cli: Any, tmp_path: Path, group: str,
                                                         commands: tuple[str, ...]) -> None:
    four = Path(shutil.copy(rb.FOUR, tmp_path / "seven.pdf"))
    result = cli(group, "frobnicate", four, "--json")
    assert result.exit_code == 2, result
    message = error_of(result)["message"]
    assert message.startswith("unknown command 'frobnicate'") and all(c in message for c in commands), message


def test_a_group_still_runs_its_default_on_files(cli: Any, tmp_path: Path) -> None:
    Path(shutil.copy(rb.FOUR, tmp_path / "report"))  # a file named like a word
    assert cli("metadata", "report", "--json").exit_code == 0
    assert error_of(cli("metadata", "nowhere.pdf", "--json"))["code"] == "FILE_NOT_FOUND"
