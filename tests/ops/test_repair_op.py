"""`repair`: damaged files come out clean by `qpdf --check` and `pdftools check`, with the fix reported; the
input is never touched unless --in-place; poppler takes over where qpdf gives up."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pikepdf
import pytest
from broken_pdfs import CASES, ONE_PAGE
from conftest import CORPUS

from pdftools.errors import DamagedPdf, OutputIsInput
from pdftools.ops.check import check
from pdftools.ops.repair import repair

SAMPLE = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"


def broken(tmp_path: Path, name: str) -> Path:
    target = tmp_path / f"{name}.pdf"
    target.write_bytes(CASES[name](SAMPLE.read_bytes()))
    return target


def qpdf_clean(path: Path) -> bool:
    return subprocess.run(["qpdf", "--check", str(path)], capture_output=True, check=False).returncode == 0


@pytest.mark.parametrize(("name", "what"), [
    ("xref-removed", "xref_rebuilt"), ("startxref-wrong", "xref_rebuilt"), ("length-too-short", "streams_recovered"),
    ("length-too-long", "streams_recovered"), ("count-lies-high", "page_tree_fixes"),
    ("parent-loop", "page_tree_fixes"),
])
def test_qpdf_recovery_gives_a_clean_file(tmp_path: Path, sha256: Any, name: str, what: str) -> None:
    src = broken(tmp_path, name)
    before = sha256(src)
    result = repair(str(src))
    out = Path(result.output)
    assert out == tmp_path / f"{name}-repaired.pdf" and sha256(src) == before
    assert result.method == "qpdf" and result.pages == 1 and getattr(result, what), result
    assert result.remaining == []
    assert qpdf_clean(out)
    assert check(str(out)).verdict == "valid"


def test_poppler_where_qpdf_gives_up(tmp_path: Path) -> None:
    """A page tree that loops: qpdf cannot list the pages, poppler redraws them."""
    src = broken(tmp_path, "page-tree-cycle")
    result = repair(str(src), output=str(tmp_path / "fixed.pdf"))
    assert result.method == "poppler" and result.pages >= 1
    assert "poppler redrew" in result.fixed[0]
    assert check(result.output).verdict == "valid"
    # a redrawing is not the file's own objects: what qpdf could not read is lost (outline, forms, tags)
    assert result.outcome.startswith("recovered with loss") and result.exit_code == 12
    assert result.lost[0].area == "file" and "/Pages" in result.lost[0].message


def test_a_redrawing_that_draws_nothing_says_so(tmp_path: Path) -> None:
    """qpdf cannot read the structure, and poppler redraws the pages blank: the output is not clean."""
    src = tmp_path / "unreadable.pdf"
    src.write_bytes((CORPUS / "017-unreadable-meta-data" / "unreadablemetadata.pdf").read_bytes())
    result = repair(str(src), output=str(tmp_path / "out.pdf"))
    assert result.method == "poppler" and result.exit_code == 12
    assert result.outcome.startswith("recovered with loss")
    assert [p.page for p in result.lost if p.area == "content"] == [1, 2, 3, 4]


def test_nothing_left_to_read_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(DamagedPdf, match="poppler cannot read it either"):
        repair(str(broken(tmp_path, "truncated-50pct")))
    assert not list(tmp_path.glob("*-repaired.pdf"))


def test_clean_corpus_file_keeps_its_pages_and_text(tmp_path: Path) -> None:
    result = repair(str(SAMPLE), output=str(tmp_path / "out.pdf"))
    assert (result.pages, result.xref_rebuilt, result.page_tree_fixes, result.remaining) == (4, False, 0, [])
    text = subprocess.run(["pdftotext", result.output, "-"], capture_output=True, text=True, check=True).stdout
    original = subprocess.run(["pdftotext", str(SAMPLE), "-"], capture_output=True, text=True, check=True).stdout
    assert text == original


def test_in_place_only_when_asked(tmp_path: Path) -> None:
    src = tmp_path / "a.pdf"
    src.write_bytes(ONE_PAGE.replace(b"/Count 1", b"/Count 9"))
    with pytest.raises(OutputIsInput):
        repair(str(src), output=str(src))
    result = repair(str(src), in_place=True)
    assert result.output == str(src) and result.page_tree_fixes == 1
    assert check(str(src)).verdict == "valid"


def test_cli_and_mcp(cli: Any, tmp_path: Path) -> None:
    import anyio
    from mcp import Client

    from pdftools.mcp.server import build_server

    src = broken(tmp_path, "xref-removed")
    done = cli("repair", src, "-o", tmp_path / "cli.pdf", "--linearize", "--json")
    assert done.exit_code == 0, done
    assert json.loads(done.stdout)["xref_rebuilt"] is True
    assert "Optimized:       yes" in subprocess.run(["pdfinfo", str(tmp_path / "cli.pdf")], capture_output=True,
                                               text=True, check=True).stdout

    async def go() -> Any:
        async with Client(build_server([tmp_path])) as client:
            return await client.call_tool("pdf_repair", {"input": src.name, "output": "mcp.pdf"})

    result = anyio.run(go)
    assert not result.is_error, result
    assert result.structured_content["xref_rebuilt"] is True and (tmp_path / "mcp.pdf").is_file()


REPORT = Path(__file__).parents[2] / "samples" / "report.pdf"


def test_a_lost_trailer_is_written_whole(tmp_path: Path) -> None:
    """The file's last 200 bytes gone (trailer and cross-reference): qpdf 12 rebuilds a trailer without /Size;
    the repaired file has one, so `qpdf --check` and `check` pass it, and repairing it again changes nothing."""
    src = tmp_path / "trunc_tail.pdf"
    src.write_bytes(REPORT.read_bytes()[:-200])
    result = repair(str(src), output=str(tmp_path / "fixed.pdf"))
    assert (result.pages, result.remaining, result.lost, result.exit_code) == (3, [], [], 0), result
    with pikepdf.open(result.output) as pdf:  # the Info the lost trailer named is found and named again
        assert str(pdf.docinfo.get("/Title")) == "Sample report" and "named in the trailer again" in result.fixed[-1]
    assert qpdf_clean(Path(result.output)), subprocess.run(["qpdf", "--check", result.output],
                                                           capture_output=True, text=True).stdout
    assert check(result.output).verdict == "valid"


def test_what_remains_is_listed_and_exits_12(cli: Any, tmp_path: Path) -> None:
    """A page whose content uses a font it does not have: nothing to recover it from. Each problem left is
    listed, with its page, and the exit code is check's PDF_PROBLEMS (12), not success."""
    from broken_pdfs import one_page, stream

    src = tmp_path / "nofont.pdf"
    src.write_bytes(one_page(objects={4: stream(b"BT /F9 12 Tf 72 720 Td (Hi) Tj ET")}))
    result = repair(str(src), output=str(tmp_path / "fixed.pdf"))
    assert result.exit_code == 12 and result.outcome.startswith("1 problem(s) remain")
    assert [(p.severity, p.page) for p in result.remaining] == [("error", 1)] and "/F9" in result.remaining[0].message
    done = cli("repair", src, "-o", tmp_path / "cli.pdf", "--json")
    assert done.exit_code == 12, done
    assert "/F9" in json.loads(done.stdout)["remaining"][0]["message"]
    human = cli("repair", src, "-o", tmp_path / "cli2.pdf")
    assert human.exit_code == 12 and "problem(s) remain" in human.stdout


