"""What an op says about each parameter, once, in its `Annotated[...]`:

    every: Annotated[int | None, Param("Pages per part", ge=1), Cli("--every")] = None

`Param` is the description and the constraints: the MCP adapter turns it into pydantic's `Field` (so the SDK
puts both into the tool's schema and enforces them), the CLI adapter into the option's help and one check.
`Cli` and `Mcp` hold what only one front end needs. All three are plain data: an op module imports neither
Typer, nor the MCP SDK, nor pydantic (whose import alone costs a CLI command ~0.1 s).
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any, get_args, get_origin

from pdftools.errors import unmarked


@dataclass(frozen=True, repr=False)  # (no repr: each generated method costs the start-up)
class Param:
    """A parameter's description and constraints (pydantic's names and meanings)."""

    description: str
    ge: float | None = None
    le: float | None = None
    min_length: int | None = None
    max_length: int | None = None
    one_of: tuple[Any, ...] | None = None  # the values allowed (a schema's `enum`), where a Literal would not do
    empty_is_default: bool = False  # an empty string is the parameter left out (a page spec whose default is all)
    aliases: Any = ()  # other names of a choice (pdfcpu's `bc` for `bottom`), in any case: taken, never listed

    def __post_init__(self) -> None:
        object.__setattr__(self, "aliases", tuple((k.casefold(), v) for k, v in dict(self.aliases).items()))

    def canonical(self, value: Any) -> Any:
        """A choice given by another of its names (`aliases`) as its own name; any other value as it is. Every
        front end (the command line, MCP, a batch's options) takes the value through this before checking it."""
        if not self.aliases or not isinstance(value, str):
            return value
        return dict(self.aliases).get(value.strip().casefold(), value)

    def constraints(self) -> dict[str, Any]:
        names = ("ge", "le", "min_length", "max_length")
        return {k: getattr(self, k) for k in names if getattr(self, k) is not None}

    def field(self, description: str | None = None) -> Any:
        """The same, as pydantic's `Field` (imported only when a front end needs it), with the description as
        the front end renders it (empty: none, the parameter being described elsewhere)."""
        from pydantic import Field

        text = self.description if description is None else description
        extra: dict[str, Any] | None = {"enum": list(self.one_of)} if self.one_of is not None else None
        return Field(description=text or None, json_schema_extra=extra, **self.constraints())

    def violation(self, value: Any) -> str | None:
        """Why `value` breaks a constraint (pydantic's wording), or None."""
        if value is None:
            return None
        if isinstance(value, float) and not math.isfinite(value):  # float() reads `nan` and `inf`
            return "must be a finite number"
        if self.one_of is not None and value not in self.one_of:
            return f"must be one of {', '.join(map(str, self.one_of))}"
        if self.ge is not None and value < self.ge:
            return f"must be greater than or equal to {self.ge:g}"
        if self.le is not None and value > self.le:
            return f"must be less than or equal to {self.le:g}"
        if self.min_length is not None and len(value) < self.min_length:
            return f"needs at least {self.min_length} item(s)"
        if self.max_length is not None and len(value) > self.max_length:
            return f"takes at most {self.max_length} item(s)"
        return None


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


@dataclass(frozen=True, repr=False)
class Cli:
    """How a parameter appears on the command line (default: `--name-with-dashes`).

    Secrets (passwords) need not be typed in plain sight: `file_flag` adds an option that reads the value
    from a file's first line, and `prompt` asks for it at a terminal when no flag, file or environment
    variable gave one (`hide_input` for no echo, `confirm` to ask twice). The op only sees the value.
    `note` is help only a shell user needs (`-` for stdout), added to the description on the command line.

    An op with several actions (`metadata show|set|remove`) is a command group at a shell: its action
    parameter lists the sub-commands with their help (`commands`), and each other parameter names the
    sub-commands that take it (`actions`; none: all of them). Over MCP it stays one tool with an `action`
    argument. A shared parameter (`Output`) gets its actions from a second marker:
    `Annotated[Output, Cli(actions=("set",))]`."""

    flags: tuple[str, ...] = ()
    argument: bool = False
    envvar: str | None = None
    metavar: str | None = None
    default: Any = MISSING  # a CLI-only default (e.g. no character budget at a shell)
    file_flag: str | None = None
    prompt: str | None = None
    hide_input: bool = False
    confirm: bool = False
    note: str | None = None
    actions: tuple[str, ...] = ()
    commands: tuple[tuple[str, str], ...] = ()
    complete: Callable[[], Sequence[str]] | None = None  # the values a shell completes, when not a Literal's
    bare: Any = MISSING  # what the option alone stands for (`--collate` is `--collate=1`): a value only after `=`
    listed: bool = False  # a comma-separated list of those values: a shell completes its last item
    stdin: bool = False  # a file besides the input that may be `-`, standard input (one_stdin_reader)

    def __init__(self, *flags: str, argument: bool = False, envvar: str | None = None,
                 metavar: str | None = None, default: Any = MISSING, file_flag: str | None = None,
                 prompt: str | None = None, hide_input: bool = False, confirm: bool = False,
                 note: str | None = None, actions: tuple[str, ...] = (),
                 commands: dict[str, str] | None = None, complete: Callable[[], Sequence[str]] | None = None,
                 bare: Any = MISSING, listed: bool = False, stdin: bool = False) -> None:
        object.__setattr__(self, "flags", flags)
        object.__setattr__(self, "argument", argument)
        object.__setattr__(self, "envvar", envvar)
        object.__setattr__(self, "metavar", metavar)
        object.__setattr__(self, "default", default)
        object.__setattr__(self, "file_flag", file_flag)
        object.__setattr__(self, "prompt", prompt)
        object.__setattr__(self, "hide_input", hide_input)
        object.__setattr__(self, "confirm", confirm)
        object.__setattr__(self, "note", note)
        object.__setattr__(self, "actions", tuple(actions))
        object.__setattr__(self, "commands", tuple((commands or {}).items()))
        object.__setattr__(self, "complete", complete)
        object.__setattr__(self, "bare", bare)
        object.__setattr__(self, "listed", listed)
        object.__setattr__(self, "stdin", stdin)


@dataclass(frozen=True, repr=False)
class Mcp:
    """How a parameter appears in the MCP tool schema: hidden, with its own default, or with a wider type
    (e.g. JSON given as an object, where the command line takes a string); `note` is added to its
    description for agents only."""

    hidden: bool = False
    default: Any = field(default=MISSING)
    annotation: Any = field(default=MISSING)
    note: str | None = None


def with_note(text: str, note: str | None) -> str:
    """A description with a front end's own note, in parentheses, or joined to a closing parenthesis."""
    if not note:
        return text
    if text.endswith(")"):
        return f"{text[:-1]}; {note})"
    return f"{text} ({note})"


def marker(metadata: tuple[Any, ...], kind: type) -> Any:
    """The first metadata object of `kind` in an Annotated's metadata, or None."""
    return next((m for m in metadata if isinstance(m, kind)), None)


# Parameters several ops share, declared once.
Input = Annotated[str, Param("Input PDF"), Cli(argument=True, note="`-`: standard input")]  # (help only)
# An empty spec is refused (it names no pages) except where leaving the spec out means all pages: see core/pages.py
Pages = Annotated[str | None, Param("Pages: `1-3,7,10-`, `odd`, `even`, `last` (default: all)",
                                    empty_is_default=True)]
# The character budget of ops that return page texts, and where a piece starts
MaxChars = Annotated[
    int | None, Param("Character budget; the result says where to go on", ge=1), Mcp(default=40_000)
]
StartPage = Annotated[int | None, Param("Page to start at (a previous {{cli:run's note}}{{mcp:next_page}})", ge=1)]
Offset = Annotated[int, Param("Characters to skip at the start: a previous {{cli:run's note}}{{mcp:next_offset}}",
                              ge=0)]
_PASSWORD = Param("Password of an encrypted input{{mcp: (pdf_merge, pdf_insert_pages, pdf_stamp, pdf_search, "
                  "pdf_batch: a list when their inputs have different ones)}}")
Password = Annotated[
    str | None, _PASSWORD,
    Cli(envvar="PDFTOOLS_PASSWORD", file_flag="--password-file", metavar="PASSWORD"),
]

# The password of commands that open several PDFs (merge, insert, stamp --pdf, search, batch): given several times
# (a file or PDFTOOLS_PASSWORD: one a line) for inputs locked with different passwords, each opening with the first
# that works; over MCP a list (one string is taken as a list of one, as before), described once with the shared one
Passwords = Annotated[
    list[str] | None, _PASSWORD,
    Cli(envvar="PDFTOOLS_PASSWORD", file_flag="--password-file", metavar="PASSWORD",
        note="given again for each other password the inputs have: each opens with the first that works"),
]


def leaves_out(param: Param | None, value: Any) -> bool:
    """Whether `value` is an empty string given for a parameter that takes one as left out (`empty_is_default`)."""
    return param is not None and param.empty_is_default and isinstance(value, str) and not value.strip()


@functools.cache
def hints(fn: Callable[..., Any]) -> dict[str, Any]:
    """An op's annotations with their markers, evaluated once (each evaluation of `search`'s cost ~2 ms, and the
    CLI's options, its call and each MCP call asked again); not to be changed."""
    from typing import get_type_hints

    return get_type_hints(fn, include_extras=True)


def without_empty(fn: Callable[..., Any], kwargs: dict[str, Any]) -> dict[str, Any]:
    """`kwargs` with each empty string that stands for a parameter left out replaced by the parameter's default:
    what every front end does before calling an op (the CLI, MCP and a batch alike)."""
    import inspect

    out = dict(kwargs)
    for name, value in kwargs.items():
        if name in hints(fn) and leaves_out(marker(split_annotated(hints(fn)[name])[1], Param), value):
            out[name] = inspect.signature(fn).parameters[name].default
    return out


def actions_of(metadata: tuple[Any, ...]) -> tuple[str, ...]:
    """The sub-commands that take a parameter, from any of its `Cli` markers (empty: all of them)."""
    return next((m.actions for m in metadata if isinstance(m, Cli) and m.actions), ())


def split_annotated(hint: Any) -> tuple[Any, tuple[Any, ...]]:
    """`Annotated[base, *meta]` as (base, meta); a plain hint as (hint, ()). Both front ends read markers so."""
    if get_origin(hint) is Annotated:
        base, *meta = get_args(hint)
        return base, tuple(meta)
    return hint, ()


REFERENCE = re.compile(r"\{\{(\w+)\}\}")
ONLY_FOR = re.compile(r"\{\{(cli|mcp):(.*?)\}\}(?!\})", re.DOTALL)  # `{{mcp:{"a": 1}}}` ends at the last }}


def describe(text: str, name_of: Callable[[str], str], front: str = "cli") -> str:
    """Help text for one front end. Descriptions and op docstrings name other parameters as `{{max_chars}}`;
    the CLI renders that as its flag (`--max-chars`), MCP as the argument name (`max_chars`). What only one
    front end's readers need is written `{{cli:...}}` or `{{mcp:...}}` (`-` for stdout is no use to an
    agent). One text, two readers: neither sees the other front end's names. References are rendered first,
    so a front end's text may hold them; a paragraph only the other front end reads leaves no blank lines."""
    text = REFERENCE.sub(lambda m: name_of(m.group(1)), text)
    return unmarked(ONLY_FOR.sub(lambda m: m.group(2) if m.group(1) == front else "", text).rstrip())


PROGRAM_FIRST = re.compile(r"(pdftk|qpdf|pdfgrep|pdftotext|pdftoppm|poppler|pandoc|tesseract|pikepdf)\b")


def for_action(text: str, action: str, actions: Any) -> str:
    """A parameter's description in one sub-command's help: the group's tool says which actions a parameter
    serves (`extract/remove: attachment names (extract: default all)`); `attachments remove --help` speaks of
    its own action only (`attachment names`), `extract --help` of its own (`attachment names (default all)`)."""
    names = "|".join(map(re.escape, actions))
    stripped = re.sub(rf"^(?:{names})(?:/(?:{names}))*: ", "", text)
    if stripped != text and not PROGRAM_FIRST.match(stripped):  # a program's name stays as it is spelt
        stripped = stripped[:1].upper() + stripped[1:]
    text = stripped

    def aside(m: re.Match[str]) -> str:
        return f" ({m.group(2)})" if m.group(1) == action else ""

    return re.sub(rf" \(({names}): ([^()]*)\)", aside, text)


def name_parameters(text: str, name_of: Callable[[str], str], known: Any, front: str | None = None) -> str:
    """An error's message or hint for one front end: `{{margins}}` as `--margins` on the command line, as
    `margins` over MCP and in a batch's `--set`; with `front`, `{{cli:...}}` and `{{mcp:...}}` as in `describe`
    (how to give a password differs). Only the op's own parameters (`known`) are references; any other `{{...}}`
    (a file name's, say) is data and stays as it is; so is every value put in with `errors.verbatim`, given back as
    it was. The text this returns is all data: to go into another message, it goes in through `verbatim` too."""
    text = REFERENCE.sub(lambda m: name_of(m.group(1)) if m.group(1) in known else m.group(0), text)
    return unmarked(text if front is None else ONLY_FOR.sub(lambda m: m.group(2) if m.group(1) == front else "", text))
