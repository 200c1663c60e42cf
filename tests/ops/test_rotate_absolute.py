"""`rotate --absolute`: set the pages' rotation, as qpdf's unsigned `--rotate=90` does (its `+90` / `-90` turn,
as `rotate -a` without it does). A scan batch where some pages are already turned needs "make these pages 90".
Each written file is read back by qpdf (`--json`), and compared with what qpdf itself makes of the same input.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pikepdf
import pytest
import readback as rb

pytestmark = pytest.mark.skipif(shutil.which("qpdf") is None, reason="qpdf is not installed")


def qpdf_rotations(path: Path) -> list[int]:
    """Each page's rotation as qpdf's JSON gives it: its /Rotate, or the one it inherits from its /Parent."""
    data = json.loads(subprocess.run(["qpdf", "--json=2", "--json-key=pages", "--json-key=qpdf", str(path)],
                                     check=True, capture_output=True).stdout)
    objects = data["qpdf"][1]

    def rotation(ref: str) -> int:
        value = objects[f"obj:{ref}"]["value"]
        if "/Rotate" in value:
            return int(value["/Rotate"]) % 360
        return rotation(value["/Parent"]) if "/Parent" in value else 0

    return [rotation(page["object"]) for page in data["pages"]]


@pytest.fixture
def mixed(tmp_path: Path) -> Path:
    """Four pages turned 0, 90, 180 and 270 (a scan batch some of whose pages were turned already); the last one
    by inheriting its parent's /Rotate."""
    path = tmp_path / "mixed.pdf"
    with pikepdf.open(rb.FOUR) as pdf:
        pages = list(pdf.pages)
        pages[1].obj.Rotate, pages[2].obj.Rotate = 90, 180
        pdf.Root.Pages.Rotate = 270  # inherited by the pages without their own: only the last one here
        pages[0].obj.Rotate = 0
        pdf.save(path)
    assert qpdf_rotations(path) == [0, 90, 180, 270]
    return path


def qpdf_made(source: Path, rotate: str, out: Path) -> list[int]:
    subprocess.run(["qpdf", source, f"--rotate={rotate}", out], check=True, capture_output=True)
    return qpdf_rotations(out)


@pytest.mark.parametrize(("args", "qpdf", "pages"), [(["-a", "90"], "90", [1, 3, 4]),  # page 2 was at 90
                                                     (["-a", "0", "--pages", "2-3"], "0:2-3", [2, 3]),
                                                     (["-a", "180", "--pages", "even"], "180:2,4", [2, 4])])
def test_absolute_sets_the_rotation_as_qpdf_unsigned(cli: Callable[..., Any], mixed: Path, tmp_path: Path,
                                                     args: list[str], qpdf: str, pages: list[int]) -> None:
    out = tmp_path / "out.pdf"
    result = cli("rotate", mixed, "--absolute", *args, "-o", out, "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["rotated"] == pages
    assert qpdf_rotations(out) == qpdf_made(mixed, qpdf, tmp_path / "qpdf.pdf")
    assert contents(out) == contents(mixed)  # only the rotation changed


def contents(path: Path) -> list[bytes]:
    with pikepdf.open(path) as pdf:
        return [page.obj.Contents.read_bytes() for page in pdf.pages]


def test_without_absolute_the_angle_is_added_as_qpdf_signed(cli: Callable[..., Any], mixed: Path,
                                                            tmp_path: Path) -> None:
    out = tmp_path / "out.pdf"
    assert cli("rotate", mixed, "-a", "90", "-o", out).exit_code == 0
    assert qpdf_rotations(out) == qpdf_made(mixed, "+90", tmp_path / "qpdf.pdf") == [90, 180, 270, 0]


def test_a_negative_absolute_angle_is_counted_left_from_upright(cli: Callable[..., Any], mixed: Path,
                                                                tmp_path: Path) -> None:
    out = tmp_path / "out.pdf"
    assert cli("rotate", mixed, "--absolute", "-a", "-90", "-o", out).exit_code == 0
    assert qpdf_rotations(out) == [270] * 4


def test_zero_without_absolute_says_how_to_set_pages_upright(cli: Callable[..., Any], mixed: Path) -> None:
    result = cli("rotate", mixed, "-a", "0")
    assert result.exit_code == 2 and result.stdout == ""
    assert "--absolute" in result.stderr


def test_mcp_rotate_sets_the_rotation(tmp_path: Path, mixed: Path) -> None:
    result = rb.mcp_call(tmp_path, "pdf_rotate", {"input": "mixed.pdf", "angle": 90, "absolute": True,
                                                   "pages": "1-3", "output": "out.pdf"})
    assert not result.is_error, result.content
    assert result.structured_content["rotated"] == [1, 3]  # page 2 was at 90 already
    assert qpdf_rotations(tmp_path / "out.pdf") == [90, 90, 90, 270]
    error = rb.mcp_error(rb.mcp_call(tmp_path, "pdf_rotate", {"input": "mixed.pdf", "angle": 0}))
    assert error["code"] == "INVALID_ARGUMENT" and "absolute" in error["hint"] and "--" not in error["hint"]


def test_absolute_lists_only_the_pages_it_changed(cli: Callable[..., Any], mixed: Path, tmp_path: Path) -> None:
    """`--absolute` listed every page chosen as rotated, those already at the angle too (`-a 0` of an upright
    file: `rotated 1, 2, 3, 4`, the file unchanged): it lists the pages whose rotation it changed, as `rotate -a`
    without it (every page turns) and `--flatten` (the pages that had a rotation) do."""
    out = tmp_path / "out.pdf"
    result = cli("rotate", mixed, "--absolute", "-a", "180", "-o", out, "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["rotated"] == [1, 2, 4], result.stdout  # page 3 was at 180
    assert "warning" not in result.stderr, result.stderr


@pytest.mark.parametrize(("angle", "said"), [("0", "upright"), ("90", "at 90 degrees")])
def test_absolute_that_changes_no_page_says_so(cli: Callable[..., Any], mixed: Path, tmp_path: Path,
                                               angle: str, said: str) -> None:
    """Every page chosen already at the angle: none rotated, and a warning says the option did nothing, as
    `--flatten`'s does for upright pages."""
    pages = "1" if angle == "0" else "2"
    out = tmp_path / "out.pdf"
    result = cli("rotate", mixed, "--absolute", "-a", angle, "--pages", pages, "-o", out, "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["rotated"] == [], result.stdout
    warnings = [line for line in result.stderr.splitlines() if line.startswith("warning: ")]
    assert warnings == [f"warning: --absolute: no page chosen needed it: each was {said} already, and is "
                        "unchanged"], result.stderr
    plain = cli("rotate", mixed, "--absolute", "-a", angle, "--pages", pages, "-o", out, "--force")
    assert "rotated" not in plain.stdout and f"was {said} already" in plain.stderr, plain
