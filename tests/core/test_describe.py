"""Help text names parameters as each front end does: `{{max_chars}}` is `--max-chars` at a shell, `max_chars`
for an agent."""

from __future__ import annotations

from pdftools.core.params import describe


def test_references_are_rendered_per_front_end() -> None:
    text = "Stop after {{max_chars}} characters; {{pages}} picks pages; {stem} stays a pattern field"
    assert describe(text, str) == "Stop after max_chars characters; pages picks pages; {stem} stays a pattern field"
    flags = {"max_chars": "--max-chars", "pages": "--pages"}
    assert describe(text, flags.__getitem__) == ("Stop after --max-chars characters; --pages picks pages; "
                                                 "{stem} stays a pattern field")


def test_cli_help_renders_flags(cli) -> None:  # type: ignore[no-untyped-def]
    from pdftools.cli.options import flag_namer
    from pdftools.ops.text import text

    assert flag_namer(text)("max_chars") == "--max-chars"
    assert flag_namer(text)("password") == "--password"
