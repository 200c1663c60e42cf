"""Document metadata read as plain strings: the Info dictionary and the XMP packet."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pdftools.core.objects import text

if TYPE_CHECKING:
    import pikepdf

__all__ = ["info", "text", "xmp"]


DATES = ("CreationDate", "ModDate")


def info(pdf: pikepdf.Pdf) -> dict[str, str]:
    """The Info dictionary, keys without their slash; dates in ISO 8601 (`2022-01-31T12:00:00+01:00`, not
    `D:20220131120000+01'00'`) when they can be read as dates."""
    if "/Info" not in pdf.trailer:
        return {}
    found = {text(k)[1:]: text(v) for k, v in pdf.docinfo.items()}
    return {k: iso_date(v) if k in DATES else v for k, v in found.items()}


def iso_date(value: str) -> str:
    """A PDF date (`D:YYYYMMDDHHmmSSOHH'mm'`) in ISO 8601; anything else as it is."""
    from pikepdf.models.metadata import decode_pdf_date

    try:
        return decode_pdf_date(value).isoformat()
    except (ValueError, TypeError, IndexError, OverflowError):
        return value


def xmp(pdf: pikepdf.Pdf, name: str = "the PDF") -> dict[str, Any]:
    """The XMP packet's properties under their usual prefixed names (`dc:title`), as JSON values: text, or a
    list for a bag or sequence; absent when empty. Empty when there is no packet or it cannot be read;
    STREAM_TOO_LARGE when it would inflate beyond PDFTOOLS_MAX_STREAM_BYTES."""
    from pdftools.core import streams

    if "/Metadata" not in pdf.Root:
        return {}
    streams.check_metadata(pdf, name)  # a bomb is an error, not an empty result
    try:
        with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as meta:
            found = {_prefixed(str(k)): _value(v) for k, v in meta.items()}
    except Exception:  # unreadable XMP is reported as empty, not as a failure
        return {}
    return {k: v for k, v in found.items() if v not in (None, "", [])}


def _prefixed(key: str) -> str:
    """`{http://purl.org/dc/elements/1.1/}title` as `dc:title`; a namespace without a usual prefix stays."""
    from pikepdf.models.metadata import DEFAULT_NAMESPACES

    uri, sep, local = key[1:].partition("}")
    if not key.startswith("{") or not sep:
        return key
    prefix = dict(DEFAULT_NAMESPACES).get(uri)
    return f"{prefix}:{local}" if prefix else key


def _value(value: Any) -> str | list[str] | None:
    if value is None:
        return None
    if isinstance(value, list | set | tuple):
        items = sorted(value) if isinstance(value, set) else value
        return [text(v) for v in items if v is not None]
    return text(value)


def select(result: Any, names: tuple[str, ...], key: str | None, offset: int) -> None:
    """Leave in a result's Info and XMP fields (`names`) only `key`, its value from `offset` (characters; a list's
    items), or, without a key, the keys from the `offset`-th on (Info's, then XMP's): where a cut one goes on
    (`cap_fields`)."""
    from pdftools.errors import InvalidArgument

    fields = {name: getattr(result, name) for name in names}
    hint = "{{offset}} goes on where a cut stopped: give the result's {{cli:next_offset (--json)}}{{mcp:next_offset}}."
    if key is None:
        count = sum(map(len, fields.values()))
        if offset >= count > 0 or (offset and not count):
            raise InvalidArgument(f"{{{{offset}}}} {offset} is past the end of the metadata ({count} keys)", hint=hint)
        result._skipped = offset  # keys not shown (not a field: `cap_fields` reads it)
        for name, values in fields.items():
            setattr(result, name, dict(list(values.items())[offset:]))
            offset = max(0, offset - len(values))
        return
    found = _find(key, fields)
    if found is None:
        raise InvalidArgument(f"no metadata key {key!r}", hint=_keys_hint(key, fields))
    name, key = found
    value = fields[name][key]
    if offset and offset >= len(value):
        unit = "items" if isinstance(value, list) else "characters"
        raise InvalidArgument(f"{{{{offset}}}} {offset} is past the end of {key} ({len(value)} {unit})", hint=hint)
    for other in names:
        setattr(result, other, {key: value[offset:]} if other == name else {})
    result._from = (key, offset)  # where the value shown starts (not a field: `cap_fields` reads it)


def _find(key: str, fields: dict[str, dict[str, Any]]) -> tuple[str, str] | None:
    """Which field holds `key`, and the key as written there: exactly, else the one key that differs in case."""
    for exact in (True, False):
        found = [(name, k) for name, values in fields.items() for k in values
                 if (k == key if exact else k.casefold() == key.casefold())]
        if len(found) == 1 or (exact and found):
            return found[0]
    return None


def _keys_hint(key: str, fields: dict[str, dict[str, Any]]) -> str:
    import difflib

    keys = [k for values in fields.values() for k in values]
    close = difflib.get_close_matches(key, keys, n=3)
    if close:
        return f"Did you mean {', '.join(close)}? Leave out {{{{key}}}} to see every key."
    return "Leave out {{key}} to see every key." if keys else "The PDF has no metadata."


def capped(values: dict[str, Any], each: int, budget: int) -> tuple[dict[str, Any], list[str], int, int]:
    """`values` (Info or XMP: strings, or lists of them) with each value cut to `each` characters (a list to the
    items that fit), ending in `…` (a cut list: a last item `…`), and the keys after the first `budget` characters
    left out: what an overview shows of a 400 kB Info dictionary. Also the keys whose values were cut, how many
    keys were left out and the characters used."""
    out: dict[str, Any] = {}
    cut: list[str] = []
    used = 0
    for index, (key, value) in enumerate(values.items()):
        if used >= budget:
            return out, cut, len(values) - index, used
        kept, size = _first(value, each)
        if kept != value:
            cut.append(key)
            kept = [*kept, "…"] if isinstance(kept, list) else kept + "…"
        used += size
        out[key] = kept
    return out, cut, 0, used


def _first(value: Any, most: int) -> tuple[Any, int]:
    """A value's first `most` characters (a list: the items that fit, at least one, cut itself if need be), and
    its size."""
    if not isinstance(value, list):
        text = str(value)
        return text[:most], min(len(text), most)
    kept: list[Any] = []
    size = 0
    for item in value:
        if size + len(str(item)) + 2 > most:
            if not kept and len(str(item)) > most:
                return [str(item)[:most] + "…"], most
            break
        size += len(str(item)) + 2
        kept.append(item)
    return kept, size


def cap_fields(result: Any, names: tuple[str, ...], each: int, total: int, call: str) -> None:
    """A result's Info and XMP fields (`names`) cut to fit an agent's context: each value to `each` characters
    and the keys past `total` characters of them all left out (`capped`); or, when the result holds one key's
    value (`select`), that value to `total` characters. A warning says what was cut and names the call that gets
    the rest (`call`: a front end's words, `{}` for the arguments), and a result with `next_offset` gets its
    value."""
    import json

    start = getattr(result, "_from", None)
    if start is not None:
        _cap_one(result, names, total, start, call)
        return
    shown = left_out = 0
    budget = total
    for name in names:
        values = getattr(result, name)
        kept, cut, left, used = capped(values, each, budget)
        budget -= used
        setattr(result, name, kept)
        shown += len(kept)
        left_out += left
        if cut:
            example = json.dumps({"action": "show", "key": cut[0]}, ensure_ascii=False)
            result.warnings.append(f"{name}: {len(cut)} value(s) cut to their first {each:,} characters, ending in "
                                   f"\"…\" (a list: its first items, then \"…\"); each whole: "
                                   + call.format(example))
    if left_out:
        skipped = getattr(result, "_skipped", 0)
        goes_on = skipped + shown
        if hasattr(result, "next_offset"):
            result.next_offset = goes_on
        args = json.dumps({"action": "show", "offset": goes_on})
        result.warnings.append(f"{', '.join(names)}: {left_out} key(s) left out; the next: " + call.format(args))


def _cap_one(result: Any, names: tuple[str, ...], total: int, start: tuple[str, int], call: str) -> None:
    """The one value a result holds (from `offset`), cut to `total` characters (a list: its items that fit),
    with `next_offset` and the call that goes on."""
    import json

    key, offset = start
    name = next(name for name in names if key in getattr(result, name))
    value = getattr(result, name)[key]
    kept, _ = _first(value, total)
    if kept == value:
        return
    getattr(result, name)[key] = kept
    unit = "items" if isinstance(value, list) else "characters"
    if isinstance(value, list) and kept[0] != value[0]:  # one item longer than all the budget: no way on inside it
        result.warnings.append(f"{key}: item {offset + 1} holds {len(str(value[0])):,} characters; only its first "
                               f"{total:,} are shown")
    goes_on = offset + len(kept)
    result.next_offset = goes_on
    args = json.dumps({"action": "show", "key": key, "offset": goes_on}, ensure_ascii=False)
    result.warnings.append(f"{key}: {unit} {offset:,} to {goes_on:,} of {offset + len(value):,}; the rest: "
                           + call.format(args))
