"""Make the small sample PDFs the README's quick start uses, so a clone alone can run it.

    python samples/make.py        # rewrites samples/*.pdf (byte for byte the same each time)

The PDFs are committed; a test checks that this script still makes exactly them. They are drawn with the
PDF's standard Helvetica (no font files), with real text, an outline and document info.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pikepdf
from pikepdf import Array, Dictionary, Name

HERE = Path(__file__).resolve().parent
A4 = (595, 842)


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def _page(pdf: pikepdf.Pdf, lines: list[str], size: tuple[int, int] = A4) -> None:
    """A page with `lines` of text, the first as a heading."""
    font = pdf.make_indirect(Dictionary(Type=Name.Font, Subtype=Name.Type1, BaseFont=Name.Helvetica,
                                        Encoding=Name.WinAnsiEncoding))
    ops = ["BT", "/F1 20 Tf", f"72 {size[1] - 96} Td", f"({_escape(lines[0])}) Tj", "/F1 11 Tf", "0 -30 Td"]
    for line in lines[1:]:
        ops += [f"({_escape(line)}) Tj", "0 -16 Td"]
    ops.append("ET")
    content = pikepdf.Stream(pdf, "\n".join(ops).encode("cp1252"))
    page = Dictionary(Type=Name.Page, MediaBox=Array([0, 0, *size]), Contents=pdf.make_indirect(content),
                      Resources=Dictionary(Font=Dictionary(F1=font)))
    pdf.pages.append(pikepdf.Page(page))


def _save(pdf: pikepdf.Pdf, name: str, title: str) -> Path:
    pdf.docinfo = pdf.make_indirect(Dictionary(Title=title, Author="pdftools samples"))
    target = HERE / name
    pdf.save(target, deterministic_id=True, compress_streams=True, min_version="1.7")
    return target


def report() -> Path:
    """Three pages with a bookmark each."""
    pdf = pikepdf.new()
    chapters = [("Introduction", "What this report is about, in a few words."),
                ("Results", "Numbers: 12 samples, 3 groups, 1 surprise."),
                ("Conclusion", "The surprise was a typo. Everything else holds.")]
    for number, (heading, body) in enumerate(chapters, 1):
        _page(pdf, [f"{number}. {heading}", body, f"Page {number} of {len(chapters)}."])
    with pdf.open_outline() as outline:
        outline.root.extend(pikepdf.OutlineItem(heading, i) for i, (heading, _) in enumerate(chapters))
    return _save(pdf, "report.pdf", "Sample report")


def letter() -> Path:
    """One page, US Letter."""
    pdf = pikepdf.new()
    _page(pdf, ["A letter", "Dear reader,", "this page comes from samples/make.py.", "Yours, pdftools"],
          size=(612, 792))
    return _save(pdf, "letter.pdf", "Sample letter")


def main() -> None:
    for made in (report(), letter()):
        sys.stdout.write(f"{made.relative_to(HERE.parent)}\n")


if __name__ == "__main__":
    main()
