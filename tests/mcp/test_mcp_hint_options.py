"""A hint names only what the reader can give: at a shell each option it names (`--dpi`) is one of the command's
own (or of the `pdftools COMMAND ...` it shows), over MCP each argument it names (`dpi`) is one of the tool's
own (a batch row's: of the batch or its command). Found by producing each error through the real CLI and a real
server over stdio: TIMEOUT told `merge` and `text` to raise `--timeout`, which only ocr and convert have;
PAGE_TOO_LARGE told pdf_ocr to give a smaller `width` or `height`, and `rename-invoice` (which OCRs at a fixed
resolution) and ocr of an image (drawn at its own resolution) to lower `--dpi`, which changes nothing there. And
a hint never tells a reader to do what they just did: NOT_SMALLER said to try `--image-dpi` to a compress given
`--image-dpi`; TIMEOUT of an op's own `timeout` said the limit was the server's PDFTOOLS_TIMEOUT."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from functools import cache
from pathlib import Path
from typing import Any

import anyio
import pytest
from conftest import CORPUS
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from surface_servers import PDFTOOLS

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"
FLAG = re.compile(r"(?<![^\s`(\[/])--?[A-Za-z][\w-]*(?!\.\w)")
SLOW = {"PDFTOOLS_TIMEOUT": "0.001"}
SMALL = {"PDFTOOLS_MAX_PIXELS": "1000"}


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """four.pdf (text), scan.pdf (a page as an image, no text), page.png (the same image: 100 dpi), small.pdf
    (four.pdf compressed: nothing more to gain)."""
    from PIL import Image

    root = tmp_path_factory.mktemp("hints")
    shutil.copy(FOUR, root / "four.pdf")
    shutil.copy(CORPUS / "012-libreoffice-form" / "libreoffice-form.pdf", root / "form.pdf")
    shutil.copy(CORPUS / "005-libreoffice-writer-password" / "libreoffice-writer-password.pdf", root / "locked.pdf")
    (root / "a.md").write_text("# A title\n")
    (root / "taken.pdf").write_bytes(b"")
    subprocess.run(["pdftoppm", "-r", "100", "-png", "-singlefile", "-f", "1", "-l", "1", str(FOUR),
                    str(root / "page")], check=True)
    with Image.open(root / "page.png") as image:
        image.convert("RGB").save(root / "scan.pdf", resolution=100)
    subprocess.run([PDFTOOLS, "compress", root / "four.pdf", "-o", root / "small.pdf"], check=True,
                   capture_output=True)
    return root


CLI_CASES: list[tuple[list[str], dict[str, str]]] = [  # a failing command line, its environment
    (["merge", "four.pdf", "four.pdf", "-o", "m.pdf"], SLOW),
    (["text", "four.pdf"], SLOW),
    (["thumbnails", "four.pdf", "-d", "t"], SLOW),
    (["batch", "rotate", "four.pdf", "-d", "b", "--set", "angle=90"], SLOW),
    (["ocr", "scan.pdf", "-o", "o.pdf"], SLOW),
    (["thumbnails", "four.pdf", "-d", "t", "--dpi", "72"], SMALL),
    (["thumbnails", "four.pdf", "-d", "t", "--width", "200"], SMALL),
    (["ocr", "scan.pdf", "-o", "o.pdf"], SMALL),
    (["ocr", "page.png", "-o", "o.pdf"], SMALL),
    (["rename-invoice", "scan.pdf"], SMALL),
    (["compress", "small.pdf", "-o", "c.pdf"], {}),
    (["compress", "small.pdf", "-o", "c.pdf", "--image-dpi", "72"], {}),
    (["info", "four.pdf"], {"PDFTOOLS_MAX_INPUT_BYTES": "1000"}),
    (["split", "four.pdf", "-d", "s"], {"PDFTOOLS_MAX_INPUT_BYTES": "1000"}),
    (["rotate", "four.pdf", "--angle", "90", "-o", "four.pdf"], {}),
    (["rotate", "four.pdf", "--angle", "90", "-o", "no/such/r.pdf"], {}),
    (["rotate", "four.pdf", "--angle", "90", "-o", "taken.pdf"], {}),
    (["rotate", "four.pdf", "--angle", "45", "-o", "r.pdf"], {}),
    (["select", "four.pdf", "9", "-o", "r.pdf"], {}),
    (["info", "locked.pdf"], {}),
    (["merge", "four.pdf", "locked.pdf", "-o", "m.pdf"], {}),
    (["forms", "fill", "form.pdf", "--set", "Nope=1", "-o", "f.pdf"], {}),
    (["forms", "fill", "four.pdf", "--set", "a=1", "-o", "f.pdf"], {}),
    (["ocr", "four.pdf", "-o", "o.pdf", "-l", "xyz"], {}),
    (["convert", "a.md", "--to", "nope", "-o", "a.out"], {}),
    (["info", "missing.pdf"], {}),
    (["batch", "rotate", "nothing*.pdf", "-d", "b", "--set", "angle=90"], {}),
]


@cache
def _options() -> dict[str, set[str]]:
    """Each command's and sub-command's options, as typed (`rename-invoice`, `forms fill`)."""
    import typer.main

    from pdftools.main import build_app

    found: dict[str, set[str]] = {}
    for name, command in typer.main.get_command(build_app(None)).commands.items():
        for sub, leaf in (getattr(command, "commands", {}) or {None: command}).items():
            flags = {o for p in leaf.params for o in (*getattr(p, "opts", ()), *getattr(p, "secondary_opts", ()))}
            found[name if sub is None else f"{name} {sub}"] = flags | {"-h", "--help"}
    return found


def _foreign_flags(command: str, text: str) -> list[str]:
    """The options `text` names that `command` lacks; in a `pdftools OTHER ...` it shows, those OTHER lacks.
    Another program's command line (`ulimit -f`, `dask worker ...`) is that program's."""
    options, found = _options(), []
    for line in re.findall(r"`pdftools ([^`]*)`", text):
        words = line.split()
        other = " ".join(words[:2]) if " ".join(words[:2]) in options else words[0]
        found += [f"{flag} in `pdftools {line}`" for flag in FLAG.findall(line) if flag not in options.get(other, ())]
    bare = re.sub(r"`[^`]*`", "`...`", text)
    return found + [flag for flag in FLAG.findall(bare) if flag not in options[command]]


def _cli_error(folder: Path, argv: list[str], env: dict[str, str]) -> dict[str, str]:
    done = subprocess.run([PDFTOOLS, *argv, "--json"], capture_output=True, text=True, cwd=folder,
                          env={**os.environ, **env}, timeout=300)
    if argv[0] == "rename-invoice":  # each file's error is its row's note
        (row,) = json.loads(done.stdout)["files"]
        return {"code": row["error"], "hint": row["reason"]}
    return json.loads(done.stderr)["error"]  # type: ignore[no-any-return]


@pytest.mark.parametrize(("argv", "env"), CLI_CASES, ids=[" ".join(a[:2]) + " " + ",".join(e) for a, e in CLI_CASES])
def test_a_hint_at_a_shell_names_only_the_command_s_options(folder: Path, argv: list[str],
                                                            env: dict[str, str]) -> None:
    error = _cli_error(folder, argv, env)
    command = " ".join(argv[:2]) if " ".join(argv[:2]) in _options() else argv[0]
    assert not _foreign_flags(command, error["hint"]), (argv, error)


@pytest.mark.parametrize(("argv", "env", "untrue"), [
    (["compress", "small.pdf", "-o", "c.pdf", "--image-dpi", "72"], {}, "--image-dpi"),
    (["ocr", "scan.pdf", "-o", "o.pdf", "--timeout", "1", "--force-ocr"], {}, "PDFTOOLS_TIMEOUT"),
    (["ocr", "page.png", "-o", "o.pdf", "--dpi", "100"], SMALL, "Lower --dpi"),
])
def test_a_hint_never_tells_the_reader_to_do_what_they_just_did(folder: Path, argv: list[str], env: dict[str, str],
                                                                untrue: str) -> None:
    """`compress --image-dpi 72` of a PDF without images was told to try --image-dpi; an ocr stopped by its own
    --timeout was told to raise PDFTOOLS_TIMEOUT, which did not stop it; an image given --dpi and too large was
    told to lower --dpi, which does not change an image's pixels."""
    error = _cli_error(folder, argv, env)
    assert untrue not in error["hint"], error


