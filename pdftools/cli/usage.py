"""Usage errors in our own words, as our other errors are said (`error[INVALID_ARGUMENT]` and a hint, or one JSON
object with `--json`): an unknown option with the one it may mean (or the sub-command that takes it, or another
tool's words for it), a missing or bad value with what it takes, and hints for the habits of other tools (an
output given as qpdf takes it, pdfcpu's order, several files where a batch runs one command over them)."""

from __future__ import annotations

import os
import re
from typing import Any, get_args

from typer._click import core as click_core
from typer._click import exceptions as click_errors

from pdftools.cli.coerce import PlainGroup
from pdftools.cli.foreign import FOREIGN_WORDS


def wants_json(argv: list[str]) -> bool:
    words = argv[: argv.index("--")] if "--" in argv else argv
    return "--json" in words


def report_usage_error(exc: click_errors.UsageError, argv: list[str]) -> int:
    """A usage error as our other errors: `error[INVALID_ARGUMENT]` and a hint, or one JSON object."""
    from pdftools.cli.render import report_error
    from pdftools.errors import InvalidArgument

    path = exc.ctx.command_path if exc.ctx is not None else "pdftools"
    # click leaves out of the help option the names a command's own options take (search's -h: --no-filename)
    names = exc.ctx.command.get_help_option_names(exc.ctx) if exc.ctx is not None else ["-h"]
    flag = "-h" if "-h" in names else "--help"
    param = getattr(exc, "param", None)  # a bad value: the hint names its option (`--limit abc`)
    named = max(param.opts, key=len) if isinstance(exc, click_errors.BadParameter) and param is not None and \
        param.param_type_name == "option" else None
    hinted = _value_hint(exc, argv) or _name_hint(exc, argv) or _batch_hint(exc, argv) or _choice_alone(exc, argv)
    error = InvalidArgument(usage_message(exc, argv), hint=hinted or (
        f"`{path} {flag}` describes {named} and the other options." if named else
        f"`{path} {flag}` lists the commands." if exc.message.startswith("unknown command ") else
        f"`{path} {flag}` lists the arguments and options."))
    command = _command_after(exc, argv)
    if command is not None:  # `pdftools --json info a.pdf`: a command's option before the command
        option = getattr(exc, "option_name", "")
        error = InvalidArgument(f"unknown option {option}: the options of `{path} {command}` go after the command's "
                                f"name", hint=f"Put it there: `{path} {command} {option} ...`.")
    error = _batch_option(exc, argv) or error
    near = _near_options(exc.ctx, exc.option_name) if isinstance(exc, click_errors.NoSuchOption) else []
    if command is None and _at_top(exc.ctx) and getattr(exc, "option_name", None) in SHARED_SHORT:  # `pdftools -q`
        near = [exc.option_name]  # type: ignore[attr-defined]
    if command is None and _at_top(exc.ctx) and len(near) == 1 and near[0] in (*SHARED_OPTIONS, *SHARED_SHORT):
        error = InvalidArgument(error.message, hint=f"The options of a command go after its name: `{path} COMMAND "
                                                    f"{near[0]}`; `{path} {flag}` lists the commands.")
    named = _file_like_option(exc, argv)
    if named is not None and isinstance(exc, click_errors.NoSuchOption):
        error = InvalidArgument(f"unknown option {exc.option_name} (in {named!r}, which is a file)",
                                hint=_dash_file_hint(path, named, argv, exc.ctx))
    return report_error(error, as_json=wants_json(argv))


def report_missing_command(ctx: click_core.Context | None) -> int:
    """`pdftools` alone (or a command group alone: `pdftools metadata`), a usage error as `qpdf` alone is (exit 2),
    so that `pdftools $cmd` with an empty variable stops a script: the usage line and the commands' names on
    stderr, short (the help is `-h`), then the error as every usage error is said (its two lines written here:
    the renderer's report_error would cost `pdftools` alone the ~5 ms `--help` does not pay)."""
    import contextlib
    import sys
    import textwrap

    from pdftools.errors import InvalidArgument

    path = ctx.command_path if ctx is not None else "pdftools"
    group: Any = ctx.command if ctx is not None else None
    names = [name for name in (group.list_commands(ctx) if group is not None else [])
             if not getattr(group.get_command(ctx, name), "hidden", False)]
    usage = ctx.get_usage() if ctx is not None else f"Usage: {path} COMMAND [ARGS]..."
    listed = textwrap.fill("Commands: " + ", ".join(names), width=80, subsequent_indent="  ",
                           break_on_hyphens=False)
    default = getattr(group, "default_command", None)
    what = f"no command (or file) given: `{path} FILE` is `{path} {default} FILE`" if default else "no command given"
    with contextlib.suppress(OSError):  # standard error closed (`2>&-`): the exit code still tells
        sys.stderr.write(f"{usage}\n{listed}\nerror[{InvalidArgument.code}]: {what}\n  hint: `{path} -h` describes "
                         f"the commands, `{path} COMMAND -h` one of them.\n")
    return InvalidArgument.exit_code


