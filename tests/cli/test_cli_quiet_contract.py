"""`-q/--quiet`, one contract for every command that takes it, as pdftotext's `-q`, qpdf's and curl's `-s`: it
silences messages (the progress bar, notes and warnings on stderr) and never the data a command was asked for.
A command that shows something (`text`, `info`, `metadata show`, `convert` to stdout, `ocr --mode text`) prints
the same bytes with and without it; a command that writes files writes the same files, and its report of
them (stdout) is a message: -q leaves it out, as qpdf writes a file without a word. `--json` asks for the result
as data: printed whatever -q says. Errors are printed all the same. The exceptions: `search -q`, grep's (exit
status only; tests/cli/test_cli_search_exit_status.py), and `serve -q` (logs: it prints no data).

`pdftools text -q file.pdf > out.txt` wrote an empty file."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pikepdf
import pytest
import typer
from conftest import CORPUS

from pdftools.main import build_app

FILES = {  # what every case's folder holds (copies: a command may write beside its input)
    "a.pdf": CORPUS / "004-pdflatex-4-pages/pdflatex-4-pages.pdf",
    "b.pdf": CORPUS / "006-pdflatex-outline/pdflatex-outline.pdf",
    "f.pdf": CORPUS / "010-pdflatex-forms/pdflatex-forms.pdf",
    "att.pdf": CORPUS / "025-attachment/with-attachment.pdf",
    "img.pdf": CORPUS / "003-pdflatex-image/pdflatex-image.pdf",
}
DATA, WRITES = "data", "writes"
CASES: dict[str, list[tuple[str, list[str]]]] = {  # command -> (what it gives, argv) for each case
    "merge": [(WRITES, ["a.pdf", "b.pdf", "-o", "m.pdf"])],
    "split": [(WRITES, ["a.pdf", "-d", "parts"])],
    "info": [(DATA, ["a.pdf"])],
    "text": [(DATA, ["a.pdf"]), (DATA, ["blank.pdf"])],  # blank: a note on stderr without -q
    "ls": [(DATA, ["."])],
    "thumbnails": [(WRITES, ["a.pdf", "--pages", "1", "--width", "20", "-d", "th"])],
    "doctor": [(DATA, [])],
    "ocr": [(DATA, ["scan.png", "--mode", "text"])],
    "rotate": [(WRITES, ["a.pdf", "-a", "90", "-o", "r.pdf"])],
    "select": [(WRITES, ["a.pdf", "1-2", "-o", "s.pdf"])],
    "delete": [(WRITES, ["a.pdf", "1", "-o", "d.pdf"])],
    "reorder": [(WRITES, ["a.pdf", "--mode", "reverse", "-o", "ro.pdf"])],
    "insert-blank": [(WRITES, ["a.pdf", "--after", "1", "-o", "ib.pdf"])],
    "insert": [(WRITES, ["a.pdf", "b.pdf", "-o", "i.pdf"])],
    "images": [(WRITES, ["img.pdf", "-d", "im"])],
    "compress": [(WRITES, ["a.pdf", "-o", "c.pdf"])],
    "stamp": [(WRITES, ["a.pdf", "--text", "DRAFT", "-o", "st.pdf"])],
    "nup": [(WRITES, ["a.pdf", "-o", "n.pdf"])],
    "booklet": [(WRITES, ["a.pdf", "-o", "bk.pdf"])],
    "protect": [(WRITES, ["a.pdf", "--user-password", "pw", "-o", "p.pdf"])],
    "unprotect": [(WRITES, ["locked.pdf", "--password", "pw", "-o", "u.pdf"])],
    "rename-invoice": [(DATA, ["a.pdf", "--dry-run", "--no-ocr"])],  # the plan is what a dry run shows
    "convert": [(DATA, ["doc.md", "-t", "html"])],
    "batch": [(WRITES, ["rotate", "a.pdf", "-d", "out", "--set", "angle=90"])],
    "labels": [(DATA, ["a.pdf"])],
    "crop": [(WRITES, ["a.pdf", "--margins", "10", "-o", "cr.pdf"])],
    "resize": [(WRITES, ["a.pdf", "--to", "a5", "-o", "rs.pdf"])],
    "check": [(DATA, ["a.pdf"])],
    "repair": [(WRITES, ["a.pdf", "-o", "rp.pdf"])],
    "inspect": [(DATA, ["a.pdf"])],
    "linearize": [(WRITES, ["a.pdf", "-o", "l.pdf"])],
    "mcp-config": [(DATA, ["cursor", "--root", "/"]), (WRITES, ["cursor", "--install", "--config", "mcp.json"])],
    "metadata show": [(DATA, ["a.pdf"])],
    "metadata set": [(WRITES, ["a.pdf", "--set", "Title=T", "-o", "ms.pdf"])],
    "metadata remove": [(WRITES, ["a.pdf", "-o", "mr.pdf"])],
    "bookmarks list": [(DATA, ["b.pdf"])],
    "bookmarks replace": [(WRITES, ["a.pdf", "--data", "marks.json", "-o", "br.pdf"])],
    "bookmarks add": [(WRITES, ["a.pdf", "--title", "Here", "--page", "2", "-o", "bm.pdf"])],
    "attachments list": [(DATA, ["att.pdf"])],
    "attachments add": [(WRITES, ["a.pdf", "doc.md", "-o", "aa.pdf"])],
    "attachments extract": [(WRITES, ["att.pdf", "-d", "ex"])],
    "attachments remove": [(WRITES, ["att.pdf", "--name", "image.png", "-o", "ar.pdf"])],
    "forms list": [(DATA, ["f.pdf"])],
    "forms fill": [(WRITES, ["f.pdf", "--set", "Name=Ann", "-o", "ff.pdf"])],
    "forms flatten": [(WRITES, ["f.pdf", "-o", "fl.pdf"])],
}
NOT_HERE = {"search": "grep's -q: exit status only", "serve": "its -q is the log's level: it prints no data",
            "help": "takes no -q: help is all it prints"}
FLAT = [(name, kind, argv) for name, cases in CASES.items() for kind, argv in cases]


def _commands_taking_quiet() -> list[str]:
    found = []
    for name, cmd in typer.main.get_command(build_app(None)).commands.items():  # type: ignore[attr-defined]
        for sub, leaf in (getattr(cmd, "commands", None) or {None: cmd}).items():
            if any("--quiet" in getattr(p, "opts", []) for p in leaf.params):
                found.append(f"{name} {sub}" if sub else name)
    return found


def test_every_command_with_quiet_is_here() -> None:
    assert sorted(set(_commands_taking_quiet()) - set(NOT_HERE)) == sorted(CASES)


def _folder(root: Path) -> Path:
    root.mkdir()
    for name, source in FILES.items():
        shutil.copyfile(source, root / name)
    blank = pikepdf.new()
    blank.add_blank_page(page_size=(200, 200))
    blank.save(root / "blank.pdf")
    with pikepdf.open(root / "a.pdf") as doc:
        doc.save(root / "locked.pdf", encryption=pikepdf.Encryption(user="pw", owner="pw"))
    (root / "doc.md").write_text("# A title\n\nSome *text*.\n", encoding="utf-8")
    (root / "marks.json").write_text(json.dumps([{"title": "One", "page": 1}]), encoding="utf-8")
    from PIL import Image, ImageDraw

    image = Image.new("L", (600, 200), 255)
    ImageDraw.Draw(image).text((20, 80), "Hello, quiet", fill=0)
    image.save(root / "scan.png", dpi=(150, 150))
    return root


def _files(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())


def _run(cli: Callable[..., Any], root: Path, name: str, argv: list[str], monkeypatch: pytest.MonkeyPatch,
         *more: str) -> Any:
    monkeypatch.chdir(_folder(root))
    home = root.parent / "home"  # (mcp-config's default file: never ours, the same in every run)
    return cli(*name.split(), *argv, *more, env={"HOME": str(home)})


@pytest.mark.parametrize(("name", "kind", "argv"), FLAT, ids=[f"{n}-{i}" for i, (n, _, _) in enumerate(FLAT)])
def test_quiet_silences_messages_never_data(name: str, kind: str, argv: list[str], cli: Callable[..., Any],
                                            tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    loud = _run(cli, tmp_path / "loud", name, argv, monkeypatch)
    quiet = _run(cli, tmp_path / "quiet", name, argv, monkeypatch, "-q")
    assert loud.exit_code == 0, loud
    assert (quiet.exit_code, quiet.stderr) == (0, ""), quiet
    assert _files(tmp_path / "quiet") == _files(tmp_path / "loud")  # the same files written
    if kind == DATA:
        assert quiet.stdout_bytes == loud.stdout_bytes and loud.stdout, (loud, quiet)
    else:  # the report of the files written
        assert loud.stdout and quiet.stdout == "", (loud, quiet)


@pytest.mark.parametrize(("name", "kind", "argv"), FLAT, ids=[f"{n}-{i}" for i, (n, _, _) in enumerate(FLAT)])
def test_json_is_data_whatever_quiet_says(name: str, kind: str, argv: list[str], cli: Callable[..., Any],
                                          tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`--json` asks for the result: `--json -q` prints the same object (batch: the same rows)."""
    if name == "convert":  # its --json holds the document too: the same, but for the timing it reports
        argv = [*argv, "-o", "doc.html"]
    loud = _run(cli, tmp_path / "loud", name, argv, monkeypatch, "--json")
    quiet = _run(cli, tmp_path / "quiet", name, argv, monkeypatch, "--json", "-q")
    assert (quiet.exit_code, quiet.stderr) == (loud.exit_code, ""), quiet
    assert _comparable(quiet.stdout, tmp_path / "quiet") == _comparable(loud.stdout, tmp_path / "loud") != [], \
        (loud, quiet)


def _comparable(stdout: str, root: Path) -> list[Any]:
    """The JSON objects printed (one, or a batch's one a line), without what differs from run to run."""
    stdout = stdout.replace(str(root), "ROOT")
    values = [json.loads(line) for line in stdout.splitlines()] if stdout.startswith("{\"") else [json.loads(stdout)]
    return [_without(v, {"size", "seconds", "worker"}) for v in values]


def _without(value: Any, keys: set[str]) -> Any:
    if isinstance(value, dict):
        return {k: _without(v, keys) for k, v in value.items() if k not in keys}
    if isinstance(value, list):
        return [_without(v, keys) for v in value]
    return value


@pytest.mark.parametrize("name", [n for n in CASES if CASES[n][0][1] and "a.pdf" in CASES[n][0][1]])
def test_errors_are_printed_all_the_same(name: str, cli: Callable[..., Any], tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["missing.pdf" if a == "a.pdf" else a for a in CASES[name][0][1]]
    done = _run(cli, tmp_path / "q", name, argv, monkeypatch, "-q")
    assert done.exit_code != 0 and done.stdout == "", done
    assert "error[" in done.stderr and "missing.pdf" in done.stderr, done
