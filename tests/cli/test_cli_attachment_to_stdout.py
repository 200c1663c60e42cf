"""One attachment to standard output, as `qpdf --show-attachment=NAME in.pdf | xmllint --format -` pipes it:
`attachments extract FILE --name NAME -o -` writes the chosen attachment's bytes, byte for byte, and nothing else,
on stdout (the summary, or `--json`'s object, on stderr, as `merge -o -` puts it). `-o -` is the one spelling of
standard output in every command; `-d -` stays refused (a folder is no stream), and its hint names `-o -`. Zero or
several attachments for one stream are INVALID_ARGUMENT naming `--name` and `attachments list`, nothing written.
A reader that leaves early (`| head -c 1`) ends it without a traceback. Over MCP, whose stdout is the protocol,
`-` is refused and the server answers on."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import anyio
import pikepdf
import pytest
from pikepdf import Array, AttachedFileSpec, Dictionary, Name
from readback import FOUR

PDFTOOLS = Path(sys.executable).with_name("pdftools")
XML = b'<?xml version="1.0"?>\n<rsm:CrossIndustryInvoice xmlns:rsm="urn:x"><a>\xc3\xa9</a></rsm:CrossIndustryInvoice>\n'
BINARY = bytes(range(256)) * 4 + b"\r\n\x00\x1a\r"  # every byte, line ends and ^Z: nothing translated or cut


def attached(path: Path, big: bytes = b"") -> Path:
    """The four-page sample with `factur-x.xml` and `data.bin` in the document's list and `photo.jpg` attached by
    an annotation on page 2; `big`: also `big.bin` with these bytes."""
    with pikepdf.open(FOUR) as pdf:
        pdf.attachments["factur-x.xml"] = AttachedFileSpec(pdf, XML, filename="factur-x.xml", mime_type="text/xml")
        pdf.attachments["data.bin"] = AttachedFileSpec(pdf, BINARY, filename="data.bin")
        if big:
            pdf.attachments["big.bin"] = AttachedFileSpec(pdf, big, filename="big.bin")
        spec = AttachedFileSpec(pdf, b"\xff\xd8photo bytes", filename="photo.jpg", mime_type="image/jpeg")
        annot = pdf.make_indirect(Dictionary(Type=Name.Annot, Subtype=Name.FileAttachment, FS=spec.obj,
                                             Rect=Array([10, 10, 30, 30])))
        pdf.pages[1].obj.Annots = pdf.make_indirect(Array([annot]))
        pdf.save(path)
    return path


def run(folder: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([str(PDFTOOLS), *args], cwd=folder, capture_output=True, stdin=subprocess.DEVNULL,
                          timeout=120)


def error(proc: subprocess.CompletedProcess[bytes]) -> dict[str, str]:
    return json.loads(proc.stderr)["error"]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    attached(tmp_path / "in.pdf")
    return tmp_path


def test_the_chosen_attachment_is_all_that_stdout_holds(folder: Path) -> None:
    with pikepdf.open(folder / "in.pdf") as pdf:
        expected = pdf.attachments["data.bin"].get_file().read_bytes()
    shown = subprocess.run(["qpdf", "--show-attachment=factur-x.xml", "in.pdf"], cwd=folder, capture_output=True,
                           check=True).stdout
    before = sorted(p.name for p in folder.iterdir())
    for name, data in (("data.bin", expected), ("factur-x.xml", shown)):
        proc = run(folder, "attachments", "extract", "in.pdf", "--name", name, "-o", "-")
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout == data, name
        assert name.encode() in proc.stderr  # the summary, for the person, where it cannot mix with the data
    assert expected == BINARY and shown == XML
    assert sorted(p.name for p in folder.iterdir()) == before  # no file beside


def test_json_goes_to_stderr_as_with_merge(folder: Path) -> None:
    proc = run(folder, "attachments", "extract", "in.pdf", "--name", "factur-x.xml", "-o", "-", "--json")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == XML
    result = json.loads(proc.stderr)
    assert [(a["name"], a["path"], a["size"]) for a in result["attachments"]] == [("factur-x.xml", "-", len(XML))]
    merged = run(folder, "merge", "in.pdf", "-o", "-", "--json")  # the convention followed
    assert merged.stdout.startswith(b"%PDF") and json.loads(merged.stderr)["output"] == "-"


def test_an_annotation_attachment_and_the_only_one_go_out_too(folder: Path) -> None:
    proc = run(folder, "attachments", "extract", "in.pdf", "--name", "photo.jpg", "-o", "-")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == b"\xff\xd8photo bytes"
    with pikepdf.open(FOUR) as pdf:
        pdf.attachments["only.txt"] = AttachedFileSpec(pdf, b"just one", filename="only.txt")
        pdf.save(folder / "one.pdf")
    alone = run(folder, "attachments", "extract", "one.pdf", "-o", "-")  # one file: no name needed to choose it
    assert alone.returncode == 0 and alone.stdout == b"just one", alone.stderr


@pytest.mark.parametrize("names", [[], ["data.bin", "factur-x.xml"]], ids=["all", "two"])
def test_several_for_one_stream_are_refused_naming_the_way(folder: Path, names: list[str]) -> None:
    before = sorted(p.name for p in folder.iterdir())
    chosen = [w for n in names for w in ("--name", n)]
    proc = run(folder, "attachments", "extract", "in.pdf", *chosen, "-o", "-", "--json")
    assert proc.returncode == 2 and proc.stdout == b"", proc
    found = error(proc)
    count = "2" if names else "3"  # (the annotation's photo.jpg is one of all three)
    assert found["code"] == "INVALID_ARGUMENT" and count in found["message"], found
    assert "--name" in found["hint"] and "pdftools attachments list in.pdf" in found["hint"], found
    assert sorted(p.name for p in folder.iterdir()) == before


def test_none_for_one_stream_is_refused(folder: Path) -> None:
    proc = run(folder, "attachments", "extract", str(FOUR), "-o", "-", "--json")
    assert proc.returncode == 2 and proc.stdout == b"", proc
    found = error(proc)
    assert found["code"] == "INVALID_ARGUMENT" and "no attachments" in found["message"], found
    assert "pdftools attachments list" in found["hint"], found


def test_only_dash_is_extracts_output_and_dash_is_no_folder(folder: Path) -> None:
    named = run(folder, "attachments", "extract", "in.pdf", "--name", "data.bin", "-o", "x.bin", "--json")
    assert named.returncode == 2 and not (folder / "x.bin").exists(), named
    assert "`-o -`" in error(named)["hint"] and "--out-dir" in error(named)["hint"], error(named)
    dashed = run(folder, "attachments", "extract", "in.pdf", "--name", "data.bin", "-d", "-", "--json")
    assert dashed.returncode == 2 and dashed.stdout == b"", dashed
    assert "-o -" in error(dashed)["hint"] and "./-" in error(dashed)["hint"], error(dashed)


def test_a_reader_that_leaves_early_ends_it_quietly(tmp_path: Path) -> None:
    """Two megabytes do not fit the pipe: the reader leaves after one byte while the writer is mid-write."""
    big = os.urandom(2 << 20)
    attached(tmp_path / "big.pdf", big)
    proc = subprocess.Popen([str(PDFTOOLS), "attachments", "extract", "big.pdf", "--name", "big.bin", "-o", "-"],
                            cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stdout.read(1) == big[:1]
    proc.stdout.close()
    _, err = proc.communicate(timeout=120)
    assert proc.returncode in (0, 141) and err == b"", (proc.returncode, err)
    whole = subprocess.run(f'"{PDFTOOLS}" attachments extract big.pdf --name big.bin -o - | head -c 10',
                           shell=True, cwd=tmp_path, capture_output=True, timeout=120)
    assert whole.stdout == big[:10] and whole.stderr == b"", whole.stderr


def test_over_stdio_mcp_dash_is_refused_and_the_protocol_goes_on(folder: Path) -> None:
    sys.path.insert(0, str(Path(__file__).parents[1] / "mcp"))
    from surface_servers import stdio_client

    async def go() -> list[object]:
        async with stdio_client(folder) as client:
            args = {"action": "extract", "input": "in.pdf", "names": ["data.bin"]}
            return [await client.call_tool("pdf_attachments", {**args, "output": "-"}),
                    await client.call_tool("pdf_attachments", {**args, "output": "x.bin"}),
                    await client.call_tool("pdf_attachments", {"action": "list", "input": "in.pdf"})]

    dash, named, listed = anyio.run(go)
    for refused in (dash, named):
        assert refused.is_error, refused  # type: ignore[attr-defined]
        assert json.loads(refused.content[0].text)["code"] == "INVALID_ARGUMENT"  # type: ignore[attr-defined]
    for refused in (dash, named):  # both told where extract writes over MCP: not a file named, not a stream
        said = json.loads(refused.content[0].text)  # type: ignore[attr-defined]
        assert "out_dir" in said["message"] and "--" not in said["hint"] and "`-o" not in said["hint"], said
    assert not listed.is_error and "data.bin" in listed.content[0].text  # type: ignore[attr-defined]
    assert not (folder / "x.bin").exists() and not (folder / "-").exists()


def test_dev_stdout_is_standard_output_too(folder: Path) -> None:
    """`-o /dev/stdout` is written as `-` is, into a pipe or into the file the shell opened: the summary apart."""
    piped = run(folder, "attachments", "extract", "in.pdf", "--name", "data.bin", "-o", "/dev/stdout")
    assert piped.returncode == 0 and piped.stdout == BINARY, piped.stderr
    filed = subprocess.run(f'"{PDFTOOLS}" attachments extract in.pdf --name data.bin -o /dev/stdout > out.bin',
                           shell=True, cwd=folder, capture_output=True, timeout=120)
    assert filed.returncode == 0 and (folder / "out.bin").read_bytes() == BINARY, filed.stderr
