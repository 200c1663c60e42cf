"""`pdftools batch` on this machine's processes: inputs, outputs, rows, exit codes, the journal, Ctrl-C."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pikepdf
import pytest
from batch_files import rest_of, scans, small_pdfs
from harness import default_signals

PDFTOOLS = Path(sys.executable).with_name("pdftools")


def rows(stdout: str) -> dict[str, dict[str, Any]]:
    """The JSON Lines of a batch, by input file name."""
    found = [json.loads(line) for line in stdout.splitlines() if line.strip()]
    return {Path(r["input"]).name: r for r in found}


@pytest.fixture
def tree(tmp_path: Path, sample: Path) -> Path:
    """in/: a corpus PDF, two made ones in a subfolder, and a file that is not a PDF."""
    folder = tmp_path / "in"
    small_pdfs(folder / "sub", 2)
    (folder / "a.pdf").write_bytes(sample.read_bytes())
    (folder / "bad.pdf").write_bytes(b"not a pdf at all")
    return folder


def test_rows_stream_outputs_mirror_the_tree_and_match_single_runs(cli: Any, tree: Path, tmp_path: Path) -> None:
    result = cli("batch", "text", tree, "--recursive", "--out-dir", tmp_path / "out", "--jobs", "2", "--json")
    assert result.exit_code == 15, result  # some failed: BATCH_PARTIAL
    got = rows(result.stdout)
    assert set(got) == {"a.pdf", "bad.pdf", "doc-0000.pdf", "doc-0001.pdf"}
    assert got["bad.pdf"]["status"] == "failed" and got["bad.pdf"]["error"]["code"] == "NOT_A_PDF"
    assert got["a.pdf"]["status"] == "ok" and got["a.pdf"]["pages"] == 4
    assert Path(got["doc-0001.pdf"]["output"]) == tmp_path / "out" / "sub" / "doc-0001.txt"
    for name, rel in (("a.pdf", "a.txt"), ("doc-0000.pdf", "sub/doc-0000.txt")):
        single = cli("text", tree / rel.replace(".txt", ".pdf"))
        assert single.exit_code == 0
        assert (tmp_path / "out" / rel).read_bytes() == single.stdout_bytes, name
    summary = json.loads(result.stderr)
    assert (summary["total"], summary["succeeded"], summary["failed"], summary["skipped"]) == (4, 3, 1, 0)
    assert summary["rows"] == [] and summary["pages"] == 4 + 1 + 1


def test_exit_code_says_all_some_or_none_failed(cli: Any, tmp_path: Path) -> None:
    good = small_pdfs(tmp_path / "good", 2)
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "x.pdf").write_bytes(b"%PDF-1.7 broken")
    (bad / "y.pdf").write_bytes(b"")
    assert cli("batch", "info", *good, "-d", tmp_path / "o1").exit_code == 0
    assert cli("batch", "info", bad, "-d", tmp_path / "o2").exit_code == 16  # BATCH_FAILED
    assert cli("batch", "info", bad, *good, "-d", tmp_path / "o3").exit_code == 15  # BATCH_PARTIAL
    report = json.loads((tmp_path / "o1" / "doc-0000.json").read_text())
    assert report["pages"] == 1  # a read-only command's output is its result


def test_inputs_from_a_list_a_glob_and_options_with_set(cli: Any, tree: Path, tmp_path: Path) -> None:
    listing = tmp_path / "list.txt"
    listing.write_text(f"# scans of the week\n{tree / 'a.pdf'}\n\n{tree / 'sub' / 'doc-0000.pdf'}\n")
    result = cli("batch", "rotate", f"@{listing}", str(tree / "sub" / "*.pdf"), "-d", tmp_path / "out",
                 "--set", "angle=90", "--set", "pages=1", "--json")
    assert result.exit_code == 0, result
    assert set(rows(result.stdout)) == {"a.pdf", "doc-0000.pdf", "doc-0001.pdf"}  # each file once
    with pikepdf.open(tmp_path / "out" / "a.pdf") as pdf:
        assert [int(p.obj.get("/Rotate", 0)) for p in pdf.pages] == [90, 0, 0, 0]


@pytest.mark.parametrize(("args", "code"), [
    (["nosuchcommand"], "INVALID_ARGUMENT"),
    (["merge"], "INVALID_ARGUMENT"),  # takes many inputs itself
    (["search", "--set", "pattern=the", "--set", "inputs=x"], "INVALID_ARGUMENT"),  # so does search
    (["rotate"], "INVALID_ARGUMENT"),  # needs --set angle=...
    (["rotate", "--set", "angle"], "INVALID_ARGUMENT"),
    (["rotate", "--set", "angle=ninety"], "INVALID_ARGUMENT"),
    (["rotate", "--set", "output=x.pdf", "--set", "angle=90"], "INVALID_ARGUMENT"),  # the batch names outputs
    (["text", "--set", "mode=sideways"], "INVALID_ARGUMENT"),
    (["thumbnails", "--set", "dpi=1"], "INVALID_ARGUMENT"),  # the op's own constraint (ge=...)
    (["rotate", "--set", "angle=45"], "INVALID_ARGUMENT"),  # a constraint on the value itself (one of...)
    (["rotate", "--set", "angle=90", "--set", "pages=abc"], "INVALID_PAGE_RANGE"),  # unreadable in any file
    (["text", "--set", "pages=1-2,,x"], "INVALID_PAGE_RANGE"),
])
def test_bad_options_are_refused_before_any_work(cli: Any, tree: Path, tmp_path: Path, args: list[str],
                                                 code: str) -> None:
    result = cli("batch", args[0], tree, "-d", tmp_path / "out", *args[1:], "--json")
    assert result.exit_code == 2 and json.loads(result.stderr)["error"]["code"] == code, result
    assert not (tmp_path / "out").exists()


def test_every_command_a_batch_offers_reads_one_input() -> None:
    """The hint's list of commands is what a batch can run: each takes one `input` (search takes many)."""
    import inspect

    from pdftools.batch import plan

    assert "search" not in plan.commands()
    for name in plan.commands():
        assert "input" in inspect.signature(plan.command_op(name).load()).parameters, name


