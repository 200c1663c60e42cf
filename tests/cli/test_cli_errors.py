"""Bad inputs through the CLI: exit code, `error[CODE]` + hint (or JSON) on stderr, nothing on stdout,
no partial output left behind, inputs untouched. Plus the stdin/stdout pipes and the entry points.

Every error test runs twice: plain (`error[CODE]: message` / `  hint: ...`) and with `--json`
(`{"error": {"code", "message", "hint"}}`), both on stderr.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pikepdf
import pytest
from conftest import CORPUS, private_copy
from errors_contract import Errors

from pdftools import __version__, errors
from pdftools.core.params import describe
from pdftools.core.paths import PDF_NOT_FOLDER

VENV_BIN = Path(sys.executable).parent  # the venv running the tests
PDFTOOLS = VENV_BIN / "pdftools"
PYTHON = VENV_BIN / "python"
PNG = CORPUS / "007-imagemagick-images" / "smile.png"


@pytest.fixture
def enc(tmp_path: Path, encrypted_pdf: Path) -> Path:
    return private_copy(encrypted_pdf, tmp_path / "in" / "enc.pdf")


@pytest.mark.parametrize("command", ["info", "text", "split"])
def test_missing_file(fails: Errors, tmp_path: Path, command: str) -> None:
    missing = tmp_path / "nope.pdf"
    fails.run([command, missing], errors.FileNotFound, message_has=(str(missing),), not_created=(missing,))


def test_missing_file_among_merge_inputs(fails: Errors, pdf: Path, out_dir: Path) -> None:
    out = out_dir / "m.pdf"
    fails.run(["merge", pdf, out_dir / "nope.pdf", "-o", out], errors.FileNotFound,
              inputs=(pdf,), not_created=(out,), message_has=("nope.pdf",))


def test_directory_given_to_info(fails: Errors, tmp_path: Path) -> None:
    folder = tmp_path / "folder.pdf"
    folder.mkdir()
    fails.run(["info", folder], errors.IsADirectory, message_has=(str(folder),), hint=PDF_NOT_FOLDER)


def test_text_file(fails: Errors, tmp_path: Path) -> None:
    txt = tmp_path / "notes.txt"
    txt.write_text("hello, this is not a PDF\n")
    fails.run(["info", txt], errors.NotAPdf, inputs=(txt,), message_has=(str(txt),))


def test_text_file_named_pdf(fails: Errors, tmp_path: Path) -> None:
    fake = tmp_path / "fake.pdf"
    fake.write_text("hello, this is not a PDF either\n" * 100)
    fails.run(["text", fake], errors.NotAPdf, inputs=(fake,))


def test_png(fails: Errors, tmp_path: Path) -> None:
    png = tmp_path / "smile.png"
    shutil.copyfile(PNG, png)
    ocr = ("`pdftools convert FILE -o FILE.pdf` makes a PDF of an image, `pdftools ocr FILE` a searchable one; "
           "`pdftools ocr FILE --mode text` reads its text.")
    fails.run(["info", png], errors.NotAPdf, inputs=(png,), message_has=(str(png),), hint=ocr)  # a scan: ocr reads it


@pytest.mark.parametrize("command", ["info", "text", "check", "ocr"])
def test_empty_file(fails: Errors, tmp_path: Path, command: str) -> None:
    """An empty file is said to be empty (EMPTY_INPUT, exit 4 as NOT_A_PDF), not `not a PDF`."""
    empty = tmp_path / "empty.pdf"
    empty.touch()
    fails.run([command, empty], errors.EmptyInput, inputs=(empty,), message_has=(f"{empty} is empty",))


def _truncated(sample: Path, dest: Path, size: int) -> Path:
    dest.write_bytes(sample.read_bytes()[:size])
    return dest


# What actually happens (checked with qpdf 12 via pikepdf): neither truncation can be repaired, because the
# cut removes the trailer and the end of the body; qpdf's reconstruction gives up ("unable to find trailer
# dictionary while recovering damaged file"), and pdftools reports DAMAGED_PDF. poppler reads no page of either,
# so `repair` has nothing to recover: the hint says the file cannot be read, not to repair it.
UNREADABLE = describe(errors.DamagedPdf.unreadable, str, "cli")


@pytest.mark.parametrize("fraction", [None, 0.6], ids=["200-bytes", "60-percent"])
@pytest.mark.parametrize("command", ["info", "text"])
def test_truncated_pdf_is_damaged(fails: Errors, tmp_path: Path, sample: Path, fraction: float | None,
                                  command: str) -> None:
    size = 200 if fraction is None else int(sample.stat().st_size * fraction)
    broken = _truncated(sample, tmp_path / "broken.pdf", size)
    reported = fails.run([command, broken], errors.DamagedPdf, inputs=(broken,), message_has=(str(broken),),
                         hint=UNREADABLE)
    assert "unable to find trailer dictionary" in reported["message"]


@pytest.mark.parametrize("fraction", [None, 0.6], ids=["200-bytes", "60-percent"])
def test_truncated_pdf_in_merge_writes_nothing(fails: Errors, tmp_path: Path, pdf: Path, sample: Path,
                                               out_dir: Path, fraction: float | None) -> None:
    size = 200 if fraction is None else int(sample.stat().st_size * fraction)
    broken = _truncated(sample, tmp_path / "broken.pdf", size)
    out = out_dir / "m.pdf"
    fails.run(["merge", pdf, broken, "-o", out], errors.DamagedPdf, inputs=(pdf, broken), not_created=(out,),
              hint=UNREADABLE)


def test_truncated_pdf_in_split_writes_nothing(fails: Errors, tmp_path: Path, sample: Path, out_dir: Path) -> None:
    broken = _truncated(sample, tmp_path / "broken.pdf", int(sample.stat().st_size * 0.6))
    fails.run(["split", broken, "-d", out_dir], errors.DamagedPdf, inputs=(broken,), hint=UNREADABLE)
    assert list(out_dir.iterdir()) == []


# -------------------------------------------------------------------------------------------- passwords


@pytest.mark.parametrize("command", ["info", "text", "split"])
def test_encrypted_without_password(fails: Errors, enc: Path, out_dir: Path, command: str) -> None:
    extra = ["-d", out_dir] if command == "split" else []
    fails.run([command, enc, *extra], errors.Encrypted, inputs=(enc,), message_has=(str(enc),))
    assert list(out_dir.iterdir()) == []


@pytest.mark.parametrize("how", ["option", "envvar"])
def test_encrypted_with_wrong_password(fails: Errors, enc: Path, how: str) -> None:
    if how == "option":
        fails.run(["info", enc, "--password", "wrong"], errors.BadPassword, inputs=(enc,))
    else:
        fails.run(["info", enc], errors.BadPassword, inputs=(enc,), env={"PDFTOOLS_PASSWORD": "wrong"})


def test_encrypted_in_merge_writes_nothing(fails: Errors, pdf: Path, enc: Path, out_dir: Path) -> None:
    out = out_dir / "m.pdf"
    fails.run(["merge", pdf, enc, "-o", out], errors.Encrypted, inputs=(pdf, enc), not_created=(out,))


# ------------------------------------------------------------------------------------------ page ranges


@pytest.mark.parametrize(
    "args",
    [
        ["info", "{a}", "--pages", "1-9"],
        ["text", "{a}", "--pages", "9"],
        ["text", "{a}", "--pages", "2,-5"],
        ["split", "{a}", "-d", "{out}", "--ranges", "1-2,3-9"],
        ["merge", "{a}:1-2", "{b}:5", "-o", "{out}/m.pdf"],
    ],
    ids=["info", "text", "text-negative", "split", "merge"],
)
def test_page_range_out_of_range(fails: Errors, pdf: Path, pdf2: Path, out_dir: Path, args: list[str]) -> None:
    argv = [a.format(a=pdf, b=pdf2, out=out_dir) for a in args]
    named = pdf2 if args[0] == "merge" else pdf  # the file whose pages run out
    fails.run(argv, errors.InvalidPageRange, inputs=(pdf, pdf2), message_has=(f"{named} has 4 pages",),
              not_created=(out_dir / "m.pdf",))
    assert list(out_dir.iterdir()) == []


def test_page_range_garbage(fails: Errors, pdf: Path) -> None:
    fails.run(["text", pdf, "--pages", "one-two"], errors.InvalidPageRange, inputs=(pdf,),
              message_has=("one-two",))


# ------------------------------------------------------------------------------------------------ outputs


def test_output_is_input(fails: Errors, pdf: Path, pdf2: Path) -> None:
    fails.run(["merge", pdf, pdf2, "-o", pdf], errors.OutputIsInput, inputs=(pdf, pdf2), message_has=(str(pdf),))


def test_output_is_input_spelled_differently(fails: Errors, pdf: Path, pdf2: Path, tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    other_spelling = tmp_path / "sub" / ".." / "in" / pdf2.name
    fails.run(["merge", pdf, pdf2, "-o", other_spelling, "--force"], errors.OutputIsInput, inputs=(pdf, pdf2))


def test_output_is_input_through_a_symlink(fails: Errors, pdf: Path, pdf2: Path, tmp_path: Path) -> None:
    link = tmp_path / "link.pdf"
    link.symlink_to(pdf)
    fails.run(["merge", pdf, pdf2, "-o", link, "--force"], errors.OutputIsInput, inputs=(pdf, pdf2))
    assert link.is_symlink() and link.resolve() == pdf


def test_output_folder_missing_merge(fails: Errors, pdf: Path, pdf2: Path, tmp_path: Path) -> None:
    out = tmp_path / "missing" / "m.pdf"
    fails.run(["merge", pdf, pdf2, "-o", out], errors.OutputDirMissing, inputs=(pdf, pdf2),
              not_created=(out.parent,), message_has=(str(out.parent),))


def test_output_folder_missing_split(fails: Errors, pdf: Path, tmp_path: Path) -> None:
    """split's --out-dir is made when missing (issue 12), but not by a split that fails."""
    missing = tmp_path / "missing" / "deeper"
    fails.run(["split", pdf, "-d", missing, "--ranges", "99"], errors.InvalidPageRange, inputs=(pdf,),
              not_created=(missing.parent,))