def _dash_file_hint(path: str, named: str, argv: list[str], ctx: Any) -> str:
    """How to name a file that starts with `-`: the command as typed with `./-a.pdf` (it runs as it is), or `--`
    before the arguments, the options (with their values) moved before it (after `--` an option is a file:
    `rotate -- -a.pdf -a 90` lacks its --angle), every argument kept in its order (`search -- PATTERN -a.pdf`)."""
    import shlex

    at = argv.index(named)
    typed = shlex.join([*argv[:at], f"./{named}", *argv[at + 1:]])
    names, typed_names = path.split()[1:], 0  # the command's words as typed (`metadata` runs `metadata show`)
    while typed_names < min(len(names), len(argv)) and argv[typed_names] == names[typed_names]:
        typed_names += 1
    options, arguments = _options_first(argv[typed_names:], named, ctx)
    return (f"To name a file that starts with `-`, write `./{named}` (`{path.split()[0]} {typed}`), or put `--` "
            f"before the arguments, after the options (`{path} {shlex.join([*options, '--', *arguments])}`).")


def _options_first(words: list[str], named: str, ctx: Any) -> tuple[list[str], list[str]]:
    """The words after the command's name, cut into its options (each with the value it takes) and its
    arguments, in their order; `named` (the file that starts with `-`) is an argument."""
    valued = {flag for param in getattr(getattr(ctx, "command", None), "params", [])
              if getattr(param, "param_type_name", "") == "option" and not getattr(param, "is_flag", True)
              and not getattr(param, "count", False) for flag in param.opts}
    options: list[str] = []
    arguments: list[str] = []
    at = 0
    while at < len(words):
        word = words[at]
        if word == "--":
            arguments.extend(words[at + 1:])
            break
        if word != named and word.startswith("-") and word != "-":
            options.append(word)
            if word in valued and at + 1 < len(words):  # its value is the next word, whatever it looks like
                at += 1
                options.append(words[at])
        else:
            arguments.append(word)
        at += 1
    return options, arguments


def _command_after(exc: click_errors.UsageError, argv: list[str]) -> str | None:
    """The command named after an option unknown to the group but known to that command (or one of its
    sub-commands): `--json` in `pdftools --json info a.pdf`."""
    ctx = exc.ctx
    if not isinstance(exc, click_errors.NoSuchOption) or ctx is None or not isinstance(ctx.command, PlainGroup):
        return None
    words = argv[: argv.index("--")] if "--" in argv else argv
    name = next((word for word in words if word in ctx.command.commands), None)
    command = ctx.command.commands.get(name or "")
    build = getattr(ctx.command, "build", None)  # (set by cli/app.py, which imports this module)
    if command is not None and not command.params and build is not None:  # a stub: `--password x info` built `x`
        command = build(name).commands.get(name)
    commands = [command, *getattr(command, "commands", {}).values()] if command is not None else []
    known = {opt for cmd in commands for p in cmd.params for opt in (*p.opts, *p.secondary_opts)}
    return name if exc.option_name in known else None


def _batch_option(exc: click_errors.UsageError, argv: list[str]) -> Any:
    """An option of the command a batch runs, typed as that command takes it (`batch ocr scans/ -d out --language
    deu`, `-l deu`, `--force-ocr`): the error says that a batch takes it as `--set KEY=VALUE`, with the pair."""
    ctx = exc.ctx
    if not isinstance(exc, click_errors.NoSuchOption) or ctx is None or ctx.parent is None or \
            ctx.info_name != "batch":
        return None
    import shlex

    from pdftools.batch.plan import commands
    from pdftools.errors import InvalidArgument

    words = argv[: argv.index("--")] if "--" in argv else argv
    name = next((w for w in words[words.index("batch") + 1:] if w in commands()), None) if "batch" in words else None
    build = getattr(ctx.parent.command, "build", None)  # (set by cli/app.py, which builds `batch` alone)
    group: Any = build(name) if build is not None and name else ctx.parent.command
    command = group.commands.get(name) if name else None
    option = exc.option_name
    param = next((p for p in getattr(command, "params", []) if option in (*p.opts, *p.secondary_opts)), None)
    if param is None:
        return None
    longs = [o for o in param.opts if o.startswith("--")]
    key = longs[0][2:] if longs else str(param.name).replace("_", "-")
    typed = next((at for at, w in enumerate(words) if w == option or w.startswith(f"{option}=")), None)
    if getattr(param, "is_flag", False):
        value = "false" if option in param.secondary_opts else "true"
    elif typed is not None and "=" in words[typed]:
        value = words[typed].split("=", 1)[1]
    else:
        value = words[typed + 1] if typed is not None and typed + 1 < len(words) else "VALUE"
    return InvalidArgument(f"unknown option {option}: {name}'s options go to a batch as --set KEY=VALUE",
                           hint=f"Give it as --set {shlex.quote(f'{key}={value}')} (`pdftools {name} -h` lists "
                                f"{name}'s options; --set takes each by its long name).")