def test_a_batch_that_fails_before_any_work_removes_the_folder_it_made(cli: Any, tmp_path: Path) -> None:
    one, two = small_pdfs(tmp_path / "a", 1)[0], small_pdfs(tmp_path / "b", 1)[0]  # both doc-0000.pdf
    result = cli("batch", "info", one, two, "-d", tmp_path / "out" / "deeper", "--json")
    assert result.exit_code == 2, result  # both would write out/deeper/doc-0000.json
    assert not (tmp_path / "out").exists()
    kept = tmp_path / "kept"
    kept.mkdir()
    assert cli("batch", "info", one, two, "-d", kept).exit_code == 2
    assert kept.is_dir()  # a folder that was there stays


def test_no_lock_file_is_left_behind(cli: Any, tmp_path: Path) -> None:
    small_pdfs(tmp_path / "in", 2)
    (tmp_path / "in" / "bad.pdf").write_bytes(b"not a pdf")
    out = tmp_path / "out"
    assert cli("batch", "info", tmp_path / "in", "-d", out).exit_code == 15
    assert sorted(p.name for p in out.iterdir()) == [".pdftools-batch.jsonl", "doc-0000.json", "doc-0001.json"]
    assert cli("batch", "info", tmp_path / "in" / "bad.pdf", "-d", tmp_path / "none").exit_code == 16
    assert not (tmp_path / "none").exists()  # every file failed: nothing was written into the folder it made


def test_a_missing_file_in_a_list_is_a_failed_row(cli: Any, tree: Path, tmp_path: Path) -> None:
    listing = tmp_path / "list.txt"
    listing.write_text(f"{tree / 'a.pdf'}\nmissing.pdf\n{tree / 'sub' / 'doc-0000.pdf'}\n")
    result = cli("batch", "info", f"@{listing}", "-d", tmp_path / "out", "--json")
    assert result.exit_code == 15, result  # BATCH_PARTIAL: the others were done
    got = rows(result.stdout)
    assert got["missing.pdf"]["status"] == "failed" and got["missing.pdf"]["error"]["code"] == "FILE_NOT_FOUND"
    assert got["a.pdf"]["status"] == "ok" and got["doc-0000.pdf"]["status"] == "ok"
    assert json.loads(result.stderr)["failed"] == 1