def test_read_only_output_folder_merge(fails: Errors, pdf: Path, pdf2: Path, read_only_dir: Path) -> None:
    out = read_only_dir / "m.pdf"
    fails.run(["merge", pdf, pdf2, "-o", out], errors.PermissionDenied, inputs=(pdf, pdf2), not_created=(out,))
    assert list(read_only_dir.iterdir()) == []


def test_read_only_output_folder_split(fails: Errors, pdf: Path, read_only_dir: Path) -> None:
    fails.run(["split", pdf, "-d", read_only_dir], errors.PermissionDenied, inputs=(pdf,))
    assert list(read_only_dir.iterdir()) == []


def test_existing_output_without_force(fails: Errors, pdf: Path, pdf2: Path, out_dir: Path) -> None:
    existing = out_dir / "m.pdf"
    existing.write_bytes(b"%PDF-1.4 keep me\n")
    fails.run(["merge", pdf, pdf2, "-o", existing], errors.OutputExists, inputs=(pdf, pdf2, existing),
              message_has=(str(existing),))
    assert existing.read_bytes() == b"%PDF-1.4 keep me\n"


def test_existing_output_with_force_is_replaced(cli: Callable[..., Any], pdf: Path, pdf2: Path, out_dir: Path) -> None:
    existing = out_dir / "m.pdf"
    existing.write_bytes(b"%PDF-1.4 old\n")
    result = cli("merge", pdf, pdf2, "-o", existing, "--force", "--json")
    assert result.exit_code == 0, result
    assert json.loads(result.stdout)["pages"] == 8
    with pikepdf.open(existing) as merged:
        assert len(merged.pages) == 8
    assert sorted(p.name for p in out_dir.iterdir()) == ["m.pdf"]


