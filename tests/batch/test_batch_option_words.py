"""A batch's options with a value of the wrong kind: the error names the kind in words and shows the value as
it was written (JSON over MCP), not Python's (`expected int, got None`, `got {'a': 1}`)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import anyio
import pytest
from conftest import CORPUS
from mcp import Client

from pdftools.mcp.server import build_server

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"


@pytest.mark.parametrize(("command", "options", "words"), [
    ("rotate", {"angle": None}, ["a whole number", "null"]),
    ("stamp", {"text": {"a": 1}}, ["text", '{"a": 1}']),
    ("stamp", {"text": "x", "opacity": True}, ["a number", "true"]),
])
def test_a_wrong_kind_of_value_in_words(tmp_path: Path, command: str, options: dict[str, Any],
                                        words: list[str]) -> None:
    shutil.copy(FOUR, tmp_path / "four.pdf")

    async def go() -> Any:
        async with Client(build_server([tmp_path])) as client:
            return await client.call_tool("pdf_batch", {"command": command, "inputs": ["four.pdf"],
                                                        "out_dir": "out", "options": options})

    result = anyio.run(go)
    assert result.is_error, result
    error = json.loads(result.content[0].text)
    assert error["code"] == "INVALID_ARGUMENT" and all(w in error["message"] for w in words), error
    assert not any(w in error["message"] for w in ("None", "int", "str,", "{'", "True")), error


@pytest.mark.parametrize(("options", "rotated"), [
    ({"angle": 90, "pages": 2}, [2]),  # a whole number where text is expected, as pdf_rotate takes it
    ({"angle": 90, "pages": [1, "3-4"]}, [1, 3, 4]),  # a list of pages, as pdf_rotate takes it
])
def test_options_take_what_the_tool_itself_takes(tmp_path: Path, options: dict[str, Any],
                                                 rotated: list[int]) -> None:
    """`pdf_rotate` takes `pages: 2` and `pages: [1, "3-4"]` (one meaning each); in `pdf_batch`'s options the
    same values were refused (`options pages: expected text, got 2`, `was given 2 times`)."""
    import pikepdf

    shutil.copy(FOUR, tmp_path / "four.pdf")

    async def go() -> Any:
        async with Client(build_server([tmp_path])) as client:
            direct = await client.call_tool("pdf_rotate", {"input": "four.pdf", "output": "direct.pdf", **options})
            batch = await client.call_tool("pdf_batch", {"command": "rotate", "inputs": ["four.pdf"],
                                                         "out_dir": "out", "options": options})
            return direct, batch

    direct, batch = anyio.run(go)
    assert not direct.is_error and direct.structured_content["rotated"] == rotated, direct
    assert not batch.is_error and batch.structured_content["succeeded"] == 1, batch
    with pikepdf.open(tmp_path / "out" / "four.pdf") as pdf:
        assert [p for p, page in enumerate(pdf.pages, 1) if int(page.obj.get("/Rotate", 0)) == 90] == rotated


@pytest.mark.parametrize(("option", "message"), [
    ("angel=90", "--set angel: no such option (did you mean angle?)"),
    ("angle=x", "--set angle=x: not a whole number"),
    ("angle=45", "--set angle must be one of 90, 180, 270, -90, -180, -270, 0 (got 45)"),
    ("output=x.pdf", "--set output: the batch sets it"),
])
def test_on_the_command_line_options_stay_key_value(cli: Any, tmp_path: Path, option: str, message: str) -> None:
    shutil.copy(FOUR, tmp_path / "four.pdf")
    result = cli("batch", "rotate", tmp_path / "four.pdf", "-d", tmp_path / "out", "--set", option, "--json")
    assert result.exit_code == 2, result
    assert json.loads(result.stderr)["error"]["message"] == message, result


def test_set_takes_an_option_by_its_flag_as_the_commands_help_shows_it(cli: Any, tmp_path: Path) -> None:
    """`pdftools convert --help` shows `--to` and `--from`; `--set to=html` was refused (`no such option (did
    you mean toc?)`), as only the parameter's own name (`to_format`) was taken."""
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "notes.txt").write_text("# Title\n\nSome *text*.\n")
    result = cli("batch", "convert", tmp_path / "in", "-d", tmp_path / "out", "--set", "to=html",
                 "--set", "from=markdown", "--json")
    assert result.exit_code == 0, result
    assert "<em>text</em>" in (tmp_path / "out" / "notes.html").read_text()