def test_the_human_summary_shows_no_internal_field(cli: Any, tmp_path: Path) -> None:
    small_pdfs(tmp_path / "in", 1)
    result = cli("batch", "info", tmp_path / "in", "-d", tmp_path / "out")
    assert result.exit_code == 0, result
    assert "succeeded" in result.stderr + result.stdout
    assert "streamed" not in result.stderr + result.stdout
    summary = json.loads(cli("batch", "info", tmp_path / "in", "-d", tmp_path / "o2", "--json").stderr)
    assert summary["rows_streamed"] is True  # --json keeps it


def test_an_output_that_would_replace_an_input_is_refused(cli: Any, tree: Path, tmp_path: Path) -> None:
    before = (tree / "a.pdf").read_bytes()
    result = cli("batch", "compress", tree, "-d", tree, "--json")
    assert result.exit_code == 6 and json.loads(result.stderr)["error"]["code"] == "OUTPUT_IS_INPUT"
    assert (tree / "a.pdf").read_bytes() == before
    assert cli("batch", "compress", tree, "-d", tree, "--name", "{stem}-small.pdf").exit_code in (0, 15)


def test_a_rerun_skips_what_is_done_and_redoes_what_changed(cli: Any, tmp_path: Path) -> None:
    files = small_pdfs(tmp_path / "in", 3)
    out = tmp_path / "out"
    first = rows(cli("batch", "stamp", tmp_path / "in", "-d", out, "--set", "text=DRAFT", "--json").stdout)
    assert {r["status"] for r in first.values()} == {"ok"}
    stamped = (out / "doc-0000.pdf").stat().st_mtime_ns
    again = rows(cli("batch", "stamp", tmp_path / "in", "-d", out, "--set", "text=DRAFT", "--json").stdout)
    assert {r["status"] for r in again.values()} == {"skipped"}
    assert (out / "doc-0000.pdf").stat().st_mtime_ns == stamped
    small_pdfs(tmp_path / "in", 1, prefix="doc", pages=2)  # doc-0000.pdf now has other content
    (out / "doc-0002.pdf").unlink()  # an output gone: done again
    third = rows(cli("batch", "stamp", tmp_path / "in", "-d", out, "--set", "text=DRAFT", "--json").stdout)
    assert {n: r["status"] for n, r in third.items()} == {"doc-0000.pdf": "ok", "doc-0001.pdf": "skipped",
                                                           "doc-0002.pdf": "ok"}
    other = rows(cli("batch", "stamp", tmp_path / "in", "-d", out, "--set", "text=FINAL", "--json").stdout)
    assert {r["status"] for r in other.values()} == {"ok"}  # other options: other outputs
    assert len(files) == 3


