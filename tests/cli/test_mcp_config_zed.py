"""mcp-config for Zed, in the format its documentation gives, and `--install` into its settings.json as users keep it.

- zed.dev/docs/ai/mcp ("As Custom Servers"): servers under `context_servers` in the settings file; a local one has
  `command`, `args` and `env`, a remote one `url` and `headers` (`"Authorization": "Bearer <token>"`).
- zed.dev/docs/configuring-zed: the user's settings file is `~/.config/zed/settings.json`
  (`$XDG_CONFIG_HOME/zed/settings.json` on Linux when set); a project's is `.zed/settings.json`.
- Zed expands no variables in a server's entry: its header is sent as written (zed-industries/zed#60459), so the
  config holds the token itself, as Claude Desktop's does.
- The settings file is JSON with comments and trailing commas (Zed writes its own with a comment header): the entry
  is put in place, and every other byte of the file stays.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from jsonc_reader import read_jsonc

URL = "http://127.0.0.1:8000/mcp"


def _entry(cli: Any, *args: Any, env: dict[str, str | None] | None = None) -> dict[str, Any]:
    result = cli("mcp-config", "zed", *args, env=env)
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)["context_servers"]["pdftools"]  # type: ignore[no-any-return]


def test_stdio_entry_is_command_and_args(cli: Any, tmp_path: Path) -> None:
    server = _entry(cli, "--root", tmp_path)
    assert set(server) == {"command", "args"}, server
    assert server["command"].endswith("pdftools") and server["args"][:3] == ["serve", "--transport", "stdio"]
    assert server["args"][-2:] == ["--root", str(tmp_path.resolve())]


def test_http_entry_holds_the_token_zed_cannot_expand(cli: Any) -> None:
    """Zed sends a header as written: `Bearer ${PDFTOOLS_AUTH_TOKEN}` would reach the server as those words (a 401).
    The token at the time of writing goes into the header, or --token's; with neither it is refused."""
    server = _entry(cli, "--http", URL, env={"PDFTOOLS_AUTH_TOKEN": "s3cr3t"})
    assert server == {"url": URL, "headers": {"Authorization": "Bearer s3cr3t"}}
    given = _entry(cli, "--http", URL, "--token", "a${X}$Yb", env={"PDFTOOLS_AUTH_TOKEN": None})
    assert given["headers"] == {"Authorization": "Bearer a${X}$Yb"}  # nothing in it is read as a variable
    refused = cli("mcp-config", "zed", "--http", URL, "--json", env={"PDFTOOLS_AUTH_TOKEN": None})
    assert refused.exit_code == 2 and refused.stdout == "", refused
    error = json.loads(refused.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT" and "Zed" in error["message"], error
    assert "--token" in error["hint"] and "PDFTOOLS_AUTH_TOKEN" in error["hint"], error


def test_a_root_with_what_other_clients_expand_is_written_as_it_is(cli: Any, tmp_path: Path) -> None:
    folder = tmp_path / "${HOME} $USER {env:X}"
    folder.mkdir()
    assert _entry(cli, "--root", folder)["args"][-1] == str(folder.resolve())


def test_the_default_file_is_the_users_settings(cli: Any, tmp_path: Path) -> None:
    shown = json.loads(cli("mcp-config", "zed", "--json", env={"XDG_CONFIG_HOME": None}).stdout)
    assert shown["config_file"] == str(Path.home() / ".config" / "zed" / "settings.json")
    if sys.platform.startswith("linux"):
        xdg = json.loads(cli("mcp-config", "zed", "--json", env={"XDG_CONFIG_HOME": str(tmp_path)}).stdout)
        assert xdg["config_file"] == str(tmp_path / "zed" / "settings.json")


SETTINGS = """\
// Zed settings
//
// For information on how to configure Zed, see the Zed
// documentation: https://zed.dev/docs/configuring-zed
{
  "theme": "One Dark", // the dark one
  /* servers, "kept" */
  "context_servers": {
    "git": {
      "command": "uvx",
      "args": ["mcp-server-git",], // a trailing comma, as Zed allows
    },
  },
  "vim_mode": true,
}
"""


def _install(cli: Any, config: Path, *args: str, env: dict[str, str | None] | None = None) -> dict[str, Any]:
    result = cli("mcp-config", "zed", *args, "--install", "--config", config, "--json", env=env)
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)  # type: ignore[no-any-return]


