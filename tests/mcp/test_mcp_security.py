"""Path escapes over MCP, for every path-valued argument of every tool, discovered from the tools' schemas.

A table of escapes (`../`, absolute paths, symlinks and symlinked parents pointing out, dangling symlinks, `~`,
Windows and UNC paths, `file://` URIs with percent-encoding, unicode look-alikes of `.` and `/`, NUL bytes, very
long paths) is applied to each path argument while every other argument is valid (a first call with only valid
arguments must succeed, or the escapes would prove nothing). For each escape: the call never crashes (no
INTERNAL), true escapes get their exact code, and nothing outside the root changes (the tree beside the root is
snapshotted around every call). An existing outside file and a missing one give the same answer (no oracle).

Path arguments are found by name (PATH_KINDS); every other string argument must be listed in NOT_PATHS, so a
new tool's string argument is either attacked here or consciously exempted. Arguments are made valid from the
schema (first enum value, defaults); a tool that needs more says so in SCENARIOS, keyed by tool or by
(tool, argument), e.g. which `action` uses the argument.
"""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import anyio
import pytest
from conftest import CORPUS
from mcp import Client

from pdftools.convert import pandoc
from pdftools.mcp.server import build_server

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"
OUTLINE = CORPUS / "006-pdflatex-outline" / "pdflatex-outline.pdf"
IN_ROOT = {"four.pdf": FOUR, "outline.pdf": OUTLINE, "one.pdf": CORPUS / "001-trivial" / "minimal-document.pdf",
           "attached.pdf": CORPUS / "025-attachment" / "with-attachment.pdf",
           "form.pdf": CORPUS / "010-pdflatex-forms" / "pdflatex-forms.pdf",
           "locked.pdf": CORPUS / "005-libreoffice-writer-password" / "libreoffice-writer-password.pdf"}
PATH_KINDS = [  # argument name -> kind of path, and a valid value of that kind inside the root
    (re.compile(r"^(inputs?|source|pdf|font|files|data|reference_doc|css|append|.*_(file|path)s?)$"),
     "input"),  # data: JSON or a file
    (re.compile(r"^(outputs?|.*_output)$"), "output"),
    (re.compile(r"^(folder|out_dir|copy_to|templates|resource_path|.*_(dir|folder))$"), "folder"),
    (re.compile(r"^(glob|pattern|names)$"), "name"),  # names or patterns applied inside a folder
]
VALID = {"input": "four.pdf", "output": "sub/valid-{tool}.pdf", "folder": "sub", "name": None}
NOT_PATHS = {"pages", "repeat", "ranges", "password", "language", "values", "title", "parent", "text", "color",
             "user_password", "owner_password", "allow", "content", "from_format", "to_format", "metadata",
             "ocr_language",
             "command", "name",  # pdf_batch: a command's name, and an output name pattern (a plain name, checked)
             "after", "page", "scheme", "margins",  # page numbers (a number, `last`, `-1`); labels; crop margins
             "mimetype",  # pdf_attachments add: `type/subtype`, written into the PDF, never opened
             "key",  # pdf_metadata show: a metadata key read from the PDF, never a path
             "types", "which",  # pdf_annotations: subtypes (`Link`, `Widget`) and which to flatten (`print`)
             "size"}  # pdf_split: the largest part, `10MB`
