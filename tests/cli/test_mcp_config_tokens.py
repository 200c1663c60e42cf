"""`mcp-config --http` names the bearer token in each client's own syntax, checked against what each client's
documentation says it expands (each expander below follows one client's docs, cited), and `--json`.

- Claude Code (code.claude.com/docs/en/mcp, "Environment variable expansion in .mcp.json"): `${VAR}` and
  `${VAR:-default}` in command, args, env, url and headers.
- Cursor (cursor.com/docs/mcp, config interpolation): `${env:NAME}` in command, args, env, url and headers.
- VS Code (code.visualstudio.com/docs/copilot/reference/mcp-configuration): secrets as input variables,
  `${input:ID}`, each declared in the top-level `inputs` array (`promptString`, `password: true`).
- OpenCode (opencode.ai/docs/config, variables): `{env:VARIABLE_NAME}`.
- Windsurf (docs.windsurf.com/windsurf/cascade/mcp, config interpolation): `${env:NAME}` in command, args, env,
  serverUrl, url and headers.
- Claude Desktop expands nothing in its config and starts servers with only what `env` gives them; the
  mcp-remote bridge expands `${VAR}` in its `--header` argument from its own environment (its README).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

URL = "http://127.0.0.1:8000/mcp"
SECRET = "s3cr3t-token"


def _claude_code(value: str, _: dict[str, Any]) -> str:
    return re.sub(r"\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}",
                  lambda m: {"PDFTOOLS_AUTH_TOKEN": SECRET}.get(m.group(1), m.group(2) or m.group(0)), value)


def _cursor(value: str, _: dict[str, Any]) -> str:
    return re.sub(r"\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}", lambda m: {"PDFTOOLS_AUTH_TOKEN": SECRET}[m.group(1)], value)


def _opencode(value: str, _: dict[str, Any]) -> str:
    return re.sub(r"\{env:([A-Za-z_][A-Za-z0-9_]*)\}", lambda m: {"PDFTOOLS_AUTH_TOKEN": SECRET}[m.group(1)], value)


def _vscode(value: str, config: dict[str, Any]) -> str:
    declared = {item["id"]: item for item in config.get("inputs", [])}

    def ask(match: re.Match[str]) -> str:
        item = declared[match.group(1)]  # an undeclared input is an error in VS Code
        assert item["type"] == "promptString" and item["password"] is True  # a secret: typed hidden, stored safely
        return SECRET  # what the user types when asked

    return re.sub(r"\$\{input:([^}]+)\}", ask, value)


EXPANDERS = {"claude-code": (_claude_code, "mcpServers"), "cursor": (_cursor, "mcpServers"),
             "windsurf": (_cursor, "mcpServers"),  # docs.windsurf.com/windsurf/cascade/mcp: ${env:NAME} as Cursor's
             "vscode": (_vscode, "servers"), "opencode": (_opencode, "mcp")}


@pytest.mark.parametrize("client", sorted(EXPANDERS))
def test_each_client_reads_the_token_from_its_own_reference(cli: Any, client: str) -> None:
    result = cli("mcp-config", client, "--http", URL)
    assert result.exit_code == 0, result.stderr
    config = json.loads(result.stdout)
    expand, key = EXPANDERS[client]
    header = config[key]["pdftools"]["headers"]["Authorization"]
    assert SECRET not in result.stdout  # the file names the token, never holds it
    assert expand(header, config) == f"Bearer {SECRET}"
    if client != "claude-code":  # the syntax main wrote for every client, which only Claude Code expands
        assert header != "Bearer ${PDFTOOLS_AUTH_TOKEN}"


def test_claude_desktop_gets_the_token_in_its_bridges_env(cli: Any) -> None:
    refused = cli("mcp-config", "claude-desktop", "--http", URL, "--json", env={"PDFTOOLS_AUTH_TOKEN": None})
    assert refused.exit_code == 2 and json.loads(refused.stderr)["error"]["code"] == "INVALID_ARGUMENT"
    assert "--token" in refused.stderr
    made = cli("mcp-config", "claude-desktop", "--http", URL, env={"PDFTOOLS_AUTH_TOKEN": SECRET})
    server = json.loads(made.stdout)["mcpServers"]["pdftools"]
    assert server["command"] == "npx" and server["args"][:3] == ["-y", "mcp-remote", URL]
    header = server["args"][server["args"].index("--header") + 1]
    # mcp-remote expands ${VAR} in the header from its environment: the config's `env`, and nothing else
    expanded = re.sub(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}", lambda m: server["env"][m.group(1)], header)
    assert expanded == f"Authorization:Bearer {SECRET}"
    given = cli("mcp-config", "claude-desktop", "--http", URL, "--token", "other", env={"PDFTOOLS_AUTH_TOKEN": None})
    assert json.loads(given.stdout)["mcpServers"]["pdftools"]["env"] == {"AUTH_HEADER": "Bearer other"}


def test_a_given_token_is_written_as_it_is(cli: Any) -> None:
    result = cli("mcp-config", "cursor", "--http", URL, "--token", "abc")
    assert json.loads(result.stdout)["mcpServers"]["pdftools"]["headers"] == {"Authorization": "Bearer abc"}


def test_json_describes_the_snippet_and_the_install(cli: Any, tmp_path: Path) -> None:
    shown = cli("mcp-config", "vscode", "--http", URL, "--json")
    assert shown.exit_code == 0
    result = json.loads(shown.stdout)
    assert result["client"] == "vscode" and result["installed"] is False
    assert result["snippet"]["servers"]["pdftools"]["url"] == URL and result["snippet"]["inputs"][0]["password"]
    config = tmp_path / "mcp.json"
    config.write_text(json.dumps({"inputs": [{"type": "promptString", "id": "other"}], "servers": {}}))
    first = json.loads(cli("mcp-config", "vscode", "--http", URL, "--install", "--config", config, "--json").stdout)
    assert first["installed"] is True and first["changed"] is True and first["config_file"] == str(config)
    data = json.loads(config.read_text())
    assert [i["id"] for i in data["inputs"]] == ["other", "pdftools-token"]
    again = json.loads(cli("mcp-config", "vscode", "--http", URL, "--install", "--config", config, "--json").stdout)
    assert again["changed"] is False


@pytest.mark.parametrize("url", ["http://192.168.1.20:8000/mcp", "http://pdf.lan:8000/mcp", "http://[::1]:8000/mcp",
                                 "http://127.0.0.1:8000/mcp", "http://localhost:8000/mcp", "https://pdf.example.com/mcp"])
def test_claude_desktops_bridge_accepts_the_url(cli: Any, url: str) -> None:
    """mcp-remote refuses a plain-http URL unless its host is `localhost` or `127.0.0.1` or `--allow-http` is
    given (its README's flags, and the check in its proxy: "Non-HTTPS URLs are only allowed for localhost or when
    --allow-http flag is provided"); a server on another machine of the network is plain http."""
    from urllib.parse import urlparse

    made = cli("mcp-config", "claude-desktop", "--http", url, "--token", SECRET)
    assert made.exit_code == 0, made.stderr
    args = json.loads(made.stdout)["mcpServers"]["pdftools"]["args"]
    parsed = urlparse(args[2])
    local = parsed.scheme == "http" and parsed.hostname in ("localhost", "127.0.0.1")
    assert args[2] == url and (parsed.scheme == "https" or local or "--allow-http" in args[3:])
    assert ("--allow-http" in args) == (parsed.scheme == "http" and not local)  # only where it is needed
