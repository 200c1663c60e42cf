"""One page's image to standard output, as `pdftoppm -png -singlefile -f 1 -l 1 in.pdf | display` pipes it:
`thumbnails FILE --pages N -o -` writes the image (PNG, or the `--format` chosen) and nothing else on stdout, the
same bytes the folder gets; the summary (or `--json`) goes to stderr, as with `merge -o -`. Several pages for one
stream, a file name after `-o`, or `-o -` with `--out-dir` are INVALID_ARGUMENT, nothing written. A reader that
leaves early ends it without a traceback. Over MCP the tool has no `output`: standard output is the protocol."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
from pathlib import Path

import anyio
import pytest
from PIL import Image
from readback import FOUR

PDFTOOLS = Path(sys.executable).with_name("pdftools")


def run(folder: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([str(PDFTOOLS), *args], cwd=folder, capture_output=True, stdin=subprocess.DEVNULL,
                          timeout=120)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    shutil.copy(FOUR, tmp_path / "four.pdf")
    return tmp_path


@pytest.mark.parametrize("format", ["png", "jpg"])
def test_one_page_is_all_that_stdout_holds_and_what_the_folder_gets(folder: Path, format: str) -> None:
    filed = run(folder, "thumbnails", "four.pdf", "--pages", "2", "-W", "80", "--format", format, "-d", "th")
    assert filed.returncode == 0, filed.stderr
    (written,) = (folder / "th").iterdir()
    before = sorted(p.name for p in folder.iterdir())
    proc = run(folder, "thumbnails", "four.pdf", "--pages", "2", "-W", "80", "--format", format, "-o", "-")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == written.read_bytes()
    with Image.open(io.BytesIO(proc.stdout)) as img:
        assert img.format == ("PNG" if format == "png" else "JPEG") and img.width == 80
    assert b"standard output" in proc.stderr  # the summary, for the person, apart from the data
    assert sorted(p.name for p in folder.iterdir()) == before


def test_json_goes_to_stderr_as_with_merge(folder: Path) -> None:
    proc = run(folder, "thumbnails", "four.pdf", "--pages", "last", "-W", "40", "-o", "-", "--json")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(b"\x89PNG\r\n\x1a\n")
    images = json.loads(proc.stderr)["images"]
    assert [(i["page"], i["path"], i["width"], i["bytes"]) for i in images] == [(4, "-", 40, len(proc.stdout))]


@pytest.mark.parametrize("argv", [[], ["--pages", "1,3"], ["--pages", "2-"]], ids=["all", "two", "three"])
def test_several_pages_for_one_stream_are_refused(folder: Path, argv: list[str]) -> None:
    proc = run(folder, "thumbnails", "four.pdf", *argv, "-o", "-", "--json")
    assert proc.returncode == 2 and proc.stdout == b"", proc
    error = json.loads(proc.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT" and "one page" in error["message"], error
    assert "--pages" in error["hint"], error
    assert sorted(p.name for p in folder.iterdir()) == ["four.pdf"]


@pytest.mark.parametrize("argv", [["-o", "page.png"], ["-o", "-", "-d", "th"]], ids=["file", "and-folder"])
def test_only_dash_and_no_folder_besides(folder: Path, argv: list[str]) -> None:
    proc = run(folder, "thumbnails", "four.pdf", "--pages", "1", *argv, "--json")
    assert proc.returncode == 2 and proc.stdout == b"", proc
    error = json.loads(proc.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT" and "-o -" in error["hint"], error
    assert sorted(p.name for p in folder.iterdir()) == ["four.pdf"]


def test_a_reader_that_leaves_early_ends_it_quietly(folder: Path) -> None:
    """A page at 300 dpi is some hundred kB, more than a pipe takes: the reader leaves mid-write."""
    proc = subprocess.Popen([str(PDFTOOLS), "thumbnails", "four.pdf", "--pages", "1", "--dpi", "300", "-o", "-"],
                            cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stdout.read(1) == b"\x89"
    proc.stdout.close()
    _, err = proc.communicate(timeout=120)
    assert proc.returncode in (0, 141) and err == b"", (proc.returncode, err)
    piped = subprocess.run(f'"{PDFTOOLS}" thumbnails four.pdf --pages 1 --dpi 300 -o - | head -c 8', shell=True,
                           cwd=folder, capture_output=True, timeout=120)
    assert piped.stdout == b"\x89PNG\r\n\x1a\n" and piped.stderr == b"", piped.stderr


def test_over_stdio_mcp_there_is_no_output(folder: Path) -> None:
    sys.path.insert(0, str(Path(__file__).parents[1] / "mcp"))
    from surface_servers import stdio_client

    async def go() -> tuple[object, object, object]:
        async with stdio_client(folder) as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            refused = await client.call_tool("pdf_thumbnails", {"input": "four.pdf", "pages": "1", "output": "-"})
            made = await client.call_tool("pdf_thumbnails", {"input": "four.pdf", "pages": "1", "width": 40})
            return tools["pdf_thumbnails"], refused, made

    tool, refused, made = anyio.run(go)
    assert "output" not in tool.input_schema["properties"]  # type: ignore[attr-defined]
    assert refused.is_error, refused  # type: ignore[attr-defined]
    assert not made.is_error, made  # type: ignore[attr-defined]  # the protocol went on
    assert (folder / "four-p001.png").is_file() and not (folder / "-").exists()


def test_dev_stdout_is_standard_output_too(folder: Path) -> None:
    dashed = run(folder, "thumbnails", "four.pdf", "--pages", "1", "-W", "40", "-o", "-")
    named = run(folder, "thumbnails", "four.pdf", "--pages", "1", "-W", "40", "-o", "/dev/stdout")
    assert named.returncode == 0 and named.stdout == dashed.stdout and dashed.stdout[:4] == b"\x89PNG", named.stderr
