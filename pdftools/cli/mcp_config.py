"""`pdftools mcp-config CLIENT`: the MCP config snippet for an agent, and `--install` to merge it in.

Installing backs the file up first, keeps every other server, and changes nothing when the entry is already
there. Over HTTP the token is written as `${PDFTOOLS_AUTH_TOKEN}`, which these clients expand from the
environment, unless `--token` gives it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Annotated, Any, Literal

import typer

Client = Literal["claude-desktop", "claude-code", "cursor", "vscode", "opencode"]
NAME = "pdftools"


def config_path(client: str) -> Path:
    home = Path.home()
    if client == "claude-desktop":
        if sys.platform == "darwin":
            return home / "Library" / "Application Support" / "Claude" / "claude_desktop_config.json"
        return Path(os.environ.get("XDG_CONFIG_HOME", home / ".config")) / "Claude" / "claude_desktop_config.json"
    return {"claude-code": Path(".mcp.json"), "cursor": home / ".cursor" / "mcp.json",
            "vscode": Path(".vscode") / "mcp.json", "opencode": Path("opencode.json")}[client]


def entry(client: str, command: list[str], url: str | None, token: str) -> tuple[list[str], dict[str, Any]]:
    """Where the server goes in the client's JSON (a key path) and what it says."""
    auth = {"Authorization": f"Bearer {token}"}
    body: dict[str, Any]
    if client == "opencode":
        body = ({"type": "remote", "url": url, "headers": auth} if url
                else {"type": "local", "command": command, "enabled": True})
        return ["mcp", NAME], body
    if client == "claude-desktop":  # it speaks stdio only: reach an HTTP server through mcp-remote
        body = ({"command": "npx", "args": ["-y", "mcp-remote", url, "--header", f"Authorization: Bearer {token}"]}
                if url else {"command": command[0], "args": command[1:]})
        return ["mcpServers", NAME], body
    if url:
        body = {"type": "http", "url": url, "headers": auth} if client != "cursor" else {"url": url, "headers": auth}
    else:
        body = {"command": command[0], "args": command[1:]}
        if client in ("claude-code", "vscode"):
            body = {"type": "stdio", **body}
    return ["servers" if client == "vscode" else "mcpServers", NAME], body


def install(path: Path, keys: list[str], body: dict[str, Any]) -> str:
    """Merge `body` at `keys` into the JSON file; back it up first; idempotent."""
    import json
    import shutil
    import tempfile
    import time

    data: dict[str, Any] = json.loads(path.read_text()) if path.exists() and path.read_text().strip() else {}
    node = data
    for key in keys[:-1]:
        node = node.setdefault(key, {})
    if node.get(keys[-1]) == body:
        return f"{path}: already set up, nothing changed"
    if path.exists():
        shutil.copy2(path, path.with_name(f"{path.name}.{time.strftime('%Y%m%d-%H%M%S')}.bak"))
    node[keys[-1]] = body
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    with os.fdopen(fd, "w") as fh:
        json.dump(data, fh, indent=2)
        fh.write("\n")
    os.replace(tmp, path)
    return f"{path}: {NAME} added (other servers kept)"


def mcp_config(
    client: Annotated[Client, typer.Argument(help="The agent to configure.")],
    http: Annotated[str | None, typer.Option("--http", help="URL of a running HTTP server instead of stdio.")]
    = None,
    root: Annotated[list[Path] | None, typer.Option("--root", help="Roots for a stdio server (default: here).")]
    = None,
    token: Annotated[str | None, typer.Option(help="Bearer token to write (default: ${PDFTOOLS_AUTH_TOKEN}).")]
    = None,
    install_it: Annotated[bool, typer.Option("--install", help="Merge it into the client's config file.")] = False,
    config: Annotated[Path | None, typer.Option(help="Config file to install into (default: the client's).")]
    = None,
) -> None:
    """Print (or --install) the MCP config for an agent: Claude Desktop or Code, Cursor, VS Code, OpenCode."""
    import json
    import shutil

    beside = Path(sys.executable).with_name("pdftools")  # the console script of this very installation
    executable = str(beside) if beside.exists() else shutil.which("pdftools") or "pdftools"
    roots = [str(r.expanduser().resolve()) for r in (root or [Path.cwd()])]
    command = [executable, "serve", "--transport", "stdio", *[a for r in roots for a in ("--root", r)]]
    keys, body = entry(client, command, http, token or "${PDFTOOLS_AUTH_TOKEN}")
    if install_it:
        sys.stdout.write(install(config or config_path(client), keys, body) + "\n")
        return
    snippet: dict[str, Any] = body
    for key in reversed(keys):
        snippet = {key: snippet}
    sys.stdout.write(json.dumps(snippet, indent=2) + "\n")
