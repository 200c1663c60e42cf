"""convert refuses documents nested so deep that pandoc's readers would take minutes or never end (INPUT_TOO_LARGE,
before pandoc runs), and lets ordinary real documents through.

What pandoc 3.9 does with the hostile ones (measured, not timed here): 5,000 `[` in markdown, 30 `[a ` in one
paragraph, 100 unclosed `<span>`s, a list indented 2,000 levels, LaTeX with 5,000 unclosed `{` or 3,000 nested
itemize: still running after 20-60 s; OPML outlines 5,000 deep: out of memory; DocBook or JATS 5,000 deep: 4 s;
16 unclosed `[`: 3 s, 18: 11 s; 10 nested `[...]`: 6 s, 12: over 15 s."""

from __future__ import annotations

import io
import subprocess
import zipfile
from pathlib import Path

import pytest
from conftest import CORPUS
from convert_docs import HTML, MARKDOWN

from pdftools.convert import nesting, pandoc
from pdftools.errors import InputTooLarge

REPO = Path(__file__).resolve().parents[2]


def _zip(entries: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in entries.items():
            z.writestr(name, data)
    return buf.getvalue()


def deep_docx(levels: int) -> bytes:
    """A docx whose body holds a run `levels` elements deep (made as pandoc's docx reader reads one)."""
    body = (b'<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p>'
            + b"<w:r>" * levels + b"<w:t>x</w:t>" + b"</w:r>" * levels + b"</w:p></w:body></w:document>")
    return _zip({"[Content_Types].xml": b'<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
                 b'<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-'
                 b'officedocument.wordprocessingml.document.main+xml"/></Types>',
                 "_rels/.rels": b'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
                 b'<Relationship Id="r1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
                 b'officeDocument" Target="word/document.xml"/></Relationships>',
                 "word/document.xml": body})


def deep_odt(levels: int) -> bytes:
    return _zip({"mimetype": b"application/vnd.oasis.opendocument.text",
                 "content.xml": b'<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office'
                 b':1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:text>'
                 + b"<text:span>" * levels + b"x" + b"</text:span>" * levels
                 + b"</office:text></office:body></office:document-content>"})


def deep_epub(levels: int) -> bytes:
    return _zip({"mimetype": b"application/epub+zip",
                 "META-INF/container.xml": b'<container xmlns="urn:oasis:names:tc:opendocument:xmlns:container" '
                 b'version="1.0"><rootfiles><rootfile full-path="c.opf" media-type="application/oebps-package+xml"/>'
                 b'</rootfiles></container>',
                 "c.opf": b'<package xmlns="http://www.idpf.org/2007/opf" version="3.0"><manifest><item id="a" '
                 b'href="a.xhtml" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="a"/>'
                 b'</spine></package>',
                 "a.xhtml": b'<html xmlns="http://www.w3.org/1999/xhtml"><body>' + b"<div>" * levels + b"x"
                 + b"</div>" * levels + b"</body></html>"})


HOSTILE = {
    "quotes.md": b">" * 5000 + b" x\n",
    "quotes-spaced.md": b"> " * 500 + b"x\n",
    "lists.md": b"".join(b"  " * i + b"- x\n" for i in range(2000)),
    "brackets.md": b"[" * 5000 + b"x\n",
    "brackets-closed.md": b"[" * 30 + b"x" + b"]" * 30 + b"\n",
    "brackets-spread.md": b"[a " * 30 + b"\n",
    "images.md": b"![" * 20 + b"x\n",
    "spans.md": b"<span>" * 5000 + b"x\n",
    "divs.md": b"<div>\n" * 1000 + b"x\n",
    "divs.html": b"<div>" * 200_000 + b"x" + b"</div>" * 200_000,
    "spans.html": b"<p>" + b"<span><b>" * 5000 + b"x",
    "braces.tex": b"{" * 5000 + b"x\n",
    "itemize.tex": b"\\begin{itemize}\\item " * 3000 + b"x\n",
    "quotes.org": b"#+begin_quote\n" * 3000 + b"x\n",
    "deep.docx": deep_docx(5000),
    "deep.odt": deep_odt(100_000),
    "deep.epub": deep_epub(5000),
    "outline.opml": b"<opml><body>" + b'<outline text="a">' * 5000 + b"</outline>" * 5000 + b"</body></opml>",
    "quotes.dbk": b"<article>" + b"<blockquote>" * 5000 + b"<para>x</para>" + b"</blockquote>" * 5000
                  + b"</article>",
    # a `;` ends pandoc's try at a citation from the brackets before it, but not one it reads inside something
    # else (emphasis, quotes, math, a link, HTML, an entity, an escape), nor from brackets closed later on
    "semicolons-in-emphasis.md": b"[a *[0;* " * 30 + b"\n",
    "semicolons-inside.md": b"".join(b"[a " + inside + b" " for inside in (
        b'"[0;"', b"$[0;$", b"[b](u;v)", b'[b](u "[0;")', b'<a title="[0;">b</a>', b"&amp;", b"\\;", b"~~[0;~~",
        b"^[0;^", b"<span>[0;</span>") * 3) + b"\n",
    "semicolons-closed-later.md": b"[a [0; " * 16 + b"x" + b"] " * 32 + b"\n",
    # backticks that close no code span are text, and so is an escaped one: the brackets after them count
    "backticks-unclosed.md": b"`` x ` " + b"[a " * 30 + b"\n",
    "backticks-escaped.md": b"\\` " + b"[a " * 30 + b"`\n",
    # mediawiki: each (left open; tables closed too) takes pandoc about twice as long as one fewer (16: 3-10 s)
    "refs.wiki": b"<ref>x\n\n" * 30,
    "sup.wiki": b"<sup>x " * 30 + b"\n",
    "links.wiki": b"[[a|\n" * 30,
    "external-links.wiki": b"[http://a " * 30 + b"\n",
    "quotes.wiki": b"''a '''b\n" * 30,
    "templates.wiki": b"{{a|" * 30 + b"\n",
    "tables.wiki": b"{|\n|\n" * 30 + b"x\n" + b"|}\n" * 30,
}


@pytest.mark.parametrize("name", HOSTILE)
def test_deep_documents_are_refused_before_pandoc_runs(cli, tmp_path: Path, name: str) -> None:
    """Each would keep pandoc busy for long (or blow its stack); a wrapper records that pandoc never ran."""
    log = tmp_path / "calls.txt"
    wrapper = tmp_path / "pandoc-logged"
    wrapper.write_text(f'#!/bin/sh\necho run >> {log}\nexec {pandoc.program()} "$@"\n')
    wrapper.chmod(0o755)
    doc = tmp_path / name
    doc.write_bytes(HOSTILE[name])
    out = tmp_path / "out.html"
    result = cli("convert", doc, "-o", out, env={"PDFTOOLS_PANDOC": str(wrapper)})
    assert result.exit_code == 10 and "INPUT_TOO_LARGE" in result.stderr, result
    assert "PDFTOOLS_MAX_NESTING" in result.stderr and "Traceback" not in result.stderr
    assert not out.exists() and not log.exists()


def test_the_message_says_how_deep_where_and_the_limit(cli, tmp_path: Path) -> None:
    doc = tmp_path / "q.md"
    doc.write_text("# Title\n\nText.\n\n" + "> " * 150 + "deep\n")
    result = cli("convert", doc)
    assert result.exit_code == 10, result
    text = " ".join(result.stderr.split())
    assert "150 levels deep" in text and "line 5" in text and "the limit is 100" in text
    assert "raise PDFTOOLS_MAX_NESTING" in text and "0: no limit" in text


def test_the_limit_follows_its_variable(cli, tmp_path: Path) -> None:
    """30 nested quotes: pandoc reads them at once; under a limit of 20 they are refused, 0 turns it off."""
    doc = tmp_path / "q.md"
    doc.write_text("> " * 30 + "deep\n")
    assert cli("convert", doc).exit_code == 0
    result = cli("convert", doc, env={"PDFTOOLS_MAX_NESTING": "20"})
    assert result.exit_code == 10 and "30 levels deep" in result.stderr, result
    assert cli("convert", doc, env={"PDFTOOLS_MAX_NESTING": "0"}).exit_code == 0
    bad = cli("convert", doc, env={"PDFTOOLS_MAX_NESTING": "deep"})
    assert bad.exit_code == 2 and "PDFTOOLS_MAX_NESTING" in bad.stderr, bad


def test_brackets_may_nest_a_tenth_as_deep(cli, tmp_path: Path) -> None:
    """Under PDFTOOLS_MAX_NESTING=50, 5 brackets open at once pass and 6 do not; code spans and fenced code, where
    pandoc parses no brackets, do not count, nor do escaped ones, nor commonmark (its reader does not slow down)."""
    env = {"PDFTOOLS_MAX_NESTING": "50"}
    doc = tmp_path / "b.md"
    doc.write_text("[" * 5 + "x" + "]" * 5 + "\n\n" + "[" * 5 + "y\n")
    assert cli("convert", doc, env=env).exit_code == 0
    doc.write_text("[" * 6 + "x" + "]" * 6 + "\n")
    result = cli("convert", doc, env=env)
    assert result.exit_code == 10 and "6 brackets and spans" in result.stderr and "limit is 5" in result.stderr
    assert "commonmark" in result.stderr  # the hint names a reader that copes
    assert cli("convert", doc, "-f", "commonmark", env=env).exit_code == 0
    doc.write_text("`" + "[" * 40 + "` and ``" + "[" * 40 + "``\n\n" + "\\[" * 40 + "\n\n```\n" + "[" * 40 + "\n```\n"
                   "\n    " + "[" * 40 + "\n    " + "[" * 40 + "\n\n- item\n\n  ```\n  " + "[" * 40 + "\n  ```\n")
    assert cli("convert", doc, env=env).exit_code == 0
    doc.write_text("Text\n    " + "[" * 40 + "\n")  # a line indented 4 within a paragraph is the paragraph's
    assert cli("convert", doc, env=env).exit_code == 10


def test_content_and_appended_documents_are_measured_too(cli, tmp_path: Path) -> None:
    result = cli("convert", "--text", "> " * 200 + "x")
    assert result.exit_code == 10 and "the content nests" in result.stderr, result
    first, second = tmp_path / "a.md", tmp_path / "b.md"
    first.write_text("# One\n")
    second.write_text("[" * 40 + "x\n")
    result = cli("convert", first, second)
    assert result.exit_code == 10 and "b.md has 40 brackets" in result.stderr, result


def test_a_deep_docx_names_its_part(tmp_path: Path) -> None:
    doc = tmp_path / "d.docx"
    doc.write_bytes(deep_docx(150))
    with pytest.raises(InputTooLarge, match=r"XML elements \d+ levels deep \(word/document.xml\)"):
        nesting.check(doc, None, "docx", "d.docx")
    doc.write_bytes(deep_docx(50))
    nesting.check(doc, None, "docx", "d.docx")


# ------------------------------------------------------------------------------------- no false positives

VIM_STYLE = """\
*motion.txt*    For Vim version 9.0.  Last change: 2022 Apr 18

                                                *:s* *:substitute*
:[range]s[ubstitute]/{pattern}/{string}/[flags] [count]
                        For each line in [range] replace a match of {pattern}
                        with {string}.  See |:s_flags| for [flags].

["x]y{motion}           Yank {motion} text [into register x].  When no
                        characters are to be yanked (e.g., "y0" in column 1),
                        this is not an error.  Press <Esc> or CTRL-[ to stop,
                        <C-w> <CR> <Del> <Tab> <S-Tab> <BS> <Home> <End>.

[count]["x]p            Put the text [from register x] after the cursor
                        [count] times.  |p| |P| |]p| |[p| |gp| |gP|
"""


# vim's os_unix.txt (its lines 44-54): escape sequences written out (`^[[0;1;36m`) open two brackets a line that
# never close, 16 in one paragraph; each `;` ends pandoc's try at a citation from the brackets before it, and pandoc
# reads it in 0.2 s (the same lines with `:` for `;`: 26 s)
TERMINAL_COLOURS = """\
\t\t\t\t\t\t\t*terminal-colors*
To use colors in Vim you can use the following example (if your terminal
supports colors, but "T_Co" is empty or zero): >
   :set t_me=^[[0;1;36m     " normal mode (undoes t_mr and t_md)
   :set t_mr=^[[0;1;33;44m  " reverse (invert) mode
   :set t_md=^[[1;33;41m    " bold mode
   :set t_se=^[[1;36;40m    " standout end
   :set t_so=^[[1;32;45m    " standout mode
   :set t_ue=^[[0;1;36m     " underline end
   :set t_us=^[[1;32m       " underline mode start
[the ^[ is an <Esc>, type CTRL-V <Esc> to enter it]
"""


def test_escape_sequences_with_semicolons_convert(cli, tmp_path: Path) -> None:
    """16 brackets never closed in one paragraph, a `;` after each pair: they convert; with `:` for `;` they are
    refused."""
    doc = tmp_path / "os_unix.txt"
    doc.write_text(TERMINAL_COLOURS)
    result = cli("convert", doc, "-f", "markdown", "-t", "html")
    assert result.exit_code == 0 and "t_me=^[[0;1;36m" in result.stdout, result
    doc.write_text(TERMINAL_COLOURS.replace(";", ":"))
    result = cli("convert", doc, "-f", "markdown", "-t", "html")
    assert result.exit_code == 10 and "16 brackets and spans" in result.stderr, result


def real_documents(tmp_path: Path) -> list[tuple[Path, str]]:
    """The README and the CHANGELOG as markdown and as pandoc writes them in html, latex, org, docx, odt and epub;
    the corpus' documents; convert's own sample documents; a long vim-style help text."""
    docs = [(REPO / "README.md", "markdown"), (REPO / "CHANGELOG.md", "markdown")]
    docs += [(path, "markdown") for path in sorted(CORPUS.parent.rglob("*.md"))]
    docs += [(path, "odt") for path in sorted(CORPUS.parent.rglob("*.odt"))]
    for fmt, suffix in (("html", "html"), ("latex", "tex"), ("org", "org"), ("docx", "docx"), ("odt", "odt"),
                        ("epub", "epub"), ("docbook", "dbk"), ("jats", "xml"), ("opml", "opml"),
                        ("mediawiki", "wiki")):
        out = tmp_path / f"readme.{suffix}"
        subprocess.run([pandoc.program(), str(REPO / "README.md"), "-s", "-t", fmt, "-o", str(out)], check=True,
                       capture_output=True)
        docs.append((out, fmt))
    (tmp_path / "sample.md").write_text(MARKDOWN)
    (tmp_path / "sample.html").write_text(HTML)
    (tmp_path / "vim.txt").write_text(VIM_STYLE * 200)
    return docs + [(tmp_path / "sample.md", "markdown"), (tmp_path / "sample.html", "html"),
                   (tmp_path / "vim.txt", "markdown")]


def test_real_documents_are_not_refused(tmp_path: Path) -> None:
    docs = real_documents(tmp_path)
    assert len(docs) >= 18 and any(path.suffix == ".odt" and CORPUS.parent in path.parents for path, _ in docs)
    for path, fmt in docs:
        nesting.check(path, None, fmt, path.name)  # raises INPUT_TOO_LARGE if refused


def test_a_real_document_converts_and_an_ordinary_deep_one_too(cli, tmp_path: Path) -> None:
    """The README through the whole command; a list 40 levels deep and 8 nested brackets (pandoc: well under a
    second each) pass."""
    assert cli("convert", REPO / "README.md", "-o", tmp_path / "readme.html").exit_code == 0
    doc = tmp_path / "deep.md"
    doc.write_text("".join("  " * i + "- x\n" for i in range(40)) + "\n" + "[" * 8 + "x" + "]" * 8 + "\n")
    result = cli("convert", doc, "-t", "html")
    assert result.exit_code == 0 and result.stdout.count("<ul>") == 40, result


# ------------------------------------------------------------------------------ the PDF engines' own depth limits

def test_weasyprint_out_of_recursion_is_input_too_large(cli, tmp_path: Path) -> None:
    """140 nested quotes, let past the pre-check: weasyprint's layout recursion ends in a RecursionError."""
    doc = tmp_path / "q.md"
    doc.write_text("> " * 140 + "deep\n")
    out = tmp_path / "q.pdf"
    result = cli("convert", doc, "-o", out, "--pdf-engine", "weasyprint", env={"PDFTOOLS_MAX_NESTING": "0"})
    assert result.exit_code == 10 and "INPUT_TOO_LARGE" in result.stderr, result
    text = " ".join(result.stderr.split())
    assert "weasyprint" in text and "too deep" in text and "--pdf-engine" in text and "Traceback" not in text
    assert not out.exists()


def test_typst_depth_errors_are_input_too_large(cli, tmp_path: Path) -> None:
    """100 nested quotes (within the limit) exceed typst's show rule depth."""
    doc = tmp_path / "q.md"
    doc.write_text("> " * 100 + "deep\n")
    out = tmp_path / "q.pdf"
    result = cli("convert", doc, "-o", out, "--pdf-engine", "typst")
    assert result.exit_code == 10 and "INPUT_TOO_LARGE" in result.stderr, result
    text = " ".join(result.stderr.split())
    assert "typst" in text and "depth exceeded" in text and "weasyprint" in text
    assert not out.exists()


def test_wiki_possessives_count_once_each(tmp_path: Path) -> None:
    """`''Citizen Kane'''s` (an italic title, then an apostrophe) crosses the marks once: 8 in a paragraph pass
    (pandoc: 0.1 s), 12 are refused (24: over 12 s)."""
    doc = tmp_path / "kane.wiki"
    doc.write_text("''Citizen Kane'''s story. " * 8 + "\n\n" + "''Kane'' and '''Welles'''. " * 40 + "\n")
    nesting.check(doc, None, "mediawiki", doc.name)
    doc.write_text("''Citizen Kane'''s story. " * 12 + "\n")
    with pytest.raises(InputTooLarge, match="12 elements, templates, tables, links and '' ''' marks"):
        nesting.check(doc, None, "mediawiki", doc.name)
