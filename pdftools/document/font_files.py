"""TrueType and OpenType fonts to embed: a file (`font.ttf`, `fonts.ttc#1` for a collection's second font) or a
family installed with fontconfig (`fc-match`), read with fontTools and checked: a font at all, with outlines
(TrueType, or PostScript/CFF ones `embedding` makes TrueType), embedding allowed by its licence bits (OS/2 fsType).

Without a font named, `covering` picks installed ones for text the standard Helvetica cannot show: the first
font in fontconfig's order for sans-serif (`fc-match -a`) that has every character, else each character from the
first that has it; characters no installed font has are an error naming them.
"""

from __future__ import annotations

import os
import unicodedata
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from pdftools import engines
from pdftools.core.paths import input_path, policy
from pdftools.core.policies import LocalPolicy, like_data
from pdftools.errors import BadFont, DependencyMissing, FileNotFound, InvalidArgument, PdftoolsError

if TYPE_CHECKING:
    from fontTools.ttLib import TTFont

SUFFIXES = (".ttf", ".otf", ".ttc", ".otc", ".woff", ".woff2")
FONT_HINT = ("Give a TrueType or OpenType file (.ttf, .otf, .ttc#INDEX) or an installed family (`fc-list : family` "
             "lists them), e.g. --font 'DejaVu Sans'.")
SHOWN = 12  # characters quoted in an error


@dataclass
class Face:
    """One font: where it comes from, as named to people, and its fontTools object."""

    name: str
    font: TTFont
    cmap: dict[int, str] = field(default_factory=dict)  # code point -> glyph name
    _features: dict[str, dict[str, str]] | None = None

    @property
    def family(self) -> str:
        return str(self.font["name"].getDebugName(1) or Path(self.name).stem)

    def has(self, char: str) -> bool:
        return ord(char) in self.cmap

    def substituted(self, char: str, feature: str) -> str | None:
        """The glyph the font draws `char` with under an OpenType feature (Arabic's `init`, `medi`, `fina`,
        `isol`: single substitutions), None if it has none."""
        if self._features is None:
            try:
                self._features = _single_substitutions(self.font)
            except Exception as exc:  # (its GSUB table read only now: damaged, it is said so)
                raise BadFont(f"{self.name} is damaged: {type(exc).__name__}: {exc}"[:300],
                              hint="Give another copy of the font, or another font.") from None
        glyph = self.cmap.get(ord(char))
        return self._features.get(feature, {}).get(glyph) if glyph else None


def drawn(char: str) -> bool:
    """A character some glyph must draw: not a control or format mark (a bidi mark, a joiner)."""
    return unicodedata.category(char) not in ("Cc", "Cf")


def named(spec: str) -> Face:
    """The font `--font` names: a file (its path, `path#index` in a collection) or an installed family. A name
    that is not plainly a path (`DejaVu Sans`, `font`) is a file when one has that name (the path's own errors,
    outside an MCP server's roots, come first), else a family."""
    raw, _, index = spec.rpartition("#") if _indexed(spec) else (spec, "", "")
    if not _is_file(raw) and not policy().input(raw).is_file():
        found = _match(spec)
        if found is None:
            raise BadFont(f"no installed font family is named {spec!r}", hint=FONT_HINT)
        return _load(Path(found[0]), found[1], spec)
    try:
        path = input_path(raw, pdf=False)
    except FileNotFound as exc:
        raise _installed_as(raw) or exc from None
    return _load(path, int(index) if index else None, raw)


def _installed_as(name: str) -> FileNotFound | None:
    """A font file's bare name (`DejaVuSans.ttf`, as fc-list shows it) not here: where it is installed, and the
    family that names it (None when it is a path, or no installed font has that file name)."""
    if "/" in name or "\\" in name or not name.lower().endswith(SUFFIXES):
        return None
    try:
        _fontconfig("fc-list")
        out = engines.run(["fc-list", "-f", "%{file}\t%{family[0]}\n"], timeout=60).decode(errors="replace")
    except PdftoolsError:
        return None
    found = sorted(line.split("\t", 1) for line in out.splitlines() if line.split("\t", 1)[0].endswith("/" + name))
    if not found or len(found[0]) < 2:
        return None
    path, family = found[0]
    if not isinstance(policy(), LocalPolicy):  # an MCP server's roots: the family serves, the path would not
        return FileNotFound(f"no such file: {name}", hint=f"{name} is an installed font's file: give its family, "
                                                          f"'{family}'.")
    return FileNotFound(f"no such file: {name} (in this folder)",
                        hint=f"{name} is an installed font's file, {path}: give that path, or the font's family, "
                             f"--font '{family}'.")