VALUE_OPTIONS = {"rotate": ("--angle", "-a"), "nup": ("--per-sheet",)}  # the value pdfcpu takes as an argument


def _value_hint(exc: click_errors.UsageError, argv: list[str]) -> str | None:
    """pdfcpu's `rotate in.pdf 90` and `nup out.pdf 4 in.pdf`: a whole number given as an argument, where
    pdftools takes it as an option's value (`--angle 90`), when that option was not given and no file has
    that name. Said before an extra argument is taken for an output (`-o 4`)."""
    flags = VALUE_OPTIONS.get(command_words(exc.ctx))
    if exc.ctx is None or flags is None or any(w.split("=")[0] in flags for w in argv):
        return None
    numbers = [w for before, w in zip(["", *argv], argv, strict=False)  # not an option's value (`--pages 2`)
               if re.fullmatch(r"[+-]?\d+", w) and not os.path.exists(w) and (before == "--" or
                                                                            not before.startswith("-"))]
    if not numbers:
        return None
    return f"Give it as {flags[0]}'s value: `{exc.ctx.command_path} FILE {flags[0]} {numbers[0]}` (pdfcpu's order)."


def _name_hint(exc: click_errors.UsageError, argv: list[str]) -> str | None:
    """Attachments chosen by name given as arguments (`attachments extract in.pdf notes.txt`, as pdfcpu takes
    them): the command with each as --name's value."""
    ctx = exc.ctx
    if ctx is None or not exc.message.startswith("Got unexpected extra argument") or \
            not command_words(ctx).startswith("attachments ") or \
            not any("--name" in p.opts for p in ctx.command.params):
        return None
    import shlex

    names = _extra_words(exc.message[exc.message.find(" (") + 2:exc.message.rfind(")")], argv)
    given = " ".join(f"--name {shlex.quote(name)}" for name in names)
    return f"Name them with --name: `{ctx.command_path} FILE {given}`." if names else None


def _extra_words(extra: str, argv: list[str]) -> list[str]:
    """The words click joined by spaces into `extra`, found back in argv from the last (spaces kept)."""
    words: list[str] = []
    for word in reversed(argv):
        if extra and (extra == word or extra.endswith(" " + word)):
            words.insert(0, word)
            extra = extra[:-len(word)].rstrip(" ")
    return words


