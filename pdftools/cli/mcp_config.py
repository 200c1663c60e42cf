"""`pdftools mcp-config CLIENT`: the MCP config snippet for an agent, and `--install` to merge it in.

Installing backs the file up first, keeps every other server, and changes nothing when the entry is already
there. Over HTTP, unless `--token` gives the token, each client's config refers to it in that client's own
syntax (TOKEN_REFERENCES, each from the client's documentation); Claude Desktop expands nothing in its config,
so it gets the token from PDFTOOLS_AUTH_TOKEN at the time of writing, in the `env` of its mcp-remote bridge.
Codex's config is TOML: the entry is a `[mcp_servers.pdftools]` table appended to the file as it is (comments kept),
or put in place of the one there, and the result read back before anything is written.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import sys
import tempfile
import time
from pathlib import Path
from typing import Annotated, Any, Literal

import typer

Client = Literal["claude-desktop", "claude-code", "cursor", "vscode", "opencode", "codex", "gemini", "windsurf"]
NAME = "pdftools"
TOKEN_ENV = "PDFTOOLS_AUTH_TOKEN"
VSCODE_INPUT = "pdftools-token"
# How each client's config names the token without holding it:
TOKEN_REFERENCES = {
    "claude-code": "${" + TOKEN_ENV + "}",  # code.claude.com/docs/en/mcp: ${VAR} in command, args, env, url, headers
    "cursor": "${env:" + TOKEN_ENV + "}",  # cursor.com/docs/mcp: ${env:NAME} in command, args, env, url, headers
    "opencode": "{env:" + TOKEN_ENV + "}",  # opencode.ai/docs/config: {env:VARIABLE_NAME} anywhere in the config
    # github.com/google-gemini/gemini-cli docs/cli/configuration.md: settings strings expand $VAR and ${VAR}
    "gemini": "${" + TOKEN_ENV + "}",
    # docs.windsurf.com/windsurf/cascade/mcp ("Config Interpolation"): ${env:VAR} in command, args, env, serverUrl,
    # url and headers
    "windsurf": "${env:" + TOKEN_ENV + "}",
    "vscode": "${input:" + VSCODE_INPUT + "}",  # code.visualstudio.com/docs/copilot/reference/mcp-configuration:
}  # secrets as input variables, declared in "inputs" (promptString, password: true), asked once, stored safely
VSCODE_INPUTS = [{"type": "promptString", "id": VSCODE_INPUT, "password": True,
                  "description": f"pdftools bearer token (the server's --auth-token / {TOKEN_ENV})"}]


def config_path(client: str) -> Path:
    home = Path.home()
    if client == "claude-desktop":
        if sys.platform == "darwin":
            return home / "Library" / "Application Support" / "Claude" / "claude_desktop_config.json"
        return Path(os.environ.get("XDG_CONFIG_HOME", home / ".config")) / "Claude" / "claude_desktop_config.json"
    if client == "codex":  # developers.openai.com/codex/config-reference: $CODEX_HOME, ~/.codex by default
        return Path(os.environ.get("CODEX_HOME") or home / ".codex") / "config.toml"
    return {"claude-code": Path(".mcp.json"), "cursor": home / ".cursor" / "mcp.json",
            "vscode": Path(".vscode") / "mcp.json", "opencode": Path("opencode.json"),
            # github.com/google-gemini/gemini-cli docs/tools/mcp-server.md: the project's settings (or ~/.gemini)
            "gemini": Path(".gemini") / "settings.json",
            # docs.windsurf.com/windsurf/cascade/mcp: one file for every project
            "windsurf": home / ".codeium" / "windsurf" / "mcp_config.json"}[client]


def entry(client: str, command: list[str], url: str | None, token: str | None
          ) -> tuple[list[str], dict[str, Any], list[dict[str, Any]]]:
    """Where the server goes in the client's JSON (a key path), what it says, and the VS Code inputs it uses.
    `token` None: the client's own reference to the token (TOKEN_REFERENCES)."""
    secret = token if token is not None else TOKEN_REFERENCES.get(client, "")
    auth = {"Authorization": f"Bearer {secret}"}
    inputs = VSCODE_INPUTS if client == "vscode" and url and token is None else []
    stdio: dict[str, Any] = {"command": command[0], "args": command[1:]}  # (the shape most clients take)
    body: dict[str, Any]
    if client == "opencode":  # opencode.ai/docs/mcp-servers: `enabled` on both kinds, required since 1.15
        # (anomalyco/opencode#28625). OpenCode 2 documents servers under mcp.servers but reads this shape as it is
        # (opencode.ai/docs/migrate-v1: "V2 reads existing global and project configuration ... normalizes
        # supported V1 and native V2 fields"), which OpenCode 1 needs: it refuses a server named "servers".
        body = ({"type": "remote", "url": url, "headers": auth, "enabled": True} if url
                else {"type": "local", "command": command, "enabled": True})
        return ["mcp", NAME], body, inputs
    if client == "codex":  # developers.openai.com/codex/mcp: one [mcp_servers.NAME] table; url is Streamable HTTP
        body = ({"url": url, "bearer_token_env_var": TOKEN_ENV} if url and token is None  # the variable's name
                else {"url": url, "http_headers": auth} if url else stdio)
        return ["mcp_servers", NAME], body, inputs
    if client == "gemini":  # gemini-cli docs/tools/mcp-server.md: httpUrl is Streamable HTTP (url would be SSE)
        body = {"httpUrl": url, "headers": auth} if url else stdio
        return ["mcpServers", NAME], body, inputs
    if client == "windsurf":  # docs.windsurf.com/windsurf/cascade/mcp: a remote server has serverUrl (or url)
        body = {"serverUrl": url, "headers": auth} if url else stdio
        return ["mcpServers", NAME], body, inputs
    if client == "claude-desktop":  # it speaks stdio only: reach an HTTP server through mcp-remote
        body = ({"command": "npx", "args": ["-y", "mcp-remote", url, *_allow_http(url), "--header",
                                            "Authorization:${AUTH_HEADER}"],
                 "env": {"AUTH_HEADER": f"Bearer {desktop_token(token)}"}}  # mcp-remote expands ${AUTH_HEADER}
                if url else stdio)
        return ["mcpServers", NAME], body, inputs
    if url:
        body = {"type": "http", "url": url, "headers": auth} if client != "cursor" else {"url": url, "headers": auth}
    else:
        body = {"type": "stdio", **stdio} if client in ("claude-code", "vscode") else stdio
    return ["servers" if client == "vscode" else "mcpServers", NAME], body, inputs


