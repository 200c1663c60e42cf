"""Error messages speak of what the user wrote, never in Python's words: no exception repr (`'foo'`, a
KeyError), no Python dict (`{'title': 1}`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest


@pytest.mark.parametrize(("argv", "wanted"), [
    (["stamp", "{pdf}", "--text", "{foo}", "-o", "s.pdf"], "unknown placeholder {foo}; known: {page}, {pages}"),
    (["stamp", "{pdf}", "--text", "{page:zz}", "-o", "s.pdf"], "{page:zz}"),
    (["stamp", "{pdf}", "--text", "oops }", "-o", "s.pdf"], "a single { or }"),
    (["stamp", "{pdf}", "--text", "{}", "-o", "s.pdf"], "empty placeholder {}"),
    (["split", "{pdf}", "-d", "sp3", "--pattern", "{foo}.pdf"], "unknown placeholder {foo}; known: {stem}"),
    (["bookmarks", "replace", "{pdf}", "--data", '[{"title":1}]', "-o", "x.pdf"], '{"title": 1}'),
])
def test_messages_name_what_was_written_not_python(cli: Any, pdf: Path, argv: list[str], wanted: str) -> None:
    result = cli(*[a.replace("{pdf}", str(pdf)) for a in argv], "--json")
    error = json.loads(result.stderr)["error"]
    assert result.exit_code == 2 and wanted in error["message"], error
    assert "{'" not in error["message"] and ": 'foo'" not in error["message"], error
