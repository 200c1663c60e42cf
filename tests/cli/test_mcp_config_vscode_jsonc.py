"""`mcp-config vscode --install` into a `.vscode/mcp.json` (or the user's mcp.json) kept as JSON with comments.

VS Code documents the file as JSONC: its own example `.vscode/mcp.json` (microsoft/vscode-docs,
docs/copilot/chat/mcp-servers.md, "Configuration example") has `//` comments and a trailing comma after the last
input, and VS Code opens the file as JSON with comments. The entry is put in place and the token's input (the
`${input:pdftools-token}` the HTTP entry names) added to `inputs` unless one with its id is there; every other byte
of the file stays.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from jsonc_reader import read_jsonc

URL = "http://127.0.0.1:8000/mcp"

DOCUMENTED = """\
// Example .vscode/mcp.json
{
    // 💡 Inputs will be prompted on first server start,
    //    then stored securely by VS Code.
    "inputs": [
        {
            "type": "promptString",
            "id": "perplexity-key",
            "description": "Perplexity API Key",
            "password": true
        },
    ],
    "servers": {
        // https://github.com/modelcontextprotocol/servers/tree/main/src/fetch
        "fetch": {
            "type": "stdio",
            "command": "uvx",
            "args": ["mcp-server-fetch"]
        }
    }
}
"""


def _install(cli: Any, config: Path, *args: str) -> dict[str, Any]:
    result = cli("mcp-config", "vscode", *args, "--install", "--config", config, "--json")
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)  # type: ignore[no-any-return]


def _entry(cli: Any, *args: Any) -> dict[str, Any]:
    return json.loads(cli("mcp-config", "vscode", *args).stdout)  # type: ignore[no-any-return]


def test_a_stdio_entry_goes_into_the_documented_file_every_other_byte_kept(cli: Any, tmp_path: Path) -> None:
    config = tmp_path / "mcp.json"
    config.write_text(DOCUMENTED, encoding="utf-8")
    said = _install(cli, config, "--root", str(tmp_path))
    assert said["changed"] is True and "other servers kept" in said["message"], said
    text = config.read_text(encoding="utf-8")
    head, tail = DOCUMENTED.split('        }\n    }\n}\n')
    assert text.startswith(head + '        },\n        "pdftools": {\n            "type": "stdio",\n'), text
    assert text.endswith("\n        }\n    }\n}\n"), text
    data = read_jsonc(text)
    assert data == {**read_jsonc(DOCUMENTED), "servers": {**read_jsonc(DOCUMENTED)["servers"],
                                                          "pdftools": _entry(cli, "--root", tmp_path)["servers"]
                                                          ["pdftools"]}}
    again = _install(cli, config, "--root", str(tmp_path))
    assert again["changed"] is False and config.read_text(encoding="utf-8") == text, again


def test_the_token_input_goes_last_in_the_inputs_there(cli: Any, tmp_path: Path) -> None:
    config = tmp_path / "mcp.json"
    config.write_text(DOCUMENTED, encoding="utf-8")
    _install(cli, config, "--http", URL)
    text = config.read_text(encoding="utf-8")
    head = DOCUMENTED.split('    ],\n    "servers"')[0]  # the inputs there, their trailing comma kept
    assert text.startswith(head + "        {\n            \"type\": \"promptString\",\n"
                                  '            "id": "pdftools-token",\n'), text
    data = read_jsonc(text)
    wanted = _entry(cli, "--http", URL)
    assert data["inputs"] == read_jsonc(DOCUMENTED)["inputs"] + wanted["inputs"], data["inputs"]
    assert data["servers"] == {**read_jsonc(DOCUMENTED)["servers"], "pdftools": wanted["servers"]["pdftools"]}
    assert "// 💡 Inputs will be prompted" in text and "// https://github.com/modelcontextprotocol" in text
    again = _install(cli, config, "--http", URL)
    assert again["changed"] is False and config.read_text(encoding="utf-8") == text


def test_an_input_with_our_id_is_not_added_twice(cli: Any, tmp_path: Path) -> None:
    before = ('{\n  "inputs": [\n    // mine, worded my way\n    {"type": "promptString", "id": "pdftools-token", '
              '"password": true, "description": "the token"}\n  ],\n  "servers": {}\n}\n')
    config = tmp_path / "mcp.json"
    config.write_text(before, encoding="utf-8")
    _install(cli, config, "--http", URL)
    text = config.read_text(encoding="utf-8")
    assert text.startswith(before.split('  "servers"')[0] + '  "servers": {\n    "pdftools": {\n'), text
    assert [i["id"] for i in read_jsonc(text)["inputs"]] == ["pdftools-token"]


def test_inputs_are_made_when_the_file_has_none(cli: Any, tmp_path: Path) -> None:
    before = '{\n  "servers": {\n    "other": {"type": "http", "url": "https://x.example/mcp"} // theirs\n  }\n}\n'
    config = tmp_path / "mcp.json"
    config.write_text(before, encoding="utf-8")
    _install(cli, config, "--http", URL)
    text = config.read_text(encoding="utf-8")
    assert text.startswith('{\n  "servers": {\n    "other": {"type": "http", "url": "https://x.example/mcp"}, '
                           '// theirs\n    "pdftools": {'), text
    data = read_jsonc(text)
    assert data["inputs"] == _entry(cli, "--http", URL)["inputs"] and set(data["servers"]) == {"other", "pdftools"}


def test_an_existing_entry_is_replaced_in_its_place_only(cli: Any, tmp_path: Path) -> None:
    before = ('{\n\t/* ours, old */\n\t"servers": {\n\t\t"pdftools": {"command": "old", "args": []}, // was\n'
              '\t\t"other": {"command": "x"},\n\t},\n}\n')
    config = tmp_path / "mcp.json"
    config.write_text(before, encoding="utf-8")
    said = _install(cli, config, "--root", str(tmp_path))
    assert said["changed"] is True and "replaced" in said["message"], said
    text = config.read_text(encoding="utf-8")
    head = '{\n\t/* ours, old */\n\t"servers": {\n\t\t"pdftools": '
    tail = ', // was\n\t\t"other": {"command": "x"},\n\t},\n}\n'
    assert text.startswith(head) and text.endswith(tail), text
    assert json.loads(text[len(head):-len(tail)]) == _entry(cli, "--root", tmp_path)["servers"]["pdftools"]
    assert read_jsonc(Path(said["backup"]).read_text(encoding="utf-8")) == read_jsonc(before)


@pytest.mark.parametrize(("before", "why"), [
    ('{\n  // cut short\n  "servers": {\n', "not JSON"),
    ('{\n  /* not closed\n  "servers": {}\n}\n', "not JSON"),
    ('{"servers": []}\n', '"servers" is not an object'),
    ('{"inputs": {}, "servers": {}} // x\n', '"inputs" is not an array'),
    ('{"servers": {}, "servers": {}} // x\n', '"servers" twice'),
])
def test_a_broken_file_is_refused_untouched(cli: Any, tmp_path: Path, before: str, why: str) -> None:
    config = tmp_path / "mcp.json"
    config.write_text(before, encoding="utf-8")
    result = cli("mcp-config", "vscode", "--http", URL, "--install", "--config", config, "--json")
    assert result.exit_code == 2, result
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT" and why in error["message"], error
    assert "nothing was changed" in error["message"] and "pdftools mcp-config vscode" in error["hint"], error
    assert config.read_text(encoding="utf-8") == before and os.listdir(tmp_path) == ["mcp.json"]


def test_an_entry_already_there_without_its_input_gets_the_input_and_says_so(cli: Any, tmp_path: Path) -> None:
    """The entry as we write it, but no input declared for the token it names (removed by hand): only the input is
    added, and the message says that, not that the entry was replaced."""
    server = _entry(cli, "--http", URL)["servers"]["pdftools"]
    before = '{\n  "servers": {\n    "pdftools": ' + json.dumps(server) + " // as written\n  }\n}\n"
    config = tmp_path / "mcp.json"
    config.write_text(before, encoding="utf-8")
    said = _install(cli, config, "--http", URL)
    assert said["changed"] is True and "replaced" not in said["message"], said
    assert said["message"].endswith("pdftools already there, its input pdftools-token added"), said
    text = config.read_text(encoding="utf-8")
    assert text.startswith(before[:-len("\n}\n")] + ",\n"), text
    assert read_jsonc(text)["inputs"] == _entry(cli, "--http", URL)["inputs"]
