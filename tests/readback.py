"""Reading outputs back without pdftools: pikepdf directly, poppler's pdftotext/pdftoppm, Pillow.

Tests check what a command wrote through these, never through the command's own report.
"""

from __future__ import annotations

import io
import json
import subprocess
from pathlib import Path
from typing import Any

import anyio
import pikepdf
from conftest import CORPUS
from mcp import Client
from PIL import Image

FOUR = CORPUS / "004-pdflatex-4-pages/pdflatex-4-pages.pdf"
OUTLINE = CORPUS / "006-pdflatex-outline/pdflatex-outline.pdf"
NESTED = CORPUS / "014-outlines/mistitled_outlines_example.pdf"
ENCRYPTED = CORPUS / "005-libreoffice-writer-password/libreoffice-writer-password.pdf"
PASSWORD = "openpassword"
ROTATED = CORPUS / "015-arabic/habibi-rotated.pdf"
THREE = CORPUS / "026-latex-multicolumn/multicolumn.pdf"
FORM_LATEX = CORPUS / "010-pdflatex-forms/pdflatex-forms.pdf"
FORM_LIBRE = CORPUS / "012-libreoffice-form/libreoffice-form.pdf"
ATTACHED = CORPUS / "025-attachment/with-attachment.pdf"
XMP = CORPUS / "020-xmp/output_with_metadata_pymupdf.pdf"
PDFA = CORPUS / "021-pdfa/crazyones-pdfa.pdf"
JPEG_IMAGE = CORPUS / "003-pdflatex-image/pdflatex-image.pdf"
IMAGEMAGICK = CORPUS / "007-imagemagick-images"
BASE64_IMAGE = CORPUS / "018-base64-image/base64image.pdf"
GRAY_IMAGE = CORPUS / "019-grayscale-image/grayscale-image.pdf"


def pages(path: Path, password: str = "") -> int:
    with pikepdf.open(path, password=password) as pdf:
        return len(pdf.pages)


def text(path: Path | bytes, page: int | None = None, password: str | None = None) -> str:
    """pdftotext of one page (or all), from a file or from PDF bytes."""
    args = ["pdftotext", "-q", "-enc", "UTF-8", *(["-upw", password] if password else [])]
    if page is not None:
        args += ["-f", str(page), "-l", str(page)]
    data = path if isinstance(path, bytes) else None
    source = "-" if data is not None else str(path)
    return subprocess.run([*args, source, "-"], input=data, capture_output=True, check=True).stdout.decode()


def first_line(path: Path, page: int, password: str | None = None) -> str:
    return next((line for line in text(path, page, password).splitlines() if line.strip()), "")


def page_lines(path: Path, password: str | None = None) -> list[str]:
    """The first line of text of every page ('' for a page without text)."""
    return [first_line(path, n, password) for n in range(1, pages(path, password or "") + 1)]


def words(path: Path, page: int) -> list[tuple[str, float, float, float, float]]:
    """(word, xMin, yMin, xMax, yMax) as displayed (y from the top), from pdftotext -bbox."""
    import re

    out = subprocess.run(["pdftotext", "-q", "-bbox", "-f", str(page), "-l", str(page), str(path), "-"],
                         capture_output=True, check=True, text=True).stdout
    pattern = r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>'
    return [(w, float(a), float(b), float(c), float(d)) for a, b, c, d, w in re.findall(pattern, out)]


def render(path: Path, page: int = 1, dpi: int = 30) -> Image.Image:
    out = subprocess.run(["pdftoppm", "-q", "-r", str(dpi), "-f", str(page), "-l", str(page), "-png", str(path)],
                         capture_output=True, check=True).stdout
    return Image.open(io.BytesIO(out)).convert("RGB")


def outline(path: Path) -> list[tuple[str, int | None, list[Any]]]:
    """The outline as (title, 0-based page, children), resolved with pikepdf only."""
    with pikepdf.open(path) as pdf, pdf.open_outline() as tree:
        index = {page.obj.objgen: i for i, page in enumerate(pdf.pages)}
        return [_node(pdf, item, index) for item in tree.root]


def _node(pdf: pikepdf.Pdf, item: pikepdf.OutlineItem, index: dict[tuple[int, int], int]) -> tuple[str, Any, Any]:
    dest: Any = item.destination
    if dest is None and item.action is not None:
        dest = item.action.get("/D")
    if isinstance(dest, pikepdf.String | pikepdf.Name):
        dest = pikepdf.NameTree(pdf.Root.Names.Dests)[str(dest)]
    if isinstance(dest, pikepdf.Dictionary):
        dest = dest.D
    target = dest[0] if dest is not None else None
    page = int(target) if isinstance(target, int) else index.get(target.objgen) if target is not None else None
    return str(item.title), page, [_node(pdf, kid, index) for kid in item.children]


def flat(tree: list[tuple[str, int | None, list[Any]]]) -> list[tuple[str, int | None]]:
    return [pair for title, page, kids in tree for pair in [(title, page), *flat(kids)]]


def content_pages(path: Path) -> int:
    """Page objects anywhere in the file that still carry content (deleted pages must not)."""
    with pikepdf.open(path) as pdf:
        return sum(1 for obj in pdf.objects if isinstance(obj, pikepdf.Dictionary)
                   and obj.get("/Type") == "/Page" and "/Contents" in obj)


def field_values(path: Path) -> dict[str, str]:
    """Terminal form fields' /V values by full name, read from the AcroForm tree directly."""
    with pikepdf.open(path) as pdf:
        out: dict[str, str] = {}

        def walk(fields: Any, prefix: str) -> None:
            for node in fields:
                name = prefix + str(node.get("/T", ""))
                kids = [k for k in node.get("/Kids", []) if "/T" in k]
                if kids:
                    walk(kids, name + ".")
                else:
                    out[name] = str(node.get("/V", ""))

        if "/AcroForm" in pdf.Root:
            walk(pdf.Root.AcroForm.get("/Fields", []), "")
        return out


def mcp_call(root: Path, tool: str, args: dict[str, Any], tools: str | None = None) -> Any:
    from pdftools.mcp.server import build_server

    async def go() -> Any:
        async with Client(build_server([root], tools=tools)) as client:
            return await client.call_tool(tool, args)

    return anyio.run(go)


def mcp_error(result: Any) -> dict[str, str]:
    assert result.is_error, result
    return json.loads(result.content[0].text)  # type: ignore[no-any-return]


def qpdf_checked(path: Path) -> None:
    """qpdf --check finds the file sound: exit 0 and no syntax or stream errors (what every written PDF must pass)."""
    done = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
    assert done.returncode == 0 and "No syntax or stream encoding errors" in done.stdout, done.stdout + done.stderr