def test_a_sidecar_is_refused_naming_batch_text(cli: Any, tmp_path: Path) -> None:
    """`ocr --sidecar FILE` names one file: every input of a batch wrote it in turn (outside the output folder,
    the second failing with OUTPUT_EXISTS). The batch refuses it before any work, naming what gives each
    file's text: `batch text` over the searchable PDFs (pdftotext, no second OCR)."""
    shutil.copy(FOUR, tmp_path / "four.pdf")
    done = cli("batch", "ocr", tmp_path / "four.pdf", "-d", tmp_path / "out", "--set", "sidecar=all.txt", "--json")
    assert done.exit_code == 2, done
    error = json.loads(done.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT" and "batch text" in error["message"], error
    assert "sidecar" not in (error["hint"] or "")  # not listed among the options a batch takes
    assert not (tmp_path / "all.txt").exists() and not (tmp_path / "out").exists()


@pytest.mark.parametrize(("command", "option", "message", "listed"), [
    ("convert", "too=html", "--set too: no such option (did you mean to?)", "from, to, standalone"),
    ("convert", "nope=1", "--set nope: no such option", "text, from, to,"),
    ("ocr", "force-ocr=maybe", "--set force-ocr=maybe: not yes or no", None),
    ("ocr", "max-chars=0", "--set max-chars must be greater than or equal to 1 (got 0)", None),
    ("ocr", "force-orc=1", "--set force-orc: no such option (did you mean force-ocr?)", "force-ocr, rotate-pages"),
    ("rotate", "object-streams=x", "--set object-streams=x: choose from preserve, generate, disable", None),
    ("rotate", "angel=90", "--set angel: no such option (did you mean angle?)", "linearize, object-streams."),
])
def test_set_names_options_as_the_commands_help_spells_them(cli: Any, tmp_path: Path, command: str, option: str,
                                                           message: str, listed: str | None) -> None:
    """`--set`'s errors named the options in Python's spelling (`force_ocr`, `to_format`, `object_streams`), words
    no `--help` shows: now as the command's own flags (`force-ocr`, `to`, `object-streams`), which `--set` takes."""
    shutil.copy(FOUR, tmp_path / "four.pdf")
    result = cli("batch", command, tmp_path / "four.pdf", "-d", tmp_path / "out", "--set", option, "--json")
    assert result.exit_code == 2, result
    error = json.loads(result.stderr)["error"]
    assert error["message"].startswith(message), error
    if listed is not None:
        assert listed in error["hint"], error
    assert "_" not in error["message"] + error["hint"], error


@pytest.mark.parametrize(("typed", "given"), [
    (["--language", "deu"], "--set language=deu"),
    (["-l", "deu"], "--set language=deu"),
    (["--force-ocr"], "--set force-ocr=true"),
    (["--dpi=150"], "--set dpi=150"),
])
def test_a_commands_own_option_given_to_a_batch_says_set(cli: Any, tmp_path: Path, typed: list[str],
                                                         given: str) -> None:
    """`pdftools batch ocr scans/ -d out --language deu`, as `pdftools ocr` takes it, was `unknown option
    --language` and the batch's generic hint: a batch takes the command's options as `--set KEY=VALUE`."""
    shutil.copy(FOUR, tmp_path / "four.pdf")
    result = cli("batch", "ocr", tmp_path / "four.pdf", "-d", tmp_path / "out", *typed, "--json")
    assert result.exit_code == 2, result
    error = json.loads(result.stderr)["error"]
    assert error["message"] == f"unknown option {typed[0].split('=')[0]}: ocr's options go to a batch as --set " \
                               "KEY=VALUE", error
    assert given in error["hint"] and "pdftools ocr -h" in error["hint"], error
    assert not (tmp_path / "out").exists()


def test_an_option_no_command_has_keeps_the_batchs_words(cli: Any, tmp_path: Path) -> None:
    shutil.copy(FOUR, tmp_path / "four.pdf")
    result = cli("batch", "rotate", tmp_path / "four.pdf", "-d", tmp_path / "out", "--nonsense", "--json")
    assert result.exit_code == 2, result
    assert json.loads(result.stderr)["error"]["message"] == "unknown option --nonsense", result


def test_the_program_says_set_too(tmp_path: Path) -> None:
    """The program builds the batch command alone (the command it runs is built for the error's words)."""
    import subprocess
    import sys

    shutil.copy(FOUR, tmp_path / "four.pdf")
    done = subprocess.run([str(Path(sys.executable).with_name("pdftools")), "batch", "ocr", str(tmp_path / "four.pdf"),
                           "-d", str(tmp_path / "out"), "--language", "deu", "--json"],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 2, done
    assert "--set language=deu" in json.loads(done.stderr)["error"]["hint"], done.stderr
