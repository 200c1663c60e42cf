"""Text in the standard Helvetica font (one of the 14 fonts every PDF reader has, so nothing is embedded):
encoding (WinAnsi, i.e. Windows-1252), widths for placing it, and PDF string literals.

The widths are Helvetica's Adobe font metrics (units of 1/1000 of the font size), by WinAnsi code.
"""

from __future__ import annotations

from pdftools.errors import InvalidArgument

# codes 32-126
_ASCII = (
    "278 278 355 556 556 889 667 191 333 333 389 584 278 333 278 278 556 556 556 556 556 556 556 556 556 556 "
    "278 278 584 584 584 556 1015 667 667 722 722 667 611 778 722 278 500 667 556 833 722 778 667 778 722 667 "
    "611 722 667 944 667 667 611 278 278 278 469 556 333 556 556 500 556 556 278 556 556 222 222 500 222 833 "
    "556 556 556 556 333 500 278 556 500 722 500 500 500 334 260 334 584"
)
# codes 128-255 (0 where Windows-1252 has no character)
_HIGH = (
    "556 0 222 556 333 1000 556 556 333 1000 667 333 1000 0 611 0 0 222 222 333 333 350 556 1000 333 1000 "
    "500 333 944 0 500 667 278 333 556 556 556 556 260 556 333 737 370 556 584 333 737 333 400 584 333 333 "
    "333 556 537 278 333 333 365 556 834 834 834 611 667 667 667 667 667 667 1000 722 667 667 667 667 278 "
    "278 278 278 722 722 778 778 778 778 778 584 778 722 722 722 722 667 667 611 556 556 556 556 556 556 889 "
    "500 556 556 556 556 278 278 278 278 556 556 556 556 556 556 556 584 611 556 556 556 556 500 556 500"
)
WIDTHS = {code: int(w) for code, w in [*enumerate(_ASCII.split(), 32), *enumerate(_HIGH.split(), 128)]}
CAP_HEIGHT = 0.718  # of the font size


def encode(text: str) -> bytes:
    """The text in WinAnsi; characters Helvetica cannot show are an error naming them."""
    try:
        data = text.encode("cp1252")
    except UnicodeEncodeError:
        bad = "".join(dict.fromkeys(c for c in text if not _encodable(c)))[:20]
        raise InvalidArgument(f"the standard font cannot show {bad!r}",
                              hint="Helvetica has Western European characters; give a font that has them: "
                                   "--font FILE.ttf, or an installed family.") from None
    check_controls([text])
    return data


def shows(text: str) -> bool:
    """Whether Helvetica (WinAnsi) has every character of the text."""
    return all(_encodable(c) for c in text)


def check_controls(texts: list[str]) -> None:
    """Control characters (a newline, a tab) are refused: one line of text is stamped."""
    found = next((c for t in texts for c in t if ord(c) < 32 or 0x7F <= ord(c) < 0xA0 and not _encodable(c)), None)
    if found is not None:
        what = {"\n": "a line break", "\r": "a carriage return", "\t": "a tab"}.get(found, "a control character")
        raise InvalidArgument(f"the stamp text contains {what} (U+{ord(found):04X}): one line of text is stamped",
                              hint="Stamp each line on its own: run stamp again on the output for the next line, "
                                   "with another {{position}} or {{margin}}.")


def _encodable(char: str) -> bool:
    try:
        char.encode("cp1252")
    except UnicodeEncodeError:
        return False
    return True


def width(data: bytes, size: float) -> float:
    """Width of WinAnsi-encoded text at `size` points."""
    return sum(WIDTHS.get(b, 556) for b in data) * size / 1000


def literal(data: bytes) -> bytes:
    """A PDF string literal: (text) with backslashes and parentheses escaped."""
    return b"(" + data.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"
