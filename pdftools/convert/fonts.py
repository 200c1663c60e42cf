"""Characters no installed font has, for PDF output: they come out as empty boxes, and neither weasyprint nor
typst says so. The document's characters are checked against what fontconfig's fonts cover (`fc-list`, once per
process and configuration), and each script missing gets one warning naming its characters and the Debian
package with a font for them (Korean without fonts-noto-cjk). Without fc-list nothing is checked.
"""

from __future__ import annotations

import bisect
import os
import unicodedata
from functools import cache

from pdftools import engines
from pdftools.errors import PdftoolsError

CJK = "fonts-noto-cjk"
PACKAGES = {"HANGUL": CJK, "CJK": CJK, "HIRAGANA": CJK, "KATAKANA": CJK, "BOPOMOFO": CJK, "IDEOGRAPHIC": CJK,
            "HALFWIDTH": CJK, "FULLWIDTH": CJK, "KANGXI": CJK, "YI": CJK}
EMOJI = ((0x1F000, 0x1FAFF), (0x2600, 0x27BF))
SHOWN = 8  # characters quoted in a warning


def missing(text: str) -> list[str]:
    """One warning per script whose characters in `text` no installed font has."""
    wanted = [ch for ch in dict.fromkeys(text) if ord(ch) > 0x7E and _drawn(ch)]  # in the document's order
    covered = _coverage(os.environ.get("FONTCONFIG_FILE", ""), os.environ.get("FONTCONFIG_PATH", "")) \
        if wanted else None
    if not covered:
        return []
    starts = [start for start, _ in covered]
    lacking: dict[str, list[str]] = {}
    for ch in wanted:
        at = bisect.bisect_right(starts, ord(ch)) - 1
        if at < 0 or ord(ch) > covered[at][1]:
            lacking.setdefault(_script(ch), []).append(ch)
    return [f"no installed font has the {len(chars)} {_name(script)} character{'s' * (len(chars) > 1)} "
            f"{', '.join(chars[:SHOWN])}{', ...' * (len(chars) > SHOWN)}: they show as empty boxes in the PDF; "
            f"install {_package(script)} (Debian/Ubuntu: apt-get install {_package(script)})"
            for script, chars in lacking.items()]


def _drawn(ch: str) -> bool:
    """A character a font must draw: not a space, a control or format mark (bidi marks), a variation selector."""
    return unicodedata.category(ch)[0] not in "CZ" and not unicodedata.name(ch, "").startswith("VARIATION")


def _script(ch: str) -> str:
    if any(low <= ord(ch) <= high for low, high in EMOJI):
        return "EMOJI"
    return unicodedata.name(ch, "UNKNOWN").split(" ")[0]


def _name(script: str) -> str:
    return script if script in ("CJK", "YI") else script.capitalize().replace("Emoji", "emoji")


def _package(script: str) -> str:
    return "fonts-noto-color-emoji" if script == "EMOJI" else PACKAGES.get(script, "fonts-noto-core")


@cache
def _coverage(_file: str, _path: str) -> list[tuple[int, int]] | None:
    """The code points some font covers, as sorted, merged ranges (None without fc-list); per configuration."""
    try:
        listed = engines.run(["fc-list", "--format", "%{charset}\\n"], timeout=60).decode(errors="replace")
    except PdftoolsError:
        return None
    ranges = sorted((int(low, 16), int(high or low, 16)) for item in listed.split()
                    for low, _, high in [item.partition("-")])
    merged: list[tuple[int, int]] = []
    for low, high in ranges:
        if merged and low <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(high, merged[-1][1]))
        else:
            merged.append((low, high))
    return merged
