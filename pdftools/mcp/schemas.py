"""Tool schemas as a client receives them: compact, portable, and true to the transport.

`tools/list` goes into an agent's context with every request, so the schemas pydantic generates are made
compact without changing what they accept: no generated `title`s (they repeat the property names), an
optional `X | None` as `"type": ["X", "null"]` rather than an `anyOf` of two schemas with `"default": null`,
no `"additionalProperties": true` (the default). Over HTTP a tool that writes files also returns `files`
(the stored files: URI, download link, hash, expiry), so its output schema says so.
"""

from __future__ import annotations

from typing import Any

FILES_PROPERTY: dict[str, Any] = {"type": "array"}  # what each file holds: said once, in the instructions


def compact(schema: Any, *, optional_null: bool = True) -> Any:
    """`schema` with the same meaning in fewer bytes (see the module docstring). Without `optional_null`
    (input schemas), an optional `X | None` is listed as `X`: leaving the argument out is how an agent says
    none (an explicit null is still accepted), and one type is what every client's schema dialect takes."""
    if isinstance(schema, list):
        return [compact(v, optional_null=optional_null) for v in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: compact(v, optional_null=optional_null) for k, v in schema.items()
           if not (k == "title" and isinstance(v, str)) and not (k == "additionalProperties" and v is True)}
    options = out.get("anyOf")
    if isinstance(options, list) and len(options) > 2 and {"type": "null"} in options and not optional_null:
        out["anyOf"] = options = [o for o in options if o != {"type": "null"}]  # optional: simply not required
    if isinstance(options, list) and len(options) == 2 and {"type": "null"} in options:
        other = next(o for o in options if o != {"type": "null"})
        if not optional_null:
            del out["anyOf"]
            out = {**other, **out}
        elif isinstance(other.get("type"), str) and "anyOf" not in other and "$ref" not in other:
            del out["anyOf"]
            out = {**other, **out, "type": [other["type"], "null"]}
    if out.get("default", 0) is None or out.get("default", 0) is False:
        del out["default"]  # absent means none (or false): said once, in the instructions
    return out


def shallow(schema: dict[str, Any] | None) -> dict[str, Any] | None:
    """An output schema that lists every field of the result with its JSON type and nothing inside: not the
    structure of the records, maps and lists it holds (pdf_info's outline and metadata, a page's text, the
    pages rotated...), which an agent reads in the result itself; and without `required`, since every field
    is always there. Half the output schemas' bytes, on every request, for that."""
    if schema is None:
        return None

    def cut(node: Any) -> Any:
        if isinstance(node, dict):
            if "$ref" in node or "additionalProperties" in node:  # a record, or a map (pdf_info's metadata)
                return {"type": "object"}
            inside: tuple[str, ...] = ("$defs", "items") if node.get("type") == "array" else ("$defs",)
            if "type" in node or "anyOf" in node:  # a field's schema: its default says nothing of a result,
                inside += ("default",)  # which always has the field
            return {k: cut(v) for k, v in node.items() if k not in inside}
        if isinstance(node, list):
            return [cut(v) for v in node]
        return node

    flat = cut(schema)
    flat.pop("description", None)  # the result class's docstring: written for its programmers
    flat.pop("required", None)  # every field is always there (a result is a dataclass, dumped whole)
    return flat  # type: ignore[no-any-return]


def with_files(schema: dict[str, Any] | None) -> dict[str, Any] | None:
    """An output schema as HTTP returns it: `files` added, optional (a call may write nothing)."""
    if schema is None:
        return schema
    key = "stored_files" if "files" in schema.get("properties", {}) else "files"  # (rename's rows are `files`)
    return {**schema, "properties": {**schema.get("properties", {}), key: FILES_PROPERTY}}