def covering(text: str, loaded: dict[tuple[str, int], Face | None]) -> dict[str, Face | None]:
    """Each character of `text` -> the installed font that draws it (None: a format mark, drawn by none). Fonts
    are read once into `loaded` (the same for every page: one font each in the PDF); one that cannot be embedded
    (its licence, its outlines) is passed over."""
    wanted = [ch for ch in dict.fromkeys(text) if drawn(ch)]
    _fontconfig("fc-match")
    fonts = _installed(os.environ.get("FONTCONFIG_FILE", ""), os.environ.get("FONTCONFIG_PATH", ""))

    def usable(listed: _Listed) -> Face | None:
        key = (listed.file, listed.index)
        if key not in loaded:
            try:
                loaded[key] = _load(Path(listed.file), listed.index, listed.file)
            except BadFont:
                loaded[key] = None
        return loaded[key]

    every = next((f for f in fonts if all(f.covers(ord(ch)) for ch in wanted) and usable(f)), None)
    chosen = {ch: every or next((f for f in fonts if f.covers(ord(ch)) and usable(f)), None) for ch in wanted}
    lacking = [ch for ch in wanted if chosen[ch] is None]
    if lacking:
        shown = ", ".join(f"{ch} (U+{ord(ch):04X})" for ch in lacking[:SHOWN]) + ", ..." * (len(lacking) > SHOWN)
        raise InvalidArgument(f"no installed font can show {len(lacking)} character{'s' * (len(lacking) > 1)} of "
                              f"the text: {shown}", hint="Give a font that has them: --font FILE.ttf (or a family "
                                                         "`fc-list` names); a Debian package with fonts for most "
                                                         "scripts: fonts-noto-core (CJK: fonts-noto-cjk).")
    return {ch: usable(listed) if (listed := chosen.get(ch)) else None for ch in text}  # (a format mark: None)


def _single_substitutions(font: TTFont) -> dict[str, dict[str, str]]:
    """The joining features' single substitutions (glyph -> glyph), in any script, by feature."""
    found: dict[str, dict[str, str]] = {}
    if "GSUB" not in font or not font["GSUB"].table.FeatureList:
        return found
    table = font["GSUB"].table
    for record in table.FeatureList.FeatureRecord:
        if record.FeatureTag not in ("init", "medi", "fina", "isol"):
            continue
        for index in record.Feature.LookupListIndex:
            lookup = table.LookupList.Lookup[index]
            for sub in lookup.SubTable:
                sub = sub.ExtSubTable if lookup.LookupType == 7 else sub
                if getattr(sub, "LookupType", lookup.LookupType) == 1:
                    for old, new in sub.mapping.items():
                        found.setdefault(record.FeatureTag, {}).setdefault(old, new)
    return found


def _is_file(raw: str) -> bool:
    """Plainly a path (or an MCP file: a URI, base64) rather than a family name."""
    return (like_data(raw) or "/" in raw or "\\" in raw or raw.startswith(("pdftools:", "http:", "https:"))
            or raw.lower().endswith(SUFFIXES))


def _indexed(spec: str) -> bool:
    head, sep, tail = spec.rpartition("#")
    return bool(sep and head and tail.isdigit())


def _match(family: str) -> tuple[str, int] | None:
    """The file and index of the installed family (a fontconfig pattern: `DejaVu Sans:bold`), or of the font of
    that full or PostScript name (`DejaVu Sans Bold`, `DejaVuSans-Bold`); None when none has that name (fc-match
    answers its best guess for any name: it must be the one asked for)."""
    path, index, names = _fc(["fc-match", "-f", "%{file}\t%{index}\t%{family}\t%{fullname}\n", family])[0]
    wanted = family.split(":")[0].strip().casefold()
    if path and wanted in names:
        return path, index
    listed = _fc(["fc-list", "-f", "%{file}\t%{index}\t%{fullname}\t%{postscriptname}\n"])
    for path, index, names in sorted(listed, key=lambda font: font[:2]):  # (the same answer whatever fc-list's order)
        if wanted in names and ":" not in family:
            return path, index
    return None


