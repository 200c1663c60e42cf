"""Which tools the server exposes (`serve --tools`), what the listing costs an agent, and the new tools over a
real stdio subprocess."""

from __future__ import annotations

import json
import os
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import pikepdf
import pytest
import readback as rb
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from pdftools.core.params import describe
from pdftools.errors import InvalidArgument
from pdftools.mcp.listing import instructions, shared_parameters
from pdftools.mcp.server import build_server
from pdftools.ops import OPS, PROFILES, selected

PDFTOOLS = Path(sys.executable).with_name("pdftools")

# What tools/list may cost, in bytes of compact JSON as sent (tokens ~ bytes / 4). The listing goes into an
# agent's context with every request, so each budget is the size measured when it was set plus ~10-15%
# headroom: room for a parameter or two, not for a new tool. Measured with the 23 tools of issues 2, 3 and 7:
# read 7.6 kB (4 tools, ~1.9k tokens), edit 39 kB (18, ~9.8k), all 51 kB (23, ~12.7k). Passing a budget is
# a decision: trim descriptions and schemas, or raise it here and say why. One tool over 4.4 kB (~1.1k
# tokens; pdf_ocr, the largest, is 4.0 kB) says more than an agent needs to choose and call it.
# Issue 4 added pdf_protect, pdf_unprotect and pdf_rename_invoice (7.4 kB together, after trimming their
# descriptions and schemas): all 58 kB (26 tools, ~14.5k tokens), so `all` rose from 56 kB to 64 kB.
# Issue 5 added doc_convert (4.0 kB; templates and filters are not in its schema): all 62 kB (27 tools).
# Issue 16 put pdf_search (3.5 kB: agents search before they read) in `read` and `format` (words, lines with
# boxes) in pdf_extract_text (+0.5 kB): read 11.9 kB, edit 44.6 kB, all 67.4 kB; so read rose to 13 kB,
# edit to 48 kB. pdf_page_labels, pdf_crop and pdf_resize (7.2 kB together, in `all` only) made all 74.1 kB.
# pdf_ocr shares the text result's schema (boxes: +0.5 kB), so it is 4.5 kB and the one-tool limit rose from
# 4.4 to 4.6 kB. Issue 16's check, repair, inspect and linearize added 10.5 kB more (in `all` only):
# pdf_inspect's output schema (fonts, images, boxes, actions, signatures: a structural dump) is 3.2 kB of it;
# the save options (--linearize, --object-streams) stay off the other tools' schemas (pdf_linearize takes
# them). So all rose to 90 kB.
# Issue 13 made the schemas compact (mcp/schemas.py); tests/mcp/test_mcp_surface.py measures the listing as a
# client receives it, per transport.
# With 35 tools: read 7.4 kB (5), edit 31 kB (19), all 59 kB (63 kB with pdf_batch, issue 14); the largest tool,
# doc_convert, 3.2 kB.
# Item 9 of the MCP issue: the shared parameters described once in the server's instructions, only the docstring's
# first paragraph and its `{{mcp:...}}` text as a description, annotations that differ from the spec's defaults,
# no titles, output schemas with each field's type only: read 5.3 kB, edit 20.0 kB, all 39.6 kB (36 tools; see
# tests/mcp/test_mcp_surface.py and the README); the largest tool, doc_convert, 2.4 kB.
# `all` 40,200: the `warnings` linearize, merge and split report (84 bytes of output schema) took it to 40.0 kB;
# 40,700: rename_invoice's check_pages (90 bytes), pdf_attachments' mimetype and relationship (its other words
# shortened to make room), doc_convert's `append` (join documents, as pandoc does), `css` and `embed_resources`
# (what a PDF or one-file HTML made for someone needs: ~400 bytes; its typographic options stay on the command
# line); TOOL_BUDGET 2,650: doc_convert, 2.6 kB with them. test_mcp_surface.py holds the listing as a client
# receives it over stdio to the same budgets. pdf_rotate's `absolute` and pdf_nup's `grow` fit in them (all then
# 40,685, edit 20,390): rotate's description left "-90 turns left" to its angle's, and attachments' dates stay on
# the command line. pdf_batch's rows_omitted and pdf_inspect's warnings (62 bytes: an agent must know a result was
# trimmed for it) fit by leaving to the enums what two summaries repeated (resize's papers, nup's counts): 40,691.
# pdf_booklet's `grow` and pdf_forms' FDF/XFDF fit by shorter words (the sheet's description, data's "JSON"):
# 40,690, edit 20,394. `edit` 20,500 and `all` 40,800: pdf_merge's `collate` (96 bytes), the one call that puts
# fronts and backs scanned to two files together (qpdf --collate, pdftk shuffle), where an agent needed a merge
# and a reorder, two outputs and a file left behind. `edit` 20,600 and `all` 40,900: pdf_forms' `annotations` (80
# bytes), what "flatten this PDF" means to most (qpdf --flatten-annotations): a reviewer's marks made part of the
# pages; no other call does it. `edit` 20,700 and `all` 41,000: pdf_forms' `pages` (list the fields of those pages:
# a tax return's 3,000 fields are listed 250 at a time) and the `warnings` of pdf_forms and pdf_page_labels, where a
# result cut to fit an agent's context says so (tests/mcp/test_mcp_results_bounded.py): edit 20,625, all 40,956.
# `all` 41,100: pdf_protect's `allow` as a list of names too (55 bytes: the array its schema adds; an agent wrote
# ["print", "copy"] and was refused): 41,011.
# Then (qpdf/pdftk parity, on top of the 20,600/40,900 above): `edit` +200 and `all` +200: pdf_metadata's
# `format` (pdftk, pdftk-utf8) and its result's `dump_data` (~180 bytes): what `pdftk dump_data` prints, to the
# byte, for an agent replacing a pdftk step in a script (its enum is most of it; the description is already a
# line). `edit` +100 and `all` +100: pdf_metadata's `data` (~100 bytes), pdftk's update_info file applied, the
# other half of that step. `edit` +50 and `all` +50: pdf_merge's `collate` an integer, N pages of each input
# (qpdf --collate=N), with its minimum (+22 bytes; its description shortened).
# Both together: edit 21,050, all 41,450 (measured: edit 20,972, all 41,358). `edit` +100 and `all` +100:
# pdf_stamp's `repeat` (115 bytes), qpdf's --repeat: stamp pages used over and over (odd and even pages their
# own footer, a first page its own letterhead), which no call did; qpdf's --to and --from were `pages` and
# `stamp.pdf:1-3` already (measured: edit 21,093, all 41,479). `edit` +100 and `all` +100: pdf_rotate's
# `flatten` and its result's `flattened` (104 bytes; `angle` no longer required), qpdf's --flatten-rotation: the
# rotation made part of the content for a printer, converter or viewer that ignores /Rotate, which no call did
# (measured: edit 21,197, all 41,583).
# Both together: edit 21,050, all 41,450 (measured: edit 20,972, all 41,358).
# `edit` +200 and `all` +200: pdf_metadata's `key` and `offset`, and its result's `next_offset` (184 bytes), the one
# way to the rest of an Info or XMP value pdf_info and pdf_metadata cut to 1,000 characters, or of the keys they
# left out (tests/mcp/test_mcp_metadata_rest.py): edit 21,162, all 41,548.
# Both branches together (session 33): edit 21,450, all 41,850 (measured: edit 21,404, all 41,790).
# `edit` +100 and `all` +100 (session 34): pdf_merge's, pdf_insert's and pdf_stamp's `password` a list (75 bytes:
# the type only, described once in the instructions), inputs locked with different passwords, as qpdf's --pages
# takes them, which no call could merge without pdf_unprotect first (measured: edit 21,479, all 41,865).
# `all` +200 (session 34): pdf_unprotect's `remove_restrictions` and its result's `signatures_disabled` (182
# bytes), qpdf's --remove-restrictions: a signed PDF's DocMDP lock and signature fields, which no call could remove
# (measured: all 42,047). pdf_search's `password` a list too, pdfgrep's repeated --password (+25 each, within the
# budgets: read 5,326, edit 21,504, all 42,072); pdf_batch's too (all 42,097).
# doc_convert's `metadata` takes an object too (`{"title": "Report"}`, as pdf_metadata's `values` does; 71 bytes of
# schema: an agent new to the tool sent one and was refused, tests/mcp/test_mcp_agent_shapes.py): it fits by
# shorter words (standalone's "not a fragment", append's "in order" left to the command line; css, timeout):
# all 41,821, doc_convert 2,647 (its budget 2,650).
# Both branches together (session 34): read 5,326, edit 21,504, all 42,128 (stdio).
# `edit` +200 and `all` +200 (session 35): pdf_metadata's `offset` described in its own words (161 bytes): the
# shared description (characters to skip on a start page) was wrong for it, which counts a key's characters or,
# without `key`, keys, and has no start page (tests/mcp/test_mcp_descriptions_sweep.py): edit 21,665, all 42,289.
# Units and zeros said (28 bytes, within): pdf_stamp's `angle` in degrees, pdf_thumbnails' `dpi` in dpi, pdf_merge's
# `collate` 0: none: edit 21,686, all 42,317. A default after a colon, as every other (split's `every`,
# thumbnails' `width`, convert's `toc_depth`: 3 bytes): edit 21,687, all 42,320.
# pdf_protect's `allow` described as a list over MCP, the names spaced (+16: an agent told "comma-separated" of a
# list argument guessed; tests/mcp/test_mcp_allow_says_list.py): with the above, all 42,336, within the budget.
# `all` +25 (session 36): pdf_batch's `name` says the output's extension is added to a pattern that has none
# (`{stem}-r` wrote a file `a-r`; tests/batch/test_batch_name_extension.py): 22 bytes, all 42,358.
# `all` +100 (session 36): pdf_batch's `send_files` (108 bytes: a boolean and its line), a cluster whose workers
# share no storage with the server gets each file sent with its task; NOT_SHARED's hint names it, so an agent
# that meets the error has the argument to call again with (tests/batch/test_batch_dask_send.py): all 42,444
# (with --name's 22 bytes of the same session: 42,466 over stdio, 43,114 over HTTP).
# `all` +100 (session 37): pdf_unprotect's result says `was_encrypted` (35 bytes of output schema): a file that is
# not encrypted is copied, exit 0, as `qpdf --decrypt` copies it (it was INVALID_ARGUMENT), and an agent reads that
# nothing was removed there (tests/cli/test_cli_unprotect_not_encrypted.py): all 42,501, one byte over 42,500.
# pdf_stamp's `position` takes `left` and `right` (15 bytes of enum: pdfcpu's `l`, `r`; its other anchors are taken as
# our names, never listed: tests/cli/test_cli_stamp_positions.py): edit 21,702, all 42,516.
# `all` +1,100 more (session 37): pdf_annotations (1,080 bytes: list, remove, flatten), the annotation tools of qpdf
# (--flatten-annotations) and pdfcpu (annotations list/remove): an agent could neither see a PDF's links and
# comments nor remove them, and flatten them only through pdf_forms (tests/ops/test_annotations_op.py):
# all 43,549 alone;
# with the two changes above, all ~43,600: the budget 43,700.
# doc_convert makes a PDF of images (img2pdf's job, which needed OCR before): `page_size` (its six papers, 133 bytes)
# and the words saying images go in (its description's, append's): doc_convert 2,635 -> 2,825, over the 2,650 per
# tool; pdf_merge's inputs `(or images)` 12 more: edit 21,714, all 42,718. A page size is what a person asks of an
# agent making a PDF of photos for print, so it is listed rather than hidden.
# With pdf_annotations above (merged the same day): all ~43,800, the budget 43,900.
# `edit` +100 (session 38): pdf_split's `size` (parts of at most 10MB, a mail attachment's limit: Acrobat's split by
# file size, which qpdf and pdfcpu lack) and its summary's `or by size`, 93 bytes (tests/ops/test_split_size.py):
# edit 21,807, all 43,894 (within its budget).
# pdf_stamp's `font` (a font file or an installed family, for text in any script): 184 bytes; edit 21,898, all
# 43,985 on its branch, and with split's `size` and search's context merged (session 38) 21,978 and 44,065: the
# budgets 22,050 and 44,150.
# `edit` and `all` +104 (session 38): pdf_ocr's `deskew` (OCRmyPDF's --deskew: an askew scan's text layer, laid along
# the slant, is read by poppler in broken pieces; tests/ops/test_ocr_deskew.py) and its result's `pages_deskewed`:
# edit 21,911, all 43,998: the budgets 21,950 and 44,100.
# Both merged: edit 22,082, all 44,169: the budgets 22,150 and 44,250.
BUDGETS = {"read": 5_400, "edit": 22_150, "all": 44_250}
TOOL_BUDGET = 2_850