def test_a_file_cut_in_half_says_what_was_lost_and_exits_12(tmp_path: Path) -> None:
    """The pages' content streams were in the lost half: qpdf rebuilds the file and the output is clean, but
    what the damaged file lost cannot come back. That is said in `lost` (as `check` lists it) and by the exit
    code. The trailer went too; the document information it named is found and kept."""
    data = REPORT.read_bytes()
    src = tmp_path / "trunc.pdf"
    src.write_bytes(data[:len(data) // 2])
    result = repair(str(src), output=str(tmp_path / "fixed.pdf"))
    assert result.remaining == [] and result.exit_code == 12, result
    assert result.outcome.startswith("recovered with loss"), result.outcome
    assert result.lost and all(p.severity == "error" and p.area == "object" for p in result.lost), result.lost
    assert {(p.message, p.object) for p in result.lost} <= {(p.message, p.object) for p in check(str(src)).problems}
    with pikepdf.open(result.output) as pdf:
        assert str(pdf.docinfo.get("/Title")) == "Sample report"


def test_a_stream_lost_to_truncation_is_reported_lost_not_fixed(tmp_path: Path, cli: Any) -> None:
    """A user's report: a 4-page file without object streams cut at 70%: qpdf treats a font program's stream as
    empty (the font is no longer embedded in the output). `repair` said `outcome clean` and exited 0; check
    said 3 errors. The loss is listed (as check lists it) and the exit code is 12."""
    plain = tmp_path / "plain.pdf"
    subprocess.run(["qpdf", "--object-streams=disable", str(CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"),
                    str(plain)], check=True)
    src = tmp_path / "tplain.pdf"
    src.write_bytes(plain.read_bytes()[:plain.stat().st_size * 7 // 10])
    result = repair(str(src), output=str(tmp_path / "fixed.pdf"))
    assert result.exit_code == 12 and result.outcome.startswith("recovered with loss"), result
    assert any("unable to recover stream data" in p.message for p in result.lost), result.lost
    assert {p.message for p in result.lost} <= {p.message for p in check(str(src)).problems}
    assert not any("unable to recover stream data" in note for note in result.fixed)
    done = cli("repair", src, "-o", tmp_path / "cli.pdf", "--json")
    assert done.exit_code == 12 and json.loads(done.stdout)["lost"], done
