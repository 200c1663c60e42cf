"""The values a command was given, checked and completed before its op runs: secrets read from their files or
asked for at a terminal, each `Param`'s constraints (Typer does not check them), and text that goes into a
document in UTF-8."""

from __future__ import annotations

import inspect
import os
import sys
from collections.abc import Callable
from typing import Any

import typer

from pdftools.cli.options import flags_of, hints_of, many, metavar_of
from pdftools.core.params import Cli, Param, marker, split_annotated
from pdftools.errors import InvalidArgument


def secret_parameters(fn: Callable[..., Any]) -> dict[str, Cli]:
    """The op's parameters that may come from a file or a prompt, with their `Cli` markers."""
    hints = hints_of(fn)
    found = {name: marker(split_annotated(hints[name])[1], Cli) for name in inspect.signature(fn).parameters}
    return {name: cli for name, cli in found.items() if cli is not None and (cli.file_flag or cli.prompt)}


def interactive() -> bool:
    """True when a person can be asked (stdin is a terminal)."""
    return sys.stdin is not None and sys.stdin.isatty()


def fill_secrets(fn: Callable[..., Any], kwargs: dict[str, Any], files: dict[str, str | None],
                 typed: set[str], from_env: set[str] | None = None) -> list[str]:
    """Fill secret values from their files (`--password-file`), else ask for them at a terminal. Several values
    (merge's passwords) are the lines of the file, and of the environment variable (`from_env`: click splits a
    list's variable at blanks, and a password may hold spaces). An input's password is not asked for yet: its
    name is returned, for call_asking to ask when the input needs it. Standard input is read by one of them
    (`one_stdin_reader`)."""
    one_stdin_reader(fn, kwargs)
    deferred: list[str] = []
    for name, cli in secret_parameters(fn).items():
        several = many(split_annotated(hints_of(fn)[name])[0])
        if name in (from_env or ()) and cli.envvar:  # one value or its lines, never split at blanks as click does
            kwargs[name] = (_lines(os.environ.get(cli.envvar, "")) or None) if several else os.environ[cli.envvar]
        if not several and isinstance(kwargs.get(name), list):  # the command line's (options.one_secret)
            if len(kwargs[name]) > 1:
                flag = max(flags_of(name, cli), key=len)
                opens = name == "password"  # the one that opens the input (not a new one: protect's)
                raise InvalidArgument(f"{flag} given {len(kwargs[name])} times: "
                                      + ("this command opens one PDF, with one" if opens else "it takes one"),
                                      hint=f"Give {flag} once." + (" Commands that open several PDFs (merge, insert, "
                                                                   "stamp --pdf, search, batch) take one for each."
                                                                   if opens else ""))
            kwargs[name] = kwargs[name][0] if kwargs[name] else None
        path = files.get(name)
        if path is not None:
            if name in typed:
                flag = max(flags_of(name, cli), key=len)
                raise InvalidArgument(f"give {flag} or {cli.file_flag}, not both")
            if path == "-" and _reads_stdin(kwargs):
                raise InvalidArgument(f"{cli.file_flag} - and a PDF from `-` would both read standard input",
                                      hint=f"Give the password in a file ({cli.file_flag} FILE), or the PDF by name.")
            kwargs[name] = read_value_file(path, cli.file_flag or "", several=several)
        if kwargs.get(name) is None and cli.prompt and interactive():
            if cli.confirm or _reads_stdin(kwargs):  # a new password (protect's) is always needed: asked now
                ask(kwargs, name, cli)
            else:
                deferred.append(name)
    return deferred


def ask(kwargs: dict[str, Any], name: str, cli: Cli) -> None:
    kwargs[name] = typer.prompt(cli.prompt or "Password", hide_input=cli.hide_input, confirmation_prompt=cli.confirm,
                                err=True)


def call_asking(fn: Callable[..., Any], kwargs: dict[str, Any], deferred: list[str]) -> Any:
    """Call the op; the password of its input (`deferred` by fill_secrets) is asked for at a terminal only when the
    input turns out to need one (ENCRYPTED), then the op called again: `unprotect` of a file that is not encrypted
    asks nothing, as `qpdf --decrypt` never does. Nothing was written by the first call (the input was not
    opened)."""
    from pdftools.errors import Encrypted

    try:
        return fn(**kwargs)
    except Encrypted:
        if not deferred:
            raise
    secrets = secret_parameters(fn)
    for name in deferred:
        ask(kwargs, name, secrets[name])
    return fn(**kwargs)


def one_stdin_reader(fn: Callable[..., Any], kwargs: dict[str, Any]) -> None:
    """Refuse `--data -` (convert's `--css -`, a document joined after its input...: each parameter whose `Cli`
    says `stdin`) when the input comes from `-` too: standard input is one stream, and the option would read the
    input's own bytes (`metadata set - --data -` wrote the file unchanged; `convert - -` joined the input's copy
    to itself, read as a PDF by its name)."""
    if not (kwargs.get("input") == "-" or "-" in (kwargs.get("inputs") or [])):
        return
    hints = hints_of(fn)
    for name, value in kwargs.items():
        cli = marker(split_annotated(hints[name])[1], Cli) if name in hints else None
        if cli is None or not cli.stdin or not (value == "-" or (isinstance(value, list) and "-" in value)):
            continue
        if cli.argument:  # (convert's documents to join, after the input)
            raise InvalidArgument("`-` is given as the input and again as a document joined after it: standard "
                                  "input is read once", hint="Give the documents to join by name, or the input.")
        flag = max(flags_of(name, cli), key=len)
        raise InvalidArgument(f"{flag} - and an input from `-` would both read standard input",
                              hint=f"Give it in a file ({flag} FILE), or the input by name.")


