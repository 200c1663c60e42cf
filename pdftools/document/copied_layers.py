"""The source's layers (optional content) that copied pages use, added to the output's (see `copying`).

The source's layers (`/OCProperties`: its groups, and in its default configuration and its alternate ones, a
viewer's presets, the order they are listed in, which are on and off, locked, radio groups and automatic states)
are added to the output's, so a layer hidden by default stays hidden and a preset still works: pages copied bring
the groups their content names, but a viewer ignores groups the catalog does not list and shows every layer. The
groups the copied pages reach come along (drawn, through a membership dictionary, by an annotation or an
action), each once however many of its pages are copied; a group none of them uses is left out (as pikepdf's
add_pages_from does; qpdf's --split-pages keeps every one). Presets are joined by name across inputs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pikepdf

Key = tuple[int, int]


def _carry_layers(src: pikepdf.Pdf, out: pikepdf.Pdf, pages: list[Any]) -> None:
    """Add the source's layers that the copied `pages` use to the output's /OCProperties: the groups (each once),
    and in the default configuration and in each alternate one (/Configs, a viewer's presets: joined by name with
    the output's, else added) the order they are shown in, which are off (on, when the configuration starts
    off), locked, radio groups and automatic states. An output configuration the source has none of the name of
    takes the source's default."""
    import pikepdf

    props = src.Root.get("/OCProperties")
    if not isinstance(props, pikepdf.Dictionary):
        return
    listed = props.get("/OCGs")
    groups = [g for g in listed if _is_group(g)] if isinstance(listed, pikepdf.Array) else []
    if not groups:
        return
    used = _used_groups(pages)
    mine = out.Root.get("/OCProperties")
    have = mine.get("/OCGs") if isinstance(mine, pikepdf.Dictionary) else None
    earlier = [g for g in have if _is_group(g)] if isinstance(have, pikepdf.Array) else []
    already = {g.objgen for g in earlier}
    copies = {}
    for group in groups:
        if group.objgen in used:
            copy = out.copy_foreign(group)
            if copy.objgen not in already:
                already.add(copy.objgen)
                copies[group.objgen] = copy
    if not copies:
        return
    if not isinstance(mine, pikepdf.Dictionary):
        mine = out.Root.OCProperties = out.make_indirect(pikepdf.Dictionary())
    _extend(mine, "/OCGs", list(copies.values()))
    default = mine.get("/D")
    if not isinstance(default, pikepdf.Dictionary):
        default = mine.D = pikepdf.Dictionary()
    theirs = props.get("/D")
    theirs = theirs if isinstance(theirs, pikepdf.Dictionary) else pikepdf.Dictionary()
    listed = props.get("/Configs")
    pending = [c for c in listed if isinstance(c, pikepdf.Dictionary)] if isinstance(listed, pikepdf.Array) else []
    configs = mine.get("/Configs")
    for config in configs if isinstance(configs, pikepdf.Array) else ():
        match = next((c for c in pending if _config_name(c) == _config_name(config)), None)
        if match is not None:
            pending.remove(match)
        if isinstance(config, pikepdf.Dictionary):
            _join_config(out, config, theirs if match is None else match, copies)
    added = [_new_config(out, default, config, earlier) for config in pending]  # (the default as it was)
    for config, source in zip(added, pending, strict=True):
        _join_config(out, config, source, copies)
    _extend(mine, "/Configs", added)
    _join_config(out, default, theirs, copies)


# Not walked for groups: no group is reached through them, and /B (article beads) and /Parent lead to every page
# of a thread or tree (a split part walking them all: quadratic).
SKIPPED = frozenset(("/Parent", "/P", "/B", "/Font", "/Widths", "/W", "/Encoding", "/ColorSpace", "/Length",
                     "/Filter", "/DecodeParms", "/Metadata"))


def _used_groups(pages: list[Any]) -> set[Key]:
    """The optional content groups the pages reach (their content's /Properties, a membership dictionary's groups,
    an XObject's or annotation's /OC, an action's...): what qpdf copied with them, other pages not entered."""
    import pikepdf

    found: set[Key] = set()
    seen: set[Key] = set()
    todo: list[Any] = [v for page in pages for k, v in page.items() if k not in SKIPPED]
    while todo:
        item = todo.pop()
        if isinstance(item, pikepdf.Array):
            if item.is_indirect:
                if item.objgen in seen:
                    continue
                seen.add(item.objgen)
            todo += [v for v in item if isinstance(v, pikepdf.Dictionary | pikepdf.Array | pikepdf.Stream)]
            continue
        if not isinstance(item, pikepdf.Dictionary | pikepdf.Stream):
            continue
        if item.is_indirect:
            if item.objgen in seen:
                continue
            seen.add(item.objgen)
        kind = item.get("/Type")
        if kind == "/OCG":
            found.add(item.objgen)
        elif kind not in ("/Page", "/Pages"):
            todo += [item[k] for k in item.keys() if k not in SKIPPED]  # noqa: SIM118 (a stream has no items())
    return found


def _config_name(config: Any) -> str:
    import pikepdf

    return str(config.get("/Name", "")) if isinstance(config, pikepdf.Dictionary) else ""


