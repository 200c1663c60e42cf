"""pdftools in the locales scripts and CI jobs run in, beside the peers it stands in for (pdftotext, pdfgrep), which
write document text as UTF-8 and file names as their bytes whatever the locale:

- a UTF-8 locale that is not C (`en_US.UTF-8`, `de_DE.UTF-8`: a developer's machine, many CI images): a file name
  that is not UTF-8 (`caf\\xe9.pdf`, from an old archive) made `search -H` and `ls` stop with INTERNAL
  (`'utf-8' codec can't encode character '\\udce9'`), where pdfgrep prints the name's bytes;
- a locale that is not UTF-8 (`de_DE.ISO-8859-1`, or `C` where Python does not coerce it): `text`, `info` and
  `search` stopped with INTERNAL on any character the locale's charset lacks (Arabic text, the table's rules),
  and `--json` came out in Latin-1, which jq and every JSON reader take for broken UTF-8.

The locales are made for the test (`localedef` into a private LOCPATH) where the machine has none."""

from __future__ import annotations

import functools
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import CORPUS

PDFTOOLS = Path(sys.executable).with_name("pdftools")
ARABIC = CORPUS / "015-arabic" / "habibi.pdf"
LATIN_NAME = b"caf\xe9.pdf"


@functools.cache
def _made_locale(folder: str, source: str, charmap: str) -> dict[str, str] | None:
    """The environment of a locale built with localedef into `folder` (LOCPATH); None when it cannot be built."""
    name = f"{source}.{charmap}"
    if shutil.which("localedef") is None:
        return None
    subprocess.run(["localedef", "-i", source, "-f", charmap, str(Path(folder) / name)], capture_output=True,
                   check=False)  # (exit 1 for warnings: the locale is made all the same)
    return {"LOCPATH": folder, "LC_ALL": name} if (Path(folder) / name / "LC_CTYPE").exists() else None


@pytest.fixture(scope="module")
def locales(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, str] | None]:
    folder = str(tmp_path_factory.mktemp("locales"))
    return {
        "utf8": _made_locale(folder, "de_DE", "UTF-8"),
        "latin1": _made_locale(folder, "de_DE", "ISO-8859-1"),
        # ASCII, always there: C without Python's coercion to C.UTF-8 and without its UTF-8 mode
        "c-ascii": {"LC_ALL": "C", "PYTHONCOERCECLOCALE": "0", "PYTHONUTF8": "0"},
    }


def _env(locales: dict[str, dict[str, str] | None], kind: str, tmp_path: Path) -> dict[str, str]:
    chosen = locales[kind]
    if chosen is None:
        pytest.skip(f"no {kind} locale: localedef cannot build one here (no /usr/share/i18n?)")
    base = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "PYTHONUTF8", "PYTHONIO"))}
    return {**base, **chosen, "TMPDIR": str(tmp_path)}


