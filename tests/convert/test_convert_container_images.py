"""The images inside a docx, odt, epub or pptx input, converted to a text format: they exist only inside the
input, so an HTML output carries them (data: URIs, as pandoc's --embed-resources makes them) and any other text
output says which it names without having them, instead of leaving links to files nobody wrote."""

from __future__ import annotations

import base64
import json
import re
import subprocess
from pathlib import Path

import pytest
from convert_docs import write_docs

from pdftools.convert import pandoc


@pytest.fixture
def container(tmp_path: Path, request: pytest.FixtureRequest) -> tuple[Path, bytes]:
    """A docx, odt, epub or pptx made by bare pandoc from a markdown file with one PNG, and that PNG's bytes."""
    docs = write_docs(tmp_path / "src")
    kind = request.param
    out = tmp_path / "made" / f"doc.{kind}"
    out.parent.mkdir()
    source = "sample.md" if kind != "pptx" else "slides.md"
    if kind == "pptx":
        (docs["md"].parent / source).write_text("# Slide\n\n![A red square](red.png)\n")
    subprocess.run([pandoc.program(), source, "-o", str(out)], cwd=docs["md"].parent, check=True)
    return out, docs["png"].read_bytes()


@pytest.mark.parametrize("container", ["docx", "odt", "epub", "pptx"], indirect=True)
@pytest.mark.parametrize("standalone", [False, True])
def test_html_from_a_container_carries_its_images(cli, container: tuple[Path, bytes], tmp_path: Path,
                                                  standalone: bool) -> None:
    source, png = container
    out = tmp_path / "out.html"
    result = cli("convert", source, "-o", out, *["-s"] * standalone, "--json")
    assert result.exit_code == 0, result
    html = out.read_text(encoding="utf-8")
    sources = re.findall(r'<img[^>]*\ssrc="([^"]+)"', html)
    assert len(sources) == 1 and sources[0].startswith("data:image/png;base64,"), sources
    assert base64.b64decode(sources[0].split(",", 1)[1]) == png
    assert json.loads(result.stdout)["warnings"] == []


@pytest.mark.parametrize("container", ["docx", "odt", "epub"], indirect=True)
def test_another_text_output_says_which_images_it_leaves_behind(cli, container: tuple[Path, bytes]) -> None:
    source, _ = container
    result = cli("convert", source, "-t", "gfm", "--json")
    assert result.exit_code == 0, result
    data = json.loads(result.stdout)
    named = re.findall(r"!\[[^]]*\]\(([^)\s]+)|<img[^>]*\ssrc=\"([^\"]+)\"", data["content"])
    target = next(a or b for a, b in named)
    assert not target.startswith("data:")
    assert len(data["warnings"]) == 1, data["warnings"]
    warning = data["warnings"][0]
    assert target in warning and source.name in warning and "html" in warning


def test_a_text_output_from_markdown_warns_of_nothing(cli, tmp_path: Path) -> None:
    docs = write_docs(tmp_path / "src")
    result = cli("convert", docs["md"], "-t", "gfm", "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["warnings"] == []