def test_install_keeps_every_byte_of_a_file_with_comments(cli: Any, tmp_path: Path) -> None:
    config = tmp_path / "settings.json"
    config.write_text(SETTINGS, encoding="utf-8")
    said = _install(cli, config, "--root", str(tmp_path))
    assert said["changed"] is True and "added" in said["message"] and "other servers kept" in said["message"], said
    text = config.read_text(encoding="utf-8")
    head, tail = SETTINGS.split("  },\n  \"vim_mode\"")  # the entry goes last in context_servers
    assert text.startswith(head) and text.endswith("  },\n  \"vim_mode\"" + tail), text
    added = text[len(head):-len(tail) - len("  },\n  \"vim_mode\"")]
    assert added.startswith('    "pdftools": {\n      "command": ') and added.endswith("\n    }\n"), added
    data = read_jsonc(text)
    assert data["context_servers"]["pdftools"] == _entry(cli, "--root", tmp_path)
    assert data["context_servers"]["git"] == {"command": "uvx", "args": ["mcp-server-git"]}
    assert data["theme"] == "One Dark" and data["vim_mode"] is True
    backups = list(tmp_path.glob("settings.json.*.bak"))
    assert len(backups) == 1 and backups[0].read_text(encoding="utf-8") == SETTINGS
    again = _install(cli, config, "--root", str(tmp_path))
    assert again["changed"] is False and config.read_text(encoding="utf-8") == text, again
    assert len(list(tmp_path.glob("settings.json.*.bak"))) == 1


def test_install_replaces_an_existing_entry_in_its_place_only(cli: Any, tmp_path: Path) -> None:
    before = ('{\n  // mine\n  "context_servers": {\n    "pdftools": { // an old one\n      "command": "old",\n'
              '      "args": []\n    }, /* after it */\n    "other": {"url": "https://x.example/mcp"}\n  }\n}\n')
    config = tmp_path / "settings.json"
    config.write_text(before, encoding="utf-8")
    said = _install(cli, config, "--http", URL, "--token", "t")
    assert said["changed"] is True and "replaced" in said["message"], said
    text = config.read_text(encoding="utf-8")
    head = '{\n  // mine\n  "context_servers": {\n    "pdftools": '
    tail = ', /* after it */\n    "other": {"url": "https://x.example/mcp"}\n  }\n}\n'
    assert text.startswith(head) and text.endswith(tail), text
    assert json.loads(text[len(head):-len(tail)]) == {"url": URL, "headers": {"Authorization": "Bearer t"}}
    assert read_jsonc(Path(said["backup"]).read_text(encoding="utf-8")) == read_jsonc(before)  # the old entry, kept


def test_install_adds_context_servers_and_the_comma_before_it(cli: Any, tmp_path: Path) -> None:
    config = tmp_path / "settings.json"
    config.write_text('{\n  "theme": "One Dark" // mine\n}\n', encoding="utf-8")
    _install(cli, config, "--root", str(tmp_path))
    text = config.read_text(encoding="utf-8")
    assert text.startswith('{\n  "theme": "One Dark", // mine\n  "context_servers": {\n    "pdftools": {\n'), text
    assert text.endswith("\n    }\n  }\n}\n"), text
    assert set(read_jsonc(text)) == {"theme", "context_servers"}


