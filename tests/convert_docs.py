"""Real documents for the convert tests, written into a folder: markdown and HTML with headings, lists, a table,
an image, a link and non-Latin text (German, Arabic, Chinese, Japanese); docx made from them by bare pandoc; and
checks that read outputs with independent tools (zip, pdftotext, pdffonts, pdfimages, fc-list)."""

from __future__ import annotations

import re
import subprocess
import zipfile
from pathlib import Path

from PIL import Image

GERMAN = "Grüße aus München: Äpfel, Öl und Straßenbahn."
ARABIC = "مرحبا بالعالم"
CHINESE = "你好，世界"
JAPANESE = "日本語のテキスト"

MARKDOWN = f"""\
---
title: Reisebericht Größe
---

# Überblick

{GERMAN} See [the project page](https://example.org/pdftools).

![A red square](red.png)

## Listen

- erster Punkt
- zweiter Punkt

1. eins
2. zwei

## Tabelle

| Stadt | Gruß |
|-------|------|
| Kairo | {ARABIC} |
| Peking | {CHINESE} |

## Sprachen

{ARABIC}

{CHINESE}。{JAPANESE}。
"""

HTML = f"""\
<!DOCTYPE html>
<html lang="de"><head><meta charset="utf-8"><title>Bericht</title></head>
<body>
<h1>Überblick</h1>
<p>{GERMAN} See <a href="https://example.org/pdftools">the project page</a>.</p>
<p><img src="red.png" alt="A red square"></p>
<h2>Listen</h2>
<ul><li>erster Punkt</li><li>zweiter Punkt</li></ul>
<table><tr><th>Stadt</th><th>Gruß</th></tr><tr><td>Kairo</td><td>{ARABIC}</td></tr>
<tr><td>Peking</td><td>{CHINESE}</td></tr></table>
<h2>Sprachen</h2>
<p dir="rtl">{ARABIC}</p>
<p>{CHINESE}。{JAPANESE}。</p>
</body></html>
"""


def write_docs(folder: Path) -> dict[str, Path]:
    """sample.md, sample.html and red.png (a real 40x30 PNG) in `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (40, 30), (200, 30, 30)).save(folder / "red.png")
    (folder / "sample.md").write_text(MARKDOWN, encoding="utf-8")
    (folder / "sample.html").write_text(HTML, encoding="utf-8")
    return {"md": folder / "sample.md", "html": folder / "sample.html", "png": folder / "red.png"}


def make_docx(markdown: Path, out: Path) -> Path:
    """A docx from `markdown` by bare pandoc (no pdftools involved), images embedded."""
    from pdftools.convert import pandoc

    subprocess.run([pandoc.program(), markdown.name, "-o", str(out)], cwd=markdown.parent, check=True)
    return out


def docx_xml(path: Path) -> str:
    with zipfile.ZipFile(path) as z:
        return z.read("word/document.xml").decode("utf-8")


def docx_media(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as z:
        return {name: z.read(name) for name in z.namelist() if name.startswith("word/media/")}


def pdf_text(path: Path) -> str:
    """pdftotext's text, without the bidi marks it puts around right-to-left lines."""
    out = subprocess.run(["pdftotext", "-enc", "UTF-8", str(path), "-"], capture_output=True, check=True).stdout
    return re.sub("[\u202a-\u202e\u200e\u200f]", "", out.decode("utf-8"))


def pdf_fonts(path: Path) -> list[str]:
    """Embedded font names, subset prefixes removed, normalised (no spaces or dashes, lower case)."""
    out = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout
    names = [line.split()[0] for line in out.splitlines()[2:] if line.strip()]
    return [_norm(name.split("+", 1)[-1]) for name in names]


def pdf_images(path: Path) -> int:
    out = subprocess.run(["pdfimages", "-list", str(path)], capture_output=True, text=True, check=True).stdout
    return len(out.splitlines()[2:])


def fonts_with(char: str) -> set[str]:
    """Families (normalised) of the installed fonts that have a glyph for `char` (fontconfig's view)."""
    out = subprocess.run(["fc-list", f":charset={ord(char):x}", "family"], capture_output=True, text=True,
                         check=True).stdout
    return {_norm(family) for line in out.splitlines() for family in line.split(",")}


def drawn_with_real_glyphs(pdf: Path, *chars: str) -> bool:
    """True when, for each char, some font embedded in the PDF is one that has the char's glyph: the text is
    drawn, not boxes (pdftotext alone cannot tell: a missing glyph still extracts as the right character)."""
    embedded = pdf_fonts(pdf)
    return all(any(any(name.startswith(family) for family in fonts_with(c)) for name in embedded) for c in chars)


def _norm(name: str) -> str:
    return re.sub(r"[\s_-]", "", name).lower()