SCENARIOS: dict[str | tuple[str, str], dict[str, Any]] = {  # valid arguments beyond the generic ones
    "pdf_crop": {"margins": "10"},
    ("pdf_page_labels", "output"): {"scheme": "1:r"},
    "pdf_rotate": {"angle": 90},
    "pdf_ocr": {"input": "one.pdf", "dpi": 72},
    "pdf_stamp": {"text": "DRAFT"},
    ("pdf_stamp", "pdf"): {"text": None, "pdf": "one.pdf"},
    ("pdf_stamp", "font"): {"font": "font.ttf"},  # (a font file, or an installed family's name)
    ("pdf_metadata", "output"): {"action": "set", "values": ["Title=x"]},
    ("pdf_metadata", "data"): {"action": "set", "data": "info.txt"},  # pdftk's update_info file
    ("pdf_bookmarks", "output"): {"action": "add", "title": "x", "page": 1},
    ("pdf_bookmarks", "data"): {"action": "replace", "data": "bookmarks.json"},
    ("pdf_attachments", "files"): {"action": "add", "files": ["one.pdf"]},
    ("pdf_attachments", "output"): {"action": "add", "files": ["one.pdf"]},
    ("pdf_attachments", "out_dir"): {"action": "extract", "input": "attached.pdf"},
    ("pdf_attachments", "names"): {"action": "extract", "input": "attached.pdf", "names": ["image.png"]},
    ("pdf_forms", "output"): {"action": "flatten", "input": "form.pdf"},
    ("pdf_annotations", "output"): {"action": "flatten"},  # `list`, the default, writes nothing
    ("pdf_forms", "data"): {"action": "fill", "input": "form.pdf", "data": "fields.json"},
    ("pdf_compress", "output"): {"input": "loose.pdf"},
    "pdf_protect": {"user_password": "secret"},
    "pdf_unprotect": {"input": "locked.pdf", "password": "openpassword"},
    "pdf_rename_invoice": {"ocr": False},
    "pdf_batch": {"command": "info", "jobs": 1},
    "doc_convert": {"input": "note.md", "to_format": "html", "output": "sub/valid.html"},
    ("doc_convert", "reference_doc"): {"to_format": "docx", "output": "sub/valid.docx", "reference_doc": "ref.docx"},
    ("doc_convert", "resource_path"): {"resource_path": ["sub"]},
    ("doc_convert", "css"): {"css": ["style.css"]},
    ("doc_convert", "append"): {"append": ["note.md"]},
}
OUT = "PATH_OUTSIDE_ROOT"
BAD = "INVALID_ARGUMENT"
ESCAPES: list[tuple[str, str | None]] = [  # (template, the code it must give to a file or folder argument)
    ("../outside.pdf", OUT),
    ("sub/../../outside.pdf", OUT),
    ("./sub/./../../outside-dir", OUT),
    ("{outside}", OUT),
    ("{tmp}/missing.pdf", OUT),  # a missing outside file: the same answer as an existing one
    ("/", OUT),
    ("{sibling}/x.pdf", OUT),  # shares the root's string prefix
    ("//server/share/x.pdf", OUT),  # POSIX: an absolute path
    ("link-out.pdf", OUT),  # a symlink in the root to a file outside
    ("linkdir/outside.pdf", OUT),  # a symlinked parent
    ("linkdir", OUT),
    ("dangling-out.pdf", OUT),  # a symlink to an outside file that does not exist yet: never create it
    ("sub/loop/x.pdf", None),  # a symlink loop
    ("~/x.pdf", OUT),
    ("~root/x.pdf", OUT),
    ("file://{outside}", OUT),
    ("file://localhost{outside}", OUT),
    ("file://{root}/../outside.pdf", OUT),
    ("file://{root}/%2e%2e/outside.pdf", OUT),
    ("file://{root}/%2E%2E%2Foutside.pdf", OUT),
    ("file://evil.example{outside}", OUT),
    ("file://{root}/four.pdf%00.txt", BAD),
    ("file://{root}/four.pdf#../../outside.pdf", BAD),
    ("C:\\Users\\me\\x.pdf", BAD),
    ("C:/x.pdf", BAD),
    ("\\\\server\\share\\x.pdf", BAD),
    ("four.pdf\x00.txt", BAD),
    ("\x00", BAD),
    ("a/" * 2100 + "x.pdf", BAD),  # longer than PATH_MAX
    ("x" * 300 + ".pdf", BAD),  # a name longer than NAME_MAX
    ("\ud800.pdf", BAD),  # a lone surrogate: no file name can hold it
    # literal names inside the root (percent-encoding means nothing in a plain path; look-alikes are not dots
    # or slashes): any answer will do as long as nothing outside changes
    ("%2e%2e/outside.pdf", None),
    ("..%2foutside.pdf", None),
    ("..\\outside.pdf", None),
    ("\uff0e\uff0e/outside.pdf", None),  # fullwidth full stops
    ("\u2024\u2024/outside.pdf", None),  # one dot leaders
    ("..\u2215outside.pdf", None),  # division slash
    ("..\uff0foutside.pdf", None),  # fullwidth solidus
    ("\u0131\u0307\u2025/outside.pdf", None),  # NFKC turns the two-dot leader into ".."
    ("...", None),
    ("*/../../*.pdf", None),
    ("../*.pdf", None),
]


