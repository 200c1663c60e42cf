"""Shared fixtures: the real-PDF corpus (with its ground truth), an in-process CLI runner, file hashes, a Dask
scheduler for the cluster tests (`bare`).

The corpus is found through PDFTOOLS_CORPUS, else beside the checkout (../shared/corpus); it is never copied
into the repository; tests that need to modify or create files copy corpus PDFs into `tmp_path`. A missing
corpus is an error that says where it was looked for and how to get it, never a skip: the corpus tests are the
point of this suite.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from dask_cluster import Cluster

CORPUS_ENV = "PDFTOOLS_CORPUS"
CORPUS_HOME = Path(os.environ.get(CORPUS_ENV) or Path(__file__).resolve().parents[2] / "shared" / "corpus")
CORPUS = CORPUS_HOME if (CORPUS_HOME / "files.json").is_file() else CORPUS_HOME / "sample-files"  # either folder
CORPUS_HOW = (
    f"The tests need the PDF corpus. Looked in {CORPUS_HOME} ({CORPUS_ENV} if set, else ../shared/corpus beside "
    f"the checkout). Get it: `git clone https://github.com/py-pdf/sample-files {CORPUS_HOME}/sample-files` "
    f"(or point {CORPUS_ENV} at a folder holding sample-files/)."
)
ENCRYPTED_REL = "005-libreoffice-writer-password/libreoffice-writer-password.pdf"
PASSWORDS = {ENCRYPTED_REL: "openpassword"}

# Environment variables that change how pdftools behaves; tests must not inherit them from the shell.
_HERMETIC_ENV: dict[str, str | None] = {"PDFTOOLS_PASSWORD": None, "PDFTOOLS_DEBUG": None}


def corpus_problem() -> str | None:
    """What is wrong with the corpus, with how to get it; None when it is there."""
    if not CORPUS.is_dir():
        return f"the PDF corpus is missing: no folder {CORPUS}. {CORPUS_HOW}"
    if not (CORPUS / "files.json").is_file():
        return f"the corpus ground truth is missing: {CORPUS / 'files.json'}. {CORPUS_HOW}"
    return None


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """One worker per CPU (pytest-xdist), each test file whole on one worker (`--dist loadfile`: a module's or
    the session's expensive fixtures, the sweep and the held-out OCR among them, are made once). Set here, not
    in addopts, so that `-p no:xdist` still parses; `-n 0` runs in this process, `-n N` and `--dist` choose. A
    run of one file stays in this process: it would go whole to one worker anyway."""
    if not config.pluginmanager.hasplugin("xdist") or hasattr(config, "workerinput"):
        return
    named = {arg.split("::", 1)[0] for arg in config.args}
    one_file = len(named) == 1 and Path(next(iter(named))).is_file()
    if config.option.numprocesses is None and not one_file and not config.option.usepdb \
            and not config.option.collectonly:
        config.option.numprocesses = "auto"
    if config.option.numprocesses and config.option.dist == "no" and not config.option.distload:
        config.option.dist = "loadfile"  # also for `-n N` alone: xdist's own default would run the sweep N times


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Files marked `slow` first (the order within each file kept): spread over workers file by file, a long file
    begun last would run on alone while the other workers sit idle."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def pytest_configure(config: pytest.Config) -> None:
    """No corpus, no run: several test modules list corpus files when they are imported, so a missing corpus
    would otherwise shrink the suite in silence."""
    problem = corpus_problem()
    if problem:
        raise pytest.UsageError(problem)
    if not hasattr(config, "workerinput"):  # xdist workers: the controller checks the corpus for the whole run
        _CORPUS_BEFORE.update(_corpus_state())


_CORPUS_BEFORE: dict[str, tuple[int, int]] = {}


def _corpus_state() -> dict[str, tuple[int, int]]:
    """Every file of the corpus: (size, modification time) by path. The corpus is shared and read-only."""
    return {str(path.relative_to(CORPUS_HOME)): (path.stat().st_size, path.stat().st_mtime_ns)
            for path in sorted(CORPUS_HOME.rglob("*")) if path.is_file()}


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """A run that changed the corpus (a file renamed, written or removed by a test) fails, naming the files:
    inputs are never modified, the tests' own least of all. An xdist worker hands its figures to the controller."""
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["figures"] = FIGURES
    if not _CORPUS_BEFORE:
        return
    after = _corpus_state()
    changed = sorted(name for name in _CORPUS_BEFORE.keys() | after.keys()
                     if _CORPUS_BEFORE.get(name) != after.get(name))
    if changed:
        session.config.get_terminal_writer().line(
            f"\nthe tests changed the corpus in {CORPUS_HOME}: {', '.join(changed[:10])}", red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def _require_corpus() -> Path:
    problem = corpus_problem()
    assert problem is None, problem
    return CORPUS


def load_corpus_files() -> list[tuple[Path, dict[str, Any]]]:
    """(absolute path, files.json entry) for every entry whose file exists (e.g. GeoTopo.pdf is absent)."""
    corpus = _require_corpus()
    data = json.loads((corpus / "files.json").read_text(encoding="utf-8"))["data"]
    files = [(corpus / entry["path"], entry) for entry in data if (corpus / entry["path"]).is_file()]
    assert files, f"none of the files listed in {corpus / 'files.json'} exists"
    return files


def password_for(entry: dict[str, Any]) -> str | None:
    """The password of an encrypted corpus entry (None for plain ones); unknown passwords fail loudly."""
    if not entry["encrypted"]:
        return None
    assert entry["path"] in PASSWORDS, f"no known password for the encrypted corpus file {entry['path']}"
    return PASSWORDS[entry["path"]]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """`corpus_item` parametrizes a test over every existing corpus file: (path, entry, password)."""
    if "corpus_item" in metafunc.fixturenames:
        items = [(path, entry, password_for(entry)) for path, entry in load_corpus_files()]
        metafunc.parametrize("corpus_item", items, ids=[entry["path"] for _, entry, _ in items])


# -------------------------------------------------------------------------------------------- figures

FIGURES: dict[str, list[str]] = {}


def report(section: str, line: str) -> None:
    """A line for the end-of-run summary (the sweep's and the fuzzers' figures), printed even with -q."""
    FIGURES.setdefault(section, []).append(line)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: object | None) -> None:
    """The controller gathers the figures of each xdist worker as it finishes."""
    for section, lines in getattr(node, "workeroutput", {}).get("figures", {}).items():
        FIGURES.setdefault(section, []).extend(lines)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    for section, lines in FIGURES.items():
        terminalreporter.write_sep("-", section)
        for line in lines:
            terminalreporter.write_line(line)


# --------------------------------------------------------------------------------------------- corpus


@pytest.fixture(scope="session")
def corpus() -> Path:
    return _require_corpus()


@pytest.fixture(scope="session")
def corpus_files(corpus: Path) -> list[tuple[Path, dict[str, Any]]]:
    return load_corpus_files()


def _corpus_pdf(corpus: Path, rel: str) -> Path:
    path = corpus / rel
    assert path.is_file(), f"corpus file missing: {path}"
    return path


@pytest.fixture(scope="session")
def sample(corpus: Path) -> Path:
    """A plain 4-page PDF (pdflatex), read-only: copy it before changing anything."""
    return _corpus_pdf(corpus, "004-pdflatex-4-pages/pdflatex-4-pages.pdf")


@pytest.fixture(scope="session")
def outline_pdf(corpus: Path) -> Path:
    """A 4-page PDF with a flat outline of 9 bookmarks (named destinations)."""
    return _corpus_pdf(corpus, "006-pdflatex-outline/pdflatex-outline.pdf")


@pytest.fixture(scope="session")
def mistitled_outline_pdf(corpus: Path) -> Path:
    """A 4-page PDF with a nested outline (three levels)."""
    return _corpus_pdf(corpus, "014-outlines/mistitled_outlines_example.pdf")


@pytest.fixture(scope="session")
def encrypted_pdf(corpus: Path) -> Path:
    """A 1-page encrypted PDF; its password is the `encrypted_password` fixture."""
    return _corpus_pdf(corpus, ENCRYPTED_REL)


@pytest.fixture(scope="session")
def encrypted_password() -> str:
    return PASSWORDS[ENCRYPTED_REL]


# ---------------------------------------------------------------------------------------------- helpers


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with Path(path).open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            digest.update(block)
    return digest.hexdigest()


@pytest.fixture(scope="session")
def sha256() -> Callable[[Path], str]:
    """sha256 hex digest of a file."""
    return file_sha256


def private_copy(src: Path, dest: Path) -> Path:
    """`src` copied to `dest` (its folder made if needed): a file a test may change or watch."""
    dest.parent.mkdir(exist_ok=True)
    shutil.copyfile(src, dest)
    return dest


@pytest.fixture(scope="module")
def bare(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    """A Dask scheduler alone on 127.0.0.1 (tests/batch/dask_cluster.py), one for each test module of tests/batch
    that asks: each test adds the workers it needs and stops them."""
    from dask_cluster import Cluster  # (tests/batch: on the path of the modules that ask)

    running = Cluster(tmp_path_factory.mktemp("bare"))
    try:
        yield running
    finally:
        running.close()


@pytest.fixture
def pdf(tmp_path: Path, sample: Path) -> Path:
    """A private copy of the 4-page sample: tmp_path/in/a.pdf."""
    return private_copy(sample, tmp_path / "in" / "a.pdf")


@pytest.fixture
def pdf2(tmp_path: Path, outline_pdf: Path) -> Path:
    """A private copy of the outline sample: tmp_path/in/b.pdf."""
    return private_copy(outline_pdf, tmp_path / "in" / "b.pdf")


@pytest.fixture
def out_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "out"
    folder.mkdir()
    return folder


@pytest.fixture
def read_only_dir(tmp_path: Path) -> Iterator[Path]:
    """A folder nobody, root included, can create files in.

    chmod does not stop root (CAP_DAC_OVERRIDE); as root the folder is made immutable (`chattr +i`, which
    needs CAP_LINUX_IMMUTABLE and a filesystem that supports it) and the flag is removed afterwards.
    """
    folder = tmp_path / "ro"
    folder.mkdir()
    if os.geteuid() != 0:
        folder.chmod(0o555)
        try:
            yield folder
        finally:
            folder.chmod(0o755)
        return
    chattr = shutil.which("chattr")
    if chattr is None:
        pytest.skip("running as root, chmod cannot stop root, and chattr (immutable flag) is not installed")
    made = subprocess.run([chattr, "+i", str(folder)], capture_output=True, text=True, check=False)
    if made.returncode != 0:
        pytest.skip(f"running as root, chmod cannot stop root, and `chattr +i` failed: {made.stderr.strip()}")
    try:
        probe = folder / "probe"
        try:
            probe.touch()
        except OSError:
            pass
        else:
            probe.unlink()
            pytest.skip("running as root and even an immutable folder accepted a new file")
        yield folder
    finally:
        subprocess.run([chattr, "-i", str(folder)], check=True)


@dataclass
class CliResult:
    exit_code: int
    stdout: str
    stderr: str
    stdout_bytes: bytes
    exception: BaseException | None

    def __repr__(self) -> str:  # shown by pytest when an assertion on the result fails
        return f"CliResult(exit_code={self.exit_code}, stdout={self.stdout[:500]!r}, stderr={self.stderr[:1000]!r})"


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[..., CliResult]:
    """Run the CLI in-process: `cli("info", path, "--json", input=b"...")` -> CliResult.

    Typer 0.29's CliRunner keeps stdout and stderr apart (`Result.stdout` / `Result.stderr`; `output` is the
    mix), so tests can check each stream on its own. The working directory is `tmp_path`, so default outputs
    (`merged.pdf`, split parts in `.`) never land in the repository. Any exception that escapes the CLI fails
    the test (the CLI promises an error line, never a traceback).
    """
    from typer.testing import CliRunner

    from pdftools.main import build_app

    monkeypatch.chdir(tmp_path)
    runner = CliRunner()

    def run(*args: Any, input: bytes | str | None = None, env: dict[str, str | None] | None = None) -> CliResult:
        argv: Sequence[str] = [str(a) for a in args]
        result = runner.invoke(build_app(None), argv, input=input, env={**_HERMETIC_ENV, **(env or {})},
                               catch_exceptions=False, prog_name="pdftools")
        return CliResult(exit_code=result.exit_code, stdout=result.stdout, stderr=result.stderr,
                         stdout_bytes=result.stdout_bytes, exception=result.exception)

    return run


@pytest.fixture(params=["plain", "json"])
def mode(request: pytest.FixtureRequest) -> str:
    """Each error test runs twice: plain `error[CODE]` lines and `--json`."""
    return str(request.param)


@pytest.fixture
def fails(cli: Callable[..., CliResult], sha256: Callable[[Path], str], tmp_path: Path, mode: str) -> Any:
    """The error-contract checker of tests/errors_contract.py (`Errors.run`), in both modes."""
    from errors_contract import Errors

    return Errors(cli, sha256, tmp_path, mode)
