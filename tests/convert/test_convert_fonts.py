"""PDF output names the characters no installed font has, once per script, with the Debian package that has them.

The fonts are set up by the test: a fontconfig configuration (FONTCONFIG_FILE, which weasyprint's Pango and
fc-list both read) that knows one font, DejaVu Sans (`.ci/setup` installs it for convert): it has Latin, Greek,
Cyrillic and Arabic, and no Hangul, Chinese or Thai."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from convert_docs import pdf_text

KOREAN, CHINESE, THAI, GERMAN, ARABIC = "안녕하세요 세계", "你好世界", "สวัสดีชาวโลก", "Größe", "مرحبا"


@pytest.fixture
def dejavu_only(tmp_path: Path) -> dict[str, str]:
    found = subprocess.run(["fc-match", "-f", "%{file}", "DejaVu Sans"], capture_output=True, text=True).stdout
    assert found.endswith("DejaVuSans.ttf"), f"DejaVu Sans is not installed ({found!r}): run .ci/setup"
    fonts = tmp_path / "fonts"
    fonts.mkdir()
    shutil.copy(found, fonts)
    conf = tmp_path / "fonts.conf"
    conf.write_text(f'<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig><dir>{fonts}</dir>'
                    f"<cachedir>{tmp_path / 'cache'}</cachedir></fontconfig>\n")
    return {"FONTCONFIG_FILE": str(conf)}


def test_missing_glyphs_are_named_once_per_script_with_their_package(cli, tmp_path: Path,
                                                                      dejavu_only: dict[str, str]) -> None:
    doc = tmp_path / "d.md"
    doc.write_text(f"# Fonts\n\n{GERMAN} {ARABIC}\n\n{KOREAN} {KOREAN}\n\n{CHINESE}\n\n{THAI}\n\n" * 20)
    out = tmp_path / "d.pdf"
    result = cli("convert", doc, "-o", out, "--pdf-engine", "weasyprint", "--json", env=dejavu_only)
    assert result.exit_code == 0, result
    assert GERMAN in pdf_text(out)  # the PDF is made; the missing glyphs are boxes in it
    warnings = [w for w in json.loads(result.stdout)["warnings"] if "no installed font" in w]
    assert len(warnings) == 3, warnings  # Hangul, CJK, Thai: one each, however often they occur
    hangul = next(w for w in warnings if "Hangul" in w)
    assert "fonts-noto-cjk" in hangul and "6 Hangul characters 안, 녕, 하, 세, 요, 계" in hangul
    assert "fonts-noto-cjk" in next(w for w in warnings if "CJK" in w)
    assert "fonts-noto-core" in next(w for w in warnings if "Thai" in w)
    assert not any(ch in " ".join(warnings) for ch in "öß" + ARABIC)


def test_no_warning_when_the_fonts_are_there(cli, tmp_path: Path, dejavu_only: dict[str, str]) -> None:
    doc = tmp_path / "d.md"
    doc.write_text(f"# Fonts\n\n{GERMAN} {ARABIC} Ελληνικά Русский\n")
    result = cli("convert", doc, "-o", tmp_path / "d.pdf", "--json", env=dejavu_only)
    assert result.exit_code == 0, result
    assert not [w for w in json.loads(result.stdout)["warnings"] if "font" in w]
    shown = cli("convert", doc, "-o", tmp_path / "e.pdf", env=dejavu_only)  # the text of a run without --json
    assert shown.exit_code == 0 and "font" not in shown.stderr