def tools() -> dict[str, dict[str, Any]]:
    async def go() -> dict[str, dict[str, Any]]:
        async with Client(build_server([Path.cwd()])) as client:
            return {t.name: t.input_schema for t in (await client.list_tools()).tools}

    return anyio.run(go)


def kind_of(name: str) -> str | None:
    return next((kind for pattern, kind in PATH_KINDS if pattern.match(name)), None)


def is_text(schema: dict[str, Any]) -> bool:
    """A free string (or a list of them): what could carry a path. Enums and numbers cannot."""
    options = schema.get("anyOf", [schema])
    return any(o.get("type") == "string" and "enum" not in o or o.get("items", {}).get("type") == "string"
               for o in options)


TOOLS = tools()
PATH_ARGS = [(tool, name) for tool, schema in TOOLS.items() for name, prop in schema["properties"].items()
             if kind_of(name) and is_text(prop)]  # (pdf_batch's send_files is named like one and is a boolean)


def test_every_string_argument_is_a_path_or_exempt() -> None:
    unknown = [f"{tool}.{name}" for tool, schema in TOOLS.items() for name, prop in schema["properties"].items()
               if is_text(prop) and not kind_of(name) and name not in NOT_PATHS]
    assert not unknown, f"classify these arguments in PATH_KINDS or NOT_PATHS: {unknown}"
    assert {("pdf_info", "input"), ("pdf_merge", "inputs"), ("pdf_merge", "output"), ("pdf_split", "out_dir"),
            ("pdf_list", "folder"), ("pdf_list", "glob")} <= set(PATH_ARGS)


