"""The `serve` subcommand; it is the only place that imports the MCP SDK, and only when it runs."""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path
from typing import Annotated, Literal

import typer

from pdftools.ops import DEFAULT_PROFILE, selected

CONFIG_SNIPPET = """\
Claude Desktop (claude_desktop_config.json):

\b
  {
    "mcpServers": {
      "pdftools": {
        "command": "pdftools",
        "args": ["serve", "--transport", "stdio", "--root", "/home/me/Documents"]
      }
    }
  }
"""


def serve(
    transport: Annotated[Literal["stdio"], typer.Option(help="How clients connect.")] = "stdio",
    root: Annotated[
        list[Path] | None,
        typer.Option("--root", help="Folder the tools may read and write (repeatable; default: the working "
                                    "directory). Relative paths start at the first root."),
    ] = None,
    log_level: Annotated[
        Literal["debug", "info", "warning", "error"], typer.Option(help="Log level (logs go to stderr).")
    ] = "warning",
    tools: Annotated[
        str, typer.Option(help="Tools to expose, comma-separated: profiles (read: look only; edit: everyday "
                               "editing; all) and command or tool names, e.g. `read,stamp`.")
    ] = DEFAULT_PROFILE,
) -> None:
    """Serve the operations as MCP tools (stdio); --tools chooses which."""
    from pdftools.errors import PdftoolsError
    from pdftools.render import report_error

    try:
        selected(tools)
    except PdftoolsError as exc:
        raise typer.Exit(report_error(exc, as_json=False)) from None
    roots = [r.expanduser() for r in (root or [Path.cwd()])]
    missing = [str(r) for r in roots if not r.is_dir()]
    if missing:
        sys.stderr.write(f"error[FILE_NOT_FOUND]: root folder(s) not found: {', '.join(missing)}\n")
        raise typer.Exit(3)
    logging.basicConfig(stream=sys.stderr, level=log_level.upper(), format="%(levelname)s %(name)s: %(message)s")
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    from pdftools.mcp.server import serve_stdio

    serve_stdio(roots, log_level, tools)


serve.__doc__ = f"Serve the operations as MCP tools (stdio); --tools chooses which.\n\n{CONFIG_SNIPPET}"
