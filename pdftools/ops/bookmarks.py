"""List a PDF's bookmarks as a tree, replace them all from JSON, or add one.

`list{{cli: --json}}` gives the JSON that `replace` takes as {{data}} (inline or a file): a list of
`{"title", "page", "children"}` with 1-based pages, and, only where a bookmark has them, `"uri"` (the web
address it opens instead of a page), `"view"` (where on the page it lands, when not the whole page:
`{"fit": "XYZ", "left": 72, "top": 700, "zoom": null}`; fits XYZ, Fit, FitH, FitV, FitR, FitB, FitBH, FitBV),
`"color"` (`[r, g, b]`, 0 to 1), `"bold"`, `"italic"` and `"closed"` (true). Other actions (another file, a
script, a viewer command) have no JSON: `replace` keeps their titles. `add {{title}} TITLE {{page}} PAGE
[{{parent}} TITLE]` appends one bookmark, at the top level or under the first bookmark with that title.{{cli:
{{data}} also takes the bookmarks of a pdftk data file (`BookmarkBegin` records, as `pdftk FILE dump_data` writes
them and `update_info` reads them), and the JSON `pdfcpu bookmarks export` writes (`kids`, `color` as
`{"R", "G", "B"}`).}}

{{mcp:`list` gives what `replace` takes as {{data}}: `[{"title", "page", "children"}]`, 1-based pages;
where a bookmark has them, also `"uri"`, `"view"` (`{"fit": "XYZ", "left", "top", "zoom"}`; Fit,
FitH top, FitV left, FitR left bottom right top, FitB, FitBH top, FitBV left), `"color"` ([r, g, b] 0-1),
`"bold"`, `"italic"`, `"closed"`.}}
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pdftools.core import cuts, results
from pdftools.core.edit import (
    Decrypt,
    Edited,
    Force,
    InPlace,
    Input,
    Linearize,
    ObjectStreams,
    Output,
    Pages,
    Password,
    open_job,
    select_pages,
    writes_nothing,
)
from pdftools.core.inputs import JsonArgument, load_json
from pdftools.core.pages import page_number
from pdftools.core.params import Cli, Mcp, Param
from pdftools.core.paths import input_path
from pdftools.core.pdf import open_pdf
from pdftools.document import outline, remap
from pdftools.document.outline import Bookmark
from pdftools.errors import FileNotFound, InvalidArgument, InvalidPageRange, IsADirectory

if TYPE_CHECKING:
    import pikepdf

MAX_BOOKMARKS = 100_000
COMMANDS = {
    "list": "List the bookmarks as a tree (`--json` gives what `replace` takes).",
    "replace": "Replace all bookmarks with {{data}}: a JSON list of `{\"title\", \"page\", \"children\"}` "
               "(and `uri`, `view`, `color`, `bold`, `italic`, `closed` as `list --json` gives them), "
               "inline or a file{{cli:; or the bookmarks of a pdftk `dump_data` file or a pdfcpu export}}.",
    "add": "Add one bookmark ({{title}}, {{page}}), at the top level or under {{parent}}.",
}
WRITES = ("replace", "add")


@dataclass
class BookmarksResult:
    __pydantic_config__ = {"use_attribute_docstrings": True}  # field docstrings become schema descriptions
    input: str
    outline: list[Bookmark]
    """The bookmarks (after the change), pages 1-based."""
    count: int
    """Bookmarks in the tree, at every level."""
    written: Edited | None = None
    """The output, for replace and add."""
    warnings: list[str] = field(default_factory=list)

    def cap_list(self, most: int, rest: str) -> None:
        """Keep the outline's top levels that fit in `most` bookmarks, with a warning that says how to see the
        others (`rest`): a book's thousands fill an agent's context."""
        self.outline, left = outline.top_levels(self.outline, most)
        if left:
            self.warnings.append(f"{left}; {rest}")


def bookmarks(
    action: Annotated[Literal["list", "replace", "add"], Param("list, replace (with {{data}}) or add one"),
                      Cli(argument=True, commands=COMMANDS)],
    input: Input,
    data: Annotated[JsonArgument, Param("replace: the bookmarks as JSON (as `list` gives them, with "
                                               "uri, view...), inline or a file{{cli:; or pdftk's dump_data or "
                                               "pdfcpu's export}}"),
                    Cli(actions=("replace",), metavar="JSON", stdin=True)] = None,
    title: Annotated[str | None, Param("add: the bookmark's title"), Cli(actions=("add",))] = None,
    page: Annotated[str | None, Param("add: its page (1-based; `last`, `-1`)"),
                    Cli(metavar="PAGE", actions=("add",)), Mcp(annotation=int | str | None)] = None,
    parent: Annotated[str | None, Param("add: under the first bookmark of this title"),
                      Cli(actions=("add",))] = None,
    pages: Annotated[Pages, Cli(actions=("list",), note="listed: the bookmarks that point into them")] = None,
    output: Annotated[Output, Cli(actions=WRITES)] = None,
    in_place: Annotated[InPlace, Cli(actions=WRITES)] = False,
    force: Annotated[Force, Cli(actions=WRITES)] = False,
    password: Password = None,
    decrypt: Annotated[Decrypt, Cli(actions=WRITES)] = False,
    linearize: Annotated[Linearize, Cli(actions=WRITES)] = False,
    object_streams: Annotated[ObjectStreams, Cli(actions=WRITES)] = "preserve",
) -> BookmarksResult:
    _check_arguments(action, data, title, page, parent, pages)
    if action == "list":
        writes_nothing(action, output, in_place)
        src = input_path(input)
        listed = _result(str(src), pdf := open_pdf(src, password), None)
        if pages:  # the bookmarks of those pages, with those above them ("": all, as everywhere)
            listed.outline = outline.on_pages(listed.outline, set(select_pages(pages, len(pdf.pages), src)))
        return listed
    tree = _loaded(data) if data is not None else None
    job = open_job(input, output, linearize=linearize, object_streams=object_streams,
                   suffix="bookmarks", password=password, in_place=in_place, force=force)
    count = len(job.pdf.pages)
    nodes = _uncut(_nodes(tree, count), job.pdf) if tree is not None else None
    if nodes is not None:
        if "/Outlines" in job.pdf.Root:
            del job.pdf.Root.Outlines
        outline.write(job.pdf, nodes)
    else:
        assert title is not None and page is not None
        marked = cuts.MARK.search(title) or cuts.MARK.search(parent or "")
        titles = _all_titles(outline.read(job.pdf)) if marked else []
        title, parent = _whole(title, titles), _whole(parent, titles) if parent is not None else None
        try:
            _add(job.pdf, title, page_number(page, count) - 1, parent)
        except _NoParent:
            raise _no_parent(job.pdf, parent or "", input) from None
    return _result(str(job.src), job.pdf, Edited(**job.save(decrypt)))


def _loaded(data: Any) -> Any:
    """The bookmarks given: JSON (inline, a file, or over MCP parsed), or a pdftk data file's Bookmark records
    (`pdftk FILE dump_data`, as update_info reads it: entities decoded in an ASCII file, dump_data_utf8's text as
    it is)."""
    from pdftools.document import pdftk_outline

    if isinstance(data, str) and not data.lstrip().startswith(("{", "[")):
        try:
            text = input_path(data, pdf=False).read_bytes().decode("utf-8", "replace")
        except (FileNotFound, IsADirectory, OSError):
            text = ""  # load_json says what is wrong
        if pdftk_outline.holds_records(text):
            return pdftk_outline.read(text, utf8=not text.isascii(), name=data)
    return load_json(data, "--data")


def _uncut(nodes: list[outline.Node], pdf: pikepdf.Pdf) -> list[outline.Node]:
    """`nodes` whose titles given back cut (`… [18,000 characters cut] …`, as MCP's results show a long one) are
    the input's whole titles they were cut from: listed, edited, replaced, a long title stays whole."""
    if any(cuts.MARK.search(title) for title in _all_titles(nodes)):
        titles = _all_titles(outline.read(pdf))
        for node in _walk(nodes):
            node.title = _whole(node.title, titles)
    return nodes


def _whole(title: str, titles: list[str]) -> str:
    whole = cuts.whole(title, titles)
    if whole is None:
        raise InvalidArgument(f"bookmark title {cuts.cut_middle(title, 200)!r} carries the mark of a cut "
                              f"({cuts.MARK.search(title)[0].strip()}) but is no cut of any bookmark's title in the "  # type: ignore[index]
                              "input: written, the mark would be in the PDF and the rest of the title lost",
                              hint="Give a cut title back as {{mcp:pdf_bookmarks}}{{cli:bookmarks}} list gave it "
                                   "(it stands for the whole title), or a whole title.")
    return whole


def _walk(nodes: list[outline.Node]) -> list[outline.Node]:
    return [item for node in nodes for item in (node, *_walk(node.children))]


def _all_titles(nodes: list[outline.Node]) -> list[str]:
    return [node.title for node in _walk(nodes)]


def _check_arguments(action: str, data: str | None, title: str | None, page: int | str | None,
                     parent: str | None, pages: str | None = None) -> None:
    given = {"--data": data, "--title": title, "--page": page, "--parent": parent, "--pages": pages}
    allowed = {"list": {"--pages"}, "replace": {"--data"}, "add": {"--title", "--page", "--parent"}}[action]
    extra = [k for k, v in given.items() if v is not None and k not in allowed]
    needed = {"replace": ["--data"], "add": ["--title", "--page"]}.get(action, [])
    missing = [k for k in needed if given[k] is None]
    if extra or missing:
        problem = f"{action} does not take {', '.join(extra)}" if extra else f"{action} needs {', '.join(missing)}"
        raise InvalidArgument(problem, hint="list takes --pages; replace takes --data; add takes --title, "
                                            "--page and optionally --parent.")
    if action == "add" and title is not None and not title.strip():
        raise InvalidArgument(f"{{{{title}}}} is empty ({title!r}): a bookmark's title is all a reader shows of it",
                              hint="Give {{title}} the words the bookmark should show, e.g. `Appendix`.")


def _result(path: str, pdf: pikepdf.Pdf, written: Edited | None) -> BookmarksResult:
    nodes = outline.read(pdf)
    return BookmarksResult(input=path, outline=outline.bookmarks(nodes), count=_count(nodes), written=written)


def _count(nodes: list[outline.Node]) -> int:
    return sum(1 + _count(n.children) for n in nodes)


def _page(page: int | str, count: int, title: str) -> int:
    """A bookmark's page from JSON, 0-based: a number, `last`, `-1`... as wherever a page is taken."""
    if isinstance(page, bool) or not isinstance(page, int | str):
        raise InvalidArgument(f"bookmark {title!r}: page must be a number, `last`, `-1` or null")
    try:
        return page_number(page, count) - 1
    except InvalidPageRange as exc:  # which of many bookmarks it is
        raise InvalidPageRange(f"bookmark {title!r}: {exc.message}", hint=exc.hint) from None


def _nodes(tree: Any, count: int, depth: int = 0, seen: list[int] | None = None) -> list[outline.Node]:
    """Bookmarks from JSON (a list, or an object with "outline" as `list --json` prints), checked."""
    seen = seen if seen is not None else [0]
    if isinstance(tree, dict) and depth == 0 and ("outline" in tree or "bookmarks" in tree):
        tree = tree["outline"] if "outline" in tree else tree["bookmarks"]  # ours; pdfcpu's export
    if not isinstance(tree, list) or depth > outline.MAX_DEPTH:
        raise InvalidArgument("bookmarks JSON must be a list of {title, page, children}",
                              hint='E.g. [{"title": "Intro", "page": 1, "children": []}]; see '
                                   '{{cli:`pdftools bookmarks list --json`}}{{mcp:`pdf_bookmarks` (action list)}}.')
    nodes = []
    for item in tree:
        seen[0] += 1
        if not isinstance(item, dict) or not isinstance(item.get("title"), str) or seen[0] > MAX_BOOKMARKS:
            shown = json.dumps(item, ensure_ascii=False)[:80]  # as the user wrote it: JSON, not a Python dict
            raise InvalidArgument(f"bookmark {seen[0]} needs a string title: {shown}")
        page = item.get("page")
        index = _page(page, count, item["title"]) if page is not None else None
        kids = _nodes(item.get("children") or item.get("kids") or [], count, depth + 1, seen)  # pdfcpu: kids
        nodes.append(_node(item, index, kids))
    return nodes


def _node(item: dict[str, Any], index: int | None, kids: list[outline.Node]) -> outline.Node:
    """A bookmark's node: its page or web address (`uri`), `view`, `color`, `bold`, `italic` and `closed`."""
    title, uri = item["title"], item.get("uri")
    if uri is not None and (not isinstance(uri, str) or index is not None):
        raise InvalidArgument(f"bookmark {title!r}: uri must be a web address as text, on a bookmark without a page",
                              hint='A bookmark opens a page or an address: {"title": "Site", "uri": "https://…"}.')
    flags = {name: item.get(name) for name in ("bold", "italic", "closed")}
    wrong = next((name for name, value in flags.items() if value is not None and not isinstance(value, bool)), None)
    if wrong is not None:
        raise InvalidArgument(f"bookmark {title!r}: {wrong} must be true or false")
    return outline.Node(title, index, kids, uri, _view(item.get("view"), title), _color(item.get("color"), title),
                        outline.BOLD * bool(flags["bold"]) | outline.ITALIC * bool(flags["italic"]),
                        bool(flags["closed"]))


def _view(view: Any, title: str) -> tuple[Any, ...]:
    """A bookmark's view from JSON (`{"fit": "XYZ", "left": 72, "top": 700, "zoom": 1.5}`), checked."""
    if view is None:
        return ("Fit",)
    fit = view.get("fit") if isinstance(view, dict) else None
    names = outline.FITS.get(fit) if isinstance(fit, str) else None
    numbers = [view.get(name) for name in names] if names is not None else []
    if names is None or set(view) - {"fit", *names} or any(
            isinstance(n, bool) or not (n is None or isinstance(n, int | float) and math.isfinite(n)) for n in numbers):
        raise InvalidArgument(f"bookmark {title!r}: view {json.dumps(view, ensure_ascii=False)[:80]} is not one "
                              f"PDF has", hint='E.g. {"fit": "XYZ", "left": 72, "top": 700, "zoom": null} or '
                                               '{"fit": "Fit"}: fits ' + ", ".join(outline.FITS) + ".")
    if fit == "FitR" and any(n is None for n in numbers):
        raise InvalidArgument(f"bookmark {title!r}: view FitR needs left, bottom, right and top")
    return (fit, *numbers)


def _color(color: Any, title: str) -> tuple[float, float, float] | None:
    if color is None:
        return None
    if isinstance(color, dict) and set(color) == {"R", "G", "B"}:  # pdfcpu's
        color = [color["R"], color["G"], color["B"]]
    if not isinstance(color, list) or len(color) != 3 or any(
            isinstance(c, bool) or not isinstance(c, int | float) or not 0 <= c <= 1 for c in color):
        raise InvalidArgument(f"bookmark {title!r}: color must be [r, g, b] from 0 to 1",
                              hint="E.g. [1, 0, 0] for red.")
    return (color[0], color[1], color[2]) if any(color) else None


def _add(pdf: pikepdf.Pdf, title: str, page: int, parent: str | None) -> None:
    """Link a bookmark opening `page` whole at the end of the top level, or of the children of the first
    bookmark titled `parent`: every other bookmark stays the dictionary it was, but for its /Next (the one
    before it) and the /First, /Last and /Count of the bookmarks above it. An outline that cannot be read
    goes through pikepdf's outline model, as before."""
    import pikepdf

    root = pdf.Root.get("/Outlines")
    first = root.get("/First") if isinstance(root, pikepdf.Dictionary) else None
    nodes = remap.read(pdf, indexed=False) if isinstance(first, pikepdf.Dictionary) else []
    if nodes is None:
        with pdf.open_outline() as current:
            _add_to_model(current.root, title, page, parent)
        return
    path = _find(nodes, parent) if parent is not None else []
    if path is None:
        raise _NoParent
    if not isinstance(root, pikepdf.Dictionary):
        root = pdf.Root.Outlines = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Outlines))
    above = path[-1].item if path else root
    item = pdf.make_indirect(pikepdf.Dictionary(Title=pikepdf.String(title), Parent=above,
                                                Dest=outline.dest_array(pdf.pages[page].obj, ("Fit",))))
    siblings = path[-1].children if path else nodes
    if siblings:
        item.Prev = siblings[-1].item
        siblings[-1].item.Next = item
    else:
        above.First = item
    above.Last = item
    _count_one_more([node.item for node in reversed(path)] + [root])


