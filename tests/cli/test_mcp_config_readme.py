"""Every client config the README's MCP section shows is what `mcp-config` prints, and its table of clients says
where `--install` writes for each client `mcp-config` takes, under the key it writes."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any, get_args

import pytest

README = Path(__file__).parents[2] / "README.md"


def _section() -> str:
    text = README.read_text(encoding="utf-8")
    return text[text.index("\n## MCP server\n"):text.index("\n### Over HTTP\n")]


def test_the_claude_desktop_snippet_is_what_mcp_config_prints(cli: Any, tmp_path: Path) -> None:
    shown = re.search(r"`pdftools mcp-config claude-desktop --root ~/Documents` prints\nit .*?```json\n(.*?)```",
                      _section(), re.S)
    assert shown is not None
    root = tmp_path / "Documents"
    root.mkdir()
    printed = json.loads(cli("mcp-config", "claude-desktop", "--root", root).stdout)
    server = printed["mcpServers"]["pdftools"]
    assert Path(server["command"]).name == "pdftools"  # the full path of this installation's, where the README
    server["command"] = "pdftools"  # says `pdftools`, and the README's root where this test has its own
    server["args"] = ["/home/me/Documents" if arg == str(root.resolve()) else arg for arg in server["args"]]
    assert json.loads(shown.group(1)) == printed


def test_the_codex_snippet_is_what_mcp_config_prints(cli: Any) -> None:
    shown = re.search(r"\(`pdftools mcp-config codex --http\nhttp://127.0.0.1:8000/mcp` prints this\):\n\n```toml\n"
                      r"(.*?)```", _section(), re.S)
    assert shown is not None
    assert cli("mcp-config", "codex", "--http", "http://127.0.0.1:8000/mcp").stdout == shown.group(1)


def test_the_table_names_each_clients_file_and_key(monkeypatch: pytest.MonkeyPatch) -> None:
    from pdftools.cli.mcp_config.clients import TOKEN_REFERENCES, Client, config_path, entry

    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.delenv("CODEX_HOME", raising=False)
    section = _section()
    rows = {m.group(1): (m.group(2), m.group(3))
            for m in re.finditer(r"^\| `([a-z-]+)` \| (.*?) \| (.*?) \|$", section, re.M)}
    assert set(rows) == set(get_args(Client))
    home = str(Path.home())
    for client in get_args(Client):
        where, under = rows[client]
        path = str(config_path(client))
        assert f"`{path.replace(home, '~', 1) if path.startswith(home) else path}`" in where, (client, where)
        keys = entry(client, ["pdftools"], None, None)[0]
        assert under == (f"`[{'.'.join(keys)}]`" if client == "codex" else f"`{keys[0]}`"), (client, under)
    if sys.platform != "darwin":
        assert "`~/.config/Claude/claude_desktop_config.json`" in rows["claude-desktop"][0]
    for reference in TOKEN_REFERENCES.values():  # each client's way of naming the token is said
        assert f"`{reference}`" in " ".join(section.split()), reference
