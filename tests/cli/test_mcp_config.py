"""mcp-config prints each client's snippet and merges it into a config file safely."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest


@pytest.mark.parametrize(("client", "keys"), [("claude-desktop", ["mcpServers"]), ("claude-code", ["mcpServers"]),
                                              ("cursor", ["mcpServers"]), ("vscode", ["servers"]),
                                              ("opencode", ["mcp"])])
def test_stdio_snippets_run_the_real_server(cli: Any, tmp_path: Path, client: str, keys: list[str]) -> None:
    result = cli("mcp-config", client, "--root", str(tmp_path))
    assert result.exit_code == 0, result.stderr
    server = json.loads(result.stdout)[keys[0]]["pdftools"]
    command = server["command"] if client == "opencode" else [server["command"], *server["args"]]
    assert command[0].endswith("pdftools") and command[1:4] == ["serve", "--transport", "stdio"]
    assert command[-2:] == ["--root", str(tmp_path.resolve())]


def test_http_snippet_carries_the_url_and_a_token_reference(cli: Any) -> None:
    result = cli("mcp-config", "cursor", "--http", "http://127.0.0.1:8000/mcp")
    server = json.loads(result.stdout)["mcpServers"]["pdftools"]
    assert server == {"url": "http://127.0.0.1:8000/mcp",
                      "headers": {"Authorization": "Bearer ${env:PDFTOOLS_AUTH_TOKEN}"}}  # Cursor's own syntax


def test_install_keeps_other_servers_backs_up_and_is_idempotent(cli: Any, tmp_path: Path) -> None:
    config = tmp_path / "mcp.json"
    config.write_text(json.dumps({"mcpServers": {"other": {"command": "x"}}, "theme": "dark"}))
    first = cli("mcp-config", "cursor", "--install", "--config", str(config))
    assert first.exit_code == 0 and "added" in first.stdout
    data = json.loads(config.read_text())
    assert data["mcpServers"]["other"] == {"command": "x"} and data["theme"] == "dark"
    assert "pdftools" in data["mcpServers"]
    backups = list(tmp_path.glob("mcp.json.*.bak"))
    assert len(backups) == 1 and "pdftools" not in json.loads(backups[0].read_text())["mcpServers"]
    again = cli("mcp-config", "cursor", "--install", "--config", str(config))
    assert "nothing changed" in again.stdout and len(list(tmp_path.glob("mcp.json.*.bak"))) == 1
