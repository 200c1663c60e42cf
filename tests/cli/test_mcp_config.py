"""mcp-config prints each client's snippet and merges it into a config file safely."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonc_reader import read_jsonc


@pytest.mark.parametrize(("client", "keys"), [("claude-desktop", ["mcpServers"]), ("claude-code", ["mcpServers"]),
                                              ("cursor", ["mcpServers"]), ("vscode", ["servers"]),
                                              ("opencode", ["mcp"]), ("windsurf", ["mcpServers"]),
                                              ("zed", ["context_servers"])])
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


@pytest.mark.parametrize(("text", "where"), [
    # (JSONC, as VS Code documents its mcp.json, is merged into: test_mcp_config_vscode_jsonc)
    ("servers = 1\n", "line 1"),  # not JSON at all
    ('[{"servers": {}}]\n', "an object"),  # JSON, but not an object at the top
    ('{"servers": []}\n', "servers"),  # the place the entry goes is not an object
])
def test_install_refuses_a_config_it_cannot_merge_into_and_leaves_it_alone(
        cli: Any, tmp_path: Path, text: str, where: str) -> None:
    config = tmp_path / "vs.json"
    config.write_text(text)
    for extra in ((), ("--json",)):
        result = cli("mcp-config", "vscode", "--install", "--config", config, *extra)
        assert result.exit_code == 2, result
        error = (json.loads(result.stderr)["error"] if extra else
                 {"message": result.stderr.split("\n  hint: ")[0], "hint": result.stderr.split("\n  hint: ")[1]})
        assert str(config) in error["message"] and where in error["message"], error
        assert "pdftools mcp-config vscode" in error["hint"], error  # what to paste, by hand
        assert "Traceback" not in result.stderr
    assert config.read_text() == text and list(tmp_path.iterdir()) == [config]  # untouched, no backup


def test_install_accepts_trailing_commas_and_keeps_them(cli: Any, tmp_path: Path) -> None:
    config = tmp_path / "vs.json"
    config.write_text('{\n "servers": {"other": {"command": "x",},},\n}\n')
    result = cli("mcp-config", "vscode", "--install", "--config", config)
    assert result.exit_code == 0, result
    text = config.read_text()
    assert text.startswith('{\n "servers": {"other": {"command": "x",},\n') and text.endswith("\n },\n}\n"), text
    assert set(read_jsonc(text)["servers"]) == {"other", "pdftools"}


@pytest.mark.parametrize("command", ["mcp-config", "serve"])
def test_help_shows_placeholders_not_python_types(cli: Any, command: str) -> None:
    result = cli(command, "--help")
    assert result.exit_code == 0
    for python in ("<str>", "<int", "list[", "<path>", "{client}", "Path]"):
        assert python not in result.stdout, (python, result.stdout)
    wanted = {"mcp-config": ("CLIENT", "--http URL", "--root FOLDER", "--config FILE", "--token TOKEN"),
              "serve": ("--root FOLDER", "--port PORT", "--host HOST", "--auth-token TOKEN", "--tools TOOLS",
                        "--public-url URL", "--store FOLDER", "--path PATH")}[command]
    for placeholder in wanted:
        assert placeholder in " ".join(result.stdout.split()), (placeholder, result.stdout)


def test_serve_names_the_port_range(cli: Any) -> None:
    result = cli("serve", "--port", "99999")
    assert result.exit_code == 2 and "from 1 to 65535" in result.stderr and "'99999'" in result.stderr, result


def test_serve_help_prints_the_readme_snippet(cli: Any) -> None:
    import re

    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    snippet = re.search(r"`pdftools serve --help` prints this snippet\):\n\n```json\n(.*?)```", readme, re.S)
    assert snippet is not None
    shown = " ".join(cli("serve", "--help").stdout.split())
    assert " ".join(snippet.group(1).split()) in shown


def test_help_names_every_client_as_it_is_typed(cli: Any) -> None:
    """`mcp-config --help` is where a newcomer learns what CLIENT takes: each value as typed (`claude-desktop`,
    not only `Claude Desktop` in the summary)."""
    from typing import get_args

    from pdftools.cli.mcp_config.clients import Client

    shown = " ".join(cli("mcp-config", "--help").stdout.split())
    for client in get_args(Client):
        assert client in shown, (client, shown)


@pytest.mark.parametrize("http", [None, "http://127.0.0.1:8000/mcp"])
def test_opencode_entries_have_what_its_schema_requires(cli: Any, http: str | None) -> None:
    """OpenCode's schema (opencode.ai/docs/mcp-servers: `type` `local` with `command` one array, or `remote` with
    `url`; no other keys) has made `enabled` a required key since 1.15 (anomalyco/opencode#28625: `Missing key at
    ["mcp"][NAME]["enabled"]`, and the config refused whole). The remote entry had none."""
    result = cli("mcp-config", "opencode", *(("--http", http) if http else ()))
    assert result.exit_code == 0, result.stderr
    server = json.loads(result.stdout)["mcp"]["pdftools"]
    assert server["enabled"] is True
    allowed = {"type", "url", "headers", "enabled"} if http else {"type", "command", "enabled"}
    assert server["type"] == ("remote" if http else "local") and set(server) == allowed


def test_windsurf_reaches_an_http_server_by_serverurl(cli: Any) -> None:
    """Windsurf's remote servers have `serverUrl` (docs.windsurf.com/windsurf/cascade/mcp, "Remote HTTP MCPs"),
    in its one file for every project, ~/.codeium/windsurf/mcp_config.json."""
    result = cli("mcp-config", "windsurf", "--http", "http://127.0.0.1:8000/mcp", "--json")
    assert result.exit_code == 0, result.stderr
    described = json.loads(result.stdout)
    assert described["config_file"] == str(Path.home() / ".codeium" / "windsurf" / "mcp_config.json")
    server = described["snippet"]["mcpServers"]["pdftools"]
    assert server == {"serverUrl": "http://127.0.0.1:8000/mcp",
                      "headers": {"Authorization": "Bearer ${env:PDFTOOLS_AUTH_TOKEN}"}}
