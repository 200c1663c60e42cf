"""Other tools' options that a command spells otherwise or does without (pdfgrep's at `search`, OCRmyPDF's at
`ocr`, pdftotext's at `text`, pandoc's at `convert`, qpdf's, pdfjam's), each with what to type instead: the
words an unknown option gets when it is one of theirs."""

from __future__ import annotations

PDFGREP_WORDS = {  # pdfgrep's options that `search` spells otherwise or does without
    "-l": "pdfgrep's -l is --files-with-matches here (in pdftools -l is --language)",
    "-o": "pdfgrep's -o is --only-matching here (in pdftools -o is --output)",
    "-p": "pdfgrep's -p is --page-count here (in pdftools -p is --pattern)",
    # and those it does without (by spelling they suggested options that do something else: --unac, --count)
    "--unac": "accents are matched as written",
    "-V": "`pdftools --version` gives the version",
    "-f": "pdfgrep's -f is --file here (in pdftools -f is convert's --from)",
}


_AS_THEY_ARE = "pages are read as they are, never cleaned (--deskew turns them straight, --rotate-pages upright)"
_COMPRESS = "images are kept as they are, nothing re-encoded: `pdftools compress` makes the output smaller"
_FORCE = "--force-ocr rasterises pages with text and OCRs them again"
OCRMYPDF_WORDS = {  # OCRmyPDF's options that `ocr` spells otherwise or does without
    "-s": "OCRmyPDF's -s is --skip-text here (in pdftools -s is convert's --standalone)",
    "-f": "OCRmyPDF's -f: " + _FORCE,
    "-r": "OCRmyPDF's -r is --rotate-pages here",
    "-d": "OCRmyPDF's -d is --deskew here", "--clean": _AS_THEY_ARE, "-c": _AS_THEY_ARE,
    "--clean-final": _AS_THEY_ARE, "-i": _AS_THEY_ARE, "--remove-background": _AS_THEY_ARE,
    "--output-type": "the output is a plain PDF, as OCRmyPDF's `--output-type pdf`: leave it out (no PDF/A is "
                     "made; --linearize and --object-streams shape the output)",
    "--optimize": _COMPRESS, "-O": _COMPRESS,
    "--image-dpi": "--dpi is the resolution an image is read at when the file does not say",
    "--skip-big": "PDFTOOLS_MAX_PIXELS caps the pixels a page is rendered to (PAGE_TOO_LARGE past it)",
    "--tesseract-timeout": "--timeout gives up on the whole file after that many seconds",
    **{f"--{key}": f"`pdftools metadata set OUT.pdf --set {key}=...` sets it on the searchable PDF"
       for key in ("title", "author", "subject", "keywords")},
    "--pdf-renderer": "tesseract's invisible text layer is always grafted onto the pages: leave it out",
}
_PAGES = "give the pages as --pages 2-5 (pdftotext's -f 2 -l 5)"
_BOXES = "--format words (or lines) gives each with its box, a TSV when piped"
PDFTOTEXT_WORDS = {  # pdftotext's options (single dash, long names) that `text` spells otherwise or does without
    "-f": _PAGES, "-l": _PAGES,
    "-layout": "--mode layout keeps the columns", "-fixed": "--mode layout keeps the columns",
    "-raw": "the text comes in reading order (--mode plain, the default) or as laid out (--mode layout); the "
            "content stream's order is not offered",
    "-nopgbrk": "each page ends in a form feed when piped, as pdftotext's: remove them with `tr -d '\\f'`, or take "
                "each page's text from --json",
    "-bbox": _BOXES, "-bbox-layout": _BOXES, "-tsv": _BOXES,
    "-enc": "the text is always UTF-8", "-eol": "lines end in `\\n`",
    "-opw": "give the password with --password (or --password-file, PDFTOOLS_PASSWORD)",
    "-upw": "give the password with --password (or --password-file, PDFTOOLS_PASSWORD)",
    "-htmlmeta": "`pdftools info FILE` shows the metadata",
    "-o": "the text goes to standard output: redirect it, `pdftools text FILE > out.txt`",
    "-v": "`pdftools --version` gives the version",
}