class _NoParent(Exception):
    """No bookmark has the parent's title (said with the titles near it by `_no_parent`)."""


def _no_parent(pdf: pikepdf.Pdf, parent: str, input: str) -> InvalidArgument:
    """No bookmark titled `parent`: the titles nearest it, and the call that lists them all."""
    import difflib
    import shlex

    titles = list(dict.fromkeys(_all_titles(outline.read(pdf))))
    if not titles:
        name = results.input_name(input)
        return InvalidArgument(f"{name} has no bookmarks, so none is titled {parent!r}",
                               hint="Leave out {{parent}} to add the bookmark at the top level.")
    near = difflib.get_close_matches(parent, titles, n=3, cutoff=0.4) or \
        [t for t in titles if parent.casefold() in t.casefold()][:3]
    said = f"Titles near it: {', '.join(repr(t) for t in near)}. " if near else ""
    return InvalidArgument(f"no bookmark titled {parent!r}",
                           hint=f"{said}{{{{cli:`pdftools bookmarks list {shlex.quote(input)}`}}}}"
                                f"{{{{mcp:`pdf_bookmarks` (action list)}}}} shows every title; {{{{parent}}}} is one "
                                f"of them, as written.")


def _count_one_more(above: list[Any]) -> None:
    """Count a new bookmark in the /Count of the bookmarks `above` it (nearest first, the outline root last):
    one more shown in each open one up to a closed one, which has one more hidden."""
    for item in above:
        count = item.get("/Count") if "/Count" in item else 0
        count = int(count) if isinstance(count, int) else 0
        if count < 0 and item is not above[-1]:  # (the root is never closed)
            item.Count = count - 1
            return
        item.Count = max(count, 0) + 1


def _find(nodes: list[remap.Node], title: str) -> list[remap.Node] | None:
    """The first bookmark titled `title` (depth first), with the bookmarks above it: [top, ..., it]."""
    for node in nodes:
        if str(node.item.get("/Title", "")) == title:
            return [node]
        found = _find(node.children, title)
        if found is not None:
            return [node, *found]
    return None


def _add_to_model(root: list[pikepdf.OutlineItem], title: str, page: int, parent: str | None) -> None:
    from pikepdf import OutlineItem

    siblings = root
    if parent is not None:
        found = _find_in_model(root, parent)
        if found is None:
            raise _NoParent
        siblings = found.children
    siblings.append(OutlineItem(title, page))


def _find_in_model(items: list[pikepdf.OutlineItem], title: str) -> pikepdf.OutlineItem | None:
    for item in items:
        if str(item.title) == title:
            return item
        found = _find_in_model(item.children, title)
        if found is not None:
            return found
    return None