def _batch_hint(exc: click_errors.UsageError, argv: list[str]) -> str | None:
    """Several files given to a command that takes one (`images *.pdf -d out`, the shell expanding the glob):
    how to run it on each, when a batch can run it. One name that is no file yet is an output named as qpdf
    takes it (`rotate in.pdf out.pdf`): `-o`, or `-d` for a command that writes into a folder (`split`), or a
    redirect for one that prints (`text in.pdf out.txt`, as pdftotext takes it)."""
    ctx = exc.ctx
    if ctx is None or ctx.parent is None or ctx.parent.parent is not None or \
            not exc.message.startswith("Got unexpected extra argument"):
        return None
    extra = exc.message[exc.message.find(" (") + 2:exc.message.rfind(")")]
    opts = {opt for p in ctx.command.params for opt in p.opts}
    if extra == "-" and "-o" not in opts:  # `pdftotext in.pdf -`: to stdout, where the result goes anyway
        return f"`{ctx.command_path}` prints its result on standard output: leave out the `-`."
    one = extra in argv  # one name, spaces and all (`"rotated copy.pdf"`), not the names joined by spaces
    if one and not os.path.exists(extra):  # `qpdf in.pdf out.pdf`: an output to be
        import shlex

        if "-o" in opts:
            return f"Name the output with -o: `{ctx.command_path} FILE ... -o {shlex.quote(extra)}`."
        if "-d" in opts:  # `qpdf --split-pages in.pdf out-%d.pdf`: outputs, written into a folder
            named = ", named by --pattern" if "--pattern" in opts else ""
            if named and ("%" in extra or "{" in extra):  # pdfseparate's `pg-%d.pdf`: --pattern takes it as it is
                folder, name = os.path.split(extra)
                return (f"`{ctx.command_path}` writes its files into a folder: -d DIR{named}: "
                        f"`{ctx.command_path} FILE -d {shlex.quote(folder or '.')} --pattern {shlex.quote(name)}`.")
            return f"`{ctx.command_path}` writes its files into a folder: -d DIR{named} (`{ctx.command_path} -h`)."
        if any(p.param_type_name == "argument" for p in ctx.command.params):  # `pdftotext in.pdf out.txt`
            path = ctx.command_path
            return f"`{path}` prints its result: redirect it, `{path} FILE > {shlex.quote(extra)}`."
    import shlex

    words = _extra_words(extra, argv)
    if len(words) == 2 and "--every" in opts and not os.path.exists(words[0]) and words[1].isdigit():
        return (f"`{ctx.command_path}` writes its parts into a folder: `{ctx.command_path} FILE -d "
                f"{shlex.quote(words[0])} --every {words[1]}` (pdfcpu's `split in.pdf outDir {words[1]}`).")
    if not one and not any(os.path.exists(word) for word in words):  # no files: no batch of them
        return None
    from pdftools.batch.plan import commands

    name = ctx.info_name or ""
    return (f"`{ctx.command_path}` takes one file; to run it on each of several: `pdftools batch {name} FILE... "
            f"--out-dir DIR` (its options as `--set key=value`).") if name in commands() else None


def _file_like_option(exc: click_errors.UsageError, argv: list[str]) -> str | None:
    """The word an unknown option came from (`-dash.pdf` for `-d`), when a file has that name."""
    if not isinstance(exc, click_errors.NoSuchOption):
        return None
    words = argv[: argv.index("--")] if "--" in argv else argv
    return next((w for w in words if w.startswith(exc.option_name) and os.path.isfile(w)), None)


def command_words(ctx: click_core.Context | None) -> str:
    """The command as typed after `pdftools`: `rotate`, `attachments add` (whose `add` is not `bookmarks add`)."""
    names: list[str] = []
    while ctx is not None and ctx.parent is not None:
        names.insert(0, ctx.info_name or "")
        ctx = ctx.parent
    return " ".join(names)


def _foreign(words: dict[str, str], option: str, argv: list[str]) -> tuple[str, str] | None:
    """Another tool's option as it was typed, with its words: pdftotext's `-layout` (which click reads as `-l`
    and `ayout`) before the letter it starts with."""
    typed = [w.split("=", 1)[0] for w in (argv[: argv.index("--")] if "--" in argv else argv) if w.startswith(option)]
    return next(((w, words[w]) for w in [*typed, option] if w in words), None)


def usage_message(exc: click_errors.UsageError, argv: list[str]) -> str:
    if isinstance(exc, click_errors.NoSuchOption):
        words = FOREIGN_WORDS.get(command_words(exc.ctx), {})
        foreign = _foreign(words, exc.option_name, argv)
        if foreign is not None:
            return f"unknown option {foreign[0]}: {foreign[1]}"
        owner = _sibling_with(exc.ctx, exc.option_name)
        if owner is not None:
            return f"unknown option {exc.option_name}: `{owner}` takes it"
        other = _other_output(exc.ctx, exc.option_name)
        if other is not None:
            return f"unknown option {exc.option_name} ({other})"
        near = _near_options(exc.ctx, exc.option_name)
        if _at_top(exc.ctx) and exc.option_name == "-V":  # pdfgrep's and qpdf's habit
            near = ["--version"]
        if near == [exc.option_name] or (_at_top(exc.ctx) and exc.option_name in SHARED_SHORT):
            # `pdftools --json`, `pdftools -q`: a command's own option, the command left out
            return f"unknown option {exc.option_name} before a command: it is a command's option"
        meant = f" (did you mean {near[0]}?)" if len(near) == 1 else \
            f" (did you mean one of {', '.join(near)}?)" if near else ""
        return f"unknown option {exc.option_name}{meant}"
    if isinstance(exc, click_errors.MissingParameter) and exc.param is not None:
        kind = exc.param.param_type_name
        return f"missing {kind} {param_name(exc.param)}"
    if isinstance(exc, click_errors.BadParameter) and exc.param is not None:
        value = given_value(exc.param, argv)
        got = f", not {value!r}" if value is not None else ""
        return f"{param_name(exc.param)} takes {expected(exc.param)}{got}"
    message = exc.message.strip().rstrip(".")
    return message[:1].lower() + message[1:]