def _new_config(out: pikepdf.Pdf, default: Any, theirs: Any, earlier: list[Any]) -> Any:
    """An output configuration for the source's `theirs`, which no earlier input has: its name and kind, its
    base state; the `earlier` groups as the output's `default` shows, orders and locks them."""
    import pikepdf

    config = pikepdf.Dictionary({key: _plain(out, theirs[key]) for key in ("/Name", "/Creator", "/Intent",
                                                                          "/ListMode") if key in theirs})
    base_off = theirs.get("/BaseState") == "/OFF"
    if base_off:
        config.BaseState = pikepdf.Name.OFF
    shown = _shown(default, [g.objgen for g in earlier])
    _extend(config, "/ON" if base_off else "/OFF", [g for g in earlier if shown[g.objgen] == base_off])
    for key in ("/Order", "/Locked", "/RBGroups", "/AS"):
        if isinstance(default.get(key), pikepdf.Array):
            config[key] = _fresh(default[key], 0)
    return config


def _shown(config: Any, keys: list[Key]) -> dict[Key, bool]:
    """Whether each group (by its key) is on in the configuration."""
    import pikepdf

    def members(key: str) -> set[Key]:
        value = config.get(key)
        return {g.objgen for g in value if _is_group(g)} if isinstance(value, pikepdf.Array) else set()

    on, off, base_off = members("/ON"), members("/OFF"), config.get("/BaseState") == "/OFF"
    return {key: key not in off and (key in on or not base_off) for key in keys}


def _fresh(value: Any, depth: int) -> Any:
    """A copy of a configuration's array (its arrays and dictionaries its own; groups the same objects)."""
    import pikepdf

    if depth > 32 or (isinstance(value, pikepdf.Object) and value.is_indirect):
        return value
    if isinstance(value, pikepdf.Array):
        return pikepdf.Array([_fresh(v, depth + 1) for v in value])
    if isinstance(value, pikepdf.Dictionary):
        return pikepdf.Dictionary({k: _fresh(v, depth + 1) for k, v in value.items()})
    return value


def _join_config(out: pikepdf.Pdf, config: Any, theirs: Any, copies: dict[Key, Any]) -> None:
    """Add the groups copied now to an output configuration, as the source's configuration `theirs` has them."""
    import pikepdf

    mine_off = config.get("/BaseState") == "/OFF"
    shown = _shown(theirs, list(copies))
    _extend(config, "/ON" if mine_off else "/OFF", [copies[key] for key, visible in shown.items()
                                                   if visible == mine_off])
    for key in ("/Order", "/Locked", "/RBGroups"):
        value = theirs.get(key)
        if isinstance(value, pikepdf.Array):
            _extend(config, key, _kept(value, copies, nested=key != "/Locked", depth=0))
    automatic = theirs.get("/AS")
    if isinstance(automatic, pikepdf.Array):  # (a usage whose groups are all left out goes with them)
        usages = [(usage, _kept(usage.OCGs, copies, nested=False, depth=0)) for usage in automatic
                  if isinstance(usage, pikepdf.Dictionary) and isinstance(usage.get("/OCGs"), pikepdf.Array)]
        _extend(config, "/AS", [pikepdf.Dictionary({k: pikepdf.Array(kept) if k == "/OCGs" else _plain(out, v)
                                                    for k, v in usage.items()}) for usage, kept in usages if kept])


def _is_group(value: Any) -> bool:
    import pikepdf

    return isinstance(value, pikepdf.Dictionary) and value.is_indirect and value.get("/Type") == "/OCG"


def _kept(items: Any, copies: dict[Key, Any], *, nested: bool, depth: int, seen: set[Key] | None = None) -> list[Any]:
    """The items of an /Order (`nested`: arrays within, a label first), /Locked or /RBGroups array for the
    output: the groups copied now, as copied; labels; arrays that still hold a group. Each array is walked once
    (one holding itself, or the same one twice at each level, was walked 2^32 times)."""
    import pikepdf

    seen = set() if seen is None else seen
    if items.is_indirect:
        seen.add(items.objgen)
    kept: list[Any] = []
    for item in items:
        if isinstance(item, pikepdf.Array) and depth < 32:
            if item.is_indirect and item.objgen in seen:
                continue
            inner = _kept(item, copies, nested=True, depth=depth + 1, seen=seen)
            if any(not isinstance(x, pikepdf.String) for x in inner):
                kept.append(pikepdf.Array(inner))
        elif isinstance(item, pikepdf.String) and nested and depth:
            kept.append(pikepdf.String(bytes(item)))
        elif isinstance(item, pikepdf.Dictionary) and item.is_indirect and item.objgen in copies:
            kept.append(copies[item.objgen])
    return kept


def _plain(out: pikepdf.Pdf, value: Any) -> Any:
    """A value of the source's configuration (names, numbers, arrays of names) as the output may hold it."""
    import pikepdf

    if isinstance(value, pikepdf.Object) and value.is_indirect:
        return out.copy_foreign(value)
    if isinstance(value, pikepdf.Array):
        return pikepdf.Array([_plain(out, v) for v in value])
    return value


def _extend(config: Any, key: str, items: list[Any]) -> None:
    import pikepdf

    if not items:
        return
    existing = config.get(key)
    if isinstance(existing, pikepdf.Array):
        existing.extend(items)
    else:
        config[key] = pikepdf.Array(items)
