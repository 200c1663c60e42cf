"""The error contract, checked the same way by every test of a failing command: exit code, `error[CODE]` + hint
(or one JSON object) on stderr, nothing on stdout, no partial output, inputs untouched."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pdftools import errors
from pdftools.core.params import describe


class Errors:
    """Runs a failing command and checks everything the error contract promises."""

    def __init__(self, cli: Callable[..., Any], sha256: Callable[[Path], str], root: Path, mode: str) -> None:
        self.cli, self.sha256, self.root, self.mode = cli, sha256, root, mode

    def run(
        self,
        args: list[Any],
        error: type[errors.PdftoolsError],
        *,
        inputs: tuple[Path, ...] = (),
        not_created: tuple[Path, ...] = (),
        message_has: tuple[str, ...] = (),
        hint: str | None = None,
        env: dict[str, str | None] | None = None,
    ) -> dict[str, str]:
        before = {p: self.sha256(p) for p in inputs}
        listing = _listing(self.root)
        argv = [*args, "--json"] if self.mode == "json" else list(args)
        result = self.cli(*argv, env=env)

        assert result.exit_code == error.exit_code, result
        assert result.stdout == "", result
        if self.mode == "json":
            payload = json.loads(result.stderr)
            assert set(payload) == {"error"}
            reported = payload["error"]
            assert set(reported) == {"code", "message", "hint"}
            assert reported["code"] == error.code
        else:
            lines = result.stderr.splitlines()
            assert len(lines) == 2, result
            prefix = f"error[{error.code}]: "
            assert lines[0].startswith(prefix), result
            assert lines[1].startswith("  hint: "), result
            reported = {"code": error.code, "message": lines[0][len(prefix):], "hint": lines[1][len("  hint: "):]}
        command = next(str(a) for a in args if not str(a).startswith("-"))  # the class's hint names it at a shell
        said = describe(error.hint, str, "cli").replace("<command>", command)  # the class's, as a shell shows it
        assert reported["hint"] == (hint if hint is not None else said)
        for fragment in message_has:
            assert fragment in reported["message"], reported

        assert {p: self.sha256(p) for p in inputs} == before, "an input was modified"
        for path in not_created:
            assert not path.exists(), f"{path} was created"
        debris = [p for p in self.root.rglob("*") if p.name.endswith(".part") or p.name.startswith(".pdftools-")]
        assert debris == [], f"partial output left behind: {debris}"
        assert _listing(self.root) == listing, "files appeared or vanished in the test folder"
        return reported


def _listing(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*")}


# ------------------------------------------------------------------------------------------- reading inputs
