"""Front-end metadata that rides in an op's `Annotated[...]` next to pydantic's `Field`.

An op declares each parameter once:

    output: Annotated[str, Field(description="Output PDF"), Cli("-o", "--output")] = "merged.pdf"

pydantic (and so the MCP SDK) reads `Field`; the CLI adapter reads `Field` and `Cli`; the MCP adapter reads
`Mcp`. Both markers are plain data: an op module never imports Typer or the MCP SDK.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


@dataclass(frozen=True)
class Cli:
    """How a parameter appears on the command line (default: `--name-with-dashes`)."""

    flags: tuple[str, ...] = ()
    argument: bool = False
    envvar: str | None = None
    metavar: str | None = None
    default: Any = MISSING  # a CLI-only default (e.g. no character budget at a shell)

    def __init__(self, *flags: str, argument: bool = False, envvar: str | None = None,
                 metavar: str | None = None, default: Any = MISSING) -> None:
        object.__setattr__(self, "flags", flags)
        object.__setattr__(self, "argument", argument)
        object.__setattr__(self, "envvar", envvar)
        object.__setattr__(self, "metavar", metavar)
        object.__setattr__(self, "default", default)


@dataclass(frozen=True)
class Mcp:
    """How a parameter appears in the MCP tool schema: hidden, or with its own default."""

    hidden: bool = False
    default: Any = field(default=MISSING)


def marker(metadata: tuple[Any, ...], kind: type) -> Any:
    """The first metadata object of `kind` in an Annotated's metadata, or None."""
    return next((m for m in metadata if isinstance(m, kind)), None)
