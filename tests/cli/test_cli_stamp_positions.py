"""`stamp --position` takes pdfcpu's anchors (`pos:bc`: tl tc tr l c r bl bc br) and their long names (`top-center`,
`bottom-center`, `topleft`...) as other names of its own positions, on the command line and over MCP alike
(declared once, on the parameter): `--position bottom-center` and `bc` were refused. pdfcpu's `l` and `r`, the
middle of the left and right edges, are positions of their own (`left`, `right`). The help and the schema list
the positions' own names only; a name that is none of them is still refused."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pikepdf
import pytest
import readback as rb

ALIASES = {"c": "center", "tc": "top", "top-center": "top", "topcenter": "top", "bc": "bottom",
           "bottom-center": "bottom", "bottomcenter": "bottom", "tl": "top-left", "topleft": "top-left",
           "tr": "top-right", "topright": "top-right", "bl": "bottom-left", "bottomleft": "bottom-left",
           "br": "bottom-right", "bottomright": "bottom-right", "l": "left", "r": "right", "BC": "bottom"}
CANONICAL = ["center", "top", "bottom", "left", "right", "top-left", "top-right", "bottom-left", "bottom-right"]


@pytest.fixture
def blank(tmp_path: Path) -> Path:
    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(400, 300))
    pdf.save(tmp_path / "blank.pdf")
    return tmp_path / "blank.pdf"


def _stamped(cli: Any, blank: Path, out: Path, position: str) -> bytes:
    done = cli("stamp", blank, "--text", "MARK", "--position", position, "-o", out)
    assert done.exit_code == 0, done
    return _drawn(out)


def _drawn(path: Path) -> bytes:
    """What the page draws: its content streams, in order (the file's /ID differs from file to file)."""
    with pikepdf.open(path) as pdf:
        contents = pdf.pages[0].obj.Contents
        streams = [contents] if isinstance(contents, pikepdf.Stream) else list(contents)
        return b"".join(stream.read_bytes() for stream in streams)


@pytest.mark.parametrize(("alias", "position"), ALIASES.items())
def test_an_alias_stamps_as_its_position(cli: Any, blank: Path, tmp_path: Path, alias: str, position: str) -> None:
    assert _stamped(cli, blank, tmp_path / "a.pdf", alias) == _stamped(cli, blank, tmp_path / "p.pdf", position)


def _where(path: Path) -> tuple[float, float]:
    """The stamped word's middle (x from the left, y from the top), by pdftotext -bbox."""
    pdftotext = shutil.which("pdftotext")
    assert pdftotext
    xml = subprocess.run([pdftotext, "-bbox", str(path), "-"], capture_output=True, text=True, check=True).stdout
    line = next(line for line in xml.splitlines() if ">MARK<" in line)
    box = dict(re.findall(r'(\w+)="([\d.]+)"', line))
    x0, y0, x1, y1 = (float(box[k]) for k in ("xMin", "yMin", "xMax", "yMax"))
    return (x0 + x1) / 2, (y0 + y1) / 2


@pytest.mark.parametrize(("position", "side"), [("left", "left"), ("l", "left"), ("right", "right"), ("r", "right")])
def test_left_and_right_are_the_middle_of_an_edge(cli: Any, blank: Path, tmp_path: Path, position: str,
                                                  side: str) -> None:
    _stamped(cli, blank, tmp_path / "s.pdf", position)
    x, y = _where(tmp_path / "s.pdf")
    assert 140 < y < 160, y  # the middle of 300 pt
    assert (x < 100) if side == "left" else (x > 300), x


def test_help_lists_the_positions_own_names(cli: Any) -> None:
    shown = " ".join(cli("stamp", "--help").stdout.split())
    assert ": " + ", ".join(CANONICAL) + ";" in shown, shown  # (the choices as a metavar ran past 80 columns)
    assert "bottom-center" not in shown and "topleft" not in shown


def test_another_word_is_refused(cli: Any, blank: Path, tmp_path: Path) -> None:
    done = cli("stamp", blank, "--text", "x", "--position", "middle", "-o", tmp_path / "x.pdf", "--json")
    assert done.exit_code == 2, done
    error = json.loads(done.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT" and "bottom-right" in error["message"], error
    assert not (tmp_path / "x.pdf").exists()


def test_over_mcp(tmp_path: Path, blank: Path) -> None:
    for position, out in (("bc", "a.pdf"), ("bottom-center", "b.pdf"), ("bottom", "c.pdf"), ("l", "d.pdf")):
        done = rb.mcp_call(tmp_path, "pdf_stamp", {"input": "blank.pdf", "text": "MARK", "position": position,
                                                   "output": out})
        assert not done.is_error, done
    assert _drawn(tmp_path / "a.pdf") == _drawn(tmp_path / "b.pdf") == _drawn(tmp_path / "c.pdf")
    assert _where(tmp_path / "d.pdf")[0] < 100
    refused = rb.mcp_call(tmp_path, "pdf_stamp", {"input": "blank.pdf", "text": "MARK", "position": "middle",
                                                  "output": "e.pdf"})
    assert refused.is_error and not (tmp_path / "e.pdf").exists()


def test_the_schema_lists_the_positions_own_names(tmp_path: Path) -> None:
    import anyio
    from mcp import Client

    from pdftools.mcp.server import build_server

    async def go() -> Any:
        async with Client(build_server([tmp_path])) as client:
            return (await client.list_tools()).tools

    tool = next(t for t in anyio.run(go) if t.name == "pdf_stamp")
    assert tool.input_schema["properties"]["position"]["enum"] == CANONICAL


def test_in_a_batch(cli: Any, blank: Path, tmp_path: Path) -> None:
    done = cli("batch", "stamp", blank, "--set", "text=MARK", "--set", "position=bc", "-d", tmp_path / "out",
               "--jobs", "1", "--json")
    assert done.exit_code == 0, done
    made = next((tmp_path / "out").glob("*.pdf"))
    assert _drawn(made) == _stamped(cli, blank, tmp_path / "p.pdf", "bottom")


def test_a_shell_completes_the_positions_own_names(tmp_path: Path) -> None:
    import sys

    env = {"PATH": "/usr/bin:/bin", "COMP_WORDS": "pdftools stamp x.pdf --position ", "COMP_CWORD": "4",
           "_PDFTOOLS_COMPLETE": "complete_bash"}
    done = subprocess.run([sys.executable, "-m", "pdftools"], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert done.stdout.split() == CANONICAL, done


@pytest.mark.parametrize("word", ["--rotation", "--rotation=45", "--rotate", "--rot"])
def test_the_turn_by_other_names_says_angle(cli: Any, blank: Path, tmp_path: Path, word: str) -> None:
    """pdfcpu's `rotation:45` (`rot:`), cpdf's and qpdf's `--rotate`, as a watermark's turn is typed: it was
    `unknown option --rotation` and the generic hint, nothing naming --angle."""
    args = [word] if "=" in word else [word, "45"]
    done = cli("stamp", blank, "--text", "DRAFT", *args, "-o", tmp_path / "o.pdf", "--json")
    assert done.exit_code == 2 and not (tmp_path / "o.pdf").exists(), done
    error = json.loads(done.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT" and "--angle" in error["message"], error


@pytest.mark.parametrize(("text", "named"), [("Line one\nЛиния два", "a line break (U+000A)"),
                                            ("A\tB", "a tab (U+0009)")])
def test_text_of_two_lines_names_the_character_and_the_way_round(cli: Any, blank: Path, tmp_path: Path, text: str,
                                                                 named: str) -> None:
    """A two-line watermark was refused with 'contains control characters' and the generic hint: the error names
    the character and the hint says how to stamp a second line."""
    done = cli("stamp", blank, "--text", text, "-o", tmp_path / "o.pdf", "--json")
    error = json.loads(done.stderr)["error"]
    assert done.exit_code == 2 and error["code"] == "INVALID_ARGUMENT" and named in error["message"], error
    assert "--position" in error["hint"] and "--help" not in error["hint"], error