def _choice_alone(exc: click_errors.ClickException, argv: list[str]) -> str | None:
    """`reorder a.pdf reverse`: a required option missing, and one of its values among the arguments."""
    param = getattr(exc, "param", None)
    desc = getattr(param, "type_descriptor", None)
    choices = [str(choice) for choice in desc.choices] if desc is not None and desc.is_choice and desc.choices else []
    if not isinstance(exc, click_errors.MissingParameter) or param is None or param.param_type_name != "option" \
            or not choices:
        return None
    given = [word for word in argv if word in choices]
    return f"Give it with its option's name: `{max(param.opts, key=len)} {given[0]}`." if given else None


SHARED_OPTIONS = ("--json", "--quiet", "--force", "--output", "--password")  # options every writer or reader has
SHARED_SHORT = ("-q", "-o")  # --quiet's and --output's


def _at_top(ctx: click_core.Context | None) -> bool:
    return ctx is not None and ctx.parent is None and isinstance(ctx.command, PlainGroup)


def _near_options(ctx: click_core.Context | None, option: str) -> list[str]:
    """The long options an unknown one may mean: those it is the start of (`--per`: --per-sheet; `--o`: --output
    and --object-streams), else those it is a typo of (`--witdh`), compared without the dashes. Click's own
    guess (difflib at 0.6, counting the two dashes as letters in common) offered `--json` for `--n`."""
    import difflib

    if ctx is None or not option.startswith("--") or len(option) < 3:
        return []
    names = list(dict.fromkeys(name for param in ctx.command.get_params(ctx) if not getattr(param, "hidden", False)
                               for name in (*param.opts, *param.secondary_opts) if name.startswith("--")))
    if _at_top(ctx):  # before any command: what it may mean is also an option every command shares
        names += [name for name in SHARED_OPTIONS if name not in names]
    started = [name for name in names if name.startswith(option)]
    if started:
        return started
    return ["--" + name for name in difflib.get_close_matches(option[2:], [n[2:] for n in names], n=2, cutoff=0.75)]


def _other_output(ctx: click_core.Context | None, option: str) -> str | None:
    """`split a.pdf -o parts` (qpdf's habit) names the output option the command has: -d for a folder of
    outputs, -o for one file."""
    if ctx is None:
        return None
    opts = {opt for param in ctx.command.params for opt in getattr(param, "opts", ())}
    if option in ("-o", "--output") and "-d" in opts:
        return f"-d DIR: `{ctx.command_path}` writes its files into a folder"
    if option in ("-d", "--out-dir") and "-o" in opts:
        return f"-o FILE: `{ctx.command_path}` writes one file"
    return None


def _sibling_with(ctx: click_core.Context | None, option: str) -> str | None:
    """The sub-command of the same group that takes `option` (`metadata set` for `metadata show --set`)."""
    if ctx is None or ctx.parent is None or ctx.parent.parent is None:  # a group's sub-command, not a command
        return None
    for name, command in getattr(ctx.parent.command, "commands", {}).items():
        if name != ctx.info_name and any(option in (*p.opts, *p.secondary_opts) for p in command.params):
            return f"{ctx.parent.command_path} {name}"
    return None


def param_name(param: click_core.Parameter) -> str:
    if param.param_type_name == "option":
        return max(param.opts, key=len)
    return str(getattr(param, "metavar", None) or param.name or "").upper()


def expected(param: click_core.Parameter) -> str:
    """What a parameter takes, in words."""
    desc = getattr(param, "type_descriptor", None)
    if desc is not None and desc.is_choice and desc.choices:
        return "one of " + ", ".join(str(c) for c in desc.choices)
    annotation = getattr(desc, "annotation", None)
    for arg in (annotation, *get_args(annotation)):
        if arg is int:
            low, high = getattr(param, "min", None), getattr(param, "max", None)
            if low is not None and high is not None:
                return f"a whole number from {low} to {high}"
            return "a whole number"
        if arg is float:
            return "a number"
    return "another value"


def given_value(param: click_core.Parameter, argv: list[str]) -> str | None:
    """The value the user gave an option (`--every abc`, `--every=abc`), when it can be found."""
    for i, word in enumerate(argv):
        for opt in getattr(param, "opts", ()):
            if word == opt and i + 1 < len(argv):
                return argv[i + 1]
            if word.startswith(opt + "=") and opt.startswith("--"):
                return word[len(opt) + 1:]
    return None
