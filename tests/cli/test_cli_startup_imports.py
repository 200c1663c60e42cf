"""A command imports only what it uses: counted in a child process's `sys.modules` (never timed).

`pdftools --help` and `info` must not load pydantic or the MCP SDK; `--help` no PDF library and no renderer;
`--json` no rich. Each command's third-party packages must be among the ones it is allowed, so a new import
that slips into the start-up shows here by name. And every parameter of every command converts its value
without pydantic (cli/coerce.py), so no command pays for it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import typer.main
from imported import imported

from pdftools.cli.coerce import install, plain_runtime

CLI_ONLY = {"typer", "annotated_doc", "shellingham"}  # Typer and what it imports itself
NEVER = {"pydantic", "pydantic_core", "mcp", "starlette", "uvicorn", "anyio", "httpx"}


def loaded(tmp_path: Path, *argv: str) -> tuple[set[str], set[str]]:
    """(third-party top-level packages, pdftools modules) that `pdftools ARGV` imported, stdout a pipe."""
    modules = imported(tmp_path, *argv)
    tops = {m.split(".")[0] for m in modules}
    third = {t for t in tops if t not in sys.stdlib_module_names and not t.startswith("_") and t != "pdftools"}
    return third, {m for m in modules if m.startswith("pdftools.")}


@pytest.mark.parametrize("argv", [("--help",), ("help",)])
def test_help_loads_typer_only(tmp_path: Path, argv: tuple[str, ...]) -> None:
    third, ours = loaded(tmp_path, *argv)
    assert third <= CLI_ONLY, f"{argv[0]} imported {sorted(third - CLI_ONLY)}"
    assert not {m for m in ours if m.startswith(("pdftools.ops.", "pdftools.mcp", "pdftools.document"))}, ours


RUN_ONLY = {"pdftools.cli.command", "pdftools.cli.options", "pdftools.cli.values", "pdftools.core.params",
            "pdftools.cli.render", "pdftools.cli.blocks", "pdftools.core.results"}


@pytest.mark.parametrize("argv", [("--help",), ("help",), ()])
def test_the_commands_list_builds_no_command_and_renders_nothing(tmp_path: Path, argv: tuple[str, ...]) -> None:
    """`pdftools --help` lists summaries from the registry: no op's signature is read into options (command,
    options, values, params) and no result is rendered (render, blocks, results): ~5 ms of its start."""
    _, ours = loaded(tmp_path, *argv)
    assert "pdftools.cli.group" in ours  # the test sees the command line's modules
    assert not ours & RUN_ONLY, sorted(ours & RUN_ONLY)


@pytest.mark.parametrize("argv", [("--version",), ("serve", "--help"), ("mcp-config", "--help"),
                                  ("info", "--help"), ("merge", "--help"), ("help", "merge"),
                                  ("help", "serve")])
def test_other_help_and_version_load_no_pdf_library(tmp_path: Path, argv: tuple[str, ...]) -> None:
    third, ours = loaded(tmp_path, *argv)
    assert third <= CLI_ONLY, f"{' '.join(argv)} imported {sorted(third - CLI_ONLY)}"
    assert not {m for m in ours if m.startswith("pdftools.mcp")}, ours


@pytest.mark.parametrize("argv", [("info", "--bogus", "{pdf}"), ("search", "--colour=sometimes", "e", "{pdf}"),
                                  ("merge", "{pdf}", "-o"), ("text", "{pdf}", "--mode", "bogus"),
                                  ("nosuch", "{pdf}")])
def test_a_usage_error_loads_no_pdf_library_and_no_renderer(tmp_path: Path, sample: Path,
                                                             argv: tuple[str, ...]) -> None:
    """A mistyped command line is refused before any PDF is opened: the command is built from its op's
    signature (the op's module is imported, not pikepdf) and the error is two plain lines (no rich)."""
    third, ours = loaded(tmp_path, *[a.format(pdf=sample) for a in argv])
    assert "pdftools.cli.usage" in ours  # the test sees the usage error being reported
    assert third <= CLI_ONLY, f"{' '.join(argv)} imported {sorted(third - CLI_ONLY)}"


def _pikepdf_and_its_own_op_only(tmp_path: Path, command: str, *args: str) -> None:
    """The command, piped, imports pikepdf and the command line's own modules (no rich, pydantic or mcp), and of
    pdftools' ops, front ends and heavy packages its own op only."""
    third, ours = loaded(tmp_path, command, *args)
    allowed = CLI_ONLY | {"pikepdf"}
    assert "pikepdf" in third  # the test sees what the command uses
    assert third <= allowed, f"{command} imported {sorted(third - allowed)}"
    others = {m for m in ours if m.startswith(("pdftools.ops.", "pdftools.mcp", "pdftools.invoice",
                                               "pdftools.convert"))}
    assert others == {f"pdftools.ops.{command}"}, others


def test_piped_info_loads_pikepdf_but_no_rich_pydantic_or_mcp(tmp_path: Path, sample: Path) -> None:
    """Piped, a result is drawn as plain lines (tests/cli/test_cli_plain_render.py): rich only at a terminal."""
    _pikepdf_and_its_own_op_only(tmp_path, "info", str(sample))


def test_a_file_that_is_there_loads_no_close_name_search(tmp_path: Path, sample: Path) -> None:
    """The names close to a missing file's (core/close_names.py, difflib) are looked for only when it is missing."""
    _, ours = loaded(tmp_path, "info", str(sample))
    assert "pdftools.core.paths" in ours and "pdftools.core.close_names" not in ours
    _, ours = loaded(tmp_path, "info", str(sample.with_name("nosuch.pdf")))
    assert "pdftools.core.close_names" in ours


def test_piped_search_loads_pikepdf_but_no_rich_pydantic_or_mcp(tmp_path: Path, sample: Path) -> None:
    """`search PAT file | head -1`: what the command imports comes before its first line (pdfgrep's comes in
    ~0.03 s), so it imports what `info` does and its own modules, no other operation, no renderer."""
    _pikepdf_and_its_own_op_only(tmp_path, "search", "-n", "e", str(sample))
    assert "html" not in {m.split(".")[0] for m in loaded_modules(tmp_path, "search", "-n", "e", str(sample))}


def test_merge_of_files_with_xmp_loads_no_xml_parser(tmp_path: Path, sample: Path) -> None:
    """pikepdf's save parses XMP (with lxml) to update a `pdf:PDFVersion` in it; an XMP without one is not
    parsed (tests/core/test_pdf_xmp_version.py checks that one that has it is still updated)."""
    import pikepdf

    doc = tmp_path / "xmp.pdf"
    with pikepdf.open(sample) as pdf:
        with pdf.open_metadata(set_pikepdf_as_editor=False) as meta:
            meta["dc:title"] = "With XMP"
        pdf.save(doc)
    third, _ = loaded(tmp_path, "merge", str(doc), str(doc), "-o", str(tmp_path / "m.pdf"))
    assert (tmp_path / "m.pdf").is_file() and "lxml" not in third, third


def test_a_merge_of_pdfs_loads_no_image_reading(tmp_path: Path, sample: Path) -> None:
    """merge takes images among its inputs: their reading (document.image_pages, image_data, impose) is
    imported only when one of the inputs is an image."""
    image_reading = {"pdftools.document.image_pages", "pdftools.document.image_data", "pdftools.document.impose"}
    _, ours = loaded(tmp_path, "merge", str(sample), str(sample), "-o", str(tmp_path / "m.pdf"))
    assert (tmp_path / "m.pdf").is_file() and "pdftools.ops.merge" in ours
    assert not ours & image_reading, sorted(ours & image_reading)


@pytest.mark.parametrize("argv", [("info", "{pdf}", "--json"), ("text", "{pdf}"), ("info", "{pdf}", "--pages", "1",
                                                                                  "--json")])
def test_json_and_text_output_load_no_rich(tmp_path: Path, sample: Path, argv: tuple[str, ...]) -> None:
    third, _ = loaded(tmp_path, *[a.format(pdf=sample) for a in argv])
    allowed = CLI_ONLY | {"pikepdf"}
    assert third <= allowed, f"{' '.join(argv)} imported {sorted(third - allowed)}"
    assert not third & NEVER


def test_options_of_every_kind_load_no_pydantic(tmp_path: Path, sample: Path) -> None:
    """int, float, Literal (str and int), list and bool values on the command line, none through pydantic."""
    for argv in (("split", str(sample), "--every", "1", "-d", str(tmp_path), "--force"),
                 ("nup", str(sample), "--per-sheet", "4", "--margin", "1.5", "-o", str(tmp_path / "n.pdf")),
                 ("text", str(sample), "--mode", "layout"),
                 ("merge", str(sample), str(sample), "-o", str(tmp_path / "m.pdf"), "--force")):
        third, _ = loaded(tmp_path, *argv)
        assert not third & NEVER, f"{' '.join(argv)} imported {sorted(third & NEVER)}"


def test_every_parameter_of_every_command_converts_without_pydantic() -> None:
    from pdftools.main import build_app

    group = typer.main.get_command(build_app(None))
    ctx = group.make_context("pdftools", ["--help"], resilient_parsing=True)
    install(group, ctx)
    missing = [f"{name} {p.name}: {p.type_descriptor.annotation}" for name, cmd in
               [("", group), *group.commands.items()]  # type: ignore[attr-defined]
               for p in [*cmd.params, cmd.get_help_option(ctx)]
               if p is not None and plain_runtime(p.type_descriptor) is None]
    assert not missing, f"these would import pydantic: {missing}"


def loaded_modules(tmp_path: Path, *argv: str) -> set[str]:
    """Every module `pdftools ARGV` imported (standard library included), stdout a pipe."""
    return imported(tmp_path, *argv)


@pytest.mark.parametrize("command", ["info", "text"])
def test_info_and_text_load_no_html_unescaping(tmp_path: Path, sample: Path, command: str) -> None:
    """`html` (~1 ms) serves only the parser of pdftotext's word boxes (`text --format words`)."""
    modules = loaded_modules(tmp_path, command, str(sample))
    assert "pdftools.ops.info" in modules or "pdftools.engines.poppler" in modules  # the test sees the command
    assert "html" not in modules


@pytest.mark.parametrize("command", ["info", "ls"])
def test_info_and_ls_of_a_readable_file_load_no_program_runner(tmp_path: Path, corpus: Path, sample: Path,
                                                                command: str) -> None:
    """poppler's pdfinfo tells `info` and `ls` about a file qpdf cannot read: the modules that run it
    (pdftools.engines, its poppler and tether) are imported only for such a file."""
    runner = {"pdftools.engines", "pdftools.engines.poppler", "pdftools.engines.tether"}
    modules = loaded_modules(tmp_path, command, str(sample if command == "info" else sample.parent))
    assert f"pdftools.ops.{command}" in modules and not modules & runner, sorted(modules & runner)
    unreadable = corpus / "017-unreadable-meta-data/unreadablemetadata.pdf"  # only poppler reads it
    modules = loaded_modules(tmp_path, command, str(unreadable if command == "info" else unreadable.parent))
    assert "pdftools.engines.poppler" in modules


BARE_CHILD = """
import sys
out = sys.argv[1]
sys.argv = ["pdftools", *sys.argv[2:]]
try:
    from pdftools.main import main
    main()
except SystemExit:
    pass
finally:
    with open(out, "w") as fh:
        fh.write("\\n".join(sorted(sys.modules)))
"""


def bare_modules(tmp_path: Path, *argv: str) -> set[str]:
    """Every module `pdftools ARGV` imported, from a child that imports nothing itself (`CHILD` reads its
    arguments and writes its answer with json, so json could not be told apart)."""
    out = tmp_path / "modules.txt"
    subprocess.run([sys.executable, "-c", BARE_CHILD, str(out), *argv], capture_output=True, check=False,
                   cwd=tmp_path, timeout=120)
    return set(out.read_text().split("\n"))


@pytest.mark.parametrize("argv", [("search", "-n", "e", "{pdf}"), ("merge", "{pdf}", "{pdf}", "-o", "m.pdf"),
                                  ("select", "{pdf}", "1", "-o", "s.pdf"), ("info", "{pdf}"), ("text", "{pdf}")])
def test_commands_that_read_no_json_load_no_json_parser(tmp_path: Path, sample: Path, argv: tuple[str, ...]) -> None:
    """json (~1.3 ms) serves the options that take JSON (core.inputs.load_json) and --json, not every command
    that names input files."""
    modules = bare_modules(tmp_path, *[a.format(pdf=sample) for a in argv])
    assert "pdftools.errors" in modules  # the test sees the command run
    assert "json" not in modules
    assert "json" in bare_modules(tmp_path, *[a.format(pdf=sample) for a in argv], "--json")  # (it can see json)

