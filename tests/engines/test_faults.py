"""Faults from outside: a read-only output folder, a full disk (a file-size limit), the process killed mid-write,
Ctrl-C during a batch, and external programs (pdftotext, pdftoppm, tesseract, pandoc) that are missing, fail,
crash, hang, flood or eat memory.

Each runs the real `pdftools` in a subprocess with a private TMPDIR, and the same promise is checked every time
(`assert_clean`): a clean exit code and `--json` error, nothing on stdout, no output file (or part of one) at
the target, inputs byte-identical, no temporary files left, no child process left running.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import resource
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import CORPUS, file_sha256
from harness import base_env, default_signals

PDFTOOLS = Path(sys.executable).with_name("pdftools")
BIG_IMAGE = CORPUS / "018-base64-image" / "base64image.pdf"  # 2.2 MB: 20 of them take a while to write


class Run:
    """`pdftools ARGV` in a subprocess with a private TMPDIR; `start()` to interact, `finish()` to wait."""

    def __init__(self, tmp_path: Path, argv: list[Any], *, env: dict[str, str] | None = None,
                 fsize: int | None = None) -> None:
        self.tmpdir = tmp_path / "private-tmp"
        self.tmpdir.mkdir(exist_ok=True)
        self.argv = [str(PDFTOOLS), *map(str, argv), "--json"]
        self.env = base_env(TMPDIR=str(self.tmpdir), **(env or {}))
        self.fsize, self.cwd = fsize, tmp_path

    def start(self) -> subprocess.Popen[bytes]:
        self.proc = subprocess.Popen(self.argv, env=self.env, cwd=self.cwd, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, start_new_session=True, preexec_fn=default_signals)
        if self.fsize is not None:  # set at once: Python takes ~0.3 s to start before it can write anything
            resource.prlimit(self.proc.pid, resource.RLIMIT_FSIZE, (self.fsize, self.fsize))
        return self.proc

    def finish(self, timeout: float = 60) -> tuple[int, bytes, dict[str, Any] | None]:
        out, err = self.proc.communicate(timeout=timeout)
        try:
            error = json.loads(err)["error"]
        except (ValueError, KeyError):
            error = None
        return self.proc.returncode, out, error

    def __call__(self) -> tuple[int, bytes, dict[str, Any] | None]:
        self.start()
        return self.finish()


def assert_clean(run: Run, result: tuple[int, bytes, dict[str, Any] | None], code: str, exit_code: int, *,
                 inputs: dict[Path, str], folder: Path | None = None, allowed: tuple[str, ...] = ()) -> None:
    """The promise after a failure: the code and exit code, no stdout, no output in `folder` (but `allowed`
    names), inputs unchanged, the private TMPDIR empty."""
    returncode, out, error = result
    assert error is not None and error["code"] == code, result
    assert returncode == exit_code and out == b"", result
    assert hashes(*inputs) == inputs, "an input changed"
    if folder is not None:
        assert sorted(p.name for p in folder.iterdir() if p.name not in allowed) == [], "output left behind"
    assert list(run.tmpdir.iterdir()) == [], "temporary files left behind"


@pytest.fixture
def inputs(pdf: Path, pdf2: Path) -> list[Path]:
    return [pdf, pdf2]


def hashes(*paths: Path) -> dict[Path, str]:
    return {p: file_sha256(p) for p in paths}


# ------------------------------------------------------------------------------------- writing outputs


@pytest.mark.parametrize("command", ["merge", "split"])
def test_read_only_output_folder(command: str, tmp_path: Path, inputs: list[Path], read_only_dir: Path,
                                 ) -> None:
    before = hashes(*inputs)
    argv = [command, *inputs, "-o", read_only_dir / "m.pdf"] if command == "merge" else [
        command, inputs[0], "-d", read_only_dir]
    run = Run(tmp_path, argv)
    assert_clean(run, run(), "PERMISSION_DENIED", 6, inputs=before, folder=read_only_dir)


@pytest.mark.parametrize("command", ["merge", "split", "words"])
def test_disk_full(command: str, tmp_path: Path, inputs: list[Path], out_dir: Path,
                   ) -> None:
    """A file-size limit (`ulimit -f`) stands in for a full disk: writes past it fail with EFBIG. `words`: the
    output pdftotext writes into TMPDIR (plain text comes through a pipe: the next test)."""
    before = hashes(*inputs)
    argv = {"merge": ["merge", *inputs, "-o", out_dir / "m.pdf"], "words": ["text", inputs[0], "--format", "words"],
            "split": ["split", inputs[0], "-d", out_dir, "--every", "2"]}[command]
    run = Run(tmp_path, argv, fsize=2000)
    returncode, stdout, error = result = run()
    assert_clean(run, result, "DISK_FULL", 6, inputs=before, folder=out_dir)
    assert error is not None and ("ulimit" in error["message"] or "File too large" in error["message"]), error


def test_text_read_through_a_pipe_needs_no_room(tmp_path: Path, inputs: list[Path]) -> None:
    """Plain text comes from pdftotext's pipe as it writes it, never through a file: under the same limit, the
    text is pdftotext's, whole."""
    returncode, stdout, error = Run(tmp_path, ["text", inputs[0]], fsize=2000)()
    theirs = subprocess.run(["pdftotext", "-enc", "UTF-8", inputs[0], "-"], capture_output=True, check=True).stdout
    assert returncode == 0 and len(theirs) > 2000, (error, len(theirs))
    assert "".join(page["text"] + "\f" for page in json.loads(stdout)["pages"]) == theirs.decode(), stdout[:300]