def _allow_http(url: str) -> list[str]:
    """mcp-remote refuses plain http except to `localhost` and `127.0.0.1` unless given `--allow-http` (its
    README): a server elsewhere on the network, reached over http, needs it."""
    from urllib.parse import urlparse

    parsed = urlparse(url)
    return ["--allow-http"] if parsed.scheme == "http" and parsed.hostname not in ("localhost", "127.0.0.1") else []


def desktop_token(token: str | None) -> str:
    """Claude Desktop expands no variables in its config, and starts servers with little of the user's
    environment: the token itself goes into the bridge's `env`."""
    from pdftools.errors import InvalidArgument

    value = token or os.environ.get(TOKEN_ENV)
    if not value:
        raise InvalidArgument(f"Claude Desktop cannot read {TOKEN_ENV} from the environment, so its config must "
                              "hold the token itself",
                              hint=f"Give --token TOKEN, or set {TOKEN_ENV} when running mcp-config.")
    return value


_JSONC = re.compile(r'"(?:[^"\\]|\\.)*"|(//[^\n]*|/\*.*?\*/)|(,)(\s*[]}])', re.DOTALL)


def read_config(path: Path, client: str) -> tuple[dict[str, Any], bool]:
    """The config file as a JSON object ({} when missing or empty), and whether it starts with a UTF-8 byte
    order mark (kept when written back). Trailing commas (VS Code's JSONC allows them) are read past: writing
    the file back loses nothing. What writing it back would lose is refused: comments (the user adds the
    snippet by hand), bytes that are not UTF-8 (they would come back as U+FFFD), a key given twice (JSON keeps
    the last)."""
    raw = path.read_bytes() if path.exists() else b""
    bom = raw.startswith(b"\xef\xbb\xbf")
    try:
        text = raw[3 if bom else 0:].decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise _unmergeable(path, client, f"it is not UTF-8 text (line {line}), which rewriting it would change"
                           ) from None
    if not text.strip():
        return {}, bom
    comment = next((m for m in _JSONC.finditer(text) if m.group(1)), None)
    if comment is not None:
        line = text.count("\n", 0, comment.start()) + 1
        raise _unmergeable(path, client, f"it has comments (JSONC, line {line}), which rewriting it would drop")
    try:
        data = json.loads(_JSONC.sub(lambda m: m.group(3) if m.group(2) else m.group(0), text),
                          object_pairs_hook=_no_twice)
    except json.JSONDecodeError as exc:
        raise _unmergeable(path, client, f"it is not JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
                           ) from None
    except _KeyTwice as exc:
        raise _unmergeable(path, client, f'it has the key "{exc.args[0]}" twice in one object, and rewriting it '
                                         "would keep only the last") from None
    if not isinstance(data, dict):
        kinds = {list: "an array", str: "a string", bool: "true or false", type(None): "null"}
        kind = kinds.get(type(data), "a number")
        raise _unmergeable(path, client, f"its top level is {kind}, not an object")
    return data, bom


class _KeyTwice(Exception):
    pass