def listed(tools: str | None = None) -> list[dict[str, Any]]:
    async def go() -> list[Any]:
        async with Client(build_server([Path.cwd()], tools=tools)) as client:
            return (await client.list_tools()).tools

    return [t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in anyio.run(go)]


def wire_size(tools: list[dict[str, Any]]) -> int:
    return len(json.dumps({"tools": tools}, separators=(",", ":"), ensure_ascii=False).encode())


@pytest.mark.parametrize("profile", list(BUDGETS))
def test_tools_list_fits_its_budget(profile: str) -> None:
    tools = listed(profile)
    size = wire_size(tools)
    print(f"tools/list {profile}: {len(tools)} tools, {size} bytes, ~{size // 4} tokens")
    assert size <= BUDGETS[profile], f"{profile}: {size} bytes (~{size // 4} tokens) > {BUDGETS[profile]}"
    for tool in tools:
        assert wire_size([tool]) <= TOOL_BUDGET, (tool["name"], wire_size([tool]))


def test_schemas_describe_every_parameter_without_generated_titles() -> None:
    shared = shared_parameters()
    said_once = instructions("stdio")
    assert all(f"`{name}`: {describe(spec.description, str, 'mcp')}" in said_once for name, spec in shared.items())
    for tool in listed("all"):
        props = tool["inputSchema"]["properties"]
        # every parameter is described: in the schema, or (one shared by many tools) once, in the instructions
        assert all(p.get("description") or name in shared for name, p in props.items()), tool["name"]
        text = json.dumps([tool["inputSchema"], tool.get("outputSchema", {})])
        assert '"title": "' not in text.replace('"title": {', ""), tool["name"]  # a property named title stays
    bookmarks = next(t for t in listed("bookmarks") if t["name"] == "pdf_bookmarks")
    assert "title" in bookmarks["inputSchema"]["properties"]
    assert bookmarks["inputSchema"]["properties"]["action"]["enum"] == ["list", "replace", "add"]


