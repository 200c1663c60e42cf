"""Issue 12 item 5: one convention everywhere. One meaning per short option; `-q/--quiet` on every command;
one naming style for default outputs (`name-operation...`); one extension per image format; the same
permission names in `info` and `protect --allow`; `last` and `-1` wherever a page number is; output folders
made when missing."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pikepdf
import pytest
import typer

from pdftools.document.encryption import PERMISSIONS
from pdftools.main import build_app


def _commands() -> Iterator[tuple[str, Any]]:
    root = typer.main.get_command(build_app(None))
    for name, cmd in root.commands.items():  # type: ignore[attr-defined]
        subs = getattr(cmd, "commands", None)
        if subs:
            yield from ((f"{name} {sub}", c) for sub, c in subs.items())
        else:
            yield name, cmd


def test_each_short_option_means_one_thing() -> None:
    meaning: dict[str, set[str]] = {}
    for _, cmd in _commands():
        for param in cmd.params:
            opts = [*getattr(param, "opts", []), *getattr(param, "secondary_opts", [])]
            longs = sorted(o for o in opts if o.startswith("--"))
            for short in (o for o in opts if len(o) == 2 and o.startswith("-")):
                meaning.setdefault(short, set()).add(longs[0] if longs else "?")
    clashes = {s: m for s, m in meaning.items() if len(m) > 1}
    assert not clashes, clashes
    assert meaning["-l"] == {"--language"}  # one long name wherever -l is taken (convert's too)


def test_every_command_takes_quiet() -> None:
    """All but `help`, which prints help as `--help` does: quiet, it would have nothing left to print."""
    missing = [name for name, cmd in _commands() if name != "help"
               if not any("--quiet" in getattr(p, "opts", []) and "-q" in getattr(p, "opts", []) for p in cmd.params)]
    assert not missing, missing


def test_quiet_prints_nothing_but_errors(cli: Callable[..., Any], sample: Path, tmp_path: Path) -> None:
    done = cli("rotate", sample, "-a", "90", "-o", tmp_path / "r.pdf", "-q")
    assert (done.exit_code, done.stdout, done.stderr) == (0, "", ""), done
    assert (tmp_path / "r.pdf").exists()
    failed = cli("rotate", tmp_path / "missing.pdf", "-a", "90", "-q")
    assert failed.exit_code == 3 and failed.stderr.startswith("error[FILE_NOT_FOUND]")


def test_quiet_serve_and_mcp_config(cli: Callable[..., Any], tmp_path: Path) -> None:
    config = tmp_path / "mcp.json"
    installed = cli("mcp-config", "cursor", "--install", "--config", config, "-q")
    assert (installed.exit_code, installed.stdout, installed.stderr) == (0, "", "") and config.exists()
    snippet = cli("mcp-config", "cursor", "-q")  # the snippet is the data asked for: printed all the same
    assert snippet.exit_code == 0 and "mcpServers" in snippet.stdout
    refused = cli("serve", "--transport", "http", "--host", "0.0.0.0", "--root", tmp_path, "-q",
                  env={"PDFTOOLS_AUTH_TOKEN": None})
    assert refused.exit_code == 2 and refused.stderr.startswith("error[INVALID_ARGUMENT]")


def test_default_outputs_share_one_naming_style(cli: Callable[..., Any], tmp_path: Path) -> None:
    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(100, 100))
    pdf.add_blank_page(page_size=(100, 100))
    src = tmp_path / "doc.pdf"
    pdf.save(src)
    made = {
        "rotate": cli("rotate", src, "-a", "90", "--json"),
        "split": cli("split", src, "-d", tmp_path, "--json"),
        "thumbnails": cli("thumbnails", src, "-d", tmp_path, "--width", "10", "--json"),
    }
    names = [Path(p).name for r in made.values() for p in _paths(json.loads(r.stdout))]
    assert "doc-rotated.pdf" in names and "doc-001-001.pdf" in names and "doc-p001.png" in names, names
    assert all(n.startswith("doc-") for n in names), names


def _paths(data: Any) -> list[str]:
    if isinstance(data, dict):
        return [v for k, v in data.items() if k in ("output", "path") and isinstance(v, str)] + [
            p for v in data.values() for p in _paths(v)]
    if isinstance(data, list):
        return [p for v in data for p in _paths(v)]
    return []


def test_ocr_default_output_uses_the_same_style(cli: Callable[..., Any], tmp_path: Path) -> None:
    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(72, 72))
    pdf.save(tmp_path / "scan.pdf")
    result = cli("ocr", tmp_path / "scan.pdf", "--dpi", "72", "--json")
    assert result.exit_code == 0, result
    assert Path(json.loads(result.stdout)["output"]).name == "scan-ocr.pdf"


def test_one_extension_per_image_format(cli: Callable[..., Any], tmp_path: Path) -> None:
    """pikepdf names a fax image `.tif` and a CMYK one `.tiff`: pdftools writes `.tif` for both."""
    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(100, 100))
    image = pikepdf.Stream(pdf, bytes(range(16)), Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Image, Width=2,
                           Height=2, ColorSpace=pikepdf.Name.DeviceCMYK, BitsPerComponent=8)
    pdf.pages[0].Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(Im0=image))
    pdf.pages[0].Contents = pdf.make_stream(b"q 50 0 0 50 0 0 cm /Im0 Do Q")
    pdf.save(tmp_path / "cmyk.pdf")
    result = cli("images", tmp_path / "cmyk.pdf", "-d", tmp_path / "out", "--json")
    assert result.exit_code == 0, result
    written = [Path(i["path"]).suffix for i in json.loads(result.stdout)["images"]]
    assert written == [".tif"], written
    assert not list((tmp_path / "out").glob("*.tiff"))


def test_info_names_permissions_as_protect_allow_does(cli: Callable[..., Any], sample: Path,
                                                      tmp_path: Path) -> None:
    out = tmp_path / "p.pdf"
    made = cli("protect", sample, "-o", out, "--user-password", "u", "--owner-password", "o", "--allow", "print")
    assert made.exit_code == 0, made
    perms = json.loads(cli("info", out, "--password", "u", "--json").stdout)["encryption"]["permissions"]
    assert set(perms) <= set(PERMISSIONS), perms
    assert perms["print"] is True and perms["modify"] is False


@pytest.mark.parametrize("where", ["last", "-1"])
def test_last_and_minus_one_are_page_numbers(cli: Callable[..., Any], sample: Path, tmp_path: Path,
                                             where: str) -> None:
    count = len(pikepdf.open(sample).pages)
    blank = cli("insert-blank", sample, "--after", where, "-o", tmp_path / "b.pdf", "--json")
    assert blank.exit_code == 0, blank
    assert json.loads(blank.stdout)["inserted"] == [count + 1]
    both = cli("insert", sample, sample, "--after", where, "-o", tmp_path / "i.pdf", "--json")
    assert both.exit_code == 0, both
    mark = cli("bookmarks", "add", sample, "--title", "End", "--page", where, "-o", tmp_path / "m.pdf", "--json")
    assert mark.exit_code == 0, mark
    assert json.loads(mark.stdout)["outline"][-1]["page"] == count


def test_output_folders_are_made_when_missing(cli: Callable[..., Any], sample: Path, tmp_path: Path) -> None:
    deep = tmp_path / "a" / "b" / "c"
    result = cli("split", sample, "-d", deep, "--json")
    assert result.exit_code == 0, result
    assert any(deep.iterdir())
    shots = cli("thumbnails", sample, "-d", tmp_path / "t" / "u", "--width", "10", "--pages", "1")
    assert shots.exit_code == 0, shots
