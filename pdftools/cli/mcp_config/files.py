"""Installing an MCP config entry into a client's file: merged, backed up first, every other server kept.

JSON files (`read_config`, `install`) are read past trailing commas and refused, untouched, when rewriting them
would lose something (comments, bytes that are not UTF-8, a key given twice). Zed's settings.json, JSON with
comments, gets the entry put in place with every other byte kept (`merge_jsonc`, `jsonc.put`). Codex's TOML file
(`merge_toml`) gets the `[mcp_servers.pdftools]` table appended as it is (comments kept) or put in place of the one
there. Both are read back before anything is written. A backup is made beside the file (`_backup`).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import tempfile
import time
from pathlib import Path
from typing import Any

from pdftools.cli.mcp_config.clients import NAME, config_path, toml_text

_COMMENT = re.compile(r'"(?:[^"\\]|\\.)*"|(//[^\n]*|/\*.*?\*/)', re.DOTALL)  # a comment: blanked, lines kept
_TRAILING = re.compile(r'"(?:[^"\\]|\\.)*"|,(\s*[]}])')  # a comma before ] or }: read past


def read_config(path: Path, client: str) -> tuple[dict[str, Any], bool]:
    """The config file as a JSON object ({} when missing or empty), and whether it starts with a UTF-8 byte
    order mark (kept when written back). Trailing commas (VS Code's JSONC allows them) are read past: writing
    the file back loses nothing. What writing it back would lose is refused: comments (the user adds the
    snippet by hand), bytes that are not UTF-8 (they would come back as U+FFFD), a key given twice (JSON keeps
    the last)."""
    text, bom = _decoded(path, client)
    if not text.strip():
        return {}, bom
    comment = next((m for m in _COMMENT.finditer(text) if m.group(1)), None)
    if comment is not None:
        line = text.count("\n", 0, comment.start()) + 1
        raise _unmergeable(path, client, f"it has comments (JSONC, line {line}), which rewriting it would drop")
    return _parsed(text, path, client), bom


def _decoded(path: Path, client: str) -> tuple[str, bool]:
    """The file's text ("" when missing) and whether a UTF-8 byte order mark started it; not UTF-8: refused."""
    raw = path.read_bytes() if path.exists() else b""
    bom = raw.startswith(b"\xef\xbb\xbf")
    try:
        return raw[3 if bom else 0:].decode("utf-8"), bom
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise _unmergeable(path, client, f"it is not UTF-8 text (line {line}), which rewriting it would change"
                           ) from None


def _parsed(text: str, path: Path, client: str) -> dict[str, Any]:
    """JSONC text (comments and trailing commas read past) as the object it holds: {} for nothing but comments.
    Not JSON, a key twice in an object, a top level that is not an object: refused."""
    blank = _COMMENT.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)) if m.group(1) else m.group(0), text)
    plain = _TRAILING.sub(lambda m: m.group(1) if m.group(1) is not None else m.group(0), blank)
    if not plain.strip():
        return {}
    try:
        data = json.loads(plain, object_pairs_hook=_no_twice)
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
    return data


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
    elif client in ("zed", "vscode"):
        before, text, others = merge_jsonc(path, client, keys, body, inputs)
        if text is None:
            return False, f"{path}: already set up, nothing changed", None
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
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:  # the line endings as they are in `text`
            fh.write(text)
        if path.exists():
            os.chmod(tmp, stat.S_IMODE(path.stat().st_mode))
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    kept = ["other servers kept"] if others else []  # said only when there were some (a new file has none)
    if before == body:  # the entry as it is, its VS Code input not declared: that alone added
        return True, f"{path}: {NAME} already there, its input {', '.join(i['id'] for i in inputs)} added", backup
    if before is None:
        said = f"{path}: created, {NAME} added" if not existed else f"{path}: {NAME} added"
        return True, said + "".join(f" ({k})" for k in kept), backup
    notes = kept + ([f"the entry it had is in {backup.name}"] if backup else [])
    return True, f"{path}: {NAME} replaced" + (f" ({'; '.join(notes)})" if notes else ""), backup


def merge_jsonc(path: Path, client: str, keys: list[str], body: dict[str, Any], inputs: list[dict[str, Any]]
                ) -> tuple[Any, str | None, set[str]]:
    """The entry there before, the file's text with ours in its place (None: already so), and the other servers'
    names, for a JSON-with-comments file (Zed's settings.json, VS Code's mcp.json): only the entry's value is
    replaced, or the entry added last in its object; the VS Code `inputs` whose id the file does not declare yet
    are added last in its "inputs" (made where missing); every other byte stays, comments and trailing commas
    included (`jsonc.put`, `jsonc.append`). The new text is read back: unless it says what the old one did with
    our entry and inputs in place, nothing is written."""
    from pdftools.cli.mcp_config.jsonc import NotJsonc, append, put
    from pdftools.errors import PdftoolsError

    text, bom = _decoded(path, client)
    data = _parsed(text, path, client)
    node = data
    for key in keys[:-1]:
        node = node.setdefault(key, {})
        if not isinstance(node, dict):
            raise _unmergeable(path, client, f'its "{key}" is not an object')
    declared = data.get("inputs", [])
    if inputs and not isinstance(declared, list):
        raise _unmergeable(path, client, 'its "inputs" is not an array')
    ids = {item.get("id") for item in declared if isinstance(item, dict)} if inputs else set()
    missing = [item for item in inputs if item["id"] not in ids]
    before = node.get(keys[-1])
    if before == body and not missing:
        return before, None, set()
    others = set(node) - {keys[-1]}
    node[keys[-1]] = body
    if missing:
        data["inputs"] = [*declared, *missing]
    try:
        merged = text if before == body else put(text, keys, body)
        for item in missing:
            merged = append(merged, ["inputs"], item)
        same = _parsed(merged, path, client) == data
    except (NotJsonc, ValueError, PdftoolsError):
        same = False
    if not same:
        raise _unmergeable(path, client, "the entry could not be put in without changing something else")
    return before, ("\ufeff" if bom else "") + merged, others


def _toml_servers(path: Path, keys: list[str]) -> set[str]:
    """The names of the servers a TOML config (Codex's, read by merge_toml already) has under `keys[0]`."""
    import tomllib

    servers = tomllib.loads(path.read_text(encoding="utf-8")).get(keys[0], {}) if path.exists() else {}
    return set(servers) if isinstance(servers, dict) else set()


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
