"""PDF's general filters decoded in pieces of at most CHUNK bytes, each stage counted against a budget: Flate
(zlib) and LZW and RunLength by hand, ASCII85, ASCIIHex and Crypt by qpdf. What comes out is measured, never kept
(core/streams.py measures with them).
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from typing import Any

CHUNK = 1 << 20


class Exceeded(Exception):
    """A stage produced more than the budget."""


def stage(name: str, chunks: Iterator[bytes], early: int) -> Iterator[bytes]:
    if name == "/FlateDecode":
        return _inflate(chunks)
    if name == "/LZWDecode":
        return _lzw(chunks, early)
    if name == "/RunLengthDecode":
        return _run_length(chunks)
    if name in ("/ASCII85Decode", "/ASCIIHexDecode", "/Crypt"):
        return _by_qpdf(name, chunks)
    raise Exceeded(name)  # an image codec in a chain this large: assume the worst


def capped(chunks: Iterator[bytes], budget: float) -> Iterator[bytes]:
    total = 0
    for chunk in chunks:
        total += len(chunk)
        if total > budget:
            raise Exceeded
        yield chunk


def _inflate(chunks: Iterator[bytes]) -> Iterator[bytes]:
    """zlib in pieces of at most CHUNK bytes; corrupt data ends the stream, as it ends an interpreter's."""
    inflater = zlib.decompressobj()
    for chunk in chunks:
        data = chunk
        while data and not inflater.eof:
            try:
                yield inflater.decompress(data, CHUNK)
            except zlib.error:
                return
            data = inflater.unconsumed_tail
        if inflater.eof:
            return


def _lzw(chunks: Iterator[bytes], early: int) -> Iterator[bytes]:
    """PDF's LZW (MSB first, 9 to 12 bit codes, 256 clears, 257 ends)."""
    base = [bytes([i]) for i in range(256)] + [b"", b""]
    table, width, acc, bits, prev = list(base), 9, 0, 0, b""
    for chunk in chunks:
        out = bytearray()
        for byte in chunk:
            acc, bits = (acc << 8) | byte, bits + 8
            if bits < width:
                continue
            bits -= width
            code, acc = acc >> bits, acc & ((1 << bits) - 1)
            if code == 256:
                table, width, prev = list(base), 9, b""
                continue
            entry = table[code] if code < len(table) else prev + prev[:1] if code == len(table) and prev else None
            if code == 257 or entry is None:
                yield bytes(out)
                return
            if prev and len(table) < 4096:
                table.append(prev + entry[:1])
            out += entry
            prev = entry
            if len(table) + early >= 1 << width and width < 12:
                width += 1
        yield bytes(out)


def _run_length(chunks: Iterator[bytes]) -> Iterator[bytes]:
    pending = b""
    for chunk in chunks:
        data, i, out = pending + chunk, 0, bytearray()
        while i < len(data) and data[i] != 128:
            length = data[i] + 2 if data[i] < 128 else 2
            if i + length > len(data):
                break
            out += data[i + 1:i + length] if data[i] < 128 else data[i + 1:i + 2] * (257 - data[i])
            i += length
        yield bytes(out)
        if i < len(data) and data[i] == 128:
            return
        pending = data[i:]


def _by_qpdf(name: str, chunks: Iterator[bytes]) -> Iterator[bytes]:
    """Filters that expand at most 4:1, decoded whole by qpdf (a scratch document holds the stream)."""
    import pikepdf

    scratch: Any = pikepdf.new()
    stream = pikepdf.Stream(scratch, b"".join(chunks))
    stream.Filter = pikepdf.Name(name)
    try:
        yield bytes(stream.read_bytes())
    except pikepdf.PdfError:
        return
