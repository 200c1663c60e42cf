"""`serve --transport http --json-response`: each request answered by one plain JSON body (no event stream), for
2025 and 2026 clients alike; a long call's progress notifications have no stream to travel on, so none reach the
client (the README says so), while the call's result is whole."""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest
from scans import gray_scan
from surface_servers import http_server


@pytest.mark.parametrize(("mode", "extra"), [("legacy", ("--json-response",)), ("2026-07-28", ("--json-response",)),
                                             ("legacy", ())], ids=["json-2025", "json-2026", "event-stream"])
def test_json_response_answers_whole_results_without_progress(tmp_path: Path, mode: str,
                                                              extra: tuple[str, ...]) -> None:
    """The last case, the same call over the event stream, shows what the JSON answers leave out."""
    root = tmp_path / "root"
    root.mkdir()
    gray_scan(root / "scan.pdf", last=1)
    with http_server(root, *extra) as server:
        async def go() -> tuple[object, object, list[float]]:
            seen: list[float] = []

            async def on_progress(progress: float, total: float | None, message: str | None) -> None:
                seen.append(progress)

            async with server.client(mode=mode) as client:
                ocr = await client.call_tool("pdf_ocr", {"input": "scan.pdf", "output": "o.pdf", "jobs": 1},
                                             progress_callback=on_progress)
                info = await client.call_tool("pdf_info", {"input": "scan.pdf"})
                return ocr, info, seen

        ocr, info, seen = anyio.run(go)
    assert not ocr.is_error and ocr.structured_content["pages_ocred"] == [1]  # type: ignore[attr-defined]
    assert not info.is_error and info.structured_content["pages"] == 1  # type: ignore[attr-defined]
    assert bool(seen) == (not extra)
