"""Images for pandoc's sandbox: pandoc may open no file but its input, so pdftools finds the images a document
names and hands pandoc those it may: inside the document, as data: URIs in its AST (or, for typst, as files in
typst's private root).

An image is handed over only when it is found in the document's folders (the input's folder and
--resource-path), passes the path policy (the MCP roots; symlinks followed), and really is an image (by its
first bytes). Anything else stays outside: `![x](/etc/passwd)`, `../../secret.png`, URLs (nothing is
downloaded), files that only claim to be images.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from pdftools.core.paths import input_path
from pdftools.errors import PathOutsideRoot, PdftoolsError

SIGNATURES = ((b"\x89PNG\r\n\x1a\n", "image/png"), (b"\xff\xd8\xff", "image/jpeg"), (b"GIF87a", "image/gif"),
              (b"GIF89a", "image/gif"), (b"BM", "image/bmp"), (b"II*\x00", "image/tiff"), (b"MM\x00*", "image/tiff"))
SUFFIX = {"image/png": ".png", "image/jpeg": ".jpg", "image/gif": ".gif", "image/bmp": ".bmp",
          "image/tiff": ".tif", "image/webp": ".webp", "image/svg+xml": ".svg"}


def sniff(head: bytes) -> str | None:
    """The image type the first bytes of a file show, or None."""
    for magic, mime in SIGNATURES:
        if head.startswith(magic):
            return mime
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "image/webp"
    start = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if start.startswith((b"<svg", b"<?xml")) and b"<svg" in head:
        return "image/svg+xml"
    return None


@dataclass
class Image:
    path: Path
    mime: str


@dataclass
class Resolver:
    """Finds the images a document names, within `folders` and the path policy; remembers why others were not."""

    folders: list[Path]
    budget: int  # bytes of images, in all
    found: dict[str, Image | None] = field(default_factory=dict)
    reasons: dict[str, str] = field(default_factory=dict)
    used: list[str] = field(default_factory=list)
    left_out: list[str] = field(default_factory=list)
    names: dict[int, str] = field(default_factory=dict)  # a data: URI's digest -> the name the document gave it

    def __post_init__(self) -> None:
        self.folders = [Path(os.path.realpath(f)) for f in self.folders]

    def resolve(self, target: str) -> Image | None:
        if target not in self.found:
            self.found[target] = self._find(target)
        return self.found[target]

    def leave(self, target: str) -> None:
        if target not in self.left_out:
            self.left_out.append(target)

    def warnings(self) -> list[str]:
        return [f"image {t} not embedded: {self.reasons.get(t, 'pandoc could not read it')}" for t in self.left_out]

    def _find(self, target: str) -> Image | None:
        parts = urlsplit(target)
        if parts.scheme == "data":
            return None
        if len(parts.scheme) > 1 and parts.scheme != "file":  # one letter: a Windows drive, not a scheme
            self.reasons[target] = "a URL (pdftools downloads nothing)"
            return None
        raw = unquote(parts.path) if parts.scheme == "file" else target
        names = [raw] if raw == unquote(raw) else [raw, unquote(raw)]
        candidates = [Path(n) if os.path.isabs(n) else folder / n for n in names for folder in self.folders]
        self.reasons[target] = "not found in the input's folder or --resource-path"
        for candidate in candidates:
            image = self._check(candidate, target)
            if image is not None:
                return image
        return None

    def _check(self, candidate: Path, target: str) -> Image | None:
        try:
            path = Path(os.path.realpath(input_path(str(candidate), pdf=False)))
        except PathOutsideRoot:
            self.reasons[target] = "outside the allowed roots"
            return None
        except PdftoolsError:
            return None
        if not any(path.is_relative_to(folder) for folder in self.folders):
            self.reasons[target] = "outside the input's folder and --resource-path"
            return None
        if not path.is_file():  # a FIFO or a device would block or never end
            self.reasons[target] = "not a regular file"
            return None
        size = path.stat().st_size
        if size > self.budget:
            self.reasons[target] = "larger than what is left of the input size limit"
            return None
        with path.open("rb") as fh:
            mime = sniff(fh.read(512))
        if mime is None:
            self.reasons[target] = "not an image"
            return None
        self.budget -= size
        return Image(path, mime)


def embed(ast: bytes, resolver: Resolver, into: Path | None = None, described: bool = False) -> bytes:
    """The AST with every image the resolver finds made part of the document: a data: URI, or (`into`: typst's
    root) a file copied there. With `into` or `described`, images that cannot be had become their description
    (typst and pandoc's pptx writer stop at a missing file); with `into`, raw typst is dropped (it could read
    files or fetch packages)."""
    copies: dict[str, str] = {}

    def image(node: dict[str, Any]) -> dict[str, Any]:
        target = node["c"][2][0]
        if into is not None and Path(target).is_absolute() and Path(target).is_relative_to(into):
            node["c"][2][0] = os.path.relpath(target, into)  # media pandoc took out of a docx/odt/epub input
            return node
        found = resolver.resolve(target)
        if found is None:
            resolver.leave(target)
            return {"t": "Span", "c": [["", [], []], node["c"][1]]} if into is not None or described else node
        if target not in resolver.used:
            resolver.used.append(target)
        if into is None:
            node["c"][2][0] = f"data:{found.mime};base64,{base64.b64encode(found.path.read_bytes()).decode()}"
            resolver.names[digest(node["c"][2][0].encode())] = target
        else:
            if target not in copies:
                copies[target] = f"image-{len(copies) + 1}{SUFFIX[found.mime]}"
                shutil.copyfile(found.path, into / copies[target])
            node["c"][2][0] = copies[target]
        return node

    def visit(node: Any) -> Any:
        if isinstance(node, list):
            return [visit(item) for item in node if not (into is not None and _raw_typst(item))]
        if isinstance(node, dict):
            if node.get("t") == "Image":
                node = image(node)
            return {key: visit(value) for key, value in node.items()}
        return node

    return json.dumps(visit(json.loads(ast)), ensure_ascii=False).encode()


def digest(uri: bytes) -> int:
    """A key for a data: URI within this process (hashlib's import costs a CLI start 2.5 ms)."""
    return hash(uri)


def elements(node: Any) -> Iterator[dict[str, Any]]:
    """Every element (`{"t": ..., "c": ...}`) of a pandoc JSON AST's tree, in document order."""
    if isinstance(node, list):
        for item in node:
            yield from elements(item)
    elif isinstance(node, dict):
        if "t" in node:
            yield node
        for value in node.values():
            yield from elements(value)


def image_targets(ast: bytes) -> list[str]:
    """The target of every image in a pandoc JSON AST, in document order."""
    return [node["c"][2][0] for node in elements(json.loads(ast)) if node["t"] == "Image"]


def _raw_typst(node: Any) -> bool:
    return isinstance(node, dict) and node.get("t") in ("RawBlock", "RawInline") and node["c"][0] == "typst"