def _fontconfig(program: str) -> None:
    """fontconfig's program is there, else DEPENDENCY_MISSING saying what it is for and what does without it."""
    try:
        engines.which(program)
    except DependencyMissing:
        raise DependencyMissing(f"fontconfig's {program} is not installed: pdftools finds installed fonts with it, "
                                "for text Helvetica cannot show and for a font named by its family",
                                hint="Install it (Debian/Ubuntu: apt-get install fontconfig), or give the font's "
                                     "file: --font FILE.ttf.") from None


def _fc(args: list[str]) -> list[tuple[str, int, set[str]]]:
    """fontconfig's answer, a font a line: its file, index and names (case-folded)."""
    _fontconfig(args[0])
    try:
        out = engines.run(args, timeout=60).decode(errors="replace")
    except PdftoolsError as exc:
        raise BadFont(f"cannot look up the font {args[-1]!r}: {exc.message}",
                      hint="Install fontconfig (apt-get install fontconfig), or give the font's file.") from None
    fonts = []
    for line in out.splitlines() or [""]:
        path, index, *names = (line.split("\t") + ["", ""])[:4]
        fonts.append((path, int(index or 0) if index.isdigit() else 0,
                      {n.strip().casefold() for n in ",".join(names).split(",") if n.strip()}))
    return fonts


def _load(path: Path, index: int | None, shown: str) -> Face:
    from fontTools.ttLib import TTCollection, TTFont

    try:
        with path.open("rb") as handle:
            collection = handle.read(4) == b"ttcf"
        if collection:
            count = len(TTCollection(str(path), lazy=True).fonts)
            if (index or 0) >= count:
                raise BadFont(f"{shown} holds {count} fonts: there is no font {index} in it",
                              hint=f"Give {shown}#0 to {shown}#{count - 1} (0 is the first).")
            font = TTFont(str(path), fontNumber=index or 0, lazy=True)
        elif index:
            raise BadFont(f"{shown} is one font, not a collection: it has no font {index}",
                          hint=f"Give {shown} without #{index}.")
        else:
            font = TTFont(str(path), lazy=True)
        cmap = font.getBestCmap() or {}
        _check(font, shown)
    except PdftoolsError:
        raise
    except Exception as exc:  # fontTools raises many kinds on a file that is no font, or a damaged one
        raise BadFont(f"{shown} is not a font pdftools can read ({type(exc).__name__}: {exc})"[:300],
                      hint=FONT_HINT) from None
    return Face(shown, font, dict(cmap))


def _check(font: TTFont, shown: str) -> None:
    missing = [t for t in ("head", "hhea", "hmtx", "maxp", "cmap") if t not in font]
    if missing:
        raise BadFont(f"{shown} is not a font pdftools can read: it has no {', '.join(missing)} table",
                      hint=FONT_HINT)
    if not any(t in font for t in ("glyf", "CFF ", "CFF2")):
        raise BadFont(f"{shown} has no outlines pdftools can draw (TrueType or PostScript/CFF): a bitmap or colour "
                      "font?", hint="Give a font with outlines, e.g. --font 'DejaVu Sans'.")
    fs_type = font["OS/2"].fsType if "OS/2" in font else 0
    if fs_type & 0x000E == 0x0002 or fs_type & 0x0200:  # restricted licence; bitmaps only
        what = "forbids embedding" if fs_type & 0x0002 else "allows embedding only as bitmaps"
        raise BadFont(f"{shown}'s licence {what} (OS/2 fsType {fs_type:#06x}): it cannot go into a PDF",
                      hint="Choose another font; DejaVu and Noto fonts may be embedded.")


@dataclass(frozen=True)
class _Listed:
    file: str
    index: int
    ranges: tuple[tuple[int, int], ...]

    def covers(self, point: int) -> bool:
        return any(low <= point <= high for low, high in self.ranges)


@cache
def _installed(_file: str, _path: str) -> list[_Listed]:
    """The TrueType fonts fontconfig knows, in its order of preference for sans-serif; per configuration."""
    try:
        out = engines.run(["fc-match", "-a", "-f", "%{file}\t%{index}\t%{fontformat}\t%{charset}\n", "sans-serif"],
                          timeout=60).decode(errors="replace")
    except PdftoolsError:
        return []
    fonts = []
    for line in out.splitlines():
        path, index, kind, charset = (line.split("\t") + ["", "", "", ""])[:4]
        if kind not in ("TrueType", "CFF") or not path.lower().endswith(SUFFIXES):
            continue
        ranges = tuple((int(low, 16), int(high or low, 16)) for item in charset.split()
                       for low, _, high in [item.partition("-")])
        fonts.append(_Listed(path, int(index or 0), ranges))
    return fonts