@pytest.fixture(scope="module")
def layout(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """tmp/{outside.pdf, outside-dir/, root/, root-evil/}; the root holds PDFs and symlinks that point out.
    Shared by the module's tests (building a server with every tool takes ~1 s): calls pass `force`, so what an
    earlier test wrote inside the root cannot stop a later one."""
    tmp_path = tmp_path_factory.mktemp("escapes")
    root, outside_dir, sibling = tmp_path / "root", tmp_path / "outside-dir", tmp_path / "root-evil"
    for folder in (root, root / "sub", outside_dir, sibling):
        folder.mkdir()
    for name, source in IN_ROOT.items():
        shutil.copy(source, root / name)
    subprocess.run(["qpdf", "--stream-data=uncompress", "--object-streams=disable", str(FOUR), str(root / "loose.pdf")],
                   check=True)  # compresses well: pdf_compress writes only smaller files
    (root / "bookmarks.json").write_text('[{"title": "One", "page": 1, "children": []}]')
    (root / "fields.json").write_text('{"Name": "Ann"}')
    (root / "info.txt").write_text("InfoBegin\nInfoKey: Title\nInfoValue: x\n")
    (root / "note.md").write_text("# A note\n\nWith a paragraph.\n")
    (root / "style.css").write_text("h1 { color: green }\n")
    shutil.copy(subprocess.run(["fc-match", "-f", "%{file}", "DejaVu Sans"], capture_output=True, text=True,
                               check=True).stdout, root / "font.ttf")  # (.ci/setup installs it)
    (root / "ref.docx").write_bytes(subprocess.run([pandoc.program(), "--print-default-data-file", "reference.docx"],
                                                   check=True, capture_output=True).stdout)
    for target in (tmp_path / "outside.pdf", outside_dir / "inner.pdf", sibling / "x.pdf"):
        shutil.copy(FOUR, target)
    (root / "link-out.pdf").symlink_to(tmp_path / "outside.pdf")
    (root / "linkdir").symlink_to(tmp_path)
    (root / "dangling-out.pdf").symlink_to(tmp_path / "created-through-a-symlink.pdf")
    (root / "sub" / "loop").symlink_to(root / "sub" / "loop")
    return {"root": root, "tmp": tmp_path, "outside": tmp_path / "outside.pdf", "sibling": sibling}


def snapshot(tmp: Path, root: Path) -> dict[str, tuple[int, int, bool]]:
    """Everything beside the root: name -> (size, mtime, is a symlink)."""
    seen = {}
    for folder, dirs, files in os.walk(tmp):
        dirs[:] = [d for d in dirs if Path(folder, d) != root]
        for name in dirs + files:
            st = os.lstat(Path(folder, name))
            seen[str(Path(folder, name).relative_to(tmp))] = (st.st_size, st.st_mtime_ns, os.path.islink(
                Path(folder, name)))
    return seen


def arguments(tool: str, schema: dict[str, Any], target: str, value: str | None) -> dict[str, Any]:
    """Valid arguments for `tool`, with `value` in `target` (a list argument gets it first, then a valid file;
    None: the target's own valid value)."""
    args: dict[str, Any] = {}
    for name, prop in schema["properties"].items():
        kind = kind_of(name)
        if kind in ("input", "output", "folder") and name in (*schema.get("required", []), target, "inputs"):
            valid = VALID[kind].format(tool=tool)
            args[name] = [valid, "outline.pdf"] if _is_list(prop) else valid
        elif name in schema.get("required", []):
            args[name] = prop["enum"][0] if "enum" in prop else {"integer": 1, "number": 1}.get(prop.get("type"), "1")
    if "force" in schema["properties"]:  # the valid call's output exists: an escape must not stop at that
        args["force"] = True
    args.update(SCENARIOS.get(tool, {}))
    args.update(SCENARIOS.get((tool, target), {}))
    if args.get("action") in ("show", "list"):  # a reading action writes nothing: `force` is another action's
        args.pop("force", None)
    if value is not None:
        args[target] = [value, *args.get(target, [])[1:2]] if _is_list(schema["properties"][target]) else value
    return {k: v for k, v in args.items() if v is not None}


def _is_list(prop: dict[str, Any]) -> bool:
    """A list of paths (merge's inputs), not a string that may also be given as JSON (a `data` argument)."""
    types = {o.get("type") for o in prop.get("anyOf", [prop])}
    return "array" in types and "string" not in types


@functools.cache
def server(root: Path) -> Any:
    return build_server([root])


def call_all(root: Path, tool: str, calls: list[dict[str, Any]]) -> list[Any]:
    async def go() -> list[Any]:
        async with Client(server(root)) as client:
            return [await client.call_tool(tool, args) for args in calls]

    return anyio.run(go)


@pytest.mark.parametrize(("tool", "target"), PATH_ARGS, ids=[f"{t}.{n}" for t, n in PATH_ARGS])
def test_path_escapes(tool: str, target: str, layout: dict[str, Path]) -> None:
    root, tmp = layout["root"], layout["tmp"]
    schema = TOOLS[tool]
    valid = arguments(tool, schema, target, None)
    first = call_all(root, tool, [valid])[0]
    assert not first.is_error, (valid, first.content)  # else the escapes below would prove nothing
    before = snapshot(tmp, root)
    values = [template.format(**{k: str(v) for k, v in layout.items()}) for template, _ in ESCAPES]
    results = call_all(root, tool, [arguments(tool, schema, target, value) for value in values])
    failures = []
    for (template, expected), result in zip(ESCAPES, results, strict=True):
        code = json.loads(result.content[0].text).get("code") if result.is_error else "ok"
        wanted = expected if kind_of(target) != "name" else None
        if code == "INTERNAL" or (wanted is not None and code != wanted):
            failures.append(f"{template[:60]!r}: got {code}, want {wanted}: {result.content[0].text[:200]}")
        if code == OUT and str(root) not in json.loads(result.content[0].text)["hint"]:
            failures.append(f"{template[:60]!r}: the hint does not name the root")
    assert snapshot(tmp, root) == before, "something outside the root changed"
    assert not failures, "\n".join(failures)