def test_killed_mid_write_leaves_no_output_and_the_next_write_cleans_up(tmp_path: Path, out_dir: Path) -> None:
    """SIGKILL while the output is being written: the target never appears; the temporary `.m.pdf.*.part` stays
    (nothing runs after SIGKILL) until the next write into the folder removes it."""
    run = Run(tmp_path, ["merge", *[BIG_IMAGE] * 20, "-o", out_dir / "m.pdf"])
    proc = run.start()
    os.setpriority(os.PRIO_PROCESS, proc.pid, 19)  # on a busy machine the watch below still runs while it writes
    part = _wait_for_part(out_dir, proc)
    assert part is not None, "the merge finished before it could be killed mid-write"
    os.kill(proc.pid, signal.SIGKILL)
    assert run.finish()[0] == -signal.SIGKILL
    assert [p.name for p in out_dir.iterdir()] == [part.name] and part.name.endswith(".part")
    os.utime(part, (time.time() - 3600,) * 2)  # an hour later; a fresh one could still be another's
    small = CORPUS / "001-trivial" / "minimal-document.pdf"
    again = Run(tmp_path, ["merge", small, BIG_IMAGE, "-o", out_dir / "m.pdf"])
    returncode, _, error = again()
    assert returncode == 0, error
    assert [p.name for p in out_dir.iterdir()] == ["m.pdf"]


def _wait_for_part(folder: Path, proc: subprocess.Popen[bytes]) -> Path | None:
    while proc.poll() is None:
        parts = [p for p in folder.glob(".m.pdf.*.part") if _size(p) > 0]
        if parts:
            return parts[0]
        time.sleep(0.001)
    return None


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except FileNotFoundError:  # renamed into place between the listing and now
        return 0


def test_a_part_being_written_by_a_live_process_is_left_alone(tmp_path: Path, inputs: list[Path],
                                                              out_dir: Path) -> None:
    """Another pdftools writing into the same folder holds a lock on its part: even an old one is not removed."""
    busy = out_dir / ".x.pdf.abcd1234.part"
    busy.write_bytes(b"half a PDF")
    os.utime(busy, (time.time() - 3600,) * 2)
    with busy.open("rb") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        returncode, _, error = Run(tmp_path, ["merge", *inputs, "-o", out_dir / "m.pdf"])()
    assert returncode == 0, error
    assert sorted(p.name for p in out_dir.iterdir()) == [busy.name, "m.pdf"]


