"""`linearize`, and `--linearize` / `--object-streams` on the commands that write PDFs: qpdf reads the outputs
as linearized and finds no errors in the hint tables; object streams are generated or removed as asked."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pikepdf
import pytest
from conftest import CORPUS

from pdftools.ops.linearize import linearize

SAMPLE = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"  # has object streams
OTHER = CORPUS / "001-trivial" / "minimal-document.pdf"


def linearized(path: Path) -> bool:
    done = subprocess.run(["qpdf", "--check-linearization", str(path)], capture_output=True, text=True,
                          check=False)
    return done.returncode == 0 and "no linearization errors" in done.stdout


def object_streams(path: Path) -> int:
    with pikepdf.open(path) as pdf:
        return sum(isinstance(o, pikepdf.Stream) and o.get("/Type") == "/ObjStm" for o in pdf.objects)


def test_sample_has_object_streams_and_is_not_linearized() -> None:
    assert object_streams(SAMPLE) > 0 and not linearized(SAMPLE)


@pytest.mark.parametrize("mode", ["preserve", "generate", "disable"])
def test_linearize_op(tmp_path: Path, sha256: Any, mode: str) -> None:
    before = sha256(SAMPLE)
    result = linearize(str(SAMPLE), output=str(tmp_path / "out.pdf"), object_streams=mode)
    out = Path(result.output)
    assert result.linearized and result.pages == 4 and linearized(out)
    assert (object_streams(out) > 0) == (mode != "disable")
    assert sha256(SAMPLE) == before


def test_encrypted_input_stays_encrypted(tmp_path: Path, encrypted_pdf: Path, encrypted_password: str) -> None:
    result = linearize(str(encrypted_pdf), output=str(tmp_path / "out.pdf"), password=encrypted_password)
    assert result.encrypted
    with pikepdf.open(result.output, password=encrypted_password) as pdf:
        assert pdf.is_linearized and pdf.is_encrypted


@pytest.mark.parametrize("argv", [
    ["rotate", SAMPLE, "--angle", "90", "-o", "out.pdf"],
    ["merge", SAMPLE, OTHER, "-o", "out.pdf"],
    ["metadata", "set", SAMPLE, "--set", "title=T", "-o", "out.pdf"],
    ["compress", SAMPLE, "-o", "out.pdf"],
])
def test_commands_that_write_take_the_save_options(cli: Any, tmp_path: Path, argv: list[Any]) -> None:
    done = cli(*argv, "--linearize", "--object-streams", "disable")
    assert done.exit_code in (0, 11), done  # compress may find nothing to gain: NOT_SMALLER
    if done.exit_code == 0:
        assert linearized(tmp_path / "out.pdf") and object_streams(tmp_path / "out.pdf") == 0
    plain = cli(*argv, "--force")
    assert plain.exit_code in (0, 11), plain
    if plain.exit_code == 0:
        assert not linearized(tmp_path / "out.pdf")


def test_split_parts_are_linearized(cli: Any, tmp_path: Path) -> None:
    (tmp_path / "parts").mkdir()
    done = cli("split", SAMPLE, "-d", tmp_path / "parts", "--linearize")
    assert done.exit_code == 0, done
    parts = sorted((tmp_path / "parts").glob("*.pdf"))
    assert len(parts) == 4 and all(linearized(p) for p in parts)


def test_mcp_has_pdf_linearize_and_no_save_options_elsewhere(tmp_path: Path) -> None:
    import anyio
    from mcp import Client

    from pdftools.mcp.server import build_server

    (tmp_path / "a.pdf").write_bytes(SAMPLE.read_bytes())

    async def go() -> Any:
        async with Client(build_server([tmp_path])) as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            result = await client.call_tool("pdf_linearize", {"input": "a.pdf", "object_streams": "generate"})
            return tools, result

    tools, result = anyio.run(go)
    assert "linearize" not in tools["pdf_rotate"].input_schema["properties"]
    assert "object_streams" in tools["pdf_linearize"].input_schema["properties"]
    assert not result.is_error, result
    assert linearized(tmp_path / "a-linearized.pdf")
