"""What differs between shells in completion: the script each one loads, how it hands over the line being
completed, and how it wants the answers back.

Typer's completion classes read the words; these complete `--opt=val` too (the value, the option kept where the
shell replaces the whole word: zsh, fish; bash breaks the word at `=` itself) and read bash's line as typed (its
COMP_WORDS split `--opt=val` in three). The zsh script completes on the first Tab when autoloaded from $fpath
(Typer's only registered itself then, so that the first Tab did nothing).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

PROG, VAR = "pdftools", "_PDFTOOLS_COMPLETE"

BASH = """\
_pdftools_completion() {
    local IFS=$'\\n'
    COMPREPLY=( $( env COMP_WORDS="${COMP_WORDS[*]}" COMP_CWORD=$COMP_CWORD \\
                   _PDFTOOLS_COMP_LINE="${COMP_LINE:0:$COMP_POINT}" _PDFTOOLS_COMP_BREAKS="$COMP_WORDBREAKS" \\
                   _PDFTOOLS_COMPLETE=complete_bash $1 ) )
    return 0
}

complete -o default -F _pdftools_completion pdftools
"""

ZSH = """\
#compdef pdftools

_pdftools_completion() {
  eval "$(env _TYPER_COMPLETE_ARGS="${words[1,$CURRENT]}" _PDFTOOLS_COMPLETE=complete_zsh pdftools)"
}

if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
  _pdftools_completion "$@"  # autoloaded from $fpath on this Tab: complete now
else
  compdef _pdftools_completion pdftools  # sourced: register for the Tabs to come
fi
"""

FISH = ('complete --command pdftools --no-files --arguments "(env _PDFTOOLS_COMPLETE=complete_fish '
        '_TYPER_COMPLETE_FISH_ACTION=get-args _TYPER_COMPLETE_ARGS=(commandline -cp) pdftools)" --condition '
        '"env _PDFTOOLS_COMPLETE=complete_fish _TYPER_COMPLETE_FISH_ACTION=is-args '
        '_TYPER_COMPLETE_ARGS=(commandline -cp) pdftools"\n')

SCRIPTS = {"bash": BASH, "zsh": ZSH, "fish": FISH}


def in_list(values: Callable[[], Sequence[str]]) -> Callable[[str], list[str]]:
    """A completer for a comma-separated list: the last item is completed, those before it kept
    (`print,co` -> `print,copy`); an item already given is not offered again."""
    def complete(incomplete: str) -> list[str]:
        head, comma, last = incomplete.rpartition(",")
        given = set(head.split(",")) if comma else set()
        return [f"{head}{comma}{v}" for v in values() if v.startswith(last) and v not in given]

    return complete


def _option_value(incomplete: str) -> tuple[str, str] | None:
    """`--opt=val` -> (`--opt=`, `val`); None for any other word."""
    if incomplete.startswith("--") and "=" in incomplete:
        name, _, value = incomplete.partition("=")
        return f"{name}=", value
    return None


def _classes() -> dict[str, type]:
    from typer._completion_classes import BashComplete, FishComplete, ZshComplete

    class Joined:
        """`--opt=val`: click completes the value; the word the shell replaces is the whole `--opt=val`."""

        def get_completions(self, args: list[str], incomplete: str) -> list[Any]:
            if args[-1:] in (["--install-completion"], ["--show-completion"]):  # flags, but they read the next
                from typer._click.shell_completion import CompletionItem  # word: the shell (`_named`)

                return [CompletionItem(shell) for shell in SCRIPTS if shell.startswith(incomplete)]
            items = super().get_completions(args, incomplete)  # type: ignore[misc]
            split = _option_value(incomplete)
            if split is not None:
                for item in items:
                    item.value = f"{split[0]}{item.value}"
            return items

    class Bash(Joined, BashComplete):
        def get_completion_args(self) -> tuple[list[str], str]:
            line = os.environ.get("_PDFTOOLS_COMP_LINE")
            if line is None:  # a script from before: the words as bash split them
                return super().get_completion_args()
            from typer._click.shell_completion import split_arg_string

            words = split_arg_string(line)[1:]
            if words and not line.endswith((" ", "\t")):
                return words[:-1], words[-1]
            return words, ""

        def get_completions(self, args: list[str], incomplete: str) -> list[Any]:
            items = super().get_completions(args, incomplete)
            split = _option_value(incomplete)
            if split is not None and "=" in os.environ.get("_PDFTOOLS_COMP_BREAKS", "="):
                for item in items:  # readline replaces only what follows the `=`
                    item.value = item.value[len(split[0]):]
            return items

    class Zsh(Joined, ZshComplete):
        pass

    class Fish(Joined, FishComplete):
        pass

    return {"bash": Bash, "zsh": Zsh, "fish": Fish}


def register() -> None:
    """Typer's completion classes, then ours for bash, zsh and fish."""
    from typer._click.shell_completion import add_completion_class
    from typer.completion import completion_init

    completion_init()
    for shell, cls in _classes().items():
        add_completion_class(cls, shell)


def take_over(group: Any) -> None:
    """`--install-completion` and `--show-completion` write and show these scripts (Typer's own, otherwise)."""
    for param in group.params:
        if param.name == "install_completion":
            param.callback = _install
        elif param.name == "show_completion":
            param.callback = _show


def _supported(value: Any, flag: str) -> str:
    """The shell asked for (or the one running), when a script exists for it; else exit 1 saying which do."""
    import typer
    from typer._completion_shared import _get_shell_name

    shell = str(value) if isinstance(value, str) else _named(flag) or str(_get_shell_name() or "")
    if shell not in SCRIPTS:
        typer.echo(f"Shell {shell or 'unknown'} not supported: bash, zsh and fish are.", err=True)
        raise typer.Exit(1)
    return shell


def _named(flag: str) -> str | None:
    """The shell named after `flag` (`pdftools --install-completion zsh`, Typer's older form): the flag is eager,
    so the program ends before the rest of the line is parsed, and the word was never read."""
    import sys

    args = sys.argv[1:]
    at = args.index(flag) + 1 if flag in args else len(args)
    return args[at] if at < len(args) and not args[at].startswith("-") else None


def _show(ctx: Any, param: Any, value: Any) -> Any:
    if not value or ctx.resilient_parsing:
        return value
    import typer

    shell = _supported(value, "--show-completion")
    typer.echo(SCRIPTS[shell], nl=False)
    raise typer.Exit(0)


def _install(ctx: Any, param: Any, value: Any) -> Any:
    """Typer's set-up of the shell's start-up file (zsh: `fpath+=~/.zfunc; ... compinit`), with our script."""
    if not value or ctx.resilient_parsing:
        return value
    import typer
    from typer import _completion_shared as shared

    shell = _supported(value, "--install-completion")
    installer = {"bash": shared.install_bash, "zsh": shared.install_zsh, "fish": shared.install_fish}[shell]
    path: Path = installer(prog_name=PROG, complete_var=VAR, shell=shell)
    path.write_text(SCRIPTS[shell])
    typer.secho(f"{shell} completion installed in {path}", fg="green", err=True)  # a report, not data
    typer.echo("Completion will take effect once you restart the terminal", err=True)
    raise typer.Exit(0)
