"""`mcp-config` refuses what would do nothing or write a config whose server cannot start: `--root` with `--http`
(the running server's roots decide), `--token` without `--http` (stdio takes none), an `--http` that is not an
http(s) URL, and a root that is missing or a file. Nothing is printed or installed then."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

URL = "http://127.0.0.1:8000/mcp"


@pytest.mark.parametrize(("argv", "code", "named"), [
    (["--http", URL, "--root", "{tmp}"], "INVALID_ARGUMENT", "--root"),
    (["--token", "abc"], "INVALID_ARGUMENT", "--token"),
    (["--http", "notaurl"], "INVALID_ARGUMENT", "notaurl"),
    (["--http", "ftp://host/mcp"], "INVALID_ARGUMENT", "ftp://host/mcp"),
    (["--root", "{tmp}/missing"], "FILE_NOT_FOUND", "missing"),
    (["--root", "{tmp}/file.txt"], "INVALID_ARGUMENT", "file.txt"),
])
def test_a_config_that_could_not_work_is_refused(cli: Any, tmp_path: Path, argv: list[str], code: str,
                                                 named: str) -> None:
    (tmp_path / "file.txt").write_text("x")
    config = tmp_path / "config.json"
    for install in ([], ["--install", "--config", str(config)]):
        result = cli("mcp-config", "cursor", *[a.format(tmp=tmp_path) for a in argv], *install, "--json")
        assert result.exit_code != 0 and result.stdout == "", result
        error = json.loads(result.stderr)["error"]
        assert error["code"] == code and named in error["message"], error
    assert not config.exists()


def test_what_works_still_does(cli: Any, tmp_path: Path) -> None:
    assert cli("mcp-config", "cursor", "--http", URL, "--token", "abc").exit_code == 0
    assert cli("mcp-config", "cursor", "--http", "https://pdf.example.com/mcp").exit_code == 0
    result = cli("mcp-config", "cursor", "--root", tmp_path, "--json")
    assert result.exit_code == 0 and str(tmp_path) in result.stdout, result


def test_a_url_without_the_endpoints_path_gets_a_warning(cli: Any, tmp_path: Path) -> None:
    """`pdftools serve --transport http` answers at /mcp (its --path), and prints the URL with it; the address
    alone, as a browser bar shows it, makes a config whose client finds nothing there. Not refused (a server may
    run with --path /), but warned of on stderr, as every command warns (with --json too: a script is told; it
    was a `note:` the command wrote itself, and said nothing with --json); the snippet is what was asked."""
    said = "warning: pdftools serve answers at /mcp (its --path): did you mean http://127.0.0.1:8000/mcp?\n"
    bare = cli("mcp-config", "cursor", "--http", "http://127.0.0.1:8000")
    assert bare.exit_code == 0 and json.loads(bare.stdout)["mcpServers"]["pdftools"]["url"] == "http://127.0.0.1:8000"
    assert bare.stderr == said, bare.stderr
    scripted = cli("mcp-config", "cursor", "--http", "http://127.0.0.1:8000/", "--json")
    assert scripted.exit_code == 0 and scripted.stderr == said, scripted.stderr
    assert json.loads(scripted.stdout)["snippet"]["mcpServers"]["pdftools"]["url"] == "http://127.0.0.1:8000/"
    installed = cli("mcp-config", "cursor", "--http", "http://127.0.0.1:8000", "--install", "--config",
                    str(tmp_path / "c.json"), "--json")
    assert installed.exit_code == 0 and installed.stderr == said, installed.stderr
    for argv in (("--http", "http://127.0.0.1:8000/mcp"), ("--http", "http://127.0.0.1:8000/", "-q"),
                 ("--http", "http://127.0.0.1:8000", "--json", "-q"),
                 ("--http", "http://127.0.0.1:8000/mcp", "--json")):
        quiet = cli("mcp-config", "cursor", *argv)
        assert quiet.exit_code == 0 and quiet.stderr == "", (argv, quiet.stderr)
