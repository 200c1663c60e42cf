"""JSON with comments and trailing commas read as Zed reads its settings.json, for the tests of what
`mcp-config zed --install` writes: independent of pdftools' own reading (no regex shared with it)."""

from __future__ import annotations

import json
from typing import Any


def read_jsonc(text: str) -> Any:
    """JSON with comments and trailing commas as Zed reads it, read here character by character (no regex shared
    with pdftools): comments dropped outside strings, a comma before `]` or `}` dropped."""
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            j = i + 1
            while text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif text.startswith("//", i):
            i = text.find("\n", i) if "\n" in text[i:] else n
        elif text.startswith("/*", i):
            i = text.index("*/", i + 2) + 2
            out.append(" ")
        else:
            out.append(c)
            i += 1
    plain = "".join(out)
    kept: list[str] = []
    for k, c in enumerate(plain):
        if c == "," and plain[k + 1:].lstrip()[:1] in ("]", "}"):
            continue
        kept.append(c)
    return json.loads("".join(kept))
