"""`mcp-config --install` on config files as users keep them: linked from a dotfiles repository, written in
another encoding, holding a key twice, with text beyond ASCII. Whatever it cannot merge without losing
something is refused, the file untouched; what it writes keeps the file where and as it was."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

import pytest

OTHER = {"mcpServers": {"other": {"command": "x", "args": ["café", "日本"]}}}


def test_a_symbolic_link_stays_and_the_file_it_names_is_written(cli: Any, tmp_path: Path) -> None:
    dotfiles = tmp_path / "dotfiles"
    dotfiles.mkdir()
    real = dotfiles / "mcp.json"
    real.write_text(json.dumps(OTHER))
    real.chmod(0o644)
    link = tmp_path / "mcp.json"
    link.symlink_to(real)
    result = cli("mcp-config", "cursor", "--install", "--config", link)
    assert result.exit_code == 0, result.stderr
    assert link.is_symlink() and link.resolve() == real  # the dotfiles link is not replaced by a copy
    data = json.loads(real.read_text())
    assert set(data["mcpServers"]) == {"other", "pdftools"}
    assert stat.S_IMODE(real.stat().st_mode) == 0o644  # the file keeps its permissions
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary file left anywhere
    assert not [p for p in dotfiles.iterdir() if p.name.startswith(".")]


def test_text_beyond_ascii_is_written_as_it_was(cli: Any, tmp_path: Path) -> None:
    config = tmp_path / "mcp.json"
    config.write_text(json.dumps(OTHER, ensure_ascii=False), encoding="utf-8")
    assert cli("mcp-config", "cursor", "--install", "--config", config).exit_code == 0
    text = config.read_text(encoding="utf-8")
    assert "café" in text and "日本" in text and "\\u" not in text
    assert json.loads(text)["mcpServers"]["other"] == OTHER["mcpServers"]["other"]


@pytest.mark.parametrize(("raw", "why"), [
    ('{"mcpServers": {"other": {"command": "caf\xe9"}}}\n'.encode("latin-1"), "UTF-8"),  # read as U+FFFD, lost
    (b'{"mcpServers": {"a": {"command": "1"}}, "mcpServers": {"b": {"command": "2"}}}\n', '"mcpServers"'),
    (b'{"mcpServers": {"a": {"command": "1"}, "a": {"command": "2"}}}\n', '"a"'),
])
def test_a_file_that_would_lose_something_is_refused_untouched(cli: Any, tmp_path: Path, raw: bytes,
                                                                   why: str) -> None:
    config = tmp_path / "mcp.json"
    config.write_bytes(raw)
    result = cli("mcp-config", "cursor", "--install", "--config", config, "--json")
    assert result.exit_code == 2, result.stdout
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT" and why in error["message"] and "nothing was changed" in \
        error["message"], error
    assert config.read_bytes() == raw and os.listdir(tmp_path) == ["mcp.json"]  # untouched, no backup


def test_a_byte_order_mark_is_read_and_kept(cli: Any, tmp_path: Path) -> None:
    config = tmp_path / "mcp.json"
    config.write_bytes(b"\xef\xbb\xbf" + json.dumps(OTHER).encode())  # as Windows editors save UTF-8
    result = cli("mcp-config", "cursor", "--install", "--config", config)
    assert result.exit_code == 0, result.stderr
    raw = config.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    assert set(json.loads(raw[3:])["mcpServers"]) == {"other", "pdftools"}


def test_an_entry_that_differs_is_replaced_and_said_so(cli: Any, tmp_path: Path) -> None:
    """A pdftools entry already there but different (another root, a hand-made `env`) is replaced, and the
    message says so and names the backup that holds the old one (it said `added`, as for a new entry)."""
    config = tmp_path / "mcp.json"
    old = {"command": "pdftools", "args": ["serve"], "env": {"PDFTOOLS_TIMEOUT": "60"}}
    config.write_text(json.dumps({"mcpServers": {"pdftools": old, "other": {"command": "x"}}}))
    result = cli("mcp-config", "cursor", "--install", "--config", config, "--json")
    assert result.exit_code == 0, result.stderr
    said = json.loads(result.stdout)
    backup = Path(said["backup"])
    assert said["changed"] is True and "replaced" in said["message"] and backup.name in said["message"], said
    assert json.loads(backup.read_text())["mcpServers"]["pdftools"] == old  # the old entry, kept
    added = cli("mcp-config", "cursor", "--install", "--config", tmp_path / "new.json", "--json")
    said = json.loads(added.stdout)
    assert "added" in said["message"] and said["backup"] is None, said  # a new file: nothing to back up
    again = json.loads(cli("mcp-config", "cursor", "--install", "--config", config, "--json").stdout)
    assert again["changed"] is False and again["backup"] is None, again


@pytest.mark.parametrize("client", ["cursor", "codex", "windsurf", "zed"])
def test_a_new_file_is_said_to_be_made_not_to_keep_other_servers(cli: Any, tmp_path: Path, client: str) -> None:
    """Installed into a file that was not there, the message said `pdftools added (other servers kept)`: there
    were none. It says the file was made; into a file with other servers it still says they are kept."""
    made = cli("mcp-config", client, "--install", "--config", tmp_path / "new.cfg")
    assert made.exit_code == 0, made.stderr
    assert "created" in made.stdout and "other servers" not in made.stdout, made.stdout
    (tmp_path / "new.cfg").unlink()
    (tmp_path / "new.cfg").write_text("")  # there, but empty: still no other server to keep
    assert "other servers" not in cli("mcp-config", client, "--install", "--config", tmp_path / "new.cfg").stdout


def test_a_backup_never_replaces_an_earlier_one(cli: Any, tmp_path: Path) -> None:
    """Backups are named by the second: a second install within it overwrote the first one's backup, the only
    copy of the file as the user had it. Backups already named for this second (and the next two) stay."""
    import time

    config = tmp_path / "mcp.json"
    config.write_text(json.dumps(OTHER))
    now = time.time()
    earlier = {tmp_path / f"mcp.json.{time.strftime('%Y%m%d-%H%M%S', time.localtime(now + d))}.bak": f"old {d}"
               for d in range(3)}
    for path, text in earlier.items():
        path.write_text(text)
    said = json.loads(cli("mcp-config", "cursor", "--install", "--config", config, "--json").stdout)
    assert said["changed"] is True and Path(said["backup"]) not in earlier, said
    assert json.loads(Path(said["backup"]).read_text()) == OTHER
    assert all(path.read_text() == text for path, text in earlier.items())


def test_a_config_that_is_not_a_regular_file_is_refused_and_kept(cli: Any, tmp_path: Path) -> None:
    """A folder gave a traceback; a device or a FIFO was replaced by a regular file (as root, `--config
    /dev/null` turned the machine's /dev/null into a JSON file). Here a FIFO stands for any special file, given
    as it is and through a link (a reader of a FIFO would block: it is refused before anything reads it)."""
    folder = tmp_path / "folder"
    folder.mkdir()
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    link = tmp_path / "link.json"
    link.symlink_to(fifo)
    result = cli("mcp-config", "cursor", "--install", "--config", folder, "--json")
    assert result.exit_code == 3 and json.loads(result.stderr)["error"]["code"] == "IS_A_DIRECTORY", result
    for special in (fifo, link):
        result = cli("mcp-config", "cursor", "--install", "--config", special, "--json")
        error = json.loads(result.stderr)["error"]
        assert result.exit_code == 2 and error["code"] == "INVALID_ARGUMENT", result
        assert "not a regular file" in error["message"] and "nothing was changed" in error["message"], error
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and link.is_symlink() and folder.is_dir()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fifo", "folder", "link.json"]  # no backup, no part


def test_a_config_folder_that_cannot_be_written_is_permission_denied(tmp_path: Path, read_only_dir: Path) -> None:
    """HOME unwritable (a CI user's, a read-only image): the installed program printed a traceback, then (with the
    standard output errors mapped) blamed standard output; it is PERMISSION_DENIED naming the config's folder."""
    import subprocess
    import sys

    done = subprocess.run([str(Path(sys.executable).with_name("pdftools")), "mcp-config", "cursor", "--install",
                           "--config", str(read_only_dir / "sub" / "mcp.json")], capture_output=True, cwd=tmp_path,
                          timeout=60, check=False)
    assert done.returncode == 6, done.stderr
    assert done.stderr.startswith(b"error[PERMISSION_DENIED]: cannot write"), done.stderr
    assert b"standard output" not in done.stderr and b"Traceback" not in done.stderr, done.stderr
    assert str(read_only_dir).encode() in done.stderr