MCP_CASES: list[tuple[str, dict[str, Any], dict[str, str]]] = [  # a failing call, the server's environment
    ("pdf_merge", {"inputs": ["four.pdf", "four.pdf"], "output": "m.pdf"}, SLOW),
    ("pdf_ocr", {"input": "scan.pdf", "output": "o.pdf"}, SMALL),
    ("pdf_ocr", {"input": "page.png", "output": "o.pdf"}, SMALL),
    ("pdf_thumbnails", {"input": "four.pdf", "out_dir": "t", "dpi": 72}, SMALL),
    ("pdf_rename_invoice", {"inputs": ["scan.pdf"]}, SMALL),
    ("pdf_batch", {"command": "ocr", "inputs": ["scan.pdf"], "out_dir": "b"}, SMALL),
    ("pdf_compress", {"input": "small.pdf", "output": "c.pdf"}, {}),
    ("pdf_compress", {"input": "small.pdf", "output": "c.pdf", "image_dpi": 72}, {}),
    ("pdf_ocr", {"input": "scan.pdf", "output": "o.pdf", "timeout": 1, "force_ocr": True}, {}),
    ("pdf_ocr", {"input": "four.pdf", "output": "o.pdf", "language": "xyz"}, {}),
    ("pdf_rotate", {"input": "four.pdf", "angle": 90, "output": "taken.pdf"}, {}),
    ("pdf_rotate", {"input": "four.pdf", "angle": 90, "output": "four.pdf", "force": True}, {}),
    ("pdf_info", {"input": "locked.pdf"}, {}),
    ("pdf_forms", {"input": "form.pdf", "action": "fill", "values": ["Nope=1"], "output": "f.pdf"}, {}),
    ("pdf_batch", {"command": "rotate", "inputs": ["nothing*.pdf"], "out_dir": "b", "options": {"angle": 90}}, {}),
]