def _no_twice(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise _KeyTwice(key)
        seen[key] = value
    return seen


def _unmergeable(path: Path, client: str, why: str) -> Exception:
    from pdftools.errors import InvalidArgument

    return InvalidArgument(f"cannot install into {path}: {why}; nothing was changed",
                           hint=f"Add the entry by hand: `pdftools mcp-config {client}` prints it; or give another "
                                "file with --config.")


def install(path: Path, client: str, keys: list[str], body: dict[str, Any], inputs: list[dict[str, Any]]
            ) -> tuple[bool, str, Path | None]:
    """Merge `body` at `keys` (and VS Code `inputs` not yet declared) into the JSON file; back it up first;
    idempotent. Returns (changed, what was done, the backup made). A file it cannot merge into is refused,
    untouched. A symbolic link (a config kept in a dotfiles repository) stays: the file it names is written,
    keeping its mode."""
    path = path.resolve() if path.is_symlink() else path
    if path.is_dir():
        from pdftools.errors import IsADirectory

        raise IsADirectory(f"cannot install into {path}: it is a folder; nothing was changed",
                           hint=f"Give the config file itself: --config {path / config_path(client).name}.")
    if path.exists() and not path.is_file():  # a device, a FIFO: replacing it with a file would break the system
        raise _unmergeable(path, client, "it is not a regular file")
    existed = path.exists()
    if client == "codex":
        before, text = merge_toml(path, client, keys, body)
        if text is None:
            return False, f"{path}: already set up, nothing changed", None
        others = _toml_servers(path, keys) - {keys[-1]}
    else:
        data, bom = read_config(path, client)
        node = data
        for key in keys[:-1]:
            node = node.setdefault(key, {})
            if not isinstance(node, dict):
                raise _unmergeable(path, client, f'its "{key}" is not an object')
        if not isinstance(data.get("inputs", []), list):
            raise _unmergeable(path, client, 'its "inputs" is not an array')
        declared = {item.get("id") for item in data.get("inputs", []) if isinstance(item, dict)}
        missing = [item for item in inputs if item["id"] not in declared]
        before = node.get(keys[-1])
        if before == body and not missing:
            return False, f"{path}: already set up, nothing changed", None
        others = set(node) - {keys[-1]}
        node[keys[-1]] = body
        if missing:
            data.setdefault("inputs", []).extend(missing)
        text = ("\ufeff" if bom else "") + json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    backup = _backup(path) if path.exists() else None
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        if path.exists():
            os.chmod(tmp, stat.S_IMODE(path.stat().st_mode))
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    kept = ["other servers kept"] if others else []  # said only when there were some (a new file has none)
    if before is None:
        said = f"{path}: created, {NAME} added" if not existed else f"{path}: {NAME} added"
        return True, said + "".join(f" ({k})" for k in kept), backup
    notes = kept + ([f"the entry it had is in {backup.name}"] if backup else [])
    return True, f"{path}: {NAME} replaced" + (f" ({'; '.join(notes)})" if notes else ""), backup


def _toml_servers(path: Path, keys: list[str]) -> set[str]:
    """The names of the servers a TOML config (Codex's, read by merge_toml already) has under `keys[0]`."""
    import tomllib

    servers = tomllib.loads(path.read_text(encoding="utf-8")).get(keys[0], {}) if path.exists() else {}
    return set(servers) if isinstance(servers, dict) else set()


def toml_text(snippet: dict[str, Any]) -> str:
    """`{"mcp_servers": {"pdftools": {...}}}` as TOML: the server's table, and its tables (`http_headers`) inline.
    Strings are TOML basic strings (JSON's escapes are TOML's, DEL too); a value TOML cannot hold (a path that is
    not UTF-8) is refused rather than written wrong: the text is read back and compared."""
    import tomllib

    from pdftools.errors import InvalidArgument

    def value(item: Any) -> str:
        if isinstance(item, str):
            return json.dumps(item, ensure_ascii=False).replace("\x7f", "\\u007f")
        if isinstance(item, list):
            return "[" + ", ".join(value(v) for v in item) + "]"
        return "{ " + ", ".join(f"{value(k)} = {value(v)}" for k, v in item.items()) + " }"

    (table, servers), = snippet.items()
    (name, body), = servers.items()
    text = f"[{table}.{name}]\n" + "".join(f"{key} = {value(v)}\n" for key, v in body.items())
    try:
        same = tomllib.loads(text) == snippet
    except (tomllib.TOMLDecodeError, UnicodeError):
        same = False
    if not same:
        raise InvalidArgument("this entry cannot be written as TOML (a path that is not UTF-8?)",
                              hint="Give --root a folder whose path is UTF-8 text.")
    return text


_TABLE = re.compile(r"\s*\[\s*([^\[\]]*?)\s*\]\s*(#.*)?")


def merge_toml(path: Path, client: str, keys: list[str], body: dict[str, Any]) -> tuple[Any, str | None]:
    """The entry there before, and the file's text with ours in its place (None: already so). Only the lines of
    our `[mcp_servers.pdftools]` table (and its sub-tables) are replaced, or the table appended: every other
    byte, comments included, stays. The new text is read back: unless it says what the old one did with our
    entry in place, it is refused and nothing is written."""
    import tomllib

    raw = path.read_bytes() if path.exists() else b""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise _unmergeable(path, client, "it is not UTF-8 text, as TOML must be") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise _unmergeable(path, client, f"it is not TOML ({exc})") from None
    table, name = keys
    servers = data.setdefault(table, {})
    if not isinstance(servers, dict):
        raise _unmergeable(path, client, f"its {table} is not a table")
    before = servers.get(name)
    if before == body:
        return before, None
    ours = {f"{table}.{name}", f'{table}."{name}"', f"{table}.'{name}'"}
    kept, inside = [], False
    for line in text.splitlines(keepends=True):
        header = _TABLE.fullmatch(line.rstrip("\r\n"))
        if header and not line.lstrip().startswith("[["):
            dotted = re.sub(r"\s*\.\s*", ".", header.group(1))
            inside = dotted in ours or any(dotted.startswith(o + ".") for o in ours)
        elif line.lstrip().startswith("[["):
            inside = False
        if not inside:
            kept.append(line)
    merged = "".join(kept)
    if merged and not merged.endswith("\n"):
        merged += "\n"
    merged += ("\n" if merged.strip() else "") + toml_text({table: {name: body}})
    servers[name] = body
    try:
        same = tomllib.loads(merged) == data
    except tomllib.TOMLDecodeError:
        same = False
    if not same:
        raise _unmergeable(path, client, f"its {name} entry is not written as a [{table}.{name}] table, "
                                         "which is all this can replace")
    return before, merged


def _backup(path: Path) -> Path:
    """A copy of the file beside it, named by the time; never over an earlier backup (two installs in a second)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1, 1000):
        backup = path.with_name(f"{path.name}.{stamp}{f'-{n}' if n > 1 else ''}.bak")
        try:
            with path.open("rb") as src, backup.open("xb") as dst:
                shutil.copyfileobj(src, dst)
        except FileExistsError:
            continue
        shutil.copystat(path, backup)
        return backup
    raise FileExistsError(backup)


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


def mcp_config(
    client: Annotated[Client, typer.Argument(
        metavar="CLIENT", help="The agent to configure: claude-desktop, claude-code, cursor, vscode, opencode, "
                               "codex, gemini or windsurf.")],
    http: Annotated[str | None, typer.Option("--http", metavar="URL",
                                             help="URL of a running HTTP server instead of stdio.")] = None,
    root: Annotated[list[Path] | None, typer.Option("--root", metavar="FOLDER",
                                                    help="Roots for a stdio server (default: here).")] = None,
    token: Annotated[str | None, typer.Option(
        metavar="TOKEN",
        help=f"Bearer token to write (default: a reference to {TOKEN_ENV} in the client's own syntax)")] = None,
    install_it: Annotated[bool, typer.Option("--install", help="Merge it into the client's config file.")] = False,
    config: Annotated[Path | None, typer.Option(metavar="FILE",
                                                help="Config file to install into (default: the client's).")]
    = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON (a stable contract).")] = False,
    quiet: Annotated[bool, typer.Option("-q", "--quiet", help="Print nothing but errors (the snippet is still "
                                                              "printed: it is the data asked for).")] = False,
) -> None:
    """Print (or --install) an agent's MCP config: Claude, Cursor, VS Code, OpenCode, Codex, Gemini CLI, Windsurf."""
    from pdftools.cli.render import report_error
    from pdftools.errors import PdftoolsError, os_error

    beside = Path(sys.executable).with_name("pdftools")  # the console script of this very installation
    executable = str(beside) if beside.exists() else shutil.which("pdftools") or "pdftools"
    roots = [str(r.expanduser().resolve()) for r in (root or [Path.cwd()])]
    command = [executable, "serve", "--transport", "stdio", *[a for r in roots for a in ("--root", r)]]
    target = config or config_path(client)
    try:
        check_options(http, root, token)
        keys, body, inputs = entry(client, command, http, token)
        toml = toml_text({keys[0]: {keys[1]: body}}) if client == "codex" else None
    except PdftoolsError as exc:
        raise typer.Exit(report_error(exc, as_json=as_json)) from None
    if http is not None and not (quiet or as_json) and urlparse_path(http) in ("", "/"):
        sys.stderr.write(f"note: pdftools serve answers at /mcp (its --path): did you mean {http.rstrip('/')}/mcp?\n")
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
