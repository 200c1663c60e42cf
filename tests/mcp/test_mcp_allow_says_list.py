"""Over MCP, pdf_protect's `allow` is a list (`["print", "copy"]`), yet its errors said "Give a comma-separated list"
and its description wrote the names run together (`print,print-hq,copy,...`), as the command line's `--allow
print,copy`: an agent told to write a comma-separated list sends `"print,copy"` or `["print,copy"]`, guessing.
Over MCP the errors and the description speak of a list; the command line's still of a comma-separated one.
Through the SDK's client over stdio."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import anyio
from surface_servers import stdio_client


def test_allow_is_spoken_of_as_a_list_over_mcp(tmp_path: Path, sample: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    shutil.copy(sample, root / "four.pdf")
    call = {"input": "four.pdf", "user_password": "u", "output": "locked.pdf"}

    async def go() -> tuple[list[Any], Any]:
        async with stdio_client(root) as client:
            tools = {tool.name: tool for tool in (await client.list_tools()).tools}
            return [await client.call_tool("pdf_protect", {**call, "allow": allow})
                    for allow in (["print", "bogus"], [], ["none", "print"])], tools["pdf_protect"]

    results, tool = anyio.run(go)
    for result in results:
        error = json.loads(result.content[0].text)
        assert result.is_error and error["code"] == "INVALID_ARGUMENT", error
        assert "comma" not in error["hint"] and "list" in error["hint"], error
        assert '["print", "copy"]' in error["hint"] or "print, print-hq" in error["hint"], error
    described = tool.input_schema["properties"]["allow"]["description"]
    assert "list" in described and "print,print-hq" not in described, described
    assert not (root / "locked.pdf").exists()


def test_the_command_line_still_says_comma_separated(cli: Any, pdf: Path, tmp_path: Path) -> None:
    result = cli("protect", pdf, "--user-password", "u", "--allow", "print,bogus", "-o", tmp_path / "x.pdf")
    assert result.exit_code != 0 and "comma-separated" in result.stderr, result.stderr
