"""Arguments that do not fit a tool, said in plain words: pydantic's failures as what each argument takes (read
from the schema), an argument meant for another action of the tool, and the name an agent meant (by spelling, by
the command line's flag, by the command's name, or a batch command's argument given outside its `options`)."""

from __future__ import annotations

import inspect
import json
import re
from typing import Any, get_type_hints

from pydantic import ValidationError

from pdftools.core.cuts import MARK
from pdftools.core.params import split_annotated
from pdftools.errors import InvalidArgument
from pdftools.mcp.coerce import tool_as_command
from pdftools.mcp.words import mcp_namer


def about_as_close(word: str, known: set[str]) -> list[str]:
    """The known names closest to `word` in spelling, and those about as close (within 0.1): `new_password` is as
    near `user_password` as `owner_password`, and naming one alone sends an agent to the wrong one."""
    import difflib

    scored = sorted(((difflib.SequenceMatcher(None, word, name).ratio(), name) for name in known), reverse=True)
    best = scored[0][0] if scored else 0.0
    return [name for score, name in scored if score >= max(0.6, best - 0.1)][:3]


def either(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def by_command(name: str, offered: list[str]) -> list[str]:
    """The offered tool an agent meant when it named a tool after the command (`pdf_text` or `text` for
    `pdftools text`, which is `pdf_extract_text`) or in another tool's or its task's words (`pdf_encrypt`,
    `pdf_split_pages`, `pdf_add_watermark`: ops.OTHER_NAMES): the whole name, else the longest run of its words
    that names one (`insert_blank` in `pdf_insert_blank_pages`). Spelling alone would suggest `pdf_protect` for
    `pdf_text`, and `pdf_crop` for `pdf_encrypt`."""
    from pdftools.ops import OPS, OTHER_NAMES

    words = re.sub(r"^(pdf|doc)_", "", name.lower()).replace("-", "_").split("_")
    tools = {op.name.replace("-", "_"): op.tool for op in OPS if op.tool in offered}
    runs = ("_".join(words[start:start + size]) for size in range(len(words), 0, -1)
            for start in range(len(words) - size + 1))
    for candidate in runs:
        command = tools.get(candidate) or tools.get(OTHER_NAMES.get(candidate, "").replace("-", "_"))
        if command is not None:
            return [command]
    return []


TAKES_CUTS = frozenset({"pdf_bookmarks"})  # tools whose op takes a cut text back as the whole one (core/cuts.py)


def cut_given_back(tool: str, arguments: Any, where: str = "") -> InvalidArgument | None:
    """A text a result cut to fit (`… [18,000 characters cut] …`), given back in an argument: written, the mark
    would end up in the file, the rest of the text lost."""
    if tool in TAKES_CUTS or not arguments:
        return None
    for key, value in arguments.items() if isinstance(arguments, dict) else enumerate(arguments):
        path = f"{where}.{key}" if where else str(key)
        found = MARK.search(value) if isinstance(value, str) else None
        if found is not None:
            whole = ('pdf_metadata {"action": "show", "key": KEY} gives a metadata value whole; '
                     if tool == "pdf_metadata" else "")
            return InvalidArgument(f"the argument {path} carries the mark of a cut ({found[0].strip()}): a result cut "
                                   "that text to fit, so it is not the whole text, and writing it would put the mark "
                                   "in the file", hint=f"Give the whole text: {whole}pdf_bookmarks takes a cut title "
                                                       "back as the whole one.")
        inner = cut_given_back(tool, value, path) if isinstance(value, dict | list) else None
        if inner is not None:
            return inner
    return None


def arguments_by_flag(tool: str) -> dict[str, str]:
    """A tool's arguments by the names of their command-line flags (`to` for `--to`: `to_format`; `l` for `-l`):
    what an agent that knows the command line sends."""
    from pdftools.ops import OPS

    op = next((op for op in OPS if op.tool == tool), None)
    flags = mcp_namer(op.load()) if op is not None else {}
    return {flag.lstrip("-").replace("-", "_"): name for flag, name in flags.items()}


def one_or_many(known: set[str], arguments: dict[str, Any]) -> dict[str, Any]:
    """`input` to a tool that takes `inputs` (not `input`), and `inputs` holding one file (a list of one, or the
    text itself) to a tool that takes `input` (not `inputs`): one meaning each, so each is taken as the other;
    `input` as a list of one file is that file. An
    agent that called thirty tools with `input` sends it to `pdf_search` too. Both given, or several files for
    one: left as they are, to be refused naming what the tool takes."""
    if not arguments:
        return arguments
    given = arguments.get("input")
    if "input" in known and isinstance(given, list) and len(given) == 1 and isinstance(given[0], str):
        arguments = {**arguments, "input": given[0]}  # `input: ["a.pdf"]`, as `inputs` is written: that file
    if "input" in arguments and "inputs" not in arguments and "inputs" in known and "input" not in known:
        return {("inputs" if key == "input" else key): value for key, value in arguments.items()}
    if "inputs" in arguments and "input" not in arguments and "input" in known and "inputs" not in known:
        value = arguments["inputs"]
        one = value[0] if isinstance(value, list) and len(value) == 1 else value
        if isinstance(one, str):
            return {("input" if key == "inputs" else key): (one if key == "inputs" else given)
                    for key, given in arguments.items()}
    return arguments


def nulls_left_out(schema: dict[str, Any], arguments: dict[str, Any]) -> dict[str, Any]:
    """`null` for an optional argument is that argument left out (its default): clients that make every argument
    required and nullable (strict function calling) send it for each one the model did not set. Taken as the op's
    None instead, `max_chars: null` lifted the budget and `force: null` was refused. A required argument's `null`,
    and an unknown argument's, stay to be refused."""
    if not arguments:
        return arguments
    optional = set(schema.get("properties", {})) - set(schema.get("required", []))
    return {key: value for key, value in arguments.items() if value is not None or key not in optional}


def misplaced_arguments(tool: str, arguments: dict[str, Any] | None) -> InvalidArgument | None:
    """An argument given for another action of the tool (`annotations`, flatten's, with pdf_forms' `list`) is
    refused, not ignored (at a shell that sub-command has no such option); one left at its default is no claim."""
    from pdftools.core.params import actions_of
    from pdftools.ops import OPS

    action = (arguments or {}).get("action")
    op = next((op for op in OPS if op.tool == tool), None)
    if op is None or not isinstance(action, str):
        return None
    fn = op.load()
    hints, defaults = get_type_hints(fn, include_extras=True), inspect.signature(fn).parameters
    wrong = {}
    for name, value in (arguments or {}).items():
        takers = actions_of(split_annotated(hints[name])[1]) if name in hints and name in defaults else ()
        if takers and action not in takers and value not in (None, defaults[name].default):
            wrong[name] = takers
    if not wrong:
        return None
    goes = "; ".join(f"{name} is for action `{'` or `'.join(takers)}`" for name, takers in wrong.items())
    return InvalidArgument(f"{tool} action `{action}` takes no {', '.join(wrong)}: {goes}",
                           hint="Leave it out, or call the action it is for.")


def argument_errors(error: ValidationError, schema: dict[str, Any]) -> InvalidArgument:
    """Arguments that do not fit a tool's input schema, in plain sentences: each argument named once, with what
    it was given and what it takes (read from the schema), never pydantic's words (`Input should be a valid
    integer`, `int_parsing`, a union's `page.int`, `Field required`)."""
    said: dict[str, str] = {}
    properties = schema.get("properties", {})
    for problem in error.errors():
        loc = [str(part) for part in problem["loc"]]
        name = loc[0] if loc else "arguments"
        if name in said:
            continue  # a union's members each fail: one sentence for the argument
        takes = _takes(properties.get(name, {}), schema)
        if problem["type"] == "missing":  # with what it is (a folder, how pages are written), not only its type
            about = str(properties.get(name, {}).get("description", "")) or shared_description(name)
            said[name] = f"{name} is required" + (f" ({about})" if about else "") + f": give {takes}"
            continue
        where = [p for p in problem["loc"][1:] if isinstance(p, int)]  # a list's item, by its position
        given = json.dumps(problem.get("input"), ensure_ascii=False, default=str)
        given = given if len(given) <= 60 else given[:57] + "..."
        item = f" (item {where[0] + 1})" if where else ""
        said[name] = f"{name}{item} cannot be {given}: it takes {takes}"
    return InvalidArgument("; ".join(said.values()), hint="Call again with the argument as its schema describes it.")


def shared_description(name: str) -> str:
    """What a shared argument (`input`, `pages`...) is, as the server's instructions say it (its schema does not)."""
    from pdftools.core.params import describe
    from pdftools.mcp.listing import shared_parameters

    spec = shared_parameters().get(name)
    return describe(spec.description, str, "mcp") if spec is not None else ""


def _takes(prop: dict[str, Any], schema: dict[str, Any]) -> str:
    """What a schema property accepts, in words: `a whole number, at least 1`, `one of: plain, layout`."""
    if "$ref" in prop:
        prop = schema.get("$defs", {}).get(str(prop["$ref"]).rsplit("/", 1)[-1], {})
    if "enum" in prop:
        return "one of: " + ", ".join(str(v) for v in prop["enum"])
    if "const" in prop:
        return str(prop["const"])
    kinds = [k for k in prop.get("anyOf", []) if k.get("type") != "null"]
    if kinds:
        return " or ".join(dict.fromkeys(_takes(k, schema) for k in kinds))
    words = {"integer": "a whole number", "number": "a finite number", "boolean": "true or false", "string": "text",
             "object": "an object", "null": "nothing"}
    kind = prop.get("type")
    if kind == "array":
        items = _takes(prop.get("items", {}), schema)
        return "a list" + (f" of {items}" if items != "anything" else "") + (
            f" (at least {prop['minItems']})" if prop.get("minItems") else "")
    said = words.get(str(kind), "anything")
    bounds = [f"at least {prop['minimum']}" if "minimum" in prop else "",
              f"above {prop['exclusiveMinimum']}" if "exclusiveMinimum" in prop else "",
              f"at most {prop['maximum']}" if "maximum" in prop else "",
              f"below {prop['exclusiveMaximum']}" if "exclusiveMaximum" in prop else "",
              f"at least {prop['minLength']} characters" if prop.get("minLength") else ""]
    return ", ".join([said, *(b for b in bounds if b)])


def member(key: str, value: Any) -> str:
    return json.dumps({key: value}, ensure_ascii=False, default=str)


def command_arguments(arguments: dict[str, Any]) -> set[str]:
    """The arguments of the tool a batch's `command` names (they go in its `options`); none for no such command."""
    from pdftools.batch.options import tool_arguments
    from pdftools.batch.plan import command_op

    try:
        return set(tool_arguments(command_op(tool_as_command(arguments.get("command")))))
    except (InvalidArgument, TypeError):
        return set()
