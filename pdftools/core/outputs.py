"""Several files written into one folder, all or none: each is written into a private folder beside the
outputs, and they are moved into place only when every one of them is written."""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TypeVar

from pdftools.core import parallel
from pdftools.errors import InvalidArgument, OutputExists, PermissionDenied

T = TypeVar("T")


def check_names(names: Sequence[str], folder: Path, force: bool, hint: str) -> None:
    """Refuse names that repeat (`hint` says how to tell them apart) or exist already (without force)."""
    if len(set(names)) != len(names):
        raise InvalidArgument("several outputs would get the same name", hint=hint)
    existing = [n for n in names if (folder / n).exists()]
    if existing and not force:
        raise OutputExists(f"{len(existing)} file(s) already exist in {folder}, e.g. {existing[0]}")


def write_all(folder: Path, jobs: Sequence[T], names: Sequence[str], write: Callable[[T, Path], None]) -> None:
    """`write(job, path)` for every job into a private folder, shared out by `parallel`; then move them all."""
    with staged(folder) as staging:
        parallel.for_each(list(zip(jobs, names, strict=True)), lambda pair: write(pair[0], staging / pair[1]))
        move_all(staging, folder, names)


@contextlib.contextmanager
def staged(folder: Path) -> Iterator[Path]:
    """A private folder inside `folder`, removed with whatever is left in it at the end."""
    try:
        staging = Path(tempfile.mkdtemp(prefix=".pdftools-", dir=folder))
    except OSError as exc:
        raise PermissionDenied(f"cannot write to {folder}: {exc.strerror}") from None
    try:
        yield staging
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def move_all(staging: Path, folder: Path, names: Sequence[str]) -> None:
    for name in names:
        os.replace(staging / name, folder / name)
