"""Under `python -OO` (PYTHONOPTIMIZE=2, set in some slim images to drop docstrings) an op's module docstring, its
help and its MCP description, is gone: `rotate --help` showed no description and the tools listed none. The text
is read from the module's source then."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

PDFTOOLS = Path(sys.executable).with_name("pdftools")


def test_command_help_keeps_its_description(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONOPTIMIZE": "2", "PYTHONDONTWRITEBYTECODE": "1", "COLUMNS": "200"}
    done = subprocess.run([PDFTOOLS, "rotate", "--help"], capture_output=True, text=True, env=env, timeout=120,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert "Rotate pages by 90, 180 or 270 degrees" in done.stdout and "qpdf's" in done.stdout, done.stdout
    for command, words in (("mcp-config", "Gemini CLI"), ("help", "pdftools help merge")):
        shown = subprocess.run([PDFTOOLS, command, "--help"], capture_output=True, text=True, env=env, timeout=120,
                               check=False)
        assert words in shown.stdout, shown.stdout
    listed = subprocess.run([PDFTOOLS, "--help"], capture_output=True, text=True, env=env, timeout=120, check=False)
    assert "Show the help of" in listed.stdout, listed.stdout
    group = subprocess.run([PDFTOOLS, "metadata", "--help"], capture_output=True, text=True, env=env, timeout=120,
                           check=False)
    assert "pdftk" in group.stdout, group.stdout


def test_mcp_tools_keep_their_descriptions(tmp_path: Path) -> None:
    code = ("import anyio, json\nfrom mcp import Client\nfrom pdftools.mcp.server import build_server\n"
            "async def go():\n    async with Client(build_server([{!r}])) as c:\n"
            "        tools = (await c.list_tools()).tools\n"
            "    open({!r}, 'w').write(json.dumps({{t.name: t.description for t in tools}}))\n"
            "anyio.run(go)\n").format(str(tmp_path), str(tmp_path / "tools.json"))
    env = {**os.environ, "PYTHONOPTIMIZE": "2", "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120,
                          check=False)
    assert done.returncode == 0, done.stderr
    described = json.loads((tmp_path / "tools.json").read_text())
    assert "scheme `1:i,5:1`" in described["pdf_page_labels"], described["pdf_page_labels"]  # past its summary