_METADATA = "-M key=value sets metadata, which pandoc's templates also read as variables"
_AROUND = "a --template can add text around the body"
_CITATIONS = "citations are left as written (pandoc's citeproc is not run)"
PANDOC_WORDS = {  # pandoc's options that `convert` spells otherwise or does without
    "-V": _METADATA, "--variable": _METADATA, "--metadata-file": "give each value as " + _METADATA,
    "--extract-media": "the images of a docx, odt or epub input stay inside html, docx, odt, epub and pdf outputs",
    "--filter": "only Lua filters run: --lua-filter FILE", "-F": "only Lua filters run: --lua-filter FILE",
    "-H": _AROUND, "--include-in-header": _AROUND, "-B": _AROUND, "--include-before-body": _AROUND,
    "-A": _AROUND, "--include-after-body": _AROUND,
    "--citeproc": _CITATIONS, "-C": _CITATIONS, "--bibliography": _CITATIONS, "--csl": _CITATIONS,
    "--data-dir": "pandoc's data files are its own: give --template or --reference-doc",
    "--list-input-formats": "an unknown --from lists the formats", "--list-output-formats": "an unknown --to lists "
                                                                                             "the formats",
    "--verbose": "pandoc's warnings are in the result (`warnings`)",
    "--pdf-engine-opt": "the PDF engines run as pdftools sets them up",
    "--columns": "lines wrap at 72 columns; --wrap none puts each paragraph on one line",
}
QPDF_ROTATE_WORDS = {  # qpdf's --rotate=[+|-]angle[:pages] at `rotate`
    "--rotate": "qpdf's --rotate=+90:1-3 (turn) is --angle 90 --pages 1-3 here (-90 turns left); its unsigned "
                "--rotate=90 (set) is --absolute --angle 90",
    "--flatten-rotation": "qpdf's --flatten-rotation is --flatten here (with --angle, the pages turn first)",
}
_PAPER = "give --sheet a4 (or a3, a5, letter, legal, tabloid); --sheet auto, the default, keeps the pages' paper"
PDFJAM_WORDS = {  # pdfjam's options that `nup` spells otherwise or does without
    "--nup": "give --per-sheet 2 (pdfjam's --nup 2x1), 4 (2x2), 6, 8, 9 or 16: the grid and the sheet's turn follow",
    "--paper": _PAPER, "--papersize": _PAPER, "--a4paper": _PAPER, "--a3paper": _PAPER, "--a5paper": _PAPER,
    "--letterpaper": _PAPER, "--legalpaper": _PAPER,
    "--landscape": "the sheet turns to suit the grid (2-up of portrait pages: landscape): leave it out",
    "--no-landscape": "the sheet turns to suit the grid (4-up of portrait pages: portrait): leave it out",
    "--booklet": "`pdftools booklet FILE` imposes a booklet",
    "--frame": "cells have no frame", "--delta": "--margin N leaves a blank border around each sheet",
    "--suffix": "-o names the output (default: FILE-2up.pdf beside it)",
    "--outfile": "-o names the output (default: FILE-2up.pdf beside it)",
}
_NAMED = "an attachment is named after its file: copy or rename the file to the name it should have"
QPDF_ATTACH_WORDS = {  # qpdf's --add-attachment options that `attachments add` does without
    "--key": _NAMED, "--filename": _NAMED,
    "--replace": "remove it first: `pdftools attachments remove FILE --name NAME`, then add",
}
_ANGLE = "a text stamp is turned by --angle DEGREES here, counter-clockwise (pdfcpu's rotation:45)"
QPDF_OVERLAY_WORDS = {  # qpdf's --overlay/--underlay ranges that `stamp --pdf` spells otherwise; a watermark's turn
    "--rotation": _ANGLE, "--rotate": _ANGLE, "--rot": _ANGLE,
    "--to": "qpdf's --to=2-4 is --pages 2-4 here (the stamp's pages go on them in that order)",
    "--from": "qpdf's --from=1-3 is the stamp's pages after its name here, --pdf stamp.pdf:1-3; its --from= "
              "--repeat=1,2 (repeated from the first page) is --pdf stamp.pdf:1,2 --repeat 1,2",
    "--overlay": "the stamp is --pdf FILE, over the content (--underlay: under it)",
}
QPDF_MERGE_WORDS = {  # qpdf's page selection at `merge`
    "--empty": "qpdf's --empty --pages a.pdf b.pdf -- out.pdf is `pdftools merge a.pdf b.pdf -o out.pdf` here (a "
               "merge starts empty; the first input's metadata is kept)",
    "--pages": "inputs are the arguments, each with its pages after a colon: qpdf's --pages a.pdf b.pdf 1-3 -- is "
               "`pdftools merge a.pdf b.pdf:1-3 -o out.pdf`",
}
QPDF_SPLIT_WORDS = {  # qpdf's --split-pages at `split`
    "--split-pages": "split writes every page by default, into -d DIR; qpdf's --split-pages=N is --every N",
}
_ITSELF = "`pdftools {0}` does what qpdf's --{1} does: leave it out"
QPDF_ENCRYPT_WORDS = {  # qpdf's --encrypt at `protect`
    "--encrypt": "qpdf's --encrypt USER OWNER 256 -- is `pdftools protect FILE --user-password-file U "
                 "--owner-password-file O` here (AES-256 by default; --allow for the permissions)",
}
FOREIGN_WORDS = {"merge": QPDF_MERGE_WORDS, "split": QPDF_SPLIT_WORDS,  # another tool's options, by command
                 "search": PDFGREP_WORDS, "ocr": OCRMYPDF_WORDS, "text": PDFTOTEXT_WORDS, "convert": PANDOC_WORDS,
                 "rotate": QPDF_ROTATE_WORDS, "nup": PDFJAM_WORDS, "attachments add": QPDF_ATTACH_WORDS,
                 "stamp": QPDF_OVERLAY_WORDS, "protect": QPDF_ENCRYPT_WORDS,
                 **{name: {f"--{flag}": _ITSELF.format(name, flag)}
                    for name, flag in (("unprotect", "decrypt"), ("linearize", "linearize"), ("check", "check"))}}
