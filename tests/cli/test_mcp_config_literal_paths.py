"""`mcp-config` writes paths (the roots, the `pdftools` it runs) and a given `--token` into configs whose clients
expand variables in every string of a server's entry. A folder named `$HOME-scans` or `${USER}` was written as it
is, and the client would start the server on another folder (or, with the variable unset, on the name as
written, depending on the client). Now a path or token holding what the client would expand is refused for that
client, naming the text and the client's syntax; the clients that expand nothing there take it as it is.

What each client expands in a server's strings, as its documentation gives it:

- Claude Code (code.claude.com/docs/en/mcp, "Environment variable expansion in .mcp.json"): `${VAR}` and
  `${VAR:-default}` in command, args, env, url and headers.
- Cursor (cursor.com/docs/context/mcp, config interpolation): `${env:NAME}`, `${userHome}`, `${workspaceFolder}`,
  `${workspaceFolderBasename}`, `${pathSeparator}`, `${/}` in command, args, env, url and headers.
- VS Code (code.visualstudio.com/docs/reference/variables-reference): `${...}` variables, `${input:ID}` and
  `${env:NAME}` in mcp.json too.
- Windsurf (docs.windsurf.com/windsurf/cascade/mcp, "Config Interpolation"): `${env:NAME}` and `${file:PATH}`.
- Gemini CLI (geminicli.com/docs/cli/configuration): any string in settings.json, `$VAR_NAME` or `${VAR_NAME}`.
- OpenCode (opencode.ai/docs/config, variables): `{env:NAME}` and `{file:PATH}` anywhere in the config.
- Codex (TOML, developers.openai.com/codex/config-reference), Claude Desktop and Zed (its header is sent as
  written: zed-industries/zed#60459) expand nothing there.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

# A folder name each client would read as a variable (and the clients that would not).
NAMES = {
    "${HOME}": {"claude-code", "cursor", "vscode", "windsurf", "gemini"},
    "${env:HOME}": {"claude-code", "cursor", "vscode", "windsurf", "gemini", "opencode"},  # {env:HOME} in it
    "$HOME-scans": {"gemini"},
    "{env:HOME}": {"opencode"},
    "{file:notes.txt}": {"opencode"},
}
CLIENTS = ["claude-desktop", "claude-code", "cursor", "vscode", "opencode", "codex", "gemini", "windsurf", "zed"]


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


@pytest.mark.parametrize("name", sorted(NAMES))
@pytest.mark.parametrize("client", CLIENTS)
def test_a_root_the_client_would_expand_is_refused_for_that_client_only(cli: Any, tmp_path: Path, client: str,
                                                                          name: str) -> None:
    folder = tmp_path / name
    folder.mkdir()
    config = tmp_path / "config.json"
    result = cli("mcp-config", client, "--root", folder, "--json")
    install = cli("mcp-config", client, "--root", folder, "--install", "--config", config, "--json")
    if client in NAMES[name]:
        for said in (result, install):
            assert said.exit_code == 2 and said.stdout == "", said
            error = json.loads(said.stderr)["error"]
            assert error["code"] == "INVALID_ARGUMENT", error
            assert name in error["message"] and str(folder) in error["message"], error
            assert "variable" in error["message"] and "rename" in error["hint"].lower(), error
        assert not config.exists()
    else:
        assert result.exit_code == 0, result.stderr
        assert install.exit_code == 0 and config.exists(), install.stderr
        snippet = json.loads(result.stdout)["snippet"]
        assert str(folder.resolve()) in _strings(snippet)  # written as it is: this client reads it so


def test_a_given_token_the_client_would_expand_is_refused(cli: Any) -> None:
    url = "http://127.0.0.1:8000/mcp"
    refused = cli("mcp-config", "gemini", "--http", url, "--token", "ab$PATHcd", "--json")
    assert refused.exit_code == 2, refused
    error = json.loads(refused.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT" and "$PATH" in error["message"] and "--token" in error["message"]
    kept = cli("mcp-config", "cursor", "--http", url, "--token", "ab$PATHcd")  # Cursor reads only ${...}
    assert kept.exit_code == 0, kept.stderr
    assert json.loads(kept.stdout)["mcpServers"]["pdftools"]["headers"]["Authorization"] == "Bearer ab$PATHcd"
