"""Issue 12 item 4: `metadata`, `bookmarks`, `attachments` and `forms` are command groups. Each sub-command
has its own help and only its own options; `pdftools metadata FILE` shows. Each parameter is still declared
once, in the op's signature (its `Cli(actions=...)` says which sub-commands take it); over MCP each group
stays one tool with an `action` argument."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

OPTIONS = {
    ("metadata", "show"): ({"--password", "--json"}, {"--set", "--output", "--in-place", "--force", "--decrypt"}),
    ("metadata", "set"): ({"--set", "--output", "--in-place", "--force"}, set()),
    ("metadata", "remove"): ({"--output", "--in-place"}, {"--set"}),
    ("bookmarks", "list"): ({"--password"}, {"--data", "--title", "--page", "--parent", "--output"}),
    ("bookmarks", "replace"): ({"--data", "--output"}, {"--title", "--page", "--parent"}),
    ("bookmarks", "add"): ({"--title", "--page", "--parent", "--output"}, {"--data"}),
    ("attachments", "list"): ({"--password"}, {"--name", "--out-dir", "--output"}),
    ("attachments", "add"): ({"--output"}, {"--name", "--out-dir"}),
    ("attachments", "extract"): ({"--name", "--out-dir"}, {"--output", "--in-place"}),
    ("attachments", "remove"): ({"--name", "--output"}, {"--out-dir"}),
    ("forms", "list"): ({"--password"}, {"--set", "--data", "--output"}),
    ("forms", "fill"): ({"--set", "--data", "--output"}, set()),
    ("forms", "flatten"): ({"--output"}, {"--set", "--data"}),
}


def _options(help_text: str) -> set[str]:
    section = help_text.split("Options:", 1)[1]
    return set(re.findall(r"(?<![\w-])--[a-z][a-z-]*", section))


@pytest.mark.parametrize("group,action", list(OPTIONS))
def test_each_sub_command_has_its_own_help_and_options(cli: Callable[..., Any], group: str, action: str) -> None:
    result = cli(group, action, "--help")
    assert result.exit_code == 0, result
    assert result.stdout.startswith(f"Usage: pdftools {group} {action} "), result.stdout[:200]
    has, lacks = OPTIONS[(group, action)]
    shown = _options(result.stdout)
    assert has <= shown, f"{group} {action} lacks {has - shown}"
    assert not (lacks & shown), f"{group} {action} offers {lacks & shown}"
    assert result.stdout != cli(group, "--help").stdout


@pytest.mark.parametrize("group", ["metadata", "bookmarks", "attachments", "forms"])
def test_group_help_lists_its_sub_commands(cli: Callable[..., Any], group: str) -> None:
    out = cli(group, "--help").stdout
    for action in (a for g, a in OPTIONS if g == group):
        assert re.search(rf"^  {action}\s+\S", out, re.M), f"{group} --help lacks {action}:\n{out}"


@pytest.mark.parametrize("group,default", [("metadata", "show"), ("bookmarks", "list"),
                                            ("attachments", "list"), ("forms", "list")])
def test_a_group_with_a_file_runs_its_default(cli: Callable[..., Any], sample: Path, group: str,
                                              default: str) -> None:
    plain = cli(group, sample, "--json")
    assert plain.exit_code in (0, 2), plain  # forms: a PDF without a form is NO_FORM (exit 2)
    explicit = cli(group, default, sample, "--json")
    assert (plain.exit_code, plain.stdout, plain.stderr) == (explicit.exit_code, explicit.stdout, explicit.stderr)


def test_sub_commands_still_run(cli: Callable[..., Any], sample: Path, tmp_path: Path) -> None:
    out = tmp_path / "titled.pdf"
    result = cli("metadata", "set", sample, "--set", "title=Minutes", "-o", out, "--json")
    assert result.exit_code == 0, result
    assert json.loads(cli("metadata", out, "--json").stdout)["info"]["Title"] == "Minutes"
    added = cli("bookmarks", "add", out, "--title", "Start", "--page", "1", "-o", tmp_path / "b.pdf", "--json")
    assert added.exit_code == 0, added
    assert json.loads(cli("bookmarks", tmp_path / "b.pdf", "--json").stdout)["count"] >= 1


def test_an_option_of_another_sub_command_is_refused(cli: Callable[..., Any], sample: Path) -> None:
    result = cli("metadata", "show", sample, "--set", "title=x", "--json")
    assert result.exit_code == 2
    assert json.loads(result.stderr)["error"]["message"].startswith("unknown option --set")


def test_attachments_sub_commands_say_what_their_table_is_and_speak_of_their_own_action(
        cli: Any, pdf: Path, tmp_path: Path) -> None:
    data = tmp_path / "da ta[1].csv"
    data.write_text("a,b\n")
    assert cli("attachments", "add", pdf, data, "-o", tmp_path / "at2.pdf").exit_code == 0
    removed = cli("attachments", "remove", tmp_path / "at2.pdf", "--name", data.name, "-o", tmp_path / "at3.pdf")
    assert removed.exit_code == 0, removed
    labels = [line.split()[0] for line in removed.stdout.splitlines() if line and not line.startswith(" ")]
    assert "removed" in labels and "attachments" not in labels, removed.stdout
    shown = json.loads(cli("attachments", "remove", tmp_path / "at2.pdf", "--name", data.name, "-o",
                           tmp_path / "at4.pdf", "--json").stdout)
    assert shown["action"] == "remove" and shown["attachments"][0]["name"] == data.name and shown["remaining"] == 0
    listed = json.loads(cli("attachments", "list", tmp_path / "at2.pdf", "--json").stdout)
    assert listed["action"] == "list" and len(listed["attachments"]) == 1
    for action, other in (("remove", "extract"), ("extract", "remove")):
        helped = " ".join(cli("attachments", action, "--help").stdout.split())
        assert "--name" in helped and f"{other}:" not in helped and f"{other}/" not in helped, helped


def test_metadata_set_and_remove_name_changed_keys_alike(cli: Any, pdf: Path, tmp_path: Path) -> None:
    made = json.loads(cli("metadata", "set", pdf, "--set", "title=T", "--set", "author=A", "-o",
                          tmp_path / "m.pdf", "--json").stdout)
    assert made["changed"] == ["Title", "Author"], made
    gone = json.loads(cli("metadata", "remove", tmp_path / "m.pdf", "-o", tmp_path / "n.pdf", "--json").stdout)
    assert {"Title", "Author"} <= set(gone["changed"]) and not any("/" in c for c in gone["changed"]), gone
