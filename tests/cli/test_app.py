"""The app as a whole: generated artefacts, lazy imports, the registry's consistency."""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from pdftools import completions, errors
from pdftools.ops import OPS

REPO = Path(__file__).resolve().parents[2]


def test_completions_are_generated_from_the_app_and_current() -> None:
    for shell, name in completions.SHELLS.items():
        checked_in = (REPO / "completions" / name).read_text()
        assert checked_in == completions.script(shell).rstrip("\n") + "\n", (
            f"completions/{name} is stale: run `python -m pdftools.completions`"
        )


def test_completion_protocol_completes_real_options() -> None:
    env = {"COMP_WORDS": "pdftools split --ev", "COMP_CWORD": "2", "_PDFTOOLS_COMPLETE": "complete_bash",
           "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-m", "pdftools"], env=env, capture_output=True, text=True, check=False)
    assert "--every" in out.stdout.split()


def _complete(words: str) -> list[str]:
    env = {"COMP_WORDS": words, "COMP_CWORD": str(len(words.split(" ")) - 1), "_PDFTOOLS_COMPLETE": "complete_bash",
           "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-m", "pdftools"], env=env, capture_output=True, text=True, check=False)
    return out.stdout.split()


def test_completion_offers_the_values_a_parameter_takes() -> None:
    """A value with fixed choices completes even when it is not a Literal (`--angle`), and `batch` completes
    the commands it can run."""
    assert _complete("pdftools rotate x.pdf --angle ") == ["90", "180", "270", "-90", "-180", "-270", "0"]
    assert _complete("pdftools rotate x.pdf --angle 2") == ["270"]
    assert _complete("pdftools batch ro") == ["rotate"]
    offered = _complete("pdftools batch ")
    assert "ocr" in offered and "search" not in offered and "merge" not in offered, offered


def test_registry_summaries_are_the_docstrings_first_lines() -> None:
    for op in OPS:
        module = importlib.import_module(op.module or f"pdftools.ops.{op.function}")
        assert (module.__doc__ or "").strip().splitlines()[0] == op.summary, op.name
    from pdftools.cli.app import MCP_CONFIG_SUMMARY
    from pdftools.cli.mcp_config import mcp_config

    assert (mcp_config.__doc__ or "").strip().splitlines()[0] == MCP_CONFIG_SUMMARY


def test_help_does_not_import_ops_mcp_or_pdf_libraries() -> None:
    code = ("import sys; sys.argv=['pdftools','--help']\n"
            "from pdftools.main import main\n"
            "try:\n main()\nexcept SystemExit: pass\n"
            "bad=[m for m in sys.modules if m.split('.')[0] in ('mcp','pikepdf','pypandoc','pytesseract','pdf2image')"
            " or m.startswith('pdftools.ops.')]\n"
            "print('LOADED', bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "LOADED []" in out.stdout, out.stdout[-500:]


def test_error_codes_are_unique_and_documented() -> None:
    classes = errors.all_errors()
    codes = [c.code for c in classes]
    assert len(codes) == len(set(codes))
    readme = (REPO / "README.md").read_text()
    for cls in classes:
        assert f"`{cls.code}`" in readme, f"README's error table lacks {cls.code}"
        assert cls.hint and cls.exit_code > 0


def test_the_error_table_s_options_are_taken_where_it_says() -> None:
    """Each `--option` a row of the README's error table names is taken by the commands the row names, or by most
    commands when it names none: TIMEOUT's `--timeout` read as every command's, and only ocr and convert take it."""
    import typer.main

    from pdftools.main import build_app

    root: Any = typer.main.get_command(build_app(None))
    takes: dict[str, set[str]] = {}
    for name, cmd in root.commands.items():
        for leaf in (getattr(cmd, "commands", None) or {None: cmd}).values():
            for param in leaf.params:
                for opt in param.opts:
                    takes.setdefault(opt, set()).add(name)
    readme = (REPO / "README.md").read_text()
    table = readme[readme.index("### Exit codes and errors"):readme.index("## Guarantees and limits")]
    for row in (line for line in table.splitlines() if line.startswith("| `")):
        meaning = row.split("|")[3].strip()  # `convert: ...`, or the commands named in backquotes
        named = {c for c in re.findall(r"`([a-z][a-z-]+)", meaning) if c in root.commands}
        named |= {c for c in re.findall(r"^([a-z][a-z-]+)\b", meaning) if c in root.commands}
        for option in re.findall(r"`(--[a-z][a-z-]+)", row):
            if option not in takes:
                continue
            if named:
                assert named <= takes[option], (option, sorted(takes[option]), row[:120])
            else:  # said of no command in particular: one most commands take (--password, --force)
                assert len(takes[option]) > len(root.commands) / 2, (option, sorted(takes[option]), row[:120])


def test_ruff_and_mypy_are_clean() -> None:
    bindir = Path(sys.executable).parent
    for cmd in ([str(bindir / "ruff"), "check", "pdftools", "tests", "benchmarks"],
                [str(bindir / "mypy"), "pdftools"]):
        out = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, check=False)
        assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]
