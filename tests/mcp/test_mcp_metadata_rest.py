"""pdf_info and pdf_metadata cut a 400 kB Info dictionary and XMP packet to an overview (each value to its first
1,000 characters, the keys past 16,000 characters of them left out). The cut says, as a call, how to get the
rest: `pdf_metadata {"action": "show", "key": ...}` gives one key's whole value (in pieces of at most 16,000
characters, each naming the `offset` of the next), `pdf_metadata {"action": "show", "offset": N}` the keys left
out. An agent that follows only the calls the results name gets every key with its whole value. Over a real
`pdftools serve` on stdio, with the official client."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import extreme_pdfs as extreme
import pikepdf
from surface_servers import stdio_client

from pdftools.document import metadata as meta

CALL = "pdf_metadata "
BOUND = 50_000  # bytes of a result's text, as tests/mcp/test_mcp_results_bounded.py bounds them


def named_calls(warnings: list[str]) -> list[dict[str, Any]]:
    """The arguments of every `pdf_metadata {...}` call the warnings name."""
    found, decoder = [], json.JSONDecoder()
    for warning in warnings:
        at = warning.find(CALL)
        while at >= 0:
            args, end = decoder.raw_decode(warning, at + len(CALL))
            found.append(args)
            at = warning.find(CALL, end)
    return found


def truth(path: Path) -> dict[str, Any]:
    with pikepdf.open(path) as pdf:
        return {**meta.info(pdf), **meta.xmp(pdf)}


class Agent:
    """Reads the metadata the way an agent would: the overview, then the calls it names, and no others."""

    def __init__(self, client: Any, input: str) -> None:
        self.client, self.input, self.calls, self.values = client, input, 0, dict[str, Any]()

    async def call(self, tool: str, args: dict[str, Any]) -> dict[str, Any]:
        self.calls += 1
        result = await self.client.call_tool(tool, {**args, "input": self.input})
        text = "\n".join(block.text for block in result.content if block.type == "text")
        assert not result.is_error, (tool, args, text[:500])
        assert len(text.encode()) < BOUND, (tool, args, len(text.encode()))
        return result.structured_content  # type: ignore[no-any-return]

    async def read(self, tool: str, args: dict[str, Any], fields: tuple[str, str]) -> None:
        data = await self.call(tool, args)
        calls = named_calls(data["warnings"])
        cut = {args["key"] for args in calls if "key" in args}  # the keys a warning names as cut
        for field in fields:
            for key, value in data[field].items():
                whole = value[-1:] in ("…", ["…"]) or key in cut  # a cut value ends in …
                self.values[key] = await self.whole(key, calls) if whole else value
        for more in [args for args in calls if "key" not in args]:  # the keys left out
            await self.read("pdf_metadata", more, ("info", "xmp"))

    async def whole(self, key: str, calls: list[dict[str, Any]]) -> Any:
        template = next(args for args in calls if "key" in args)  # the call for one key: the same for each
        args: dict[str, Any] = {**template, "key": key}
        pieces: list[Any] = []
        while True:
            data = await self.call("pdf_metadata", args)
            value = {**data["info"], **data["xmp"]}
            assert list(value) == [key], (key, list(value)[:5])
            pieces.append(value[key])
            rest = [args for args in named_calls(data["warnings"]) if "offset" in args]
            assert (data.get("next_offset") is None) == (not rest), data["warnings"]
            if not rest:
                break
            assert rest == [{"action": "show", "key": key, "offset": data["next_offset"]}], rest
            args = rest[0]
        return "".join(pieces) if isinstance(pieces[0], str) else [item for piece in pieces for item in piece]


def test_following_the_calls_a_cut_names_gets_every_key_whole(tmp_path: Path) -> None:
    pdf = extreme.metadata(tmp_path / "meta.pdf")
    expected = truth(pdf)
    assert len(expected) == 205 and max(len(str(v)) for v in expected.values()) > 100_000  # the cut is real

    async def go() -> tuple[Agent, dict[str, Any], dict[str, Any]]:
        async with stdio_client(tmp_path) as client:
            agent = Agent(client, "meta.pdf")
            await agent.read("pdf_info", {}, ("metadata", "xmp"))
            return agent, await agent.call("pdf_info", {}), await agent.call("pdf_metadata", {"action": "show"})

    agent, info, shown = anyio.run(go)
    assert sorted(agent.values) == sorted(expected)
    wrong = [key for key in expected if agent.values[key] != expected[key]]
    assert not wrong, wrong[:5]
    assert agent.calls < 300, agent.calls
    # pdf_metadata's overview is pdf_info's, and names the same calls (the agent above followed them all)
    assert (shown["info"], shown["xmp"]) == (info["metadata"], info["xmp"])
    assert named_calls(shown["warnings"]) == named_calls(info["warnings"]) != []


def test_a_key_that_is_not_there_and_an_offset_past_the_end_are_errors_that_say_what_to_do(tmp_path: Path) -> None:
    extreme.metadata(tmp_path / "meta.pdf", 250_000)

    async def go() -> list[Any]:
        async with stdio_client(tmp_path) as client:
            return [await client.call_tool("pdf_metadata", {"action": "show", "input": "meta.pdf", **args})
                    for args in ({"key": "Titel"}, {"key": "Title", "offset": 10**9}, {"offset": 10**6},
                                 {"action": "set", "values": {"Title": "x"}, "key": "Title"})]

    missing, past, keys_past, on_set = anyio.run(go)
    for result in (missing, past, keys_past, on_set):
        assert result.is_error, result
    error = json.loads(missing.content[0].text)
    assert error["code"] == "INVALID_ARGUMENT" and "Titel" in error["message"], error
    assert "Title" in error["hint"], error  # the close match
    for result in (past, keys_past):
        error = json.loads(result.content[0].text)
        assert error["code"] == "INVALID_ARGUMENT" and "past the end" in error["message"], error
        assert "next_offset" in error["hint"], error
    assert "key" in json.loads(on_set.content[0].text)["message"]


def test_the_command_line_shows_one_key_whole(tmp_path: Path, cli: Any) -> None:
    """`metadata show --key` (its case need not match) prints that key's value alone, whole: a shell cuts nothing."""
    pdf = extreme.metadata(tmp_path / "meta.pdf", 250_000)
    shown = cli("metadata", "show", pdf, "--key", "title", "--json")
    assert shown.exit_code == 0, shown
    data = json.loads(shown.stdout)
    assert data["info"] == {"Title": truth(pdf)["Title"]} and data["xmp"] == {} and data["next_offset"] is None
    refused = cli("metadata", "show", pdf, "--key", "Titel")
    assert refused.exit_code == 2 and "Did you mean Title?" in refused.stderr, refused