@pytest.mark.parametrize("target", ["process", "group"])
@pytest.mark.parametrize("command", ["split", "merge"])
def test_ctrl_c_during_a_batch(command: str, target: str, tmp_path: Path, out_dir: Path,
                               ) -> None:
    """SIGINT to pdftools alone (`kill -INT`) or to its process group (Ctrl-C at a terminal, which reaches
    split's forked helper too) while it works: exit 130, no parts or output, inputs unchanged. Merge's last
    input is still arriving through a pipe (half of it written, the writer still there), as from
    `curl ... | pdftools merge a.pdf - -o m.pdf`: merge of 6,000 pages ends in a fifth of a second, too soon to be
    caught at work by a clock."""
    big = tmp_path / "in" / "big.pdf"
    big.parent.mkdir()
    subprocess.run(["qpdf", "--empty", "--pages", *[str(CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf")]
                    * 250, "--", str(big)], check=True)  # 1,000 pages
    before = hashes(big)
    fifo = tmp_path / "in" / "arriving.pdf"
    os.mkfifo(fifo)
    argv = ["split", big, "-d", out_dir] if command == "split" else ["merge", *[big] * 5, fifo, "-o", out_dir / "m.pdf"]
    run = Run(tmp_path, argv)
    proc = run.start()
    with contextlib.ExitStack() as stack:
        if command == "merge":
            writer = stack.enter_context(_half_written(fifo, big.read_bytes()))
            assert writer.wait(30) and proc.poll() is None, "merge never read its last input"
        else:
            _wait_until_busy(proc, out_dir)
        (os.killpg if target == "group" else os.kill)(proc.pid, signal.SIGINT)
        result = run.finish(timeout=30)
    assert_clean(run, result, "INTERRUPTED", 130, inputs=before, folder=out_dir)


@contextlib.contextmanager
def _half_written(fifo: Path, data: bytes) -> Iterator[threading.Event]:
    """A writer that opens `fifo` (once a reader has), writes the first half of `data` and keeps it open until the
    block ends; the event is set when the half is written."""
    written, done = threading.Event(), threading.Event()

    def write() -> None:
        with contextlib.suppress(OSError), open(fifo, "wb") as pipe:
            pipe.write(data[:len(data) // 2])
            pipe.flush()
            written.set()
            done.wait(60)

    thread = threading.Thread(target=write, daemon=True)
    thread.start()
    try:
        yield written
    finally:
        done.set()
        with contextlib.suppress(OSError):  # a writer still waiting for a reader that never came
            os.close(os.open(fifo, os.O_RDONLY | os.O_NONBLOCK))
        thread.join(10)


def test_sigterm_stops_a_command_as_ctrl_c_does(tmp_path: Path, out_dir: Path) -> None:
    """SIGTERM (`timeout`, a CI job cancelled, `docker stop`) while split works: exit 143, TERMINATED, no parts
    or output left (it ended the program where it stood: its staging folder stayed)."""
    big = tmp_path / "in" / "big.pdf"
    big.parent.mkdir()
    subprocess.run(["qpdf", "--empty", "--pages", *[str(CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf")]
                    * 250, "--", str(big)], check=True)  # 1,000 pages
    before = hashes(big)
    run = Run(tmp_path, ["split", big, "-d", out_dir])
    proc = run.start()
    _wait_until_busy(proc, out_dir)
    proc.send_signal(signal.SIGTERM)
    result = run.finish(timeout=30)
    assert_clean(run, result, "TERMINATED", 143, inputs=before, folder=out_dir)


@pytest.mark.parametrize("command", ["split", "ocr"])
def test_sighup_stops_a_command_as_sigterm_does(command: str, tmp_path: Path, out_dir: Path) -> None:
    """SIGHUP (the terminal or the ssh session closed under it, `kill -HUP`) ended the program where it stood:
    split's staging folder stayed in the output folder, OCR's (its page images) in TMPDIR, and its tesseract
    and pdftoppm went on running. Now as SIGTERM: exit 129, HANGUP, nothing left, no child running."""
    book = CORPUS / "009-pdflatex-geotopo" / "GeoTopo-komprimiert.pdf"
    if command == "split":
        big = tmp_path / "in" / "big.pdf"
        big.parent.mkdir()
        subprocess.run(["qpdf", "--empty", "--pages", *[str(CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf")]
                        * 250, "--", str(big)], check=True)  # 1,000 pages
        argv: list[Any] = ["split", big, "-d", out_dir]
    else:
        big = book
        argv = ["ocr", book, "--pages", "1-40", "--force-ocr", "-o", out_dir / "o.pdf"]
    before = hashes(big)
    run = Run(tmp_path, argv)
    proc = run.start()
    if command == "split":
        _wait_until_busy(proc, out_dir)
    else:
        _wait_for_pages(proc, run.tmpdir)
    proc.send_signal(signal.SIGHUP)
    result = run.finish(timeout=30)
    assert_clean(run, result, "HANGUP", 129, inputs=before, folder=out_dir)
    assert _children_of(run.tmpdir) == [], "a child program still runs"


def test_under_nohup_sighup_is_ignored(tmp_path: Path, out_dir: Path) -> None:
    """`nohup pdftools ...` ignores SIGHUP, and the command's own handling keeps it ignored: it finishes."""
    argv = [str(PDFTOOLS), "ocr", CORPUS / "009-pdflatex-geotopo" / "GeoTopo-komprimiert.pdf", "--pages", "1-3",
            "--force-ocr", "-o", out_dir / "o.pdf", "-q"]
    (tmp_path / "tmp").mkdir()
    proc = subprocess.Popen(argv, env=base_env(TMPDIR=str(tmp_path / "tmp")), cwd=tmp_path, stderr=subprocess.PIPE,
                            preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN))
    _wait_for_pages(proc, tmp_path / "tmp")
    proc.send_signal(signal.SIGHUP)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    assert (out_dir / "o.pdf").read_bytes().startswith(b"%PDF-")


def _wait_for_pages(proc: subprocess.Popen[bytes], tmpdir: Path) -> None:
    """Until OCR has rendered a page into its temporary folder."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        if any(tmpdir.glob("pdftools-ocr-*/*")):
            return
        time.sleep(0.01)
    assert proc.poll() is None, "finished before it could be interrupted"


def _children_of(tmpdir: Path) -> list[str]:
    """Processes whose command line names the private TMPDIR (tesseract and pdftoppm name their files there)."""
    found = []
    for proc in Path("/proc").iterdir():
        try:
            cmdline = (proc / "cmdline").read_bytes()
        except OSError:
            continue
        if proc.name.isdigit() and os.fsencode(tmpdir) in cmdline:
            found.append(cmdline.replace(b"\0", b" ").decode(errors="replace"))
    return found


def _wait_until_busy(proc: subprocess.Popen[bytes], staging_in: Path | None) -> None:
    """Until split has written some parts into its staging folder (or a second, with no folder to watch)."""
    deadline = time.monotonic() + (30 if staging_in else 1.0)
    while time.monotonic() < deadline and proc.poll() is None:
        if staging_in and any(len(list(d.iterdir())) > 20 for d in staging_in.glob(".pdftools-*.part")):
            return
        time.sleep(0.005)
    assert proc.poll() is None, "finished before it could be interrupted"
    assert staging_in is None, "split never got busy"


# ----------------------------------------------------------------------------------- external programs

GRAB = "import mmap; mmap.mmap(-1, 1_500_000_000, flags=mmap.MAP_PRIVATE)"  # 1.5 GB of private memory, untouched
HANG = {"PDFTOOLS_TIMEOUT": "1"}  # ops with their own --timeout get `--timeout 1` instead (PROGRAMS)
FAKES = {  # fault -> (fake program's script body, extra environment, code, exit code, words in the message)
    "missing": (None, {}, "DEPENDENCY_MISSING", 8, ()),  # the words: PROGRAMS' install hint
    # there, but its interpreter is not (a virtualenv restored from a CI cache, moved): it was INTERNAL
    "cannot start": ("", {}, "DEPENDENCY_MISSING", 8, ("cannot start", "No such file or directory")),
    "fails": ("echo 'fake: cannot read this' >&2; exit 1", {}, "EXTERNAL_TOOL_FAILED", 9,
              ("fake: cannot read this",)),
    "crashes": ("kill -SEGV $$", {}, "EXTERNAL_TOOL_FAILED", 9, ("SIGSEGV",)),
    "hangs": ("exec sleep 60", HANG, "TIMEOUT", 124, ("1 s",)),
    "floods": ("sleep 0.5; exec head -c 3000000 /dev/zero > {out}", {"PDFTOOLS_MAX_STREAM_BYTES": "1M"},
               "STREAM_TOO_LARGE", 10, ("PDFTOOLS_MAX_STREAM_BYTES",)),  # its output, or the file it writes: past
    # the cap. The caps are set just after the program starts (engines._cap: no preexec_fn in a threaded
    # process), as a real program reads its input before it writes; a fake that wrote 3 MB at once could finish
    # first on a loaded machine, and pdftoppm's then said "made no image of page 3" (seen once in a clean run)
    "eats memory": (f"exec {sys.executable} -c '{GRAB}'", {"PDFTOOLS_MAX_STREAM_BYTES": "1M",
                                                           "PDFTOOLS_MAX_PIXELS": "1"},
                    "EXTERNAL_TOOL_FAILED", 9, ("Cannot allocate memory",)),
}
POPPLER = ("pdftotext", "pdftoppm", "pdfinfo")


class Program:
    """An external program and a command that reaches it: `argv` ({pdf}, {png}, {md}: inputs; {out}: an empty
    folder for outputs), `out`: where the program writes (a shell expression over its arguments), `words`: what a
    DEPENDENCY_MISSING message must say; `variable`: the environment variable naming the program, when pdftools
    looks there before PATH (pandoc: the pypandoc-binary wheel's comes first)."""

    def __init__(self, argv: list[str], out: str, words: tuple[str, ...], *, variable: str | None = None,
                 timeout_option: bool = False, passes: str = "") -> None:
        self.argv, self.out, self.words, self.variable = argv, out, words, variable
        self.timeout_option, self.passes = timeout_option, passes  # passes: arguments the real program answers


PROGRAMS = {
    "pdftotext": Program(["text", "{pdf}"], "/dev/stdout", ("pdftotext", "apt-get install poppler-utils")),
    "pdftoppm": Program(["thumbnails", "{pdf}", "-d", "{out}"], '"$(eval echo \\${$#})-1.png"',
                        ("pdftoppm", "apt-get install poppler-utils")),
    "tesseract": Program(["ocr", "{png}", "-o", "{out}/scan.pdf"], '"$2.txt"',
                         ("tesseract", "apt-get install tesseract-ocr"), timeout_option=True,
                         passes="--list-langs"),  # the languages are checked first
    "pandoc": Program(["convert", "{md}", "-o", "{out}/doc.html"], "/dev/stdout", ("pandoc", "pypandoc-binary"),
                      variable="PDFTOOLS_PANDOC", timeout_option=True),
}
PROGRAM_FAULTS = [("pdftotext", fault) for fault in sorted(FAKES)] + [
    (program, fault) for program in ("pdftoppm", "tesseract", "pandoc")
    for fault in ("missing", "cannot start", "fails", "crashes", "hangs", "floods")]


@pytest.fixture
def documents(tmp_path: Path, pdf: Path) -> dict[str, Path]:
    from PIL import Image, ImageDraw

    folder = pdf.parent
    png, md = folder / "scan.png", folder / "doc.md"
    image = Image.new("L", (600, 200), 255)
    ImageDraw.Draw(image).text((20, 80), "Hello, faults", fill=0)
    image.save(png, dpi=(150, 150))
    md.write_text("# A title\n\nSome *text*.\n", encoding="utf-8")
    return {"pdf": pdf, "png": png, "md": md}


@pytest.mark.parametrize(("program", "fault"), PROGRAM_FAULTS, ids=[f"{p}-{f}" for p, f in PROGRAM_FAULTS])
def test_external_program_faults(program: str, fault: str, tmp_path: Path, documents: dict[str, Path]) -> None:
    """A fake program first on PATH (or named by its variable; or none at all); it records its pid, which must
    be gone afterwards, and so must every output and temporary file."""
    body, env, code, exit_code, words = FAKES[fault]
    target = PROGRAMS[program]
    bindir, pids, out = tmp_path / "bin", tmp_path / "fake.pids", tmp_path / "out"
    bindir.mkdir()
    out.mkdir()
    fake = bindir / program
    if body is not None:
        real = shutil.which(program) if target.passes else None
        answer = f'case "$1" in {target.passes}) exec {real} "$@";; esac\n' if real else ""
        fake.write_text(f"#!/bin/sh\n{answer}echo $$ >> {pids}\n{body.format(out=target.out)}\n")
        if fault == "cannot start":
            fake.write_text(f"#!{tmp_path / 'gone' / 'python3'}\n")
        fake.chmod(0o755)
    if target.variable:
        env = {**env, target.variable: str(fake)}  # missing: it names a file that is not there
        path = os.environ["PATH"]
    elif body is None:  # PATH holds the other programs the command needs, not this one
        for other in {*POPPLER, "tesseract"} - {program}:
            (bindir / other).symlink_to(shutil.which(other))  # type: ignore[arg-type]
        path = str(bindir)
    else:
        path = f"{bindir}:{os.environ['PATH']}"
    argv = [a.format(out=out, **documents) for a in target.argv]
    if env is HANG and target.timeout_option:
        env, argv = {}, [*argv, "--timeout", "1"]
    before = hashes(*documents.values())
    run = Run(tmp_path, argv, env={"PATH": path, **env})
    started = time.monotonic()
    result = run()
    assert_clean(run, result, code, exit_code, inputs=before, folder=out)
    expected = words or target.words
    assert result[2] is not None and all(w in result[2]["message"] + result[2]["hint"] for w in expected), result
    assert time.monotonic() - started < 30  # a generous guard: the hang is cut at 1 s
    if body is not None and fault not in ("missing", "cannot start"):
        assert pids.exists(), "the fake never ran: the command did not reach it"
    for pid in (int(p) for p in pids.read_text().split()) if pids.exists() else ():
        assert not Path(f"/proc/{pid}").exists() or Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z"


def test_the_memory_cap_is_what_stops_a_hungry_program(tmp_path: Path, inputs: list[Path]) -> None:
    """The control for "eats memory": with the data limits off, the same program gets its 1.5 GB and runs."""
    bindir = tmp_path / "bin"
    bindir.mkdir()
    fake = bindir / "pdftotext"
    fake.write_text(f"#!/bin/sh\n{sys.executable} -c '{GRAB}' && printf 'page\\f'\n")
    fake.chmod(0o755)
    env = {"PATH": f"{bindir}:{os.environ['PATH']}", "PDFTOOLS_MAX_STREAM_BYTES": "0"}
    returncode, stdout, error = Run(tmp_path, ["text", inputs[0], "--pages", "1"], env=env)()
    assert returncode == 0, error
    assert json.loads(stdout)["pages"][0]["text"] == "page"


@pytest.mark.skipif(not sys.platform.startswith("linux") or shutil.which("setpriv") is None,
                    reason="programs are tethered through util-linux's setpriv (Linux): without it they outlive a kill")
@pytest.mark.parametrize("program", sorted(PROGRAMS))
def test_a_program_dies_with_a_command_killed_outright(program: str, tmp_path: Path,
                                                       documents: dict[str, Path]) -> None:
    """SIGKILL (the OOM killer, `kill -9`) lets the command stop nothing: the program it was running must die with
    it by itself. A long OCR's tesseract, or a pandoc on a hostile input, ran on alone past every limit (the
    deadline is the parent's to keep)."""
    import processes

    target = PROGRAMS[program]
    bindir, pids, out = tmp_path / "bin", tmp_path / "fake.pids", tmp_path / "out"
    bindir.mkdir()
    out.mkdir()
    fake = bindir / program
    real = shutil.which(program) if target.passes else None
    answer = f'case "$1" in {target.passes}) exec {real} "$@";; esac\n' if real else ""
    fake.write_text(f"#!/bin/sh\n{answer}echo $$ >> {pids}\nexec sleep 600\n")
    fake.chmod(0o755)
    env = {target.variable: str(fake)} if target.variable else {"PATH": f"{bindir}:{os.environ['PATH']}"}
    run = Run(tmp_path, [a.format(out=out, **documents) for a in target.argv], env=env)
    proc = run.start()
    try:
        assert processes.wait_for(lambda: pids.exists() and pids.read_text().strip(), 120), "never reached"
        child = int(pids.read_text().split()[0])
        assert processes.alive(child)
        proc.kill()
        proc.communicate()
        assert processes.wait_for(lambda: not processes.alive(child), 20), f"{program} outlived its parent"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
