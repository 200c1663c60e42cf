"""PDFs with rich outlines, made with pikepdf, and the outline read back as plain data, to check that page
edits and `bookmarks replace` keep every attribute of a bookmark (its view, colour, style, open state, named
destination, action) and only remap its page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pikepdf
from pikepdf import Array, Dictionary, Name, String


def rich_outline(sample: Path, out: Path) -> Path:
    """`sample` (4 pages) with an outline using every kind of destination and attribute:

    Intro        p1 /XYZ 72 700 1.5, red, bold, open, children:
      Detail     p2 /FitH 500, italic
      Named      named destination `sec2` (/Names /Dests tree) -> p2 /XYZ 0 300 null
    Closed       p3 /Fit, closed (/Count negative), children:
      Old name   old-style /Dests dictionary name /old -> p3 /FitR 10 20 30 40
      GoTo       /A GoTo [p4 /FitB]
    Web          /A URI https://example.com/
    Remote       /A GoToR (other.pdf, page 0 /Fit)
    Next page    /A Named /NextPage
    Script       /A JavaScript
    Last         p4 /FitBV 100, green, bold+italic
    """
    with pikepdf.open(sample) as pdf:
        p = [page.obj for page in pdf.pages]
        root = pdf.Root
        root.Names = Dictionary(Dests=pdf.make_indirect(Dictionary(
            Names=Array([String("sec2"), Array([p[1], Name.XYZ, 0, 300, None])]))))
        root.Dests = pdf.make_indirect(Dictionary(old=Array([p[2], Name.FitR, 10, 20, 30, 40])))
        items = {
            "Intro": Dictionary(Dest=Array([p[0], Name.XYZ, 72, 700, 1.5]), C=Array([1, 0, 0]), F=2),
            "Detail": Dictionary(Dest=Array([p[1], Name.FitH, 500]), F=1),
            "Named": Dictionary(Dest=String("sec2")),
            "Closed": Dictionary(Dest=Array([p[2], Name.Fit])),
            "Old name": Dictionary(Dest=Name("/old")),
            "GoTo": Dictionary(A=Dictionary(S=Name.GoTo, D=Array([p[3], Name.FitB]))),
            "Web": Dictionary(A=Dictionary(S=Name.URI, URI=String("https://example.com/"))),
            "Remote": Dictionary(A=Dictionary(S=Name.GoToR, F=String("other.pdf"), D=Array([0, Name.Fit]))),
            "Next page": Dictionary(A=Dictionary(S=Name.Named, N=Name.NextPage)),
            "Script": Dictionary(A=Dictionary(S=Name.JavaScript, JS=String("app.alert('hi');"))),
            "Last": Dictionary(Dest=Array([p[3], Name.FitBV, 100]), C=Array([0, 0.5, 0]), F=3),
        }
        made = {title: pdf.make_indirect(item) for title, item in items.items()}
        for title, item in made.items():
            item.Title = String(title)
        outlines = pdf.make_indirect(Dictionary(Type=Name.Outlines))
        _link(outlines, [made[t] for t in ("Intro", "Closed", "Web", "Remote", "Next page", "Script", "Last")])
        _link(made["Intro"], [made["Detail"], made["Named"]])
        _link(made["Closed"], [made["Old name"], made["GoTo"]])
        made["Intro"].Count = 2
        made["Closed"].Count = -2
        outlines.Count = 9
        root.Outlines = outlines
        pdf.save(out)
    return out


def _link(parent: Any, kids: list[Any]) -> None:
    for before, after in zip(kids, kids[1:], strict=False):
        before.Next, after.Prev = after, before
    for kid in kids:
        kid.Parent = parent
    parent.First, parent.Last = kids[0], kids[-1]


def described(path: Path) -> list[dict[str, Any]]:
    """The outline of `path` as plain data: per item its title, the 1-based page its destination resolves to,
    the destination's view (kind and numbers), whether the destination is named (and how), its action kind,
    colour, flags and /Count, with children. Read from the dictionaries, independently of pdftools."""
    with pikepdf.open(path) as pdf:
        pages = {page.obj.objgen: i + 1 for i, page in enumerate(pdf.pages)}
        outlines = pdf.Root.get("/Outlines")
        if outlines is None or "/First" not in outlines:
            return []
        return _items(pdf, outlines.First, pages)


def _items(pdf: pikepdf.Pdf, item: Any, pages: dict[Any, int]) -> list[dict[str, Any]]:
    out = []
    while item is not None:
        entry: dict[str, Any] = {"title": str(item.Title)}
        dest, action = item.get("/Dest"), item.get("/A")
        if isinstance(dest, String | Name):
            entry["named"] = ("string " if isinstance(dest, String) else "name ") + str(dest)
            dest = _resolve(pdf, dest)
        if action is not None:
            entry["action"] = str(action.S)
            if str(action.S) == "/GoTo":
                dest = action.D
            else:
                entry["action_data"] = {str(k): str(v) for k, v in action.items() if k not in ("/S", "/Next")}
        if isinstance(dest, Array):
            entry["page"] = pages.get(dest[0].objgen) if isinstance(dest[0], Dictionary) else "?"
            entry["view"] = [str(v) if isinstance(v, Name) else (None if v is None else float(v)) for v in dest[1:]]
        for key in ("/C", "/F"):
            if key in item:
                entry[key[1:]] = [float(v) for v in item[key]] if key == "/C" else int(item[key])
        if "/Count" in item:
            entry["Count"] = int(item.Count)
        if "/First" in item:
            entry["children"] = _items(pdf, item.First, pages)
        out.append(entry)
        item = item.get("/Next")
    return out


def _resolve(pdf: pikepdf.Pdf, name: Any) -> Any:
    if isinstance(name, Name):
        return pdf.Root.Dests.get(name) if "/Dests" in pdf.Root else None
    if "/Names" in pdf.Root and "/Dests" in pdf.Root.Names:
        return pikepdf.NameTree(pdf.Root.Names.Dests).get(str(name))
    return None
