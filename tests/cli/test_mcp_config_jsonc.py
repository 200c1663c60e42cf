"""`jsonc.put` on JSON-with-comments texts written every which way (a fixed seed: the same texts every run):
comments and line breaks between any two tokens, trailing commas, tabs or spaces, strings holding `//` and `/*`.
Each result reads (with this test's own reader) as the text did with the entry set, and nothing else changes."""

from __future__ import annotations

import json
import random
from typing import Any

from jsonc_reader import read_jsonc

from pdftools.cli.mcp_config import jsonc

BODY = {"command": "/opt/pdftools", "args": ["serve", "--root", "/srv/é"]}


def _value(rnd: random.Random, depth: int) -> Any:
    pick = rnd.random()
    if depth > 2 or pick < 0.3:
        return rnd.choice([1, -2.5e3, True, None, "s//x", "a/*b*/", 'q"\\', "é"])
    if pick < 0.5:
        return [_value(rnd, depth + 1) for _ in range(rnd.randint(0, 3))]
    keys = ["a", "context_servers", "pdftools", "k/*"]
    return {f"{rnd.choice(keys)}{i}": _value(rnd, depth + 1) for i in range(rnd.randint(0, 3))}


def _written(rnd: random.Random, value: Any, indent: str, level: int, commas: bool = False) -> str:
    """`value` as JSONC; `commas`: arrays too may end with a trailing comma (objects may always)."""
    def gap() -> str:
        return rnd.choice(["", " ", "\n" + indent * (level + 1), " /* c, } */ ", " // c, }\n" + indent * level])

    if isinstance(value, dict):
        items = [gap() + json.dumps(k) + gap() + ":" + gap() + _written(rnd, v, indent, level + 1, commas)
                 for k, v in value.items()]
        return "{" + ",".join(items) + ("," if items and rnd.random() < 0.3 else "") + gap() + "}"
    if isinstance(value, list):
        items = [gap() + _written(rnd, v, indent, level + 1, commas) for v in value]
        return "[" + ",".join(items) + ("," if commas and items and rnd.random() < 0.3 else "") + gap() + "]"
    return json.dumps(value, ensure_ascii=False)


def test_the_entry_is_put_and_nothing_else_changes() -> None:
    rnd = random.Random(40)
    for _ in range(400):
        root = _value(rnd, 0)
        root = root if isinstance(root, dict) else {"x": root}
        if rnd.random() < 0.6:
            root["context_servers"] = rnd.choice([{}, {"o": 1}, {"pdftools": [1], "z": {}}])
        text = (rnd.choice(["", "// head\n"]) + _written(rnd, root, rnd.choice(["  ", "\t", "    "]), 0)
                + rnd.choice(["", "\n", " // end"]))
        out = jsonc.put(text, ["context_servers", "pdftools"], BODY)
        expected = read_jsonc(text)
        expected.setdefault("context_servers", {})["pdftools"] = BODY
        assert read_jsonc(out) == expected, (text, out)
        kept = (text.split('"pdftools"')[0] if '"pdftools"' in text.split('"context_servers"', 1)[-1]
                else text[:text.find('"context_servers"')] if '"context_servers"' in text else text[:1])
        assert out.startswith(kept), (text, out)  # everything before the entry (or the object) as it was


INPUT = {"type": "promptString", "id": "pdftools-token", "password": True, "description": "é // /* token"}


def test_an_item_is_appended_and_nothing_else_changes() -> None:
    """`jsonc.append` (VS Code's `inputs`) on the same kind of texts: the array there gets the item last (a comma
    put after the item before it when it had none), or is made; what came before the array's end is kept."""
    rnd = random.Random(41)
    for _ in range(400):
        root = _value(rnd, 0)
        root = root if isinstance(root, dict) else {"x": root}
        if rnd.random() < 0.7:
            root["inputs"] = rnd.choice([[], [1], [{"id": "a"}, "s//x"], [[], {}]])
        text = (rnd.choice(["", "// head\n"]) + _written(rnd, root, rnd.choice(["  ", "\t", "    "]), 0, True)
                + rnd.choice(["", "\n", " // end"]))  # trailing commas in arrays, as VS Code's own example has
        out = jsonc.append(text, ["inputs"], INPUT)
        expected = read_jsonc(text)
        expected["inputs"] = [*expected.get("inputs", []), INPUT]
        assert read_jsonc(out) == expected, (text, out)
        there = text.rfind('"inputs"')
        kept = text[:there] if there >= 0 else text[:1]
        assert out.startswith(kept), (text, out)
