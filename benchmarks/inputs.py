"""Inputs that look like users' files, generated with a seed (the same files on every run and machine).

- `documents(folder, count, pages)`: distinct text PDFs, each typeset by typst with its own font family and
  its own embedded (subset) fonts, headings, paragraphs, a table and its own images (a JPEG photo and a PNG
  chart, drawn from the seed); no two files share an object, as with files from different people.
- `big(folder, pages)`: one long report in the same style (a few figures repeated, as reports do).
- `named(path, pages)`: a long document whose links go through named destinations, as LaTeX hyperref writes
  them: each page links to the next by a GoTo action naming it (`p00002`, in the /Names /Dests tree).
- `scan(source, out, dpi)`: a scanned document: each page of `source` rasterised by pdftoppm to gray, saved as
  JPEG pages with no text layer (what a scanner or a phone app writes).

    .venv/bin/python benchmarks/inputs.py DIR   # writes the files run.py uses, for a look
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

FONTS = ("DejaVu Serif", "DejaVu Sans", "Libertinus Serif", "New Computer Modern", "DejaVu Sans Mono")
_TEXT = ("invoice report quarterly revenue margin customer supplier contract delivery schedule analysis "
         "results method sample measure budget forecast review approval signature appendix table figure "
         "summary Grüße Straße café naïve déjà façade Ærø smörgåsbord œuvre Zürich São Paulo")
WORDS = tuple(_TEXT.split())
SEED = 17


def _words(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize() + "."


def _photo(rng: random.Random, path: Path, size: tuple[int, int] = (480, 320)) -> Path:
    """A photo-like JPEG: a colour gradient, shapes and noise, all from `rng`."""
    from PIL import Image, ImageDraw, ImageFilter

    w, h = size
    base = Image.linear_gradient("L").resize(size).convert("RGB")
    tint = Image.new("RGB", size, tuple(rng.randrange(256) for _ in range(3)))
    img = Image.blend(base, tint, 0.6)
    draw = ImageDraw.Draw(img)
    for _ in range(12):
        x, y = rng.randrange(w), rng.randrange(h)
        r = rng.randrange(10, 80)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=tuple(rng.randrange(256) for _ in range(3)))
    noise = Image.effect_noise(size, 25).convert("RGB")
    img = Image.blend(img.filter(ImageFilter.GaussianBlur(2)), noise, 0.15)
    img.save(path, quality=85)
    return path


def _chart(rng: random.Random, path: Path, size: tuple[int, int] = (400, 240)) -> Path:
    """A bar chart as a PNG (flat colours, as charts are)."""
    from PIL import Image, ImageDraw

    img = Image.new("RGB", size, "white")
    draw = ImageDraw.Draw(img)
    bars = rng.randrange(5, 12)
    width = size[0] // (bars + 1)
    for i in range(bars):
        height = rng.randrange(20, size[1] - 20)
        colour = tuple(rng.randrange(40, 220) for _ in range(3))
        draw.rectangle((10 + i * width, size[1] - height, 10 + (i + 1) * width - 6, size[1] - 10), fill=colour)
    draw.line((8, size[1] - 10, size[0] - 8, size[1] - 10), fill="black", width=2)
    img.save(path)
    return path


def _page(rng: random.Random, number: int, images: list[str]) -> str:
    """One page of typst: a heading, paragraphs, every fourth page a table, and a figure; then a page break."""
    parts = [f"= {_words(rng, 4)[:-1]} {number}", _words(rng, 70), _words(rng, 60)]
    if number % 4 == 0:
        cells = ", ".join(f'[{rng.choice(WORDS)}], [{rng.randrange(10_000) / 100:.2f}]' for _ in range(4))
        parts.append(f"#table(columns: 2, {cells})")
    parts.append(f'#image("{images[number % len(images)]}", width: 38%)')
    parts.append(_words(rng, 40))
    return "\n\n".join(parts) + "\n\n#pagebreak(weak: true)\n"


def _typeset(folder: Path, name: str, rng: random.Random, pages: int, font: str, images: int) -> Path:
    import typst

    pictures = []
    for k in range(images):
        maker = _photo if k % 2 == 0 else _chart
        pictures.append(maker(rng, folder / f"{name}-img{k}.{'jpg' if k % 2 == 0 else 'png'}").name)
    source = [f'#set text(font: "{font}", size: 10pt, lang: "en")',
              '#set page(paper: "a4", margin: 2cm, numbering: "1")',
              f'#set document(title: "{name}", author: "Author {rng.randrange(1000)}")']
    source += [_page(rng, n, pictures) for n in range(1, pages + 1)]
    src = folder / f"{name}.typ"
    src.write_text("\n".join(source), encoding="utf-8")
    out = folder / f"{name}.pdf"
    typst.compile(str(src), output=str(out), root=str(folder))
    src.unlink()
    for picture in pictures:
        (folder / picture).unlink()
    got = page_count(out)
    if got != pages:
        raise RuntimeError(f"{out}: typeset {got} pages, wanted {pages}")
    return out


def page_count(path: Path) -> int:
    return int(subprocess.run(["qpdf", "--show-npages", str(path)], capture_output=True, check=True).stdout)


def documents(folder: Path, count: int = 50, pages: int = 20, seed: int = SEED) -> list[Path]:
    """`count` distinct `pages`-page PDFs, each with its own font family, fonts and images."""
    folder.mkdir(parents=True, exist_ok=True)
    return [_typeset(folder, f"doc{i:02}", random.Random(seed * 1000 + i), pages, FONTS[i % len(FONTS)], 2)
            for i in range(count)]


def big(folder: Path, pages: int = 500, seed: int = SEED) -> Path:
    """One long report: `pages` pages, six figures that recur."""
    folder.mkdir(parents=True, exist_ok=True)
    return _typeset(folder, f"report{pages}", random.Random(seed), pages, "Libertinus Serif", 6)


def named(path: Path, pages: int) -> Path:
    """`pages` pages (`Page N` in Helvetica), each linking to the next through a named destination, as hyperref
    writes them (a GoTo action naming `p00002`..., an /XYZ view in the /Names /Dests tree)."""
    import pikepdf

    pdf = pikepdf.new()
    font = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1,
                                                BaseFont=pikepdf.Name.Helvetica))
    resources = pdf.make_indirect(pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font)))
    root = pdf.Root.Pages
    kids = [pdf.make_indirect(pikepdf.Dictionary(
        Type=pikepdf.Name.Page, Parent=root, MediaBox=[0, 0, 612, 792], Resources=resources,
        Contents=pdf.make_stream(f"BT /F1 24 Tf 72 720 Td (Page {n}) Tj ET".encode())))
        for n in range(1, pages + 1)]
    root.Kids, root.Count = pikepdf.Array(kids), pages
    names = []
    for n, page in enumerate(kids, 1):
        names += [pikepdf.String(f"p{n:05d}"), pdf.make_indirect(pikepdf.Dictionary(
            D=pikepdf.Array([page, pikepdf.Name.XYZ, 72, 760, None])))]
        if n < pages:
            page.Annots = pikepdf.Array([pdf.make_indirect(pikepdf.Dictionary(
                Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.Link, Rect=[72, 700, 300, 750], Border=[0, 0, 0],
                A=pikepdf.Dictionary(S=pikepdf.Name.GoTo, D=pikepdf.String(f"p{n + 1:05d}"))))])
    pdf.Root.Names = pikepdf.Dictionary(Dests=pikepdf.Dictionary(Names=pikepdf.Array(names)))
    pdf.save(path)
    return path


def scan(source: Path, out: Path, dpi: int = 150) -> Path:
    """`source` as a scan: gray JPEG pages at `dpi`, no text (pdftoppm draws, Pillow writes the PDF)."""
    from PIL import Image

    work = out.parent / f"{out.stem}-pages"
    work.mkdir(exist_ok=True)
    subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", "-jpeg", str(source), str(work / "p")], check=True)
    files = sorted(work.glob("p*.jpg"))
    images = [Image.open(p) for p in files]
    images[0].save(out, save_all=True, append_images=images[1:], resolution=dpi)
    for image, path in zip(images, files, strict=True):
        image.close()
        path.unlink()
    work.rmdir()
    return out


def main() -> None:
    folder = Path(sys.argv[1])
    docs = documents(folder / "merge")
    report = big(folder)
    scan(documents(folder / "scan-source", 1, 20, seed=SEED + 1)[0], folder / "scan20.pdf")
    print(f"{len(docs)} documents in {folder / 'merge'}, {report}, {folder / 'scan20.pdf'}")


if __name__ == "__main__":
    main()
