"""The README names the tools of the `read` profile (`pdftools serve --tools read`): the list must be the profile's,
as an operator choosing a profile reads it (it left out `pdf_search`)."""

from __future__ import annotations

import re
from pathlib import Path

from pdftools.ops import OPS, PROFILES

README = Path(__file__).parents[2] / "README.md"


def test_the_readme_names_the_read_profiles_tools() -> None:
    text = " ".join(README.read_text(encoding="utf-8").split())
    listed = re.search(r"profiles `read` \(([^)]*): never writes\)", text)
    assert listed, "README: the `read` profile's tools, as `read` (`pdf_a`, `pdf_b`: never writes)"
    tools = {op.name: op.tool for op in OPS}
    assert re.findall(r"`(\w+)`", listed.group(1)) == [tools[name] for name in PROFILES["read"]]