def _run(argv: list[object], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([os.fsencode(a) if isinstance(a, (str, Path)) else a for a in argv], capture_output=True,
                          env=env, cwd=cwd, timeout=120, check=False)


@pytest.fixture
def latin_named(tmp_path: Path, sample: Path) -> bytes:
    shutil.copy(sample, os.fsdecode(bytes(tmp_path) + b"/" + LATIN_NAME))
    return LATIN_NAME


@pytest.mark.parametrize("kind", ["utf8", "latin1", "c-ascii"])
def test_search_prints_a_name_as_its_bytes_as_pdfgrep_does(locales: dict[str, dict[str, str] | None], kind: str,
                                                           tmp_path: Path, latin_named: bytes) -> None:
    env = _env(locales, kind, tmp_path)
    ours = _run([PDFTOOLS, "search", "-H", "-c", "Hello", latin_named], env, tmp_path)
    peer = _run(["pdfgrep", "-H", "-c", "Hello", latin_named], env, tmp_path)
    assert ours.returncode == 0 and b"INTERNAL" not in ours.stderr, ours.stderr
    assert ours.stdout == peer.stdout == latin_named + b":23\n"


@pytest.mark.parametrize("kind", ["utf8", "latin1", "c-ascii"])
def test_a_folder_holding_such_a_name_is_listed(locales: dict[str, dict[str, str] | None], kind: str,
                                                tmp_path: Path, latin_named: bytes) -> None:
    env = _env(locales, kind, tmp_path)
    for argv in (["ls", "."], ["ls", ".", "--json"], ["search", "-c", "Hello", "."]):
        done = _run([PDFTOOLS, *argv], env, tmp_path)
        assert done.returncode == 0 and b"INTERNAL" not in done.stderr, (argv, done.stderr)
        done.stdout.decode("utf-8", "surrogateescape")


@pytest.mark.parametrize("kind", ["utf8", "latin1", "c-ascii"])
def test_document_text_is_utf8_as_pdftotext_writes_it(locales: dict[str, dict[str, str] | None], kind: str,
                                                      tmp_path: Path) -> None:
    env = _env(locales, kind, tmp_path)
    ours = _run([PDFTOOLS, "text", ARABIC], env, tmp_path)
    peer = _run(["pdftotext", ARABIC, "-"], env, tmp_path)
    assert ours.returncode == 0, ours.stderr
    assert ours.stdout == peer.stdout, ours.stdout
    assert b"habibi" in ours.stdout and "\u064a".encode() in ours.stdout  # the Arabic letter yeh, in UTF-8


@pytest.mark.parametrize("kind", ["utf8", "latin1", "c-ascii"])
def test_tables_json_and_search_in_any_locale(locales: dict[str, dict[str, str] | None], kind: str,
                                              tmp_path: Path) -> None:
    env = _env(locales, kind, tmp_path)
    table = _run([PDFTOOLS, "info", ARABIC], env, tmp_path)
    assert table.returncode == 0 and "┃".encode() in table.stdout, table.stderr
    as_json = _run([PDFTOOLS, "info", ARABIC, "--json"], env, tmp_path)
    assert as_json.returncode == 0, as_json.stderr
    assert json.loads(as_json.stdout.decode("utf-8"))["metadata"]["Title"] == "habibi"
    found = _run([PDFTOOLS, "search", "-n", "habibi", ARABIC], env, tmp_path)
    assert found.returncode == 0 and b"habibi" in found.stdout, found.stderr
    found.stdout.decode("utf-8")


@pytest.mark.parametrize("kind", ["latin1", "c-ascii"])
def test_json_names_a_file_as_it_does_in_a_utf8_locale(locales: dict[str, dict[str, str] | None], kind: str,
                                                       tmp_path: Path, latin_named: bytes) -> None:
    """`"path"` is UTF-8 JSON in every locale, the name's byte escaped as in a UTF-8 locale (`\\udce9`), so
    `os.fsencode` of the value read back is the file's name."""
    env = _env(locales, kind, tmp_path)
    done = _run([PDFTOOLS, "info", latin_named, "--json"], env, tmp_path)
    assert done.returncode == 0, done.stderr
    assert os.fsencode(json.loads(done.stdout.decode("utf-8"))["path"]) == latin_named


@pytest.mark.parametrize("kind", ["utf8", "latin1"])
def test_an_error_shows_such_a_name_with_its_byte_escaped(locales: dict[str, dict[str, str] | None], kind: str,
                                                          tmp_path: Path) -> None:
    """`\\xe9`, as results show it (and as `$'caf\\xe9.pdf'` types it), not Python's `\\udce9`."""
    env = _env(locales, kind, tmp_path)
    done = _run([PDFTOOLS, "info", b"gone-caf\xe9.pdf"], env, tmp_path)
    assert done.returncode == 3, done.stderr
    assert b"gone-caf\\xe9.pdf" in done.stderr and b"udce9" not in done.stderr, done.stderr


@pytest.mark.parametrize("encoding", ["latin-1", "ascii", "utf-16"])
def test_text_tables_and_errors_are_utf8_whatever_pythonioencoding_says(encoding: str, tmp_path: Path) -> None:
    """PYTHONIOENCODING (set for other Python programs, in a CI image or a profile) chose standard output's
    encoding: `info` stopped with INTERNAL at the table's first rule (`'latin-1' codec can't encode '┃'`), after
    some of its lines, and `text` at the first Arabic letter. pdftools writes UTF-8, as pdftotext does."""
    env = {**_env({"c": {"LC_ALL": "C.UTF-8"}}, "c", tmp_path), "PYTHONIOENCODING": encoding}
    table = _run([PDFTOOLS, "info", ARABIC], env, tmp_path)
    assert table.returncode == 0 and "┃".encode() in table.stdout, table.stderr
    ours = _run([PDFTOOLS, "text", ARABIC], env, tmp_path)
    assert ours.returncode == 0 and ours.stdout == _run(["pdftotext", ARABIC, "-"], env, tmp_path).stdout, ours
    missing = _run([PDFTOOLS, "info", "nope-\u65e5\u672c.pdf"], env, tmp_path)
    assert missing.returncode == 3 and "nope-\u65e5\u672c.pdf".encode() in missing.stderr, missing.stderr