def _reads_stdin(kwargs: dict[str, Any]) -> bool:
    """Whether an input of the command is `-` (standard input; an output's `-` is standard output)."""
    values = [v for k, v in kwargs.items() if k != "output"]
    return any(v == "-" or (isinstance(v, list) and "-" in v) for v in values)


def read_value_file(raw: str, flag: str, *, several: bool = False) -> Any:
    """The first line of a file (without its line ending): how secrets are passed out of plain sight. `-` is
    standard input (as `qpdf --password-file=-`); at a terminal it is asked for, not echoed (`--password-file`
    asks `Password (not shown): `). `several`: every line that is not empty, as a list (one at a terminal)."""
    from pathlib import Path

    from pdftools.errors import FileNotFound, IsADirectory, PermissionDenied

    if raw == "-" and interactive():
        import getpass

        try:
            what = flag.removeprefix("--").removesuffix("-file").replace("-", " ").capitalize() or "Value"
            typed = getpass.getpass(f"{what} (not shown): ", stream=sys.stderr) or _empty(raw, flag)
            return [typed] if several else typed
        except EOFError:  # Ctrl-D
            _empty(raw, flag)
    path = Path(raw).expanduser()
    try:
        data = ((sys.stdin.read() if several else sys.stdin.readline()) if sys.stdin is not None else "") \
            if raw == "-" else \
            path.read_bytes().decode("utf-8", "surrogateescape")  # as standard input and arguments are read
    except FileNotFoundError:
        raise FileNotFound(f"no such file: {raw} ({flag})", hint="Check the path of the file that holds the value.") \
            from None
    except IsADirectoryError:
        raise IsADirectory(f"{raw} is a folder, not a file ({flag})") from None
    except PermissionError:
        raise PermissionDenied(f"cannot read {raw} ({flag}): permission denied") from None
    except OSError as exc:  # standard input closed (`<&-`)
        raise InvalidArgument(f"cannot read {flag} from standard input: {exc.strerror}",
                              hint=f"Standard input is closed (`<&-`): pipe the value into {flag} -, or give a file "
                                   "that holds it.") from None
    if several:
        return _lines(data) or _empty(raw, flag, "every line")
    return data.split("\n", 1)[0].removesuffix("\r") or _empty(raw, flag)


def _lines(text: str) -> list[str]:
    """The lines of a file or variable that are not empty, without their line endings (`\\r\\n` too)."""
    return [line.removesuffix("\r") for line in text.split("\n") if line.removesuffix("\r")]


def _empty(raw: str, flag: str, which: str = "the first line") -> Any:
    raise InvalidArgument(f"{which} of {raw} is empty ({flag})")


def check_constraints(fn: Callable[..., Any], kwargs: dict[str, Any]) -> None:
    """Enforce each `Param`'s constraints (Typer does not; over MCP the SDK's pydantic model does)."""
    hints = hints_of(fn)
    for name, value in kwargs.items():
        _, meta = split_annotated(hints[name])
        param = marker(meta, Param)
        problem = param.violation(value) if param is not None else None
        if problem:
            flag = max(flags_of(name, marker(meta, Cli) or Cli()), key=len)
            raise InvalidArgument(f"{flag} {problem} (got {value!r})")


TEXT_METAVARS = ("TEXT", "TITLE", "KEY=VALUE", "NAME=VALUE", "SCHEME", "PASSWORD")  # text that goes into a document


NOT_TEXT = ("options", "password")  # a batch's options may name files; a password to open with may be any bytes


def check_text(fn: Callable[..., Any], kwargs: dict[str, Any]) -> None:
    """Refuse text that is not UTF-8 (a Latin-1 terminal's `caf\\xe9`, held as a surrogate escape) where it goes
    into a document (a title, a value, a new password): no PDF string or program can take it. File names and
    patterns may be any bytes; a password that opens a PDF is tried as the bytes typed (core.pdf)."""
    hints = hints_of(fn)
    for name, value in kwargs.items():
        base, meta = split_annotated(hints[name])
        cli = marker(meta, Cli) or Cli()
        if name in NOT_TEXT or metavar_of(name, base, cli) not in TEXT_METAVARS:
            continue
        from pdftools.core.pathnames import shown

        for text in value if isinstance(value, list) else [value]:
            if isinstance(text, str) and not _is_utf8(text):
                flag = max(flags_of(name, cli), key=len)
                said = "" if cli.file_flag else f": '{shown(text)}'"  # a secret is never repeated
                raise InvalidArgument(f"{flag} is not UTF-8 text{said}",
                                      hint="Arguments are read as UTF-8: give the text in UTF-8 (`iconv -f latin1 -t "
                                           "utf-8` converts Latin-1), or set a UTF-8 locale (LANG=C.UTF-8).")


def _is_utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a surrogate escape: a byte of the command line that is not UTF-8
        return False
    return True
