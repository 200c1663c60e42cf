"""A word pdftools does not know says what was meant (`cli/group.py`): a misspelt command (`serach`), the
name another PDF tool gives it (`grep`, pdftk's `burst`, `encrypt`), an option of a sibling sub-command
(`metadata show --set`: it suggested `--quiet`). Exit 2, INVALID_ARGUMENT, as every usage error."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

PDFTOOLS = Path(sys.executable).with_name("pdftools")


@pytest.mark.parametrize(("typed", "meant"), [("serach", "search"), ("mrege", "merge"), ("grep", "search"),
                                              ("burst", "split"), ("encrypt", "protect"), ("decrypt", "unprotect"),
                                              ("cat", "merge"),
                                              # pdftk's operations and pdfcpu's commands, as their users type them
                                              ("shuffle", "reorder"), ("dump_data", "info"),
                                              ("dump_data_utf8", "info"), ("update_info", "metadata"),
                                              ("update_info_utf8", "metadata"), ("fill_form", "forms"),
                                              ("dump_data_fields", "forms"), ("generate_fdf", "forms"),
                                              ("attach_files", "attachments"), ("unpack_files", "attachments"),
                                              ("background", "stamp"), ("multistamp", "stamp"),
                                              ("multibackground", "stamp"), ("trim", "select"),
                                              ("collect", "select"), ("validate", "check"), ("grid", "nup"),
                                              ("form", "forms"), ("fonts", "inspect"), ("boxes", "crop"),
                                              ("permissions", "protect"), ("changeupw", "protect"),
                                              ("changeopw", "protect"), ("properties", "metadata"),
                                              ("keywords", "metadata"), ("zoom", "resize")])
def test_an_unknown_command_names_the_one_meant(cli: Any, pdf: Path, typed: str, meant: str) -> None:
    result = cli(typed, pdf, "--json")
    assert result.exit_code == 2 and result.stdout == "", result
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT" and f"did you mean {meant}?" in error["message"], error


@pytest.mark.parametrize("typed", [["version"], ["-V"]])
def test_pdfcpu_s_version_command_and_the_v_flag_name_version(cli: Any, typed: list[str]) -> None:
    """`pdfcpu version` and `pdfgrep -V` / `ocrmypdf --version`'s habits: `pdftools version` said `unknown command
    'version'` and `pdftools -V` `unknown option -V`, neither naming --version."""
    result = cli(*typed, "--json")
    assert result.exit_code == 2 and result.stdout == "", result
    error = json.loads(result.stderr)["error"]
    assert "did you mean --version?" in error["message"], error


def test_an_unknown_command_far_from_any_says_only_that(cli: Any, pdf: Path) -> None:
    error = json.loads(cli("frobnicate", pdf, "--json").stderr)["error"]
    assert error["message"] == "unknown command 'frobnicate'", error


@pytest.mark.parametrize(("args", "owner"), [(["metadata", "show", "{pdf}", "--set", "title=x"], "metadata set"),
                                             (["bookmarks", "list", "{pdf}", "--title", "x"], "bookmarks add"),
                                             (["metadata", "{pdf}", "--set", "title=x"], "metadata set")])
def test_an_option_of_a_sibling_sub_command_names_it(cli: Any, pdf: Path, args: list[str], owner: str) -> None:
    result = cli(*[a.format(pdf=pdf) for a in args], "--json")
    assert result.exit_code == 2, result
    error = json.loads(result.stderr)["error"]
    assert f"`pdftools {owner}` takes it" in error["message"] and "--quiet" not in error["message"], error


@pytest.mark.parametrize("args", [["text", "{a}", "{b}"], ["info", "{a}", "{b}"], ["rotate", "{a}", "{b}", "-a", "90"],
                                  ["images", "{a}", "{b}", "-d", "out"]])
def test_several_files_for_a_one_file_command_point_at_batch(cli: Any, pdf: Path, tmp_path: Path,
                                                             args: list[str]) -> None:
    """`pdftools images *.pdf -d out` (the shell expands the glob) said only `got unexpected extra argument(s)`;
    it says the command takes one file and how to run it on each: `pdftools batch`."""
    other = tmp_path / "other.pdf"
    other.write_bytes(pdf.read_bytes())
    result = cli(*[a.format(a=pdf, b=other) for a in args], "--json")
    assert result.exit_code == 2 and result.stdout == "", result
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT" and "other.pdf" in error["message"], error
    assert f"`pdftools batch {args[0]} FILE... --out-dir DIR`" in error["hint"], error


def test_pdfcpu_s_split_folder_and_span_point_at_d_and_every(cli: Any, pdf: Path, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """`pdfcpu split in.pdf outDir 2`: the hint said split takes one file and to run a batch over several, though
    neither word is a file; it gives the folder to -d and the span to --every."""
    monkeypatch.chdir(tmp_path)
    error = json.loads(cli("split", pdf, "outdir", "2", "--json").stderr)["error"]
    assert "batch" not in error["hint"] and "pdftools split FILE -d outdir --every 2" in error["hint"], error
    other = json.loads(cli("rotate", pdf, "nope.pdf", "nope2.pdf", "-a", "90", "--json").stderr)["error"]
    assert "batch" not in other["hint"], other  # words that are no files: no batch of them


def test_an_extra_argument_of_a_command_batch_does_not_run_keeps_the_plain_hint(cli: Any, pdf: Path) -> None:
    error = json.loads(cli("doctor", "extra", "--json").stderr)["error"]
    assert "batch" not in error["hint"] and "-h" in error["hint"], error


@pytest.mark.parametrize("args", [["rotate", "{a}", "new.pdf", "-a", "90"], ["select", "{a}", "1", "new.pdf"],
                                  ["unprotect", "{a}", "new.pdf"]])
def test_an_output_named_as_qpdf_takes_it_points_at_o(cli: Any, pdf: Path, tmp_path: Path, args: list[str]) -> None:
    """A qpdf user names the output after the input (`qpdf in.pdf out.pdf`): a file that does not exist yet is an
    output, so the hint gives `-o`, not a batch over files."""
    result = cli(*[a.format(a=pdf) for a in args], "--json")
    assert result.exit_code == 2 and not (tmp_path / "new.pdf").exists(), result
    error = json.loads(result.stderr)["error"]
    assert "-o new.pdf" in error["hint"] and "batch" not in error["hint"], error


@pytest.mark.parametrize(("args", "said"), [(["split", "{a}", "-o", "parts"], "-d"),
                                            (["thumbnails", "{a}", "--output", "t.png"], "-d"),
                                            (["merge", "{a}", "{a}", "-d", "out"], "-o")])
def test_an_output_option_of_the_other_kind_says_which_it_takes(cli: Any, pdf: Path, args: list[str],
                                                                said: str) -> None:
    """`split a.pdf -o parts` (qpdf's habit): split writes several files into a folder (-d), merge one file (-o)."""
    result = cli(*[a.format(a=pdf) for a in args], "--json")
    assert result.exit_code == 2, result
    error = json.loads(result.stderr)["error"]
    assert f"({said} " in error["message"], error


def test_an_option_of_another_command_is_not_offered_as_a_sibling_s(cli: Any, pdf: Path) -> None:
    """Sibling sub-commands are a group's (`metadata show|set`); `rotate --every` is not split's to take."""
    error = json.loads(cli("rotate", pdf, "-a", "90", "--every", "2", "--json").stderr)["error"]
    assert error["message"].startswith("unknown option --every") and "split" not in error["message"], error


@pytest.mark.parametrize("args", [["split", "{a}", "part-%d.pdf"], ["thumbnails", "{a}", "page.png"],
                                  ["images", "{a}", "img"]])
def test_an_output_named_where_a_folder_command_takes_d_points_at_d(cli: Any, pdf: Path, tmp_path: Path,
                                                                    args: list[str]) -> None:
    """`pdftools split in.pdf part-%d.pdf` (qpdf's `--split-pages in.pdf out-%d.pdf`): a name that is no file is
    where the outputs should go. The hint said to run a batch over several files; it names -d and --pattern."""
    result = cli(*[a.format(a=pdf) for a in args], "--json")
    assert result.exit_code == 2 and result.stdout == "", result
    error = json.loads(result.stderr)["error"]
    assert "-d DIR" in error["hint"] and "batch" not in error["hint"], error
    if args[0] != "images":  # images names its files itself
        assert "--pattern" in error["hint"], error


@pytest.mark.parametrize("out", ["out.pdf", "sub/out.pdf"])
def test_merge_with_its_output_last_as_pdfunite_takes_it_points_at_o(cli: Any, pdf: Path, tmp_path: Path,
                                                                      out: str) -> None:
    """`pdfunite a.pdf b.pdf out.pdf` names the output last: `pdftools merge a.pdf b.pdf out.pdf` said `no such
    file: out.pdf` with a hint to check the path. The last input, missing and named .pdf, is an output."""
    result = cli("merge", pdf, pdf, out, "--json")
    assert result.exit_code == 3 and not (tmp_path / out).exists() and not (tmp_path / "merged.pdf").exists()
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "FILE_NOT_FOUND" and out in error["message"], error
    assert f"-o {out}" in error["hint"], error
    missing_first = json.loads(cli("merge", "nope.pdf", pdf, "--json").stderr)["error"]
    assert "-o" not in missing_first["hint"], missing_first  # a missing input elsewhere is only missing
    named = json.loads(cli("merge", pdf, "nope.pdf", "-o", "m.pdf", "--json").stderr)["error"]
    assert "-o" not in named["hint"], named  # with the output named, a missing last input is only missing


def test_merge_with_its_output_first_as_pdfcpu_takes_it_points_at_o(cli: Any, pdf: Path, tmp_path: Path) -> None:
    """`pdfcpu merge out.pdf a.pdf b.pdf` names the output first: `pdftools merge out.pdf a.pdf b.pdf` said `no such
    file: out.pdf` with a hint to check the path. A missing first input named .pdf before two that exist may be an
    output: the hint says how to name one, and still that the path may be wrong."""
    result = cli("merge", "out.pdf", pdf, pdf, "--json")
    assert result.exit_code == 3 and not (tmp_path / "out.pdf").exists(), result
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "FILE_NOT_FOUND" and "out.pdf" in error["message"], error
    assert f"pdftools merge {pdf} {pdf} -o out.pdf" in error["hint"] and "pdfcpu" in error["hint"], error
    missing_later = json.loads(cli("merge", "out.pdf", pdf, "nope.pdf", pdf, "--json").stderr)["error"]
    assert "-o" not in missing_later["hint"], missing_later  # another input is missing too: only missing


@pytest.mark.parametrize("option", ["--json", "-q", "--quiet", "--password"])
def test_a_command_option_before_the_command_says_where_it_goes(cli: Any, pdf: Path, option: str) -> None:
    """`pdftools --json info a.pdf` (a CI script's habit): it said `unknown option --json (did you mean
    --version?)`; the options of commands go after the command's name."""
    result = cli(option, *(["x"] if option == "--password" else []), "info", pdf)
    assert result.exit_code == 2, result
    if option == "--json":
        error = json.loads(result.stderr)["error"]
        first, hint = error["message"], error["hint"]
    else:
        first, hint = result.stderr.splitlines()
    assert "--version" not in first and "after the command" in first, first
    assert f"pdftools info {option}" in hint, hint
    real = subprocess.run([PDFTOOLS, option, *(["x"] if option == "--password" else []), "info", pdf],
                          capture_output=True, text=True, check=False)  # the program builds only the command named
    assert real.returncode == 2 and f"pdftools info {option}" in real.stderr, real
    grouped = json.loads(cli("metadata", "--json", "show", pdf).stderr)["error"]  # a group's sub-command too
    assert "`pdftools metadata show` go after" in grouped["message"], grouped


def test_serve_help_reads_as_words(cli: Any) -> None:
    """`serve --help` showed click's `[default: 8000; 1<=x<=65535]` beside `--port`."""
    out = cli("serve", "--help").stdout
    assert "<=" not in out and "1-65535" in out, out
    error = cli("serve", "--port", "0").stderr
    assert "--port" in error and "1 to 65535" in error, error


@pytest.mark.parametrize(("args", "typed", "meant"), [
    (["nup", "{pdf}"], "--per-shet", ["--per-sheet"]),  # a typo
    (["merge", "{pdf}"], "--jsno", ["--json"]),
    (["thumbnails", "{pdf}"], "--witdh", ["--width"]),
    (["nup", "{pdf}"], "--per", ["--per-sheet"]),  # the start of one option
    (["merge", "{pdf}"], "--f", ["--force"]),
    (["merge", "{pdf}"], "--o", ["--output", "--object-streams"]),  # the start of several: all of them
    (["nup", "{pdf}"], "--pa", ["--pages", "--password", "--password-file"]),
])
def test_an_unknown_option_names_the_ones_it_is_close_to(cli: Any, pdf: Path, args: list[str], typed: str,
                                                         meant: list[str]) -> None:
    result = cli(*[a.format(pdf=pdf) for a in args], typed, "--json")
    assert result.exit_code == 2 and result.stdout == "", result
    message = json.loads(result.stderr)["error"]["message"]
    named = re.findall(r"--[a-z-]+", message.split("(", 1)[-1])
    assert message.startswith(f"unknown option {typed} (did you mean ") and sorted(named) == sorted(meant), message


@pytest.mark.parametrize(("args", "typed"), [(["nup", "{pdf}"], "--n"), (["merge", "{pdf}"], "--sort"),
                                             (["rotate", "{pdf}", "-a", "90"], "--x"), (["info", "{pdf}"], "--ocr")])
def test_an_unknown_option_far_from_any_says_only_that(cli: Any, pdf: Path, args: list[str], typed: str) -> None:
    """`nup --n` said `did you mean --json?`, `merge --o` `--json, --force?`: click's matching (difflib at 0.6,
    the dashes counted as letters they share) suggested options nothing like the word."""
    result = cli(*[a.format(pdf=pdf) for a in args], typed)
    assert result.exit_code == 2, result
    assert result.stderr.splitlines()[0] == f"error[INVALID_ARGUMENT]: unknown option {typed}", result.stderr


@pytest.mark.parametrize(("args", "out"), [(["text", "{a}", "out.txt"], "out.txt"),
                                           (["text", "{a}", "--mode", "layout", "out.txt"], "out.txt"),
                                           (["info", "{a}", "info.json", "--json"], "info.json")])
def test_an_output_named_for_a_command_that_prints_points_at_a_redirect(cli: Any, pdf: Path, tmp_path: Path,
                                                                        args: list[str], out: str) -> None:
    """`pdftotext in.pdf out.txt` names the text file after the PDF: `pdftools text in.pdf out.txt` said to run a
    batch over several files (out.txt is no PDF, and does not exist). The command prints: redirect it."""
    result = cli(*[a.format(a=pdf) for a in args], "--json")
    assert result.exit_code == 2 and result.stdout == "" and not (tmp_path / out).exists(), result
    error = json.loads(result.stderr)["error"]
    assert f"> {out}" in error["hint"] and "batch" not in error["hint"], error


@pytest.mark.parametrize(("option", "meant"), [("--jsn", "--json"), ("--josn", "--json"), ("--quite", "--quiet")])
def test_a_misspelt_command_option_before_any_command_suggests_it(cli: Any, option: str, meant: str) -> None:
    """`pdftools --jsn` said only `unknown option --jsn`: the options every command shares are what it may mean,
    and they go after a command's name."""
    result = cli(option)
    first, hint = result.stderr.splitlines()
    assert result.exit_code == 2 and f"(did you mean {meant}?)" in first, result
    assert f"`pdftools COMMAND {meant}`" in hint, hint


@pytest.mark.parametrize(("out", "command"), [("pg-%d.pdf", "-d . --pattern pg-%d.pdf"),
                                              ("parts/p-{start:03}.pdf", "-d parts --pattern 'p-{start:03}.pdf'")])
def test_pdfseparates_output_pattern_is_given_back_as_d_and_pattern(cli: Any, pdf: Path, out: str,
                                                                    command: str) -> None:
    """`pdfseparate in.pdf pg-%d.pdf` typed as `pdftools split in.pdf pg-%d.pdf`: --pattern takes that very
    pattern, so the hint gives the command whole (it said only `-d DIR, named by --pattern`)."""
    error = json.loads(cli("split", pdf, out, "--json").stderr)["error"]
    assert f"`pdftools split FILE {command}`" in error["hint"], error


@pytest.mark.parametrize("option", ["--json", "--force", "--quiet", "-q", "-o"])
def test_a_command_option_before_any_command_is_not_offered_as_itself(cli: Any, option: str) -> None:
    """`pdftools --json` (a script whose command word was empty) said `unknown option --json (did you mean
    --json?)`: it is a command's option, to go after a command's name, as the hint says."""
    result = cli(option, "--json")
    error = json.loads(result.stderr)["error"]
    assert result.exit_code == 2 and result.stdout == "", result
    assert "did you mean" not in error["message"] and "command" in error["message"], error
    assert f"`pdftools COMMAND {option}`" in error["hint"], error


@pytest.mark.parametrize("args", [["frobnicate", "{pdf}"], ["metadata", "frobnicate", "{pdf}"], ["help", "frobnicate"]])
def test_an_unknown_command_s_hint_names_the_list_of_commands(cli: Any, pdf: Path, args: list[str]) -> None:
    """Its hint said `pdftools -h` lists the arguments and options: it lists the commands."""
    result = cli(*[a.format(pdf=pdf) for a in args])  # (help takes no --json)
    hint = result.stderr.splitlines()[-1]
    assert result.exit_code == 2 and hint.startswith("  hint: ") and "lists the commands" in hint, result
