"""PDFs at the far end of what a real file holds, made with pikepdf into a test's folder: thousands of form fields,
pages, page-label ranges, bookmarks, attachments and images, and Info and XMP of hundreds of kilobytes. What a
tool returns about such a file must still fit in an agent's context (tests/mcp/test_mcp_results_bounded.py)."""

from __future__ import annotations

import zlib
from pathlib import Path
from typing import Any

import pikepdf
from pikepdf import Array, Dictionary, Name, String

FIELDS = 3_000
PAGES = 5_000
BOOKMARKS = 10_000
ATTACHMENTS = 2_000
IMAGE_PAGES, IMAGES_PER_PAGE = 200, 10
BIG = 400_000  # bytes of Info, and of XMP
STYLES = ("/D", "/r", "/R", "/a", "/A")


def numbered(pdf: pikepdf.Pdf, count: int) -> tuple[list[Any], Any]:
    """`count` pages (612 × 792 pt) put into the new `pdf` in one go, flat, each with its own content stream
    showing `Page N` in Helvetica (as /F1); and that font, for what else the caller builds on them."""
    font = pdf.make_indirect(Dictionary(Type=Name.Font, Subtype=Name.Type1, BaseFont=Name.Helvetica))
    resources = pdf.make_indirect(Dictionary(Font=Dictionary(F1=font)))
    root = pdf.Root.Pages
    pages = [pdf.make_indirect(Dictionary(
        Type=Name.Page, Parent=root, MediaBox=[0, 0, 612, 792], Resources=resources,
        Contents=pdf.make_stream(f"BT /F1 24 Tf 72 720 Td (Page {n}) Tj ET".encode())))
        for n in range(1, count + 1)]
    root.Kids, root.Count = Array(pages), count
    return pages, font


def lined(path: Path, pages: int, *, refused_last: bool = False) -> Path:
    """`pages` pages of 40 lines (~2 kB: a pipe's buffer, 64 kB, holds a few dozen pages' lines, so a writer
    ahead of its reader waits there long before the last page); with `refused_last`, the last page's content
    stream (~560 kB) is past the 400 kB PDFTOOLS_MAX_STREAM_BYTES the streaming tests set."""
    pdf = pikepdf.new()
    font = pdf.make_indirect(Dictionary(Type=Name.Font, Subtype=Name.Type1, BaseFont=Name.Helvetica))
    for number in range(1, pages + 1):
        page = pdf.add_blank_page(page_size=(300, 300))
        page.Resources = Dictionary(Font=Dictionary(F1=font))
        lines = b" Tj T* ".join(b"(Page %d, line %d of the text that fills it) " % (number, k) for k in range(40))
        words = b"BT /F1 5 Tf 7 TL 10 290 Td " + lines + b" Tj ET\n"
        if refused_last and number == pages:
            words += b"BT /F1 1 Tf 0 0 Td (x) Tj ET\n" * 20_000  # ~560 kB
        page.Contents = pdf.make_stream(words)
    pdf.save(path, compress_streams=False)
    return path


def pages(path: Path, count: int = PAGES) -> Path:
    """`count` empty pages whose page labels change style at every page (decimal, roman, letters, upper and
    lower, with a prefix every third page): one label range a page."""
    with pikepdf.new() as pdf:
        for _ in range(count):
            pdf.add_blank_page(page_size=(200, 200))
        nums = Array()
        for index in range(count):
            label = Dictionary(S=Name(STYLES[index % len(STYLES)]), St=index + 1)
            if index % 3 == 0:
                label.P = String(f"p{index}-")
            nums.extend([index, label])
        pdf.Root.PageLabels = Dictionary(Nums=nums)
        pdf.save(path)
    return path


