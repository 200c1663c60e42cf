"""mcp-config for OpenAI Codex (TOML) and Gemini CLI, each in the format its documentation gives.

- Codex (developers.openai.com/codex/mcp): `~/.codex/config.toml` (`$CODEX_HOME`), one `[mcp_servers.NAME]`
  table each: `command` and `args` for stdio; `url` for Streamable HTTP, with `bearer_token_env_var` naming the
  variable that holds the bearer token, or `http_headers` for literal headers.
- Gemini CLI (github.com/google-gemini/gemini-cli docs/tools/mcp-server.md): `mcpServers` in `settings.json`;
  `command` and `args` for stdio, `httpUrl` (not `url`, which is SSE) for Streamable HTTP, with `headers`;
  settings strings expand `$VAR` and `${VAR}` from the environment (docs/cli/configuration.md).
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

URL = "http://127.0.0.1:8000/mcp"


def test_codex_stdio_is_toml_that_runs_the_real_server(cli: Any, tmp_path: Path) -> None:
    result = cli("mcp-config", "codex", "--root", str(tmp_path))
    assert result.exit_code == 0, result.stderr
    server = tomllib.loads(result.stdout)["mcp_servers"]["pdftools"]
    assert set(server) == {"command", "args"}
    assert server["command"].endswith("pdftools") and server["args"][:3] == ["serve", "--transport", "stdio"]
    assert server["args"][-2:] == ["--root", str(tmp_path.resolve())]


def test_codex_over_http_names_the_tokens_variable_and_never_holds_it(cli: Any) -> None:
    result = cli("mcp-config", "codex", "--http", URL, env={"PDFTOOLS_AUTH_TOKEN": "s3cr3t"})
    assert result.exit_code == 0, result.stderr
    assert "s3cr3t" not in result.stdout
    server = tomllib.loads(result.stdout)["mcp_servers"]["pdftools"]
    assert server == {"url": URL, "bearer_token_env_var": "PDFTOOLS_AUTH_TOKEN"}
    given = tomllib.loads(cli("mcp-config", "codex", "--http", URL, "--token", 'a"b').stdout)
    assert given["mcp_servers"]["pdftools"] == {"url": URL, "http_headers": {"Authorization": 'Bearer a"b'}}
    described = json.loads(cli("mcp-config", "codex", "--http", URL, "--json").stdout)
    assert described["snippet"] == {"mcp_servers": {"pdftools": server}}


def test_codex_install_keeps_the_rest_of_the_file_comments_too_and_backs_up(cli: Any, tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    before = ('# my Codex settings\nmodel = "o3"\n\n[mcp_servers.other]\ncommand = "x"  # the other one\n'
              'args = ["-y"]\n\n[mcp_servers.other.env]\nKEY = "v"\n')
    config.write_text(before, encoding="utf-8")
    first = cli("mcp-config", "codex", "--install", "--config", config)
    assert first.exit_code == 0 and "added" in first.stdout, first
    text = config.read_text(encoding="utf-8")
    assert text.startswith(before)  # every byte kept, comments included
    data = tomllib.loads(text)
    assert data["model"] == "o3" and data["mcp_servers"]["other"] == {"command": "x", "args": ["-y"],
                                                                      "env": {"KEY": "v"}}
    assert data["mcp_servers"]["pdftools"]["args"][:3] == ["serve", "--transport", "stdio"]
    backups = list(tmp_path.glob("config.toml.*.bak"))
    assert len(backups) == 1 and backups[0].read_text(encoding="utf-8") == before
    again = cli("mcp-config", "codex", "--install", "--config", config)
    assert "nothing changed" in again.stdout and config.read_text(encoding="utf-8") == text
    # another entry (the server now over HTTP) replaces ours, subtables too, and nothing else
    http = cli("mcp-config", "codex", "--http", URL, "--token", "t", "--install", "--config", config)
    assert http.exit_code == 0 and "replaced" in http.stdout, http
    data = tomllib.loads(config.read_text(encoding="utf-8"))
    assert data["mcp_servers"]["pdftools"] == {"url": URL, "http_headers": {"Authorization": "Bearer t"}}
    assert data["mcp_servers"]["other"]["env"] == {"KEY": "v"} and data["model"] == "o3"
    back = cli("mcp-config", "codex", "--http", URL, "--install", "--config", config)
    data = tomllib.loads(config.read_text(encoding="utf-8"))
    assert back.exit_code == 0 and data["mcp_servers"]["pdftools"] == {"url": URL,
                                                                       "bearer_token_env_var": "PDFTOOLS_AUTH_TOKEN"}
    assert "# my Codex settings" in config.read_text(encoding="utf-8")


def test_codex_install_refuses_what_it_cannot_merge_and_leaves_it_alone(cli: Any, tmp_path: Path) -> None:
    for text, why in [("model = \n", "not TOML"), ("mcp_servers = 3\n", "mcp_servers"),
                      ('mcp_servers.pdftools = { command = "old" }\n', "[mcp_servers.pdftools]")]:
        config = tmp_path / "config.toml"
        config.write_text(text, encoding="utf-8")
        result = cli("mcp-config", "codex", "--install", "--config", config, "--json")
        assert result.exit_code == 2, result
        error = json.loads(result.stderr)["error"]
        assert error["code"] == "INVALID_ARGUMENT" and why in error["message"], error
        assert "pdftools mcp-config codex" in error["hint"]
        assert config.read_text(encoding="utf-8") == text and list(tmp_path.iterdir()) == [config]


def test_gemini_stdio_and_http_as_its_docs_give_them(cli: Any, tmp_path: Path) -> None:
    stdio = json.loads(cli("mcp-config", "gemini", "--root", str(tmp_path)).stdout)["mcpServers"]["pdftools"]
    assert set(stdio) == {"command", "args"} and stdio["args"][-2:] == ["--root", str(tmp_path.resolve())]
    result = cli("mcp-config", "gemini", "--http", URL, env={"PDFTOOLS_AUTH_TOKEN": "s3cr3t"})
    assert result.exit_code == 0 and "s3cr3t" not in result.stdout, result
    server = json.loads(result.stdout)["mcpServers"]["pdftools"]
    assert set(server) == {"httpUrl", "headers"} and server["httpUrl"] == URL  # `url` would be SSE
    # Gemini CLI expands $VAR and ${VAR} in settings strings from the environment
    expanded = re.sub(r"\$\{(\w+)\}|\$(\w+)", lambda m: {"PDFTOOLS_AUTH_TOKEN": "s3cr3t"}[m.group(1) or m.group(2)],
                      server["headers"]["Authorization"])
    assert expanded == "Bearer s3cr3t"


def test_gemini_install_keeps_other_settings(cli: Any, tmp_path: Path) -> None:
    config = tmp_path / "settings.json"
    config.write_text(json.dumps({"theme": "Dracula", "mcpServers": {"git": {"command": "uvx"}}}))
    result = cli("mcp-config", "gemini", "--install", "--config", config)
    assert result.exit_code == 0 and "added" in result.stdout, result
    data = json.loads(config.read_text())
    assert data["theme"] == "Dracula" and set(data["mcpServers"]) == {"git", "pdftools"}
    assert len(list(tmp_path.glob("settings.json.*.bak"))) == 1


def test_default_config_files(cli: Any, tmp_path: Path) -> None:
    codex_home = tmp_path / "codex-home"
    shown = json.loads(cli("mcp-config", "codex", "--json", env={"CODEX_HOME": str(codex_home)}).stdout)
    assert shown["config_file"] == str(codex_home / "config.toml")
    gemini = json.loads(cli("mcp-config", "gemini", "--json").stdout)
    assert gemini["config_file"] == str(Path(".gemini") / "settings.json")


def test_codex_install_replaces_our_table_with_its_sub_tables(cli: Any, tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[mcp_servers.pdftools]\ncommand = "old"\n\n[mcp_servers.pdftools.env]\nA = "1"\n\n'
                      '[mcp_servers."pdftools-other"]\ncommand = "keep"\n', encoding="utf-8")
    result = cli("mcp-config", "codex", "--http", URL, "--install", "--config", config)
    assert result.exit_code == 0 and "replaced" in result.stdout, result
    servers = tomllib.loads(config.read_text(encoding="utf-8"))["mcp_servers"]
    assert servers == {"pdftools": {"url": URL, "bearer_token_env_var": "PDFTOOLS_AUTH_TOKEN"},
                       "pdftools-other": {"command": "keep"}}