def test_profiles_and_names_choose_the_tools() -> None:
    assert {t["name"] for t in listed("read")} == \
        {"pdf_list", "pdf_info", "pdf_extract_text", "pdf_search", "pdf_diagnose"}
    assert all(t["annotations"]["readOnlyHint"] for t in listed("read"))
    assert {t["name"] for t in listed("read,stamp,pdf_rotate")} == \
        {"pdf_list", "pdf_info", "pdf_extract_text", "pdf_search", "pdf_diagnose", "pdf_stamp", "pdf_rotate"}
    assert {t["name"] for t in listed()} == {op.tool for op in OPS}  # the default: all
    assert len(listed("edit")) == len(PROFILES["edit"])
    with pytest.raises(InvalidArgument) as err:
        selected("read,nope")
    assert "nope" in err.value.message and "read, edit, all" in err.value.hint


def test_serve_rejects_an_unknown_tool_before_starting(cli: Callable[..., Any]) -> None:
    result = cli("serve", "--tools", "read,rotat")
    assert result.exit_code == InvalidArgument.exit_code
    assert result.stderr.startswith("error[INVALID_ARGUMENT]: unknown tool or profile 'rotat'")
    assert result.stdout == ""


@pytest.fixture
def root(tmp_path: Path) -> Path:
    folder = tmp_path / "root"
    (folder / "out").mkdir(parents=True)
    for source in (rb.FOUR, rb.FORM_LATEX, rb.ATTACHED, rb.NESTED, rb.JPEG_IMAGE):
        shutil.copy(source, folder / source.name)
    return folder


