"""Tool results made to fit an agent's context: the op's result as structured content and the text a model reads
(inline images within their budget), errors as {code, message, hint}; long strings cut in their middle, long
lists of numbers cut with their count, and the rows, pages or files past a limit left out saying where the rest is.
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mcp.types import CallToolResult, ImageContent, TextContent

from pdftools.core import pathnames, results
from pdftools.core.cuts import cut_middle
from pdftools.core.params import name_parameters
from pdftools.errors import PdftoolsError
from pdftools.mcp.words import limit_hint, mcp_hint, server_hint

Publish = Callable[[dict[str, Any], int], tuple[dict[str, Any], list[Any]]]
Scrub = Callable[[Any], Any]
MOST_WARNED = 10  # warnings a result's text says (`shortfalls`): one per folder without a PDF a search was given
MOST_SKIPPED = 20  # inputs a search skipped, listed: a folder of 600 locked PDFs made 107 kB of rows
MOST_ROWS = 50  # a batch's rows in one result: 300 files made 80 kB, more than a client keeps of a result
MOST_DETAILED = 20  # rename_invoice's rows with their fields in full: 125 invoices made 95 kB (~760 bytes a file)
MOST_BOOKMARKS = 200  # of an outline in pdf_info (an overview): a book's 2,000 made 100 kB
MOST_LISTED = 500  # of an outline in pdf_bookmarks (list; `pages` for the others): 2,000 made 96 kB of text
MOST_PAGES = 100  # whose boxes and images pdf_inspect lists: 500 pages made 100 kB
MOST_IMAGES = 100  # pdf_inspect's images: 100 pages of 10 images made 56 kB with their boxes
MOST_ANNOTATIONS = 250  # of pdf_annotations (list, remove, flatten): a map's 2,000 links made ~250 kB
MOST_FIELDS = 250  # of a form in pdf_forms (list, fill; `pages` for the others): 3,000 fields made 340 kB
MOST_VALUE, MOST_VALUES = 1_000, 16_000  # characters of one Info or XMP value, of all of them: 400 kB made 600 kB
MOST_TITLE = 100  # characters of a title pdf_list shows: 200 files of 1,000 made 230 kB
MOST_LABELS, MOST_RANGES = 1_000, 500  # pdf_page_labels' labels and ranges: 5,000 pages, a range each, made 370 kB
MOST_NUMBERS = 1_000  # page numbers in one list of an edit's result (rotated, deleted...): 5,000 made 60 kB
VALUES_REST = "pdf_metadata {} with the same input"  # the call for the rest of a cut Info or XMP
LABELS_REST = "`pdf_inspect` with `pages` gives each of those pages' label (page_boxes)"
MOST_FILES = 50  # outputs a result lists (split, thumbnails, images, attachments): 500 pages made 220 kB over HTTP
PLAN_REST = "give fewer `inputs` to see the others"
MOST_ERROR = 2_000  # characters of an error's message or hint: a 200,000-character page spec, quoted twice, made 400 kB
MOST_STRING = 2_000  # characters of any string in a result but its budgeted text: 50 bookmark titles made 1 MB,
MOST_STRINGS, FEWEST = 30_000, 100  # and of all of them, the longest cut first, none below FEWEST; never a name
NAMES = frozenset({"path", "input", "output", "out_dir", "folder", "file", "name", "new_path", "uri", "download_url",
                   "attachments", "next_file"})  # what names a file, a field or an attachment for the next call
MOST_INLINE = 10  # images inline in one result (thumbnails): Claude Code counts ~1,600 tokens each of the 25,000
# it keeps of a result, MCPJam's inspector drops those past 16
ALL_FILES = {"stdio": "all are in {folder}", "http": "`files` holds a manifest (JSON) of every one"}


def error_result(exc: PdftoolsError, scrub: Scrub | None = None, flags: dict[str, str] | None = None) -> CallToolResult:
    """`scrub` (HTTP) takes server paths out of the message and hint (e.g. an OSError naming the workspace);
    `flags` (the op's, see `mcp_namer`) puts the hint in MCP terms (`mcp_hint`)."""
    data = exc.to_dict()
    known = set((flags or {}).values())
    for key in ("message", "hint"):  # `{{name}}` in the op's words: the argument's name; commands and flags too
        data[key] = utf8(mcp_hint(name_parameters(data[key], str, known, "mcp"), flags or {}))  # names as shown
        data[key] = cut_middle(data[key], MOST_ERROR)
    own = data["hint"] if exc.hint != type(exc).hint else None  # the op's, for this error: in MCP terms already
    data["hint"] = limit_hint(exc.code, data["message"], own, known) or server_hint(exc.code, data["hint"]) \
        or data["hint"]
    return CallToolResult(content=[TextContent(type="text", text=json.dumps(scrub(data) if scrub else data))],
                          is_error=True)


def _cut_strings(value: Any, most: int, skip: set[str] | frozenset[str] = frozenset(),
                 lengths: list[int] | None = None) -> int:
    """Every string inside `value` (a list or dict, changed in place; its keys in `skip`, and names (`NAMES`) at
    any depth, left as they are) `cut_middle`d to `most`; how many were. With `lengths`, only their lengths."""
    cut = 0
    items = list(value.items()) if isinstance(value, dict) else list(enumerate(value)) if isinstance(value, list) \
        else []
    for key, item in items:
        if key in skip or key in NAMES:
            continue
        if isinstance(item, str) and lengths is not None:
            lengths.append(len(item))
        elif isinstance(item, str) and len(item) > most:
            value[key], cut = cut_middle(item, most), cut + 1
        elif isinstance(item, dict | list):
            cut += _cut_strings(item, most, lengths=lengths)
    return cut


def _fair_share(lengths: list[int], total: int, most: int, fewest: int) -> int:
    """The longest a string may stay so that all of them (`lengths`) fit in `total` characters, the longest cut
    first (as water finds its level), within `fewest` and `most`."""
    left, count = total, len(lengths)
    for length in sorted(lengths):
        if length * count > left:
            return max(fewest, min(most, left // count))
        left, count = left - length, count - 1
    return most


def success_result(result: Any, publish: Publish | None = None, scrub: Scrub | None = None,
                   shortfalls: list[str] | None = None) -> CallToolResult:
    """Structured content is the result; the text block is what a model reads (plain text where the result
    offers it, e.g. extracted text, which JSON escaping would only bloat). `publish` (HTTP) turns written
    files into stored ones: URIs and links in the data, resource links in the content (at most MOST_FILES, and
    a manifest of them all); so inline images are read before it moves them, and `scrub` takes server paths out
    of the text that goes with them. `shortfalls`: where the result is less than or other than asked, in the
    tool's words (`warning: ...` lines of the text, before its notes)."""
    data, links = results.to_dict(result), list[Any]()
    for name in getattr(result, "cli_only", ()):  # what only the command line's output means (see `_as_listed`)
        data.pop(name, None)
    cut_lists = _cap_numbers(data, MOST_NUMBERS)
    if cut_lists and isinstance(data.get("warnings"), list):  # said where the result says such things
        data["warnings"], cut_lists = [*data["warnings"], *cut_lists], []
    for name in getattr(result, "echoes", ()):  # what the agent gave, said back (a stamp's text, a pattern)
        if isinstance(data.get(name), str):
            data[name] = cut_middle(data[name], MOST_ERROR)
    budgeted = set(getattr(result, "budgeted", ()))  # text in pieces the agent sized (max_chars): never cut here
    lengths: list[int] = []
    _cut_strings(data, 0, budgeted, lengths)  # (measures only)
    cut = _cut_strings(data, _fair_share(lengths, MOST_STRINGS, MOST_STRING, FEWEST), budgeted)
    if cut and isinstance(data.get("warnings"), list):
        data["warnings"].append(f"{cut} long text value(s) of the PDF cut in their middle to fit, each saying how many "
                                "characters it lost")
    chosen, left = getattr(result, "inline_images", lambda most: ([], 0))(MOST_INLINE)
    # small images travel in the response itself, within the result's byte budget
    images = [ImageContent(type="image", data=base64.b64encode(Path(path).read_bytes()).decode(), mime_type=mime)
              for path, mime in chosen]
    where = str(data.get("out_dir", ""))
    if publish is not None:
        for name in getattr(result, "local_only", ()):  # the folder written: its files are stored, each by its uri
            data.pop(name, None)
        data, links = publish(data, MOST_FILES)
        where = "the result's `files` (download links)"
    data = _utf8_keys(results.map_strings(data, utf8))
    as_text = getattr(result, "as_text", None)
    plain = utf8(as_text()) if callable(as_text) else None
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")) if plain is None else \
        scrub(plain) if scrub is not None else plain
    content: list[Any] = [TextContent(type="text", text=text), *images]
    warned = data.get("warnings") if plain is not None else None
    if isinstance(warned, list) and warned:  # the text alone hid them (pandoc's "not UTF-8: falling back to latin1")
        content.append(TextContent(type="text", text="warnings:\n" + "\n".join(f"- {w}" for w in warned)))
    # what the command line's notes say, in the tool's words; a list of pages cut, where the result has no warnings
    noted: list[str] = getattr(result, "agent_notes", list)() + cut_lists
    short = _most_warned(shortfalls or [])  # less than or other than asked: warned of, as at a shell
    if noted or short:  # (a command they name as the tool: `pdftools ocr` is `pdf_ocr`; a stored file's path as the
        said = [("warning", w) for w in short] + [("note", n) for n in noted]  # result's)
        said = [(kind, mcp_hint(scrub(n) if scrub is not None else n, {})) for kind, n in said]
        content.append(TextContent(type="text", text="\n".join(f"{kind}: {utf8(n)}" for kind, n in said)))
    if left:
        content.append(TextContent(type="text", text=f"{left} image(s) not inline (at most {MOST_INLINE}, 700 kB, "
                                                     f"a response); they are in {where}"))
    return CallToolResult(content=[*content, *links], structured_content=data)


def _most_warned(warned: list[str]) -> list[str]:
    """The first MOST_WARNED warnings, then how many more (a search of 600 folders without a PDF, one each)."""
    if len(warned) <= MOST_WARNED:
        return warned
    return [*warned[:MOST_WARNED], f"and {len(warned) - MOST_WARNED:,} more warnings of the same kind"]


def _cap_numbers(data: dict[str, Any], most: int) -> list[str]:
    """A long list of page numbers in a result (`rotated`, `deleted`: the pages an agent named, 5,000 of them;
    resize's `scales` beside its `resized`) cut to its first `most`; what was cut, said in words. (A field beside
    it, `rotated_count`, was one no output schema declares.)"""
    said = []
    for name, value in list(data.items()):
        if isinstance(value, list) and len(value) > most and all(type(v) in (int, float) for v in value):
            data[name] = value[:most]
            said.append(f"{name}: the first {most:,} of {len(value):,} listed")
    return said


def _utf8_keys(value: Any) -> Any:
    """`value` with every dict key the transport can write (`utf8`): a metadata key's name may hold a byte that is
    not UTF-8 (`/PTE\\xa7.Fullbanner`), which made the call fail; `map_strings` changes values only."""
    if isinstance(value, list):
        return [_utf8_keys(item) for item in value]
    if isinstance(value, dict):
        return {utf8(key): _utf8_keys(item) for key, item in value.items()}
    return value


def utf8(text: Any) -> Any:
    """Text the transport can write: a file name's bytes that are not UTF-8 (`caf\\xe9.pdf`, which Python holds
    as surrogate escapes) shown as `\\xe9`, as a terminal shows them; the SDK cannot encode them and the
    session died."""
    if not isinstance(text, str) or text.isascii():
        return text
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        try:
            return pathnames.shown(text)  # given back, it names the file again (pathnames.as_shown)
        except UnicodeEncodeError:  # a surrogate no file name's byte makes
            return text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


def trim(result: Any, transport: str = "stdio", offered: frozenset[str] | None = None) -> None:
    """Leave out of a result what would fill an agent's context for nothing asked (a batch's thousands of rows,
    a book's outline in an overview, the files a search did not match, a split's thousand parts), saying what
    it left out and where the rest is (and when the tool that has it is not among those `offered`)."""
    for hook, args in (("cap_rows", (MOST_ROWS,)), ("cap_plan", (MOST_ROWS, MOST_DETAILED, PLAN_REST)),
                       ("cap_outline", (MOST_BOOKMARKS, "pdf_bookmarks (action list)")),
                       ("cap_list", (MOST_LISTED, "give `pages` for the bookmarks of those pages")),
                       ("drop_unmatched", ()), ("cap_skipped", (MOST_SKIPPED,)),
                       ("cap_pages", (MOST_PAGES, "give `pages` for the others")),
                       ("cap_images", (MOST_IMAGES, "give `pages` for the others")),
                       ("cap_annotations", (MOST_ANNOTATIONS, "give `pages` for the others")),
                       ("cap_fields", (MOST_FIELDS, "give `pages` (action list) for the fields of those pages")),
                       ("cap_values", (MOST_VALUE, MOST_VALUES, VALUES_REST)),
                       ("cap_titles", (MOST_TITLE, "pdf_metadata {}")),
                       ("cap_labels", (MOST_LABELS, MOST_RANGES, LABELS_REST)),
                       ("cap_outputs", (MOST_FILES, ALL_FILES[transport]))):
        trim = getattr(result, hook, None)
        if callable(trim):
            trim(*(_offered(arg, offered) if isinstance(arg, str) else arg for arg in args))


def _offered(rest: str, offered: frozenset[str] | None) -> str:
    """Where the rest of a cut result is (`rest`), saying which tools it names this server does not offer."""
    from pdftools.ops import OPS

    if offered is None:
        return rest
    named = [tool for tool in dict.fromkeys(re.findall(r"\b(?:pdf|doc)_\w+", rest))
             if tool in {op.tool for op in OPS} - offered]
    if not named:
        return rest
    return f"{rest} ({' and '.join(named)}: not offered by this server, which was started with fewer tools)"
