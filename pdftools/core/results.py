"""Op results are plain dataclasses: cheap to define (pydantic models cost ~0.1 s of start-up per command),
turned into JSON-ready dicts here, and into MCP output schemas by the SDK (pydantic reads dataclasses)."""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable
from typing import Any, ClassVar


@dataclasses.dataclass
class FolderResult:
    """What every op that writes its outputs into a folder reports (split's parts, images, thumbnails); each
    op's result adds its files."""

    __pydantic_config__ = {"use_attribute_docstrings": True}  # field docstrings become schema descriptions
    input: str
    out_dir: str = dataclasses.field(default="", kw_only=True)  # the folder written; none over HTTP (`local_only`)
    local_only: ClassVar = ("out_dir",)  # over HTTP the outputs are stored files, each by its uri: no folder


def to_dict(result: Any) -> dict[str, Any]:
    """A result as JSON-ready data; a field whose metadata has `"omit": None` is left out when it is None (a
    bookmark's `uri` is there only on a web link)."""
    return _plain(result)  # type: ignore[no-any-return]


def _plain(value: Any) -> Any:
    if is_result(value):
        return {f.name: _plain(item) for f in dataclasses.fields(value)
                if not ((item := getattr(value, f.name)) is None and "omit" in f.metadata)}
    if isinstance(value, list | tuple):
        return type(value)(_plain(item) for item in value)
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    return copy.deepcopy(value)


def to_json(result: Any, *, indent: int | None = 2) -> str:
    return dumps(to_dict(result), indent=indent)


def dumps(value: Any, *, indent: int | None = None) -> str:
    """JSON text with non-ASCII as it is, except a file name's bytes that are not UTF-8 (`caf\\xe9.pdf`, a
    surrogate escape in Python): escaped (`\\udce9`), so the text stays UTF-8 and decodes to the same name."""
    import json  # loaded by --json, not by every start
    import re

    return re.sub("[\ud800-\udfff]", lambda m: f"\\u{ord(m.group()):04x}",
                  json.dumps(value, indent=indent, ensure_ascii=False))


def map_strings(value: Any, change: Callable[[str], str]) -> Any:
    """`value` (a result, or a list, dict or string in one) with `change` applied to every string in it."""
    if isinstance(value, str):
        return change(value)
    if is_result(value):
        names = {f.name for f in dataclasses.fields(value)}
        changed = dataclasses.replace(value, **{f.name: map_strings(getattr(value, f.name), change)
                                                for f in dataclasses.fields(value) if f.init})
        for name, item in vars(value).items():  # how a front end shows it (search's -c, -H): not data, kept
            if name not in names:
                setattr(changed, name, item)
        return changed
    if isinstance(value, list):
        return [map_strings(item, change) for item in value]
    if isinstance(value, dict):
        return {key: map_strings(item, change) for key, item in value.items()}
    return value


def fields(result: Any) -> list[str]:
    return [f.name for f in dataclasses.fields(result)]


def is_result(value: Any) -> bool:
    return dataclasses.is_dataclass(value) and not isinstance(value, type)


def capped(items: list[Any], most: int, what: str, where: str, folder: str) -> tuple[list[Any], list[str]]:
    """The first `most` of the files an op wrote (`items`, what the result lists as `what`), and a warning
    that says how many it left out and `where` (a front end's words; `{folder}`: the folder they are in) every
    one is; the whole list and no warning when it fits."""
    if len(items) <= most:
        return items, []
    return items[:most], [f"{what}: {most} of {len(items)} listed; {where.replace('{folder}', folder)}"]


def input_name(path: str, opened: object = None) -> str:
    """An input as a note or an error names it: `-` (`path` as given) is `standard input`, as search's
    `(standard input)` says, never the temporary file it was read into; else `opened` when given (the path it
    was opened at, `job.src`, or its file name), else `path`."""
    if path == "-":
        return "standard input"
    return path if opened is None else str(opened)


def shortfalls(result: Any) -> list[str]:
    """Where a result is less than or other than asked (nothing matched, text cut at the page's edge, an option
    that did nothing): warnings that reach a person, a script (`--json`: on stderr) and an agent alike, unlike
    `notes` (information for a person at a shell). Worded with `{{name}}` for the op's parameters (and
    `{{cli:...}}`/`{{mcp:...}}`), each front end naming them its own way."""
    said = getattr(result, "shortfalls", None)
    return list(said()) if callable(said) else []