def test_new_tools_over_a_real_stdio_subprocess(root: Path) -> None:
    params = StdioServerParameters(command=str(PDFTOOLS), env={"PATH": os.environ["PATH"]}, cwd=str(root),
                                   args=["serve", "--root", str(root), "--tools", "edit,attachments,images"])
    calls: list[tuple[str, dict[str, Any]]] = [
        ("pdf_rotate", {"input": "pdflatex-4-pages.pdf", "angle": 90, "pages": "even", "output": "out/r.pdf"}),
        ("pdf_stamp", {"input": "out/r.pdf", "text": "{page}/{pages}", "position": "bottom", "output": "out/s.pdf"}),
        ("pdf_forms", {"action": "fill", "input": "pdflatex-forms.pdf", "values": ["Name=Stdio", "Check=yes"]}),
        ("pdf_attachments", {"action": "extract", "input": "with-attachment.pdf", "out_dir": "out"}),
        ("pdf_bookmarks", {"action": "list", "input": "mistitled_outlines_example.pdf"}),
        ("pdf_compress", {"input": "mistitled_outlines_example.pdf", "output": "out/c.pdf"}),
        ("pdf_extract_images", {"input": "pdflatex-image.pdf", "out_dir": "out"}),
        ("pdf_rotate", {"input": "pdflatex-4-pages.pdf", "angle": 45}),
    ]

    async def go() -> tuple[set[str], list[Any]]:
        async with Client(params) as client:
            names = {t.name for t in (await client.list_tools()).tools}
            return names, [await client.call_tool(tool, args) for tool, args in calls]

    names, results = anyio.run(go)
    assert names == {op.tool for op in selected("edit,attachments,images")}
    assert "pdf_nup" not in names
    *ok, bad = results
    assert [r.is_error for r in ok] == [False] * len(ok), [r.content for r in ok if r.is_error]
    with pikepdf.open(root / "out" / "s.pdf") as pdf:
        assert [int(p.obj.get("/Rotate", 0)) for p in pdf.pages] == [0, 90, 0, 90]
    assert [rb.text(root / "out" / "s.pdf", n).strip().splitlines()[-1] for n in (1, 4)] == ["1/4", "4/4"]
    assert rb.field_values(root / "pdflatex-forms-filled.pdf")["Name"] == "Stdio"
    assert (root / "out" / "image.png").read_bytes()[:4] == b"\x89PNG"
    assert len(ok[4].structured_content["outline"]) == len(rb.outline(rb.NESTED))
    assert rb.text(root / "out" / "c.pdf") == rb.text(rb.NESTED)
    assert (root / "out" / "pdflatex-image-p001-01.jpg").is_file()
    assert rb.mcp_error(bad)["code"] == "INVALID_ARGUMENT"


def test_http_serves_the_chosen_tools(tmp_path: Path) -> None:
    from test_mcp_http import _client, start

    srv = start(tmp_path, PDFTOOLS_TOOLS="read,stamp", PDFTOOLS_FILES_DIR=str(tmp_path))  # --tools's envvar
    try:
        async def go() -> set[str]:
            async with _client(srv) as client:
                return {t.name for t in (await client.list_tools()).tools}

        names = anyio.run(go)
    finally:
        srv.proc.terminate()
        srv.proc.wait(timeout=20)
    assert names == {"pdf_list", "pdf_info", "pdf_extract_text", "pdf_search", "pdf_diagnose", "pdf_stamp"}