def test_existing_split_part_without_force(fails: Errors, pdf: Path, out_dir: Path) -> None:
    """One part exists: nothing is written, not even the parts that do not exist yet."""
    existing = out_dir / "a-003-003.pdf"
    existing.write_bytes(b"keep me")
    # it said `1 output(s) already exist`; the hint names the folder's option, not another output path
    fails.run(["split", pdf, "-d", out_dir], errors.OutputExists, inputs=(pdf, existing),
              message_has=("a-003-003.pdf already exists in",),
              hint="Choose another --out-dir (or remove those files), or give --force to overwrite them.")
    assert sorted(p.name for p in out_dir.iterdir()) == ["a-003-003.pdf"]


# ---------------------------------------------------------------------------------------- argument errors


def test_split_every_zero(fails: Errors, pdf: Path, out_dir: Path) -> None:
    fails.run(["split", pdf, "-d", out_dir, "--every", "0"], errors.InvalidArgument, inputs=(pdf,),
              message_has=("--every",))
    assert list(out_dir.iterdir()) == []


def test_split_two_modes_at_once(fails: Errors, pdf: Path, out_dir: Path) -> None:
    fails.run(["split", pdf, "-d", out_dir, "--every", "2", "--ranges", "1-2"], errors.InvalidArgument,
              inputs=(pdf,), message_has=("--every", "--ranges"))


