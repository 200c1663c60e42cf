"""`pdftools mcp-config CLIENT`: the MCP config snippet for an agent, and `--install` to merge it in.

Installing backs the file up first, keeps every other server, and changes nothing when the entry is already
there. Over HTTP, unless `--token` gives the token, each client's config refers to it in that client's own
syntax (TOKEN_REFERENCES, each from the client's documentation); Claude Desktop and Zed expand nothing in their
configs, so they get the token from PDFTOOLS_AUTH_TOKEN at the time of writing: in the `env` of Claude Desktop's
mcp-remote bridge, in Zed's header. Zed's settings.json and VS Code's mcp.json are JSON with comments: the entry
(and VS Code's token input) is put in place, every other byte kept.
Codex's config is TOML: the entry is a `[mcp_servers.pdftools]` table appended to the file as it is (comments kept),
or put in place of the one there, and the result read back before anything is written.

    clients  each agent's format: its config file, the server's entry, how it names the token (Codex's TOML)
    files    installing the entry into a config file (JSON, Zed's and VS Code's JSONC, Codex's TOML): merged,
             backed up, or refused untouched
    jsonc    one entry (or array item) put into a JSON-with-comments text, every other byte kept
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from pdftools.cli.mcp_config.clients import TOKEN_ENV, Client, config_path, entry, literal, toml_text
from pdftools.cli.mcp_config.files import install


def check_options(http: str | None, root: list[Path] | None, token: str | None) -> None:
    """Refuse what would do nothing (`--root` with `--http`, `--token` without it) or write a config whose
    server cannot start (a URL that is not http(s), a root that is missing or a file)."""
    from urllib.parse import urlparse

    from pdftools.errors import FileNotFound, InvalidArgument

    if http is not None:
        if root:
            raise InvalidArgument("--root goes with a stdio server; with --http the running server's own --root "
                                  "decides", hint="Leave out --root, or --http for a stdio server.")
        parsed = urlparse(http)
        if parsed.scheme not in ("http", "https") or not parsed.netloc:
            raise InvalidArgument(f"--http {http!r} is not an http(s) URL", hint=f"E.g. --http {EXAMPLE_URL}.")
    elif token is not None:
        raise InvalidArgument("--token goes with --http: a stdio server takes no token",
                              hint=f"Give the server's URL too (--http {EXAMPLE_URL}), or leave out --token.")
    for folder in root or []:
        path = folder.expanduser()
        if not path.exists():
            raise FileNotFound(f"no such root folder: {folder}", hint="Give folders that exist: --root DIR.")
        if not path.is_dir():
            raise InvalidArgument(f"--root {folder} is a file, not a folder", hint="Give a folder: --root DIR.")


EXAMPLE_URL = "http://127.0.0.1:8000/mcp"


def urlparse_path(url: str) -> str:
    """The path of an http(s) URL: `serve` answers at /mcp unless its --path says otherwise, and prints the URL
    with it; a config given the address alone reaches nothing."""
    from urllib.parse import urlparse

    return urlparse(url).path


def shortfalls(http: str | None) -> list[str]:
    """Where the config is other than meant, as a command's result says it (`core.results.shortfalls`): a URL
    without the endpoint's path (a config that reaches nothing, unless the server runs with --path /)."""
    if http is None or urlparse_path(http) not in ("", "/"):
        return []
    return [f"pdftools serve answers at /mcp (its --path): did you mean {http.rstrip('/')}/mcp?"]


def mcp_config(
    client: Annotated[Client, typer.Argument(
        metavar="CLIENT", help="The agent to configure: claude-desktop, claude-code, cursor, vscode, opencode, "
                               "codex, gemini, windsurf or zed.")],
    http: Annotated[str | None, typer.Option("--http", metavar="URL",
                                             help="URL of a running HTTP server instead of stdio.")] = None,
    root: Annotated[list[Path] | None, typer.Option("--root", metavar="FOLDER",
                                                    help="Roots for a stdio server (default: here).")] = None,
    token: Annotated[str | None, typer.Option(
        metavar="TOKEN",
        help=f"Bearer token to write (default: a reference to {TOKEN_ENV} in the client's own syntax; its value "
             "for claude-desktop and zed, which expand no variables)")] = None,
    install_it: Annotated[bool, typer.Option("--install", help="Merge it into the client's config file.")] = False,
    config: Annotated[Path | None, typer.Option(metavar="FILE",
                                                help="Config file to install into (default: the client's).")]
    = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON (a stable contract).")] = False,
    quiet: Annotated[bool, typer.Option("-q", "--quiet", help="Print nothing but errors (the snippet is still "
                                                              "printed: it is the data asked for).")] = False,
) -> None:
    """Print (or --install) the MCP config of Claude, Cursor, VS Code, OpenCode, Codex, Gemini CLI, Windsurf, Zed."""
    from pdftools.cli.render import report_error, warn
    from pdftools.core.foreign_errors import os_error
    from pdftools.errors import PdftoolsError

    beside = Path(sys.executable).with_name("pdftools")  # the console script of this very installation
    executable = str(beside) if beside.exists() else shutil.which("pdftools") or "pdftools"
    roots = [str(r.expanduser().resolve()) for r in (root or [Path.cwd()])]
    command = [executable, "serve", "--transport", "stdio", *[a for r in roots for a in ("--root", r)]]
    target = config or config_path(client)
    try:
        check_options(http, root, token)
        if http is None:
            literal(client, "the path of pdftools", executable)
            for folder in roots:
                literal(client, "the root", folder)
        elif token is not None:  # (an --http address is left as given: a client's variable there may be meant)
            literal(client, "--token", token)
        keys, body, inputs = entry(client, command, http, token)
        toml = toml_text({keys[0]: {keys[1]: body}}) if client == "codex" else None
    except PdftoolsError as exc:
        raise typer.Exit(report_error(exc, as_json=as_json)) from None
    warned = shortfalls(http)
    result: dict[str, Any] = {"client": client, "config_file": str(target)}
    if install_it:
        try:
            try:
                changed, message, backup = install(target, client, keys, body, inputs)
            except OSError as exc:  # HOME (or --config's folder) cannot be written
                raise os_error(exc, f"cannot write {exc.filename or target}") from None
        except PdftoolsError as exc:
            raise typer.Exit(report_error(exc, as_json=as_json)) from None
        result.update(installed=True, changed=changed, message=message, backup=backup and str(backup))
    else:
        snippet: dict[str, Any] = body
        for key in reversed(keys):
            snippet = {key: snippet}
        if inputs:
            snippet = {"inputs": inputs, **snippet}
        result.update(installed=False, snippet=snippet)
    if as_json:
        sys.stdout.write(json.dumps(result, indent=2) + "\n")
    elif not (quiet and install_it):
        shown = (result["message"] if install_it else toml.rstrip("\n") if toml is not None
                 else json.dumps(result["snippet"], indent=2))
        sys.stdout.write(shown + "\n")
    if not quiet:
        warn(warned)  # after the snippet, with --json too, as every command's warnings
