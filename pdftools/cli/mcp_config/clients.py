"""Each agent's MCP config format: where its file is, the server's entry in it, and how it names the token.

Claude Desktop, Claude Code, Cursor, VS Code, OpenCode, Codex, Gemini CLI, Windsurf and Zed, each as its
documentation gives it (the addresses are beside each). Over HTTP, unless a token is given, each refers to it in its
own syntax (TOKEN_REFERENCES); Claude Desktop and Zed expand nothing in their configs, so they get the token itself
(`held_token`). Codex's config is TOML (`toml_text`); the others' JSON (Zed's and VS Code's with comments).
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path
from typing import Any, Literal

Client = Literal["claude-desktop", "claude-code", "cursor", "vscode", "opencode", "codex", "gemini", "windsurf",
                 "zed"]
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
# What each client expands in every string of a server's entry (the same documents), and how to say it: a path
# or a given token holding such text would reach the server changed. Codex, Claude Desktop and Zed expand nothing
# there (Zed: its context_servers' command, args, env, url and headers are used as written, zed-industries/zed#60459).
_BRACED = (r"\$\{[^}]*\}", "${...}")  # Claude Code ${VAR}, ${VAR:-default}; Cursor ${env:NAME}, ${userHome},
EXPANDS = {"claude-code": _BRACED, "cursor": _BRACED, "windsurf": _BRACED,  # ${workspaceFolder}...; Windsurf
           "vscode": _BRACED,  # ${env:NAME}, ${file:PATH}; VS Code its variables (${input:ID}, ${env:NAME}...)
           "gemini": (r"\$(?:[A-Za-z_][A-Za-z0-9_]*|\{[^}]*\})", "$VAR and ${VAR}"),  # any settings string
           "opencode": (r"\{(?:env|file):[^}]*\}", "{env:NAME} and {file:PATH}")}  # anywhere in the config
TITLES = {"claude-desktop": "Claude Desktop", "claude-code": "Claude Code", "cursor": "Cursor", "vscode": "VS Code",
          "opencode": "OpenCode", "codex": "Codex", "gemini": "Gemini CLI", "windsurf": "Windsurf",
          "zed": "Zed"}


def config_path(client: str) -> Path:
    home = Path.home()
    if client == "claude-desktop":
        if sys.platform == "darwin":
            return home / "Library" / "Application Support" / "Claude" / "claude_desktop_config.json"
        return Path(os.environ.get("XDG_CONFIG_HOME", home / ".config")) / "Claude" / "claude_desktop_config.json"
    if client == "codex":  # developers.openai.com/codex/config-reference: $CODEX_HOME, ~/.codex by default
        return Path(os.environ.get("CODEX_HOME") or home / ".codex") / "config.toml"
    if client == "zed":  # zed.dev/docs/configuring-zed: the user's settings file (its paths.rs: config_dir)
        if sys.platform == "win32":
            return Path(os.environ.get("APPDATA") or home / "AppData" / "Roaming") / "Zed" / "settings.json"
        config = os.environ.get("XDG_CONFIG_HOME") if sys.platform.startswith("linux") else None
        return Path(config or home / ".config") / "zed" / "settings.json"
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
    if client == "zed":  # zed.dev/docs/ai/mcp ("As Custom Servers"): command, args, env; or url and headers
        body = {"url": url, "headers": {"Authorization": f"Bearer {held_token(client, token)}"}} if url else stdio
        return ["context_servers", NAME], body, inputs
    if client == "windsurf":  # docs.windsurf.com/windsurf/cascade/mcp: a remote server has serverUrl (or url)
        body = {"serverUrl": url, "headers": auth} if url else stdio
        return ["mcpServers", NAME], body, inputs
    if client == "claude-desktop":  # it speaks stdio only: reach an HTTP server through mcp-remote
        body = ({"command": "npx", "args": ["-y", "mcp-remote", url, *_allow_http(url), "--header",
                                            "Authorization:${AUTH_HEADER}"],
                 "env": {"AUTH_HEADER": f"Bearer {held_token(client, token)}"}}  # mcp-remote expands ${AUTH_HEADER}
                if url else stdio)
        return ["mcpServers", NAME], body, inputs
    if url:
        body = {"type": "http", "url": url, "headers": auth} if client != "cursor" else {"url": url, "headers": auth}
    else:
        body = {"type": "stdio", **stdio} if client in ("claude-code", "vscode") else stdio
    return ["servers" if client == "vscode" else "mcpServers", NAME], body, inputs


def literal(client: str, what: str, value: str) -> None:
    """Refuse `value` (a root, the program's path, a given token: `what` names it) when the client would read
    part of it as a variable: the server would get another folder, or the client another token. There is no
    escape in these syntaxes, so the way round is a name without it."""
    from pdftools.errors import InvalidArgument

    pattern, syntax = EXPANDS.get(client, ("(?!)", ""))
    found = re.search(pattern, value)
    if found is not None:
        hint = {"--token": "Give the token itself in the environment instead: leave out --token, and the config "
                           f"names {TOKEN_ENV}.",
                "the path of pdftools": "Run mcp-config from a pdftools installed at a path without it (a symbolic "
                                        "link to it from such a path does: the program's path is written as run), "
                                        "or use a client that expands nothing there (codex, claude-desktop)."}.get(
            what, "Use a path without it: rename or move the folder (a symbolic link does not help: paths are "
                  "written resolved), or a client that expands nothing there (codex, claude-desktop).")
        raise InvalidArgument(f"{TITLES[client]} would read {found.group(0)!r} in {what} {value} as a variable "
                              f"(its config expands {syntax}), so the server would not get it as written",
                              hint=hint)


def _allow_http(url: str) -> list[str]:
    """mcp-remote refuses plain http except to `localhost` and `127.0.0.1` unless given `--allow-http` (its
    README): a server elsewhere on the network, reached over http, needs it."""
    from urllib.parse import urlparse

    parsed = urlparse(url)
    return ["--allow-http"] if parsed.scheme == "http" and parsed.hostname not in ("localhost", "127.0.0.1") else []


def held_token(client: str, token: str | None) -> str:
    """The token itself, for a client that expands no variables in its config: Claude Desktop (which also starts
    servers with little of the user's environment: it goes into the bridge's `env`) and Zed (its header)."""
    from pdftools.errors import InvalidArgument

    value = token or os.environ.get(TOKEN_ENV)
    if not value:
        raise InvalidArgument(f"{TITLES[client]} cannot read {TOKEN_ENV} from the environment, so its config must "
                              "hold the token itself",
                              hint=f"Give --token TOKEN, or set {TOKEN_ENV} when running mcp-config.")
    return value


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