def test_merge_with_one_input_is_no_error(cli: Any, pdf: Path, out_dir: Path) -> None:
    """One input (a glob that matched one file, in a script) is merged as qpdf and pdftk merge it: into itself."""
    out = out_dir / "m.pdf"
    done = cli("merge", pdf, "-o", out, "--json")
    assert done.exit_code == 0 and out.is_file(), done


@pytest.mark.parametrize(
    ("args", "flag"),
    [
        (["text", "{a}", "--max-chars", "0"], "--max-chars"),
        (["text", "{a}", "--start-page", "0"], "--start-page"),
        (["ls", "{folder}", "--limit", "0"], "--limit"),
    ],
    ids=["max-chars", "start-page", "limit"],
)
def test_constraint_violation_names_the_option(fails: Errors, pdf: Path, args: list[str], flag: str) -> None:
    """Like `split --every 0`: the message names the option as the user typed it, not the parameter."""
    argv = [a.format(a=pdf, folder=pdf.parent) for a in args]
    fails.run(argv, errors.InvalidArgument, inputs=(pdf,), message_has=(flag,))


# ------------------------------------------------------------------------------------ pipes, entry points


def _env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in ("PDFTOOLS_PASSWORD", "PDFTOOLS_DEBUG")}


def _run(args: list[Any], *, stdin: bytes | None = None, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([str(a) for a in args], input=stdin, capture_output=True, cwd=cwd, env=_env(),
                          timeout=120, check=False)


def test_merge_to_stdout(tmp_path: Path, pdf: Path, pdf2: Path, sha256: Callable[[Path], str]) -> None:
    before = {p: sha256(p) for p in (pdf, pdf2)}
    proc = _run([PDFTOOLS, "merge", pdf, pdf2, "-o", "-"], cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr.decode()
    assert proc.stdout.startswith(b"%PDF-")
    with pikepdf.open(io.BytesIO(proc.stdout)) as merged:
        assert len(merged.pages) == 8
    assert b"pages" in proc.stderr  # the result report goes to stderr when stdout carries the PDF
    assert {p: sha256(p) for p in (pdf, pdf2)} == before
    assert not (tmp_path / "-").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in"]


def test_merge_to_stdout_json_report_on_stderr(tmp_path: Path, pdf: Path, pdf2: Path) -> None:
    proc = _run([PDFTOOLS, "merge", pdf, pdf2, "-o", "-", "--json"], cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr.decode()
    assert proc.stdout.startswith(b"%PDF-")
    assert json.loads(proc.stderr)["pages"] == 8


def test_info_from_stdin(tmp_path: Path, sample: Path) -> None:
    proc = _run([PDFTOOLS, "info", "-", "--json"], stdin=sample.read_bytes(), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr.decode()
    report = json.loads(proc.stdout)
    assert report["pages"] == 4 and report["encrypted"] is False
    assert report["size"] == sample.stat().st_size
    assert proc.stderr == b""


def test_info_from_stdin_not_a_pdf(tmp_path: Path) -> None:
    proc = _run([PDFTOOLS, "info", "-"], stdin=b"plain text, not a PDF\n", cwd=tmp_path)
    assert proc.returncode == errors.NotAPdf.exit_code
    assert proc.stdout == b""
    assert proc.stderr.decode().startswith("error[NOT_A_PDF]: ")


@pytest.mark.parametrize("command", [["info", "-"], ["text", "-"], ["rotate", "-", "-a", "90"], ["ocr", "-"],
                                     ["search", "x", "-"]])
def test_empty_standard_input_is_said_to_be_empty(tmp_path: Path, command: list[str]) -> None:
    """`pdftools info - </dev/null` said `standard input is not a PDF`: the input is empty, and the hint says
    where a PDF should have come from."""
    for argv in (command, [*command, "--json"]):
        proc = _run([PDFTOOLS, *argv], stdin=b"", cwd=tmp_path)
        assert proc.returncode == errors.EmptyInput.exit_code == 4, proc
        assert proc.stdout == b""
        if "--json" in argv:
            error = json.loads(proc.stderr)["error"]
        else:
            first, second = proc.stderr.decode().splitlines()
            error = {"code": first.split("]")[0][len("error["):], "message": first.split("]: ", 1)[1],
                     "hint": second.removeprefix("  hint: ")}
        assert error["code"] == "EMPTY_INPUT" and error["message"] == "standard input is empty", error
        assert "pipe" in error["hint"], error


def test_merge_stdin_and_file_to_stdout(tmp_path: Path, sample: Path, pdf2: Path) -> None:
    proc = _run([PDFTOOLS, "merge", "-", pdf2, "-o", "-"], stdin=sample.read_bytes(), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr.decode()
    with pikepdf.open(io.BytesIO(proc.stdout)) as merged:
        assert len(merged.pages) == 8


def test_version(tmp_path: Path) -> None:
    proc = _run([PDFTOOLS, "--version"], cwd=tmp_path)
    assert proc.returncode == 0
    assert proc.stdout.decode() == f"pdftools {__version__}\n"
    assert proc.stderr == b""


def test_python_m_help(tmp_path: Path) -> None:
    proc = _run([PYTHON, "-m", "pdftools", "--help"], cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr.decode()
    out = proc.stdout.decode()
    assert "Usage:" in out
    for command in ("merge", "split", "info", "text", "ls", "serve"):
        assert command in out
    assert proc.stderr == b""


def test_cli_runner_keeps_streams_apart(cli: Callable[..., Any], pdf: Path) -> None:
    """The in-process runner used above really separates stdout from stderr (Typer >= 0.29)."""
    ok = cli("info", pdf, "--json")
    assert ok.exit_code == 0 and ok.stderr == ""
    assert json.loads(ok.stdout)["pages"] == 4
    bad = cli("info", pdf.parent / "nope.pdf")
    assert bad.exit_code == 3 and bad.stdout == "" and bad.stderr.startswith("error[FILE_NOT_FOUND]")


def test_a_search_skips_a_truncated_pdf_with_the_hint_that_is_true_for_it(cli: Any, tmp_path: Path, pdf: Path,
                                                                         sample: Path) -> None:
    """A search over several files goes on past one it cannot read; its error line's hint is the one `info` gives
    for that file (nothing can be recovered), not the default that sends the user to `repair`, which fails."""
    broken = _truncated(sample, tmp_path / "broken.pdf", 200)
    plain = cli("search", "-c", "zzzz-no-such-word", pdf, broken)
    assert plain.exit_code == 2, plain
    assert f"  hint: {UNREADABLE}\n" in plain.stderr, plain
    listed = cli("search", "-c", "zzzz-no-such-word", pdf, broken, "--json")
    [skipped] = json.loads(listed.stdout)["skipped"]
    assert (skipped["code"], skipped["hint"]) == ("DAMAGED_PDF", UNREADABLE), skipped