def test_a_crashed_journal_line_is_ignored(cli: Any, tmp_path: Path) -> None:
    small_pdfs(tmp_path / "in", 2)
    out = tmp_path / "out"
    assert cli("batch", "info", tmp_path / "in", "-d", out).exit_code == 0
    journal = out / ".pdftools-batch.jsonl"
    lines = journal.read_text().splitlines()
    journal.write_text(lines[0] + "\n" + lines[1][: len(lines[1]) // 2])  # torn by a crash mid-write
    again = rows(cli("batch", "info", tmp_path / "in", "-d", out, "--json").stdout)
    assert sorted(r["status"] for r in again.values()) == ["ok", "skipped"]


def test_ctrl_c_leaves_whole_outputs_and_a_rerun_finishes(tmp_path: Path, sample: Path) -> None:
    scans(sample, tmp_path / "in", dpi=72, pages=4)
    out = tmp_path / "out"
    argv = [str(PDFTOOLS), "batch", "ocr", str(tmp_path / "in"), "-d", str(out), "--jobs", "1", "--json",
            "--set", "dpi=72"]
    # SIGINT as a terminal sends it, even when the test run itself was started in the background (ignored)
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=default_signals)
    assert proc.stdout is not None
    first = proc.stdout.readline()  # one file is finished: stop the batch while the next one runs
    assert json.loads(first)["status"] == "ok"
    _wait_for_a_tool_under(proc)  # not a fixed sleep: on a quick machine the batch had ended by then
    proc.send_signal(signal.SIGINT)
    rest, err = rest_of(proc, timeout=60)
    assert proc.returncode == 130, err
    error = json.loads(err.splitlines()[-1])["error"]
    done = [json.loads(line) for line in [first, *rest.splitlines()]]
    assert error["code"] == "INTERRUPTED", error  # it said "no output was written": the finished ones are kept
    assert f"{len(done)} of 4 files finished, kept in {out}" in error["message"], error
    assert "no output was written" not in error["message"] + error["hint"], error
    written = sorted(p.name for p in out.rglob("*") if not p.name.startswith("."))
    assert written == sorted(Path(r["output"]).name for r in done)  # no partial output, nothing staged
    assert not (out / ".pdftools-staging").exists()
    for path in out.glob("*.pdf"):
        with pikepdf.open(path) as pdf:
            assert len(pdf.pages) == 1
    _no_orphans(str(tmp_path))
    rerun = subprocess.run(argv, capture_output=True, text=True, timeout=120)
    statuses = [json.loads(line)["status"] for line in rerun.stdout.splitlines()]
    assert rerun.returncode == 0 and statuses.count("skipped") == len(done) and statuses.count("ok") == 4 - len(done)


def _wait_for_a_tool_under(proc: subprocess.Popen[str]) -> None:
    """Until a tesseract or pdftoppm started by the batch (at any depth) is running: the next file is being read."""
    deadline = time.monotonic() + 60
    while proc.poll() is None and time.monotonic() < deadline:
        parents = {}
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                name, rest = stat.read_text().rsplit(")", 1)
            except OSError:
                continue
            parents[int(stat.parent.name)] = (int(rest.split()[1]), name.split("(", 1)[1])
        for parent, name in parents.values():
            while name in ("tesseract", "pdftoppm") and parent > 1:
                if parent == proc.pid:
                    return
                parent = parents.get(parent, (0, ""))[0]
        time.sleep(0.01)
    raise AssertionError("the batch started no tesseract or pdftoppm for its second file")


def test_a_local_worker_killed_mid_batch_has_its_files_done_again(tmp_path: Path, sample: Path) -> None:
    scans(sample, tmp_path / "in", dpi=72, pages=4)
    out = tmp_path / "out"
    proc = subprocess.Popen([str(PDFTOOLS), "batch", "ocr", str(tmp_path / "in"), "-d", str(out), "--jobs", "2",
                             "--json", "--set", "dpi=72"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    first = json.loads(proc.stdout.readline())  # its worker has started on the next file: kill it (as the OOM
    os.killpg(int(first["worker"].split(":")[1]), signal.SIGKILL)  # killer would), with its tesseract
    rest, err = rest_of(proc)
    done = [first, *(json.loads(line) for line in rest.splitlines())]
    assert proc.returncode == 0, err
    assert sorted(Path(r["output"]).name for r in done) == [f"pg-{i}.pdf" for i in range(1, 5)], (
        f"rows: {done}; published: {sorted(p.name for p in out.iterdir())}; stderr: {err}")
    for path in out.glob("*.pdf"):
        with pikepdf.open(path) as pdf:
            assert len(pdf.pages) == 1
    assert not (out / ".pdftools-staging").exists()


def _no_orphans(marker: str) -> None:
    """No tesseract or pdftoppm still at work on the test's files."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        busy = [p for p in Path("/proc").glob("[0-9]*") if marker in _cmdline(p)]
        if not busy:
            return
        time.sleep(0.2)
    raise AssertionError(f"processes left running: {[_cmdline(p) for p in busy]}")


def _cmdline(proc: Path) -> str:
    try:
        return (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def test_no_extra_import_when_no_cluster_is_named(tmp_path: Path) -> None:
    small_pdfs(tmp_path / "in", 1)
    code = ("import sys; from pdftools.main import main\n"
            f"sys.argv=['pdftools','batch','info',{str(tmp_path / 'in')!r},'-d',{str(tmp_path / 'out')!r}]\n"
            "try:\n main()\nexcept SystemExit: pass\n"
            "print('LOADED', sorted({m.split('.')[0] for m in sys.modules} & {'dask', 'distributed', 'mcp'}))")
    env = {k: v for k, v in os.environ.items() if k != "PDFTOOLS_CLUSTER"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    assert "LOADED []" in out.stdout, out.stdout + out.stderr


def test_bracketed_names_and_list_lines_are_paths_not_globs(cli: Any, sample: Path, tmp_path: Path) -> None:
    small_pdfs(tmp_path / "in", 1)
    (tmp_path / "in" / "doc-0000.pdf").rename(tmp_path / "in" / "braket.pdf")  # what `br[ac]ket.pdf` globs to
    (tmp_path / "in" / "br[ac]ket.pdf").write_bytes(sample.read_bytes())
    named = cli("batch", "info", tmp_path / "in" / "br[ac]ket.pdf", "-d", tmp_path / "o1", "--json")
    assert named.exit_code == 0 and set(rows(named.stdout)) == {"br[ac]ket.pdf"}, named
    listing = tmp_path / "list.txt"
    listing.write_text(f"{tmp_path / 'in' / 'br[ac]ket.pdf'}\n")
    listed = cli("batch", "info", f"@{listing}", "-d", tmp_path / "o2", "--json")
    assert listed.exit_code == 0 and set(rows(listed.stdout)) == {"br[ac]ket.pdf"}, listed
    listing.write_text(f"{tmp_path / 'in' / 'br[ac]ket.pdf'}\n{tmp_path / 'in' / 'b*.pdf'}\n")
    globbed = cli("batch", "info", f"@{listing}", "-d", tmp_path / "o3", "--json")  # a line is a path, not a glob
    found = rows(globbed.stdout)  # `b*.pdf` is a missing file's failed row; braket.pdf is not taken
    assert globbed.exit_code == 15 and set(found) == {"br[ac]ket.pdf", "b*.pdf"}, globbed
    assert found["b*.pdf"]["status"] == "failed" and found["b*.pdf"]["error"]["code"] == "FILE_NOT_FOUND"


def test_a_rows_generic_hint_names_the_command(cli: Any, sample: Path, tmp_path: Path) -> None:
    """A value only the op itself can judge fails per file; the row's hint names the command, not `<command>`."""
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.pdf").write_bytes(sample.read_bytes())
    result = cli("batch", "crop", tmp_path / "in", "-d", tmp_path / "out", "--set", "margins=1 2 3 4 5", "--json")
    row = rows(result.stdout)["a.pdf"]
    assert result.exit_code == 16 and row["error"]["code"] == "INVALID_ARGUMENT", result
    assert "<command>" not in row["error"]["hint"] and "`pdftools crop --help`" in row["error"]["hint"], row


@pytest.mark.parametrize("setting", ["angle=45", "angle=ninety", "pages=1"])
def test_a_bad_set_value_names_the_batched_commands_help(cli: Any, tree: Path, tmp_path: Path, setting: str) -> None:
    """`pdftools batch --help` does not list rotate's options: the hint names `pdftools rotate --help`."""
    args = ["--set", setting] + ([] if setting.startswith("angle") else ["--set", "angle=90", "--set", setting])
    result = cli("batch", "rotate", tree, "-d", tmp_path / "out", *args, "--json")
    error = json.loads(result.stderr)["error"]
    assert result.exit_code == 2 and "`pdftools rotate --help`" in error["hint"], error
    assert "not a int" not in error["message"], error


def test_a_misspelt_option_suggests_the_one_meant(cli: Any, tmp_path: Path) -> None:
    small_pdfs(tmp_path / "in", 1)
    result = cli("batch", "rotate", tmp_path / "in", "-d", tmp_path / "out", "--set", "angel=90")
    assert result.exit_code == 2 and "--set angel: no such option (did you mean angle?)" in result.stderr, result
    assert "Options of this command: angle, pages" in result.stderr


def test_an_output_folder_inside_the_input_folder_is_not_taken_as_inputs(cli: Any, tmp_path: Path) -> None:
    """`batch rotate in -r -d in/out`: the second run took the first run's outputs as inputs and stopped with
    OUTPUT_IS_INPUT ("in/a.pdf would be written over by its own output in/out/a.pdf"); re-running a finished
    batch skips every file."""
    small_pdfs(tmp_path / "in" / "sub", 2)
    args = ("batch", "rotate", tmp_path / "in", "-r", "-d", tmp_path / "in" / "out", "--set", "angle=90", "--json")
    first = cli(*args)
    assert first.exit_code == 0, first
    again = cli(*args)
    assert again.exit_code == 0, again
    assert sorted(r["status"] for r in rows(again.stdout).values()) == ["skipped", "skipped"], again.stdout
    with_glob = cli("batch", "rotate", f"{tmp_path / 'in'}/**/*.pdf", "-d", tmp_path / "in" / "out", "--set",
                    "angle=90", "--json")
    assert with_glob.exit_code == 0 and len(rows(with_glob.stdout)) == 2, with_glob


def test_two_files_of_one_folder_writing_one_output_get_a_hint_that_helps(cli: Any, tmp_path: Path) -> None:
    """`batch convert notes/ ...` with notes.md and notes.png beside it: the hint said to give their folder
    rather than the files one by one, which was what had been done."""
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "a.md").write_text("# A\n")
    (tmp_path / "notes" / "a.txt").write_text("A\n")
    result = cli("batch", "convert", tmp_path / "notes", "-d", tmp_path / "out", "--set", "to_format=html",
                 "--json")
    error = json.loads(result.stderr)["error"]
    assert result.exit_code == 2 and "would both write" in error["message"], error
    assert "folder rather than" not in error["hint"] and "{ext}" in error["hint"], error
    assert "'notes/*.md'" in error["hint"] or "*.md" in error["hint"], error


def test_batch_convert_rows_count_the_pages_of_the_pdf_read_or_written(cli: Any, tmp_path: Path,
                                                                      sample: Path) -> None:
    """A convert's row said as many pages as the document embedded images (a Markdown file with one picture:
    1, a 4-page PDF to Markdown: 0). Now: the pages of its PDF, read or written; 0 between text formats."""
    from PIL import Image

    folder = tmp_path / "in"
    folder.mkdir()
    Image.new("RGB", (40, 30), "red").save(folder / "dot.png")
    body = "\n\n".join(f"Paragraph {i}. " + "Words to fill a page. " * 40 for i in range(40))
    (folder / "long.md").write_text(f"# Long\n\n![a dot](dot.png)\n\n{body}\n")
    (folder / "four.pdf").write_bytes(sample.read_bytes())
    to_pdf = cli("batch", "convert", folder / "long.md", "-d", tmp_path / "pdf", "--set", "to=pdf", "--json")
    to_md = cli("batch", "convert", folder / "four.pdf", "-d", tmp_path / "md", "--set", "to=markdown", "--json")
    to_html = cli("batch", "convert", folder / "long.md", "-d", tmp_path / "html", "--set", "to=html", "--json")
    for result in (to_pdf, to_md, to_html):
        assert result.exit_code == 0, result.stderr
    written = rows(to_pdf.stdout)["long.md"]
    with pikepdf.open(written["output"]) as pdf:
        assert len(pdf.pages) > 1 and written["pages"] == len(pdf.pages), written
    assert rows(to_md.stdout)["four.pdf"]["pages"] == 4
    assert rows(to_html.stdout)["long.md"]["pages"] == 0
    assert json.loads(to_pdf.stderr)["pages"] == written["pages"]  # the summary adds the rows up
