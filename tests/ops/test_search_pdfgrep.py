"""`pdftools search` against pdfgrep on corpus files: the same lines on a pipe, byte for byte; folders, globs,
unreadable inputs and exit codes as grep's; over MCP, hits within a budget that say how to go on."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import anyio
import pytest
from conftest import CORPUS, ENCRYPTED_REL
from mcp import Client
from pdfgrep_peer import PDFTOOLS, pdfgrep, run

from pdftools.mcp.server import build_server
from pdftools.ops.search import search

pytestmark = pytest.mark.slow  # started first when the files are spread over workers

FILES = ["004-pdflatex-4-pages/pdflatex-4-pages.pdf", "026-latex-multicolumn/multicolumn.pdf",
         "011-google-doc-document/google-doc-document.pdf", "021-pdfa/crazyones-pdfa.pdf"]
BOOK = "009-pdflatex-geotopo/GeoTopo-komprimiert.pdf"  # 100+ pages of German mathematics
# patterns whose meaning is the same in pdfgrep's POSIX extended syntax and Python's (no ^ or $: pdfgrep anchors
# them at the ends of the page's text, grep and pdftools at each line's)
PATTERNS = ["in", "Lorem|ipsum", "[0-9]+", "(Nam|text) [a-z]+"]


@pytest.mark.parametrize("options", [["-n"], ["-i", "-n", "-H"], ["-c"], ["-n", "-C", "2"], ["-m", "3", "-n"],
                                     ["-h", "-n"], ["-c", "-h"], ["-H", "-h"], ["-h", "-H"],
                                     ["--files-with-matches"], ["-L"], ["-i", "--files-without-match"]])
@pytest.mark.parametrize("pattern", PATTERNS)
def test_lines_on_a_pipe_are_pdfgreps(options: list[str], pattern: str) -> None:
    files = [CORPUS / rel for rel in FILES]
    if "-C" in options:  # context shows the lines around matches: on crazyones pdfgrep's (poppler-cpp's) page
        files = files[:3]  # text has more blank lines than pdftotext's
    for group in ([files[0]], files):  # one input (no file names) and several
        ours, theirs = run(PDFTOOLS, "search", *options, pattern, *group), run(pdfgrep(), *options, pattern, *group)
        # pdfgrep's page text ends with the form feed that ends a page in pdftotext's output: as context, it shows
        # as a line of its own (`4-\f`); pdftools leaves it out
        expected = re.sub(rb"(?m)^(.*-)?\x0c\n", b"", theirs.stdout)
        assert ours.stdout == expected, (options, pattern, group)
        assert ours.returncode == theirs.returncode  # 0 when something matched, 1 when nothing did
    without = {"-L", "--files-without-match"} & set(options)  # lists nothing when every file matches
    assert theirs.stdout.strip() or without  # each pattern finds something in the corpus: the comparison has lines


@pytest.mark.parametrize("options", [["-n", "-i"], ["-c"]])
def test_a_book_gives_pdfgreps_lines(options: list[str]) -> None:
    pattern = "Menge|Raum"
    ours, theirs = run(PDFTOOLS, "search", *options, pattern, CORPUS / BOOK), run(pdfgrep(), *options, pattern,
                                                                                  CORPUS / BOOK)
    assert ours.stdout == theirs.stdout and ours.stdout.count(b"\n") >= (150 if "-n" in options else 1)


def test_folders_globs_and_page_selections(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    for i, rel in enumerate(FILES[:3]):
        shutil.copy(CORPUS / rel, (tmp_path / "sub" if i else tmp_path) / f"f{i}.pdf")
    flat = search("Lorem", [str(tmp_path)])
    deep = search("Lorem", [str(tmp_path)], recursive=True)
    globbed = search("Lorem", [str(tmp_path / "sub" / "*.pdf")])
    assert [Path(f.path).name for f in flat.files] == ["f0.pdf"]
    assert [Path(f.path).name for f in deep.files] == ["f0.pdf", "f1.pdf", "f2.pdf"]
    assert [Path(f.path).name for f in globbed.files] == ["f1.pdf", "f2.pdf"]
    assert deep.matches == sum(f.matches for f in deep.files) > 0
    only = search("in", [f"{tmp_path / 'sub' / 'f1.pdf'}:2"])
    assert {h.page for h in only.hits} == {2} and only.files[0].pages == 1


def test_unreadable_inputs_are_reported_and_the_rest_searched(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pdf"
    bad.write_bytes(b"not a pdf at all")
    good = CORPUS / FILES[0]
    done = run(PDFTOOLS, "search", "-c", "text", good, CORPUS / ENCRYPTED_REL, bad)
    assert done.returncode == 2 and done.stdout.decode().startswith(f"{good}:")  # as grep: an input failed
    assert "error[ENCRYPTED]: " in done.stderr.decode() and f"error[NOT_A_PDF]: {bad} " in done.stderr.decode()
    alone = run(PDFTOOLS, "search", "--json", "x", bad)
    assert alone.returncode == 4 and json.loads(alone.stderr)["error"]["code"] == "NOT_A_PDF"
    missed = run(PDFTOOLS, "search", "no such words anywhere", good)
    assert missed.returncode == 1 and missed.stdout == b""
    invalid = run(PDFTOOLS, "search", "a(b", good)
    assert invalid.returncode == 2 and b"INVALID_ARGUMENT" in invalid.stderr
    unlocked = search("Lorem|the", [str(CORPUS / ENCRYPTED_REL)], password="openpassword")
    assert unlocked.matches > 0


def test_text_is_data_and_json_carries_every_hit(tmp_path: Path) -> None:
    done = run(PDFTOOLS, "search", "--json", "-C", "1", "Lorem", CORPUS / FILES[1])
    data = json.loads(done.stdout)
    assert done.returncode == 0 and data["matches"] == sum(len(h["spans"]) for h in data["hits"])
    first = data["hits"][0]
    assert "Lorem" in first["text"][first["spans"][0][0]:first["spans"][0][1]]
    assert set(data) >= {"pattern", "matches", "files", "hits", "truncated", "next_file", "next_page", "skipped"}


def call(root: Path, args: dict) -> object:
    async def go() -> object:
        async with Client(build_server([root])) as client:
            return await client.call_tool("pdf_search", args)

    return anyio.run(go)


def test_mcp_hits_fit_the_budget_and_continue_to_the_end(tmp_path: Path) -> None:
    for rel in FILES[:3]:
        shutil.copy(CORPUS / rel, tmp_path / Path(rel).name)
    whole = search("e", [str(tmp_path / "*.pdf")])
    seen: list[tuple[str, int, int]] = []
    args: dict = {"pattern": "e", "inputs": ["*.pdf"], "max_chars": 3000}
    for _ in range(100):
        result = call(tmp_path, args)
        data = result.structured_content  # type: ignore[attr-defined]
        assert not result.is_error and sum(len(h["text"]) for h in data["hits"]) <= 3000  # type: ignore[attr-defined]
        seen += [(Path(h["path"]).name, h["page"], h["line"]) for h in data["hits"]]
        if not data["truncated"]:
            break
        assert "start_file=" in result.content[0].text  # type: ignore[attr-defined]  # told how to go on
        args = {**args, "start_file": data["next_file"], "start_page": data["next_page"], "skip": data["next_skip"]}
    assert len(seen) > 100 and seen == [(Path(h.path).name, h.page, h.line) for h in whole.hits]


def test_broken_and_hostile_files_are_searched_or_reported(tmp_path: Path) -> None:
    """Every generated broken file (tests/broken_pdfs.py) in one search, and words from each: an answer or an
    error with a code for each, within the time limit, never a traceback."""
    from broken_pdfs import CASES

    sample = (CORPUS / FILES[0]).read_bytes()
    for name, make in CASES.items():
        (tmp_path / f"{name}.pdf").write_bytes(make(sample))
    done = subprocess.run([PDFTOOLS, "search", "-c", "text", tmp_path], capture_output=True, timeout=600,
                          check=False)
    counted = {Path(line.rsplit(":", 1)[0]).stem for line in done.stdout.decode().splitlines()}
    noted = set(re.findall(rf"{re.escape(str(tmp_path))}/([^/ :]+)\.pdf", done.stderr.decode()))
    assert done.returncode == 2 and "Traceback" not in done.stderr.decode()
    assert all(line.startswith(("error[", "  hint: ")) for line in done.stderr.decode().splitlines())
    assert counted | noted == set(CASES) and not counted & noted
    assert {"truncated-empty", "bomb-content", "flipped-a"} <= noted and "xref-removed" in counted
    for name in ("bomb-content", "truncated-10pct", "xref-removed"):
        words = run(PDFTOOLS, "text", "--format", "words", "--json", tmp_path / f"{name}.pdf")
        assert words.returncode == 0 or json.loads(words.stderr)["error"]["code"], name


@pytest.mark.parametrize("options", [["-n", "-i"], ["-c"], ["-n", "-H"]])
def test_standard_input_among_inputs_is_labelled_as_grep_does(options: list[str]) -> None:
    first, second = CORPUS / FILES[0], CORPUS / FILES[1]
    piped = subprocess.run([PDFTOOLS, "search", *options, "Lorem|in", "-", second], input=first.read_bytes(),
                           capture_output=True, check=False)
    named = run(pdfgrep(), *options, "Lorem|in", first, second)
    expected = named.stdout.replace(f"{first}:".encode(), b"(standard input):")
    assert piped.stdout == expected and b"(standard input):" in piped.stdout, options
    assert piped.returncode == named.returncode == 0
    alone = subprocess.run([PDFTOOLS, "search", *options, "Lorem|in", "-"], input=first.read_bytes(),
                           capture_output=True, check=False)
    assert alone.stdout == run(pdfgrep(), *options, "Lorem|in", first).stdout.replace(
        f"{first}:".encode(), b"(standard input):")


def test_bad_inputs_among_others_are_reported_once_each_and_exit_2_as_pdfgrep(tmp_path: Path) -> None:
    good, missing, fake = CORPUS / FILES[0], tmp_path / "missing.pdf", tmp_path / "fake.pdf"
    fake.write_bytes(b"fake\n")
    for bad, code in ((missing, "FILE_NOT_FOUND"), (fake, "NOT_A_PDF"), (tmp_path / "none-*.pdf", "NO_INPUTS")):
        for pattern in ("the", "no such words anywhere"):
            ours, theirs = run(PDFTOOLS, "search", pattern, good, bad), run(pdfgrep(), pattern, good, bad)
            assert ours.stdout == theirs.stdout and bool(ours.stdout) == (pattern == "the"), (bad, pattern)
            assert ours.returncode == theirs.returncode == 2, (bad, pattern, ours.stderr)
            lines = ours.stderr.decode().splitlines()
            assert len(lines) == 2 and lines[0].startswith(f"error[{code}]: ") and lines[1].startswith("  hint: ")
            assert lines[0].count(bad.name) == 1, lines
    both = run(PDFTOOLS, "search", "-c", "the", missing, fake)
    assert both.returncode == 2 and both.stdout == b"" and both.stderr.decode().count("error[") == 2
    as_json = run(PDFTOOLS, "search", "--json", "the", good, missing)
    data = json.loads(as_json.stdout)
    assert as_json.returncode == 2 and data["matches"] > 0 and data["skipped"][0]["code"] == "FILE_NOT_FOUND"
    alone = run(PDFTOOLS, "search", "the", missing)  # one input: its own error and exit code, as every command
    assert alone.returncode == 3 and alone.stderr.decode().startswith("error[FILE_NOT_FOUND]: ")


def test_mcp_search_skips_a_missing_file_among_several(tmp_path: Path) -> None:
    shutil.copy(CORPUS / FILES[0], tmp_path / "good.pdf")
    result = call(tmp_path, {"pattern": "the", "inputs": ["good.pdf", "missing.pdf", "none-*.pdf"]})
    data = result.structured_content  # type: ignore[attr-defined]
    assert not result.is_error and data["matches"] > 0, result  # type: ignore[attr-defined]
    assert [(Path(s["path"]).name, s["code"]) for s in data["skipped"]] == [
        ("missing.pdf", "FILE_NOT_FOUND"), ("none-*.pdf", "NO_INPUTS")]
    assert all(s["hint"] for s in data["skipped"])
    assert "missing.pdf" in result.content[0].text  # type: ignore[attr-defined]


def test_h_is_no_filename_as_in_pdfgrep_and_help_is_long() -> None:
    group = [CORPUS / rel for rel in FILES[:2]]
    ours, theirs = run(PDFTOOLS, "search", "-h", "in", *group), run(pdfgrep(), "-h", "in", *group)
    assert ours.stdout == theirs.stdout and ours.returncode == 0 and b"Usage" not in ours.stdout
    helped = run(PDFTOOLS, "search", "--help")
    assert helped.returncode == 0 and b"--no-filename" in helped.stdout and b"--files-without-match" in helped.stdout
    assert run(PDFTOOLS, "info", "-h").returncode == 0  # elsewhere -h is still help
    usage = run(PDFTOOLS, "search", "-h")  # no pattern: the hint names the help option search has
    assert usage.returncode == 2 and b"`pdftools search --help`" in usage.stderr, usage.stderr


def test_listing_files_stops_each_file_at_its_first_match(tmp_path: Path) -> None:
    listed = search("e", [str(CORPUS / rel) for rel in FILES[:2]], files_with_matches=True)
    assert [f.matches for f in listed.files] == [1, 1] and not listed.hits
    assert list(listed.output_lines()) == [str(CORPUS / rel) for rel in FILES[:2]]


@pytest.mark.parametrize("options", [["-r", "-c"], ["-r", "-n"], ["-r", "--files-with-matches"]])
def test_a_folder_of_one_file_names_it_as_pdfgrep_does(tmp_path: Path, options: list[str]) -> None:
    """Searching a folder prints file names, as `grep -r` and `pdfgrep -r` do, even when the folder holds one
    PDF: `search -r -c in papers/` printed a bare count."""
    (tmp_path / "papers").mkdir()
    shutil.copy(CORPUS / FILES[0], tmp_path / "papers" / "one.pdf")
    folder = tmp_path / "papers"
    ours, theirs = run(PDFTOOLS, "search", *options, "in", folder), run(pdfgrep(), *options, "in", folder)
    assert theirs.stdout.startswith(str(folder / "one.pdf").encode()), theirs  # the comparison shows names
    assert ours.stdout == theirs.stdout and ours.returncode == theirs.returncode == 0, (ours, theirs)


@pytest.mark.parametrize("options", [["-r", "-c"], ["-r", "-n"], ["-r", "--files-with-matches"]])
def test_recursive_without_inputs_searches_the_working_folder_as_pdfgrep(tmp_path: Path, options: list[str]) -> None:
    """`pdfgrep -r PATTERN` (and `grep -r`) with no file searches the working folder, named `./...`;
    `search -r PATTERN` said `missing argument INPUT...`. Without -r, no input is still a usage error."""
    (tmp_path / "papers").mkdir()
    shutil.copy(CORPUS / FILES[0], tmp_path / "papers" / "one.pdf")
    shutil.copy(CORPUS / FILES[2], tmp_path / "two.pdf")

    def here(*argv: object) -> subprocess.CompletedProcess[bytes]:
        return subprocess.run([str(a) for a in argv], capture_output=True, check=False, cwd=tmp_path)

    ours, theirs = here(PDFTOOLS, "search", *options, "in"), here(pdfgrep(), *options, "in")
    assert b"./papers/one.pdf" in theirs.stdout, theirs  # the comparison shows names
    assert sorted(ours.stdout.splitlines()) == sorted(theirs.stdout.splitlines()), (ours, theirs)
    assert ours.returncode == theirs.returncode, (ours, theirs)
    bare = here(PDFTOOLS, "search", "in")
    assert bare.returncode == 2 and b"missing argument INPUT..." in bare.stderr, bare


@pytest.mark.parametrize(("option", "said"), [("-l", "--files-with-matches"),  # -F, -P, -e, -f: taken
                                              # -A, -B, -R, -Z, --page-range: taken
                                              ("-o", "--only-matching"), ("-p", "--page-count"),
                                              # pdfgrep's options pdftools does without: `--unac` suggested
                                              # --count (--cache: taken, test_search_cache_taken)
                                              ("--unac", "as written"), ("-f", "--file"),
                                              ("-V", "pdftools --version")])
def test_pdfgreps_options_we_spell_otherwise_say_how(option: str, said: str) -> None:
    """A pdfgrep user types `-l` (and `-P`, `-R`, `-A 2`): `unknown option -l` alone left them to the help."""
    proc = run(PDFTOOLS, "search", option, *(["2"] * (option in ("-A", "-B"))), "Lorem", CORPUS / FILES[0])
    assert proc.returncode == 2 and proc.stdout == b"", proc
    first = proc.stderr.decode().splitlines()[0]
    assert first.startswith(f"error[INVALID_ARGUMENT]: unknown option {option}: ") and said in first, first


def test_file_names_are_the_paths_given_joined_with_the_names_found(tmp_path: Path) -> None:
    """A file is named as the user's path joined with what was found in it, as grep and pdfgrep print it:
    `search -r PAT .` prints `./a.pdf` (it printed `a.pdf`), `search -H PAT ./a.pdf` prints `./a.pdf`; `sub/`
    gives `sub/b.pdf` as grep does (pdfgrep doubles the slash). --json names the files the same way."""
    (tmp_path / "sub" / "deep").mkdir(parents=True)
    for rel in ("a.pdf", "sub/b.pdf", "sub/deep/c.pdf"):
        shutil.copy(CORPUS / FILES[0], tmp_path / rel)

    def lines(*argv: object, tool: str | None = None) -> list[str]:
        done = subprocess.run([tool or str(PDFTOOLS), *(["search"] if tool is None else []), *map(str, argv)],
                              cwd=tmp_path, capture_output=True, check=False)
        assert done.returncode == 0, done
        return sorted(done.stdout.decode().splitlines())  # pdfgrep -r walks in directory order, pdftools sorts

    count = lines("-c", "in", "a.pdf")[0]
    cases = {("-r", "-c", "in", "."): ["./a.pdf", "./sub/b.pdf", "./sub/deep/c.pdf"],
             ("-r", "-c", "in", "./sub"): ["./sub/b.pdf", "./sub/deep/c.pdf"],
             ("-H", "-c", "in", "./a.pdf"): ["./a.pdf"],
             ("-c", "in", "./a.pdf", "sub/../a.pdf"): ["./a.pdf", "sub/../a.pdf"],
             ("-r", "--files-with-matches", "in", str(tmp_path / "sub")): [f"{tmp_path}/sub/b.pdf",
                                                                         f"{tmp_path}/sub/deep/c.pdf"]}
    for argv, names in cases.items():
        expected = names if "--files-with-matches" in argv else [f"{name}:{count}" for name in names]
        assert lines(*argv) == expected, argv
        if shutil.which("pdfgrep"):  # the same as pdfgrep's, where it is installed
            assert lines(*argv, tool=shutil.which("pdfgrep")) == expected, argv
    assert lines("-r", "-c", "in", "sub/") == [f"sub/b.pdf:{count}", f"sub/deep/c.pdf:{count}"]  # as grep -r
    assert lines("-c", "in", "./sub") == [f"./sub/b.pdf:{count}"]  # a folder without -r (pdfgrep refuses it)
    assert lines("-c", "in", "./*.pdf", "sub/*.pdf") == [f"./a.pdf:{count}", f"sub/b.pdf:{count}"]  # as the shell
    done = subprocess.run([PDFTOOLS, "search", "-r", "--json", "in", "."], cwd=tmp_path, capture_output=True,
                          check=True)
    data = json.loads(done.stdout)
    assert [f["path"] for f in data["files"]] == ["./a.pdf", "./sub/b.pdf", "./sub/deep/c.pdf"]
    assert {hit["path"] for hit in data["hits"]} == {"./a.pdf", "./sub/b.pdf", "./sub/deep/c.pdf"}