def form(path: Path, count: int = FIELDS) -> Path:
    """`count` text fields with values and long names, 100 to a page."""
    with pikepdf.new() as pdf:
        for _ in range(count // 100):
            pdf.add_blank_page(page_size=(612, 792))
        fields = Array()
        for index in range(count):
            page = pdf.pages[index // 100]
            y = 780 - (index % 100) * 7.5
            field = pdf.make_indirect(Dictionary(
                Type=Name.Annot, Subtype=Name.Widget, FT=Name.Tx, T=String(f"section_{index // 100}.field_{index}"),
                V=String(f"value of field number {index}"), Rect=[20, y - 6, 300, y], P=page.obj, F=4))
            page.obj.Annots = page.obj.get("/Annots", Array())
            page.obj.Annots.append(field)
            fields.append(field)
        pdf.Root.AcroForm = Dictionary(Fields=fields, DA=String("/Helv 0 Tf 0 g"))
        pdf.save(path)
    return path


def metadata(path: Path, size: int = BIG) -> Path:
    """One page whose Info dictionary holds `size` bytes (a long Title, Subject and Keywords, and 200 custom keys
    of 1 kB) and whose XMP metadata is `size` bytes too."""
    with pikepdf.new() as pdf:
        pdf.add_blank_page(page_size=(200, 200))
        info = pdf.make_indirect(Dictionary())
        third = (size - 200 * 1_000) // 3
        info.Title = String("T" * third)
        info.Subject = String("S" * third)
        info.Keywords = String("k, " * (third // 3))
        for index in range(200):
            info[Name(f"/Custom{index}")] = String(f"{index}" + "x" * 999)
        pdf.trailer.Info = info
        packet = ("<?xpacket begin='' id='W5M0MpCehiHzreSzNTczkc9d'?><x:xmpmeta xmlns:x='adobe:ns:meta/'>"
                  "<rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'>"
                  "<rdf:Description rdf:about='' xmlns:dc='http://purl.org/dc/elements/1.1/'>"
                  f"<dc:description><rdf:Alt><rdf:li xml:lang='x-default'>{'d' * (size // 2)}</rdf:li></rdf:Alt>"
                  f"</dc:description><dc:subject><rdf:Bag>{'<rdf:li>w</rdf:li>' * (size // 2 // 18)}</rdf:Bag>"
                  "</dc:subject></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end='w'?>")
        stream = pikepdf.Stream(pdf, packet.encode())
        stream.Type, stream.Subtype = Name.Metadata, Name.XML
        pdf.Root.Metadata = stream
        pdf.save(path)
    return path


def outline(path: Path, count: int = BOOKMARKS, page_count: int = 100) -> Path:
    """`count` bookmarks, a tenth of them top level each with nine children, over `page_count` pages."""
    with pikepdf.new() as pdf:
        for _ in range(page_count):
            pdf.add_blank_page(page_size=(200, 200))
        with pdf.open_outline() as tree:
            for top in range(count // 10):
                item = pikepdf.OutlineItem(f"Chapter {top} with a longer title", top % page_count)
                item.children.extend(pikepdf.OutlineItem(f"Section {top}.{sub}", (top + sub) % page_count)
                                     for sub in range(9))
                tree.root.append(item)
        pdf.save(path)
    return path


def attachments(path: Path, count: int = ATTACHMENTS) -> Path:
    """One page and `count` small attached files with descriptions."""
    with pikepdf.new() as pdf:
        pdf.add_blank_page(page_size=(200, 200))
        for index in range(count):
            spec = pikepdf.AttachedFileSpec(pdf, f"attachment {index}\n".encode(), description=f"file {index}",
                                            filename=f"attachment-{index:05}.txt", mime_type="text/plain")
            pdf.attachments[f"attachment-{index:05}.txt"] = spec
        pdf.save(path)
    return path


def images(path: Path, page_count: int = IMAGE_PAGES, per_page: int = IMAGES_PER_PAGE) -> Path:
    """`page_count` pages each drawing `per_page` distinct 8x8 grey images."""
    with pikepdf.new() as pdf:
        for page_index in range(page_count):
            pdf.add_blank_page(page_size=(200, 200))
            page = pdf.pages[-1]
            xobjects, draw = Dictionary(), []
            for index in range(per_page):
                pixels = bytes((page_index * per_page + index + x) % 256 for x in range(64))
                image = pikepdf.Stream(pdf, zlib.compress(pixels))
                image.Type, image.Subtype = Name.XObject, Name.Image
                image.Width, image.Height, image.BitsPerComponent = 8, 8, 8
                image.ColorSpace, image.Filter = Name.DeviceGray, Name.FlateDecode
                xobjects[Name(f"/Im{index}")] = image
                draw.append(f"q 16 0 0 16 {10 + (index % 5) * 36} {10 + (index // 5) * 36} cm /Im{index} Do Q")
            page.obj.Resources = Dictionary(XObject=xobjects)
            page.obj.Contents = pdf.make_stream("\n".join(draw).encode())
        pdf.save(path)
    return path


def text(path: Path, page_count: int = 300, lines: int = 50) -> Path:
    """`page_count` pages of `lines` lines of text each (Helvetica), every line with the word `value`."""
    with pikepdf.new() as pdf:
        font = pdf.make_indirect(Dictionary(Type=Name.Font, Subtype=Name.Type1, BaseFont=Name.Helvetica))
        for page_index in range(page_count):
            pdf.add_blank_page(page_size=(612, 792))
            page = pdf.pages[-1]
            page.obj.Resources = Dictionary(Font=Dictionary(F1=font))
            shown = " ".join(f"0 -14 Td (Line {line} of page {page_index + 1} holds a value) Tj"
                             for line in range(lines))
            page.obj.Contents = pdf.make_stream(f"BT /F1 11 Tf 40 770 Td {shown} ET".encode())
        pdf.save(path)
    return path


def linked(path: Path, count: int = PAGES, fonts: int = 5) -> Path:
    """`count` pages that each draw with the same `fonts` fonts and hold a link to a web page (`/URI`): a long
    book's fonts (each on every page) and its links to the web."""
    with pikepdf.new() as pdf:
        pages, first = numbered(pdf, count)
        faces = {f"/F{k}": pdf.make_indirect(Dictionary(Type=Name.Font, Subtype=Name.Type1,
                                                        BaseFont=Name(f"/Helvetica{k}"))) for k in range(2, fonts + 1)}
        resources = pdf.make_indirect(Dictionary(Font=Dictionary(F1=first, **{k[1:]: v for k, v in faces.items()})))
        shows = " ".join(f"{name} 12 Tf (x) Tj" for name in faces)
        for number, page in enumerate(pages, 1):
            page.Resources = resources
            page.Contents = pdf.make_stream(f"BT /F1 24 Tf 72 720 Td (Page {number}) Tj {shows} ET".encode())
            page.Annots = Array([Dictionary(Type=Name.Annot, Subtype=Name.Link, Rect=[72, 700, 200, 740],
                                            A=Dictionary(S=Name.URI, URI=String(f"https://example.com/{number}")))])
        pdf.save(path)
    return path


def page_list(count: int = PAGES) -> list[int]:
    """Every page number of `pages()` in a list: the longest page argument an edit takes."""
    return list(range(1, count + 1))


def make_all(folder: Path) -> dict[str, Path]:
    """Every extreme PDF, by name, in `folder`."""
    return {"pages": pages(folder / "pages.pdf"), "form": form(folder / "form.pdf"),
            "meta": metadata(folder / "meta.pdf"), "outline": outline(folder / "outline.pdf"),
            "attach": attachments(folder / "attach.pdf"), "images": images(folder / "images.pdf"),
            "text": text(folder / "text.pdf")}