@pytest.mark.parametrize(("before", "kept"), [
    ("", ("", "\n")), ("// nothing yet\n", ("// nothing yet\n{", "}\n")), ("{}\n", ("{\n", "\n}\n")),
    ('{"theme":"x","context_servers":{}}', ('{"theme":"x","context_servers":{\n', "\n}}")),
    ('{\n\t"context_servers": {\n\t},\n}\n', ('{\n\t"context_servers": {\n\t\t"pdftools"', "\n\t},\n}\n"))])
def test_install_into_a_file_with_little_in_it(cli: Any, tmp_path: Path, before: str, kept: tuple[str, str]) -> None:
    config = tmp_path / "settings.json"
    config.write_text(before, encoding="utf-8")
    _install(cli, config, "--root", str(tmp_path))
    text = config.read_text(encoding="utf-8")
    assert text.startswith(kept[0]) and text.endswith(kept[1]), text  # what was there stays, around the entry
    assert read_jsonc(text)["context_servers"]["pdftools"]["args"][-1] == str(tmp_path.resolve())
    if "\t" in before:
        assert '\n\t\t"pdftools": {\n\t\t\t"command"' in text, text  # the file's tabs
    assert " \n" not in text and not text.startswith("\n"), text  # no line left with only spaces


def test_a_missing_file_and_folder_are_made(cli: Any, tmp_path: Path) -> None:
    config = tmp_path / "zed" / "settings.json"
    said = _install(cli, config, "--root", str(tmp_path))
    assert said["backup"] is None and "created" in said["message"], said
    assert set(read_jsonc(config.read_text(encoding="utf-8"))) == {"context_servers"}


def test_line_endings_and_a_byte_order_mark_stay(cli: Any, tmp_path: Path) -> None:
    config = tmp_path / "settings.json"
    before = ('\ufeff{\r\n  "theme": "x", // a\r\n  "context_servers": {\r\n    "o": {"command": "x", "args": []}\r\n'
              '  }\r\n}\r\n')
    config.write_bytes(before.encode("utf-8"))
    _install(cli, config, "--root", str(tmp_path))
    raw = config.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf{\r\n") and b"\n" not in raw.replace(b"\r\n", b""), raw
    assert set(read_jsonc(raw.decode("utf-8")[1:])["context_servers"]) == {"o", "pdftools"}


@pytest.mark.parametrize(("before", "why"), [
    ('{\n  "theme": "One Dark",\n', "not JSON"),  # cut short
    ('{\n  /* not closed\n  "theme": "x"\n}\n', "not JSON"),
    ('{"context_servers": []}\n', '"context_servers" is not an object'),
    ('["context_servers"]\n', "an array"),
    ('{"context_servers": {"a": {}}, "context_servers": {}}\n', '"context_servers" twice'),
    ('{"a": "caf\xe9"}\n', "UTF-8"),
])
def test_a_broken_file_is_refused_untouched_with_the_snippet_to_paste(cli: Any, tmp_path: Path, before: str,
                                                                      why: str) -> None:
    config = tmp_path / "settings.json"
    config.write_bytes(before.encode("latin-1"))
    result = cli("mcp-config", "zed", "--install", "--config", config, "--json")
    assert result.exit_code == 2, result
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT" and why in error["message"], error
    assert "nothing was changed" in error["message"] and "pdftools mcp-config zed" in error["hint"], error
    assert config.read_bytes() == before.encode("latin-1") and os.listdir(tmp_path) == ["settings.json"]


def test_the_shell_completes_zed(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("_PDFTOOLS", "_TYPER", "COMP_"))}
    env |= {"_PDFTOOLS_COMPLETE": "complete_bash", "COMP_WORDS": "pdftools mcp-config z", "COMP_CWORD": "2"}
    done = subprocess.run([sys.executable, "-m", "pdftools"], env=env, capture_output=True, text=True, cwd=tmp_path,
                          timeout=120, check=False)
    assert done.returncode == 0 and done.stdout.split() == ["zed"], done