def _texts(result: Any) -> list[tuple[str, str]]:
    """(code, hint) of a failed call, or of each failed row or file of its result."""
    if result.is_error:
        error = json.loads(result.content[0].text)
        return [(error["code"], error["hint"])]
    data = result.structured_content or {}
    return [(row["error"]["code"], row["error"]["hint"]) for row in data.get("rows", []) if row.get("error")] + \
        [(row["error"], row["reason"]) for row in data.get("files", []) if row.get("status") == "error"]


def test_a_hint_over_mcp_names_only_the_tool_s_arguments(folder: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k in ("PATH", "PYTHONPATH")}

    async def go(extra: dict[str, str], calls: list[tuple[str, dict[str, Any]]]) -> tuple[Any, list[Any]]:
        params = StdioServerParameters(command=str(PDFTOOLS), args=["serve", "--root", str(folder)], env=env | extra,
                                       cwd=str(folder))
        async with Client(params, mode="legacy") as client:
            return (await client.list_tools()).tools, [await client.call_tool(t, a) for t, a in calls]

    said = []
    for extra in ({}, SLOW, SMALL):
        tools, results = anyio.run(go, extra, [(t, a) for t, a, e in MCP_CASES if e == extra])
        said += list(zip([(t, a) for t, a, e in MCP_CASES if e == extra], results, strict=True))
    arguments = {tool.name: set(tool.input_schema.get("properties", {})) for tool in tools}
    anyone_s = set().union(*arguments.values())
    tool_of = {"ocr": "pdf_ocr"}
    wrong, repeated = [], []
    for (tool, args), result in said:
        own = arguments[tool] | arguments.get(tool_of.get(args.get("command", "")), set())
        for code, hint in _texts(result):
            named = set(re.findall(r"`([a-z][a-z_]*)`", hint)) | set(re.findall(r"\b[a-z]+_[a-z_]+\b", hint))
            if foreign := {word for word in named if word in anyone_s and word not in own}:
                wrong.append((tool, args, code, sorted(foreign), hint))
            if any(re.search(rf"\b(?:try|give|raise) `?{name}\b", hint) for name in args if name != "input"):
                repeated.append((tool, args, code, hint))  # what was just given, offered as the way out
            if "timeout" in args and code == "TIMEOUT":
                assert "PDFTOOLS_TIMEOUT" not in hint, hint  # its own limit stopped it, not the server's
    assert not wrong, wrong
    assert not repeated, repeated
    assert len([text for _, result in said for text in _texts(result)]) >= len(MCP_CASES), said  # each failed


def test_rename_invoice_with_every_name_taken_names_its_own_options(tmp_path: Path) -> None:
    """`rename-invoice` whose new name and its numbered variants (up to `_999`) are all taken said `pass --force`, which
    rename-invoice does not have (it never overwrites); it names what it has (--pattern, --copy-to)."""
    einvoices = CORPUS.parent / "einvoices" if CORPUS.name == "sample-files" else CORPUS / "einvoices"
    shutil.copy(einvoices / "library__EN16931_1_Teilrechnung.pdf", tmp_path / "inv.pdf")
    planned = subprocess.run([PDFTOOLS, "rename-invoice", "inv.pdf", "--dry-run", "--json"], capture_output=True,
                             text=True, cwd=tmp_path)
    (row,) = json.loads(planned.stdout)["files"]
    name = Path(row["new_path"]).name
    stem, ext = os.path.splitext(name)
    for n in range(1, 1000):
        (tmp_path / (name if n == 1 else f"{stem}_{n}{ext}")).touch()
    error = _cli_error(tmp_path, ["rename-invoice", "inv.pdf"], {})
    assert error["code"] == "OUTPUT_EXISTS", error
    assert not _foreign_flags("rename-invoice", error["hint"]) and "--pattern" in error["hint"], error


def test_a_tool_stopped_by_the_server_s_time_limit_is_not_told_to_give_a_larger_timeout(folder: Path) -> None:
    """pdf_ocr given `timeout` 600 and stopped by the server's PDFTOOLS_TIMEOUT was told `or a larger timeout if
    you gave one`: a larger one changes nothing, the server's limit is the lower."""
    env = {k: v for k, v in os.environ.items() if k in ("PATH", "PYTHONPATH")} | SLOW

    async def go() -> Any:
        params = StdioServerParameters(command=str(PDFTOOLS), args=["serve", "--root", str(folder)], env=env,
                                       cwd=str(folder))
        async with Client(params, mode="legacy") as client:
            return await client.call_tool("pdf_ocr", {"input": "scan.pdf", "output": "o.pdf", "timeout": 600})

    ((code, hint),) = _texts(anyio.run(go))
    assert code == "TIMEOUT" and "server's setting PDFTOOLS_TIMEOUT" in hint and "`timeout`" not in hint, hint
