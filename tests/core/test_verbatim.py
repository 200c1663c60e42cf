"""A value put into a message with `verbatim` is never read as a marker, whatever it holds, and resolving the
message gives it back as it was (a private-use character of its own too)."""

from __future__ import annotations

import pytest

from pdftools.core.params import describe, name_parameters
from pdftools.errors import verbatim

VALUES = ["{{cli:x}}", "{{mcp:y}}", "{{pages}}", "a{{b}}c", "{", "}", "}}{{", "{{cli:a}}}}", "\ue000(", "\ue000\ue000)",
          "%s{0}", "[bold]", "\ue000", ""]


@pytest.mark.parametrize("value", VALUES)
def test_a_value_put_in_verbatim_comes_back_as_it_was(value: str) -> None:
    text = f"{{{{pages}}}} of {verbatim(value)}{{{{cli: at a shell}}}}{{{{mcp: over MCP}}}} ({verbatim(value)})"
    assert name_parameters(text, lambda n: f"--{n}", {"pages"}, "cli") == f"--pages of {value} at a shell ({value})"
    assert name_parameters(text, str, {"pages"}, "mcp") == f"pages of {value} over MCP ({value})"
    assert describe(f"{{{{cli:E.g. {verbatim(value)}.}}}}", str, "cli") == f"E.g. {value}."
