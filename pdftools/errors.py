"""The one error tree.

Every error pdftools reports is a `PdftoolsError` subclass. The class carries the contract: a stable string
`code` (for scripts and agents), the CLI `exit_code`, and a default recovery `hint`. The CLI maps errors in
`pdftools.cli`, MCP in `pdftools.mcp.tools`; nothing else catches them. An exception from outside the tree
(the operating system's, memory's, qpdf's, a bug) becomes one of these in `pdftools.core.foreign_errors`.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

_ESCAPE = "\ue000"  # a private-use character: a value's braces while its message is in the markers' language
_ESCAPED = re.compile("\ue000([()\ue000])")
_UNESCAPED = {"(": "{", ")": "}", _ESCAPE: _ESCAPE}


def verbatim(value: object) -> str:
    """`value` (a file name, a user's value, a document's text) as it goes into an error's message or hint. Those
    are written with markers each front end resolves (`{{pages}}`, `{{cli:...}}`, `{{mcp:...}}`), after the values
    are in: a value's braces are escaped so that no marker is read in it (`{{cli:x}}.pdf` was said `x.pdf`), and
    resolving gives them back (`unmarked`)."""
    return str(value).replace(_ESCAPE, _ESCAPE * 2).replace("{", _ESCAPE + "(").replace("}", _ESCAPE + ")")


def unmarked(text: str) -> str:
    """A message or hint whose markers are resolved, with its values' braces as they were (see `verbatim`)."""
    return _ESCAPED.sub(lambda m: _UNESCAPED[m.group(1)], text) if _ESCAPE in text else text


class PdftoolsError(Exception):
    code: ClassVar[str] = "INTERNAL"
    exit_code: ClassVar[int] = 1
    hint: ClassVar[str] = "This is a bug in pdftools; please report it with the command you ran."

    def __init__(self, message: str, *, hint: str | None = None, detail: str | None = None) -> None:
        full = f"{message}\n{verbatim(detail)}" if detail else message  # what --json and MCP give: one text
        super().__init__(full)
        self.message, self.lead, self.detail = full, message, detail  # a program's report (lines) after the lead
        if hint is not None:
            self.hint = hint  # type: ignore[misc]  # instance hint overrides the class default

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "hint": self.hint}


class InvalidArgument(PdftoolsError):
    code = "INVALID_ARGUMENT"
    exit_code = 2
    hint = "Check the option values; `pdftools <command> --help` lists them."


class WebAddress(InvalidArgument):
    """A web address where a file goes: no path, and no glob either (its `?` is a query). Over MCP the roots
    policy refuses it (nothing fetches one); a look at whether a name exists lets this answer through."""


class InvalidPageRange(PdftoolsError):
    code = "INVALID_PAGE_RANGE"
    exit_code = 2
    hint = "Pages are 1-based and inclusive, e.g. `1-3,7,10-`; `last` or `-1` is the last page."


class FieldNotFound(InvalidArgument):
    code = "FIELD_NOT_FOUND"
    hint = "`pdftools forms list FILE` shows the form's field names."


class InvalidFieldValue(InvalidArgument):
    code = "INVALID_FIELD_VALUE"
    hint = "`pdftools forms list FILE` shows each field's type and the values it takes."


class NoForm(InvalidArgument):
    code = "NO_FORM"
    hint = "The PDF has no form fields, so there is nothing to fill or flatten."


class FileNotFound(PdftoolsError):
    code = "FILE_NOT_FOUND"
    exit_code = 3
    hint = "Check the path; `pdftools ls DIR` lists the PDFs in a folder."


class IsADirectory(PdftoolsError):
    code = "IS_A_DIRECTORY"
    exit_code = 3
    hint = "Give a file, not a folder."


class NoInputs(PdftoolsError):
    code = "NO_INPUTS"
    exit_code = 3
    hint = "Check the glob or folder; `pdftools ls DIR` shows which PDFs are there."


class NotAPdf(PdftoolsError):
    code = "NOT_A_PDF"
    exit_code = 4
    hint = "The file does not start with a PDF header; check that it is a PDF and not another format."


class DamagedPdf(PdftoolsError):
    code = "DAMAGED_PDF"
    exit_code = 4
    hint = ("The PDF is damaged: `pdftools check FILE` lists what is wrong, `pdftools repair FILE` rewrites what "
            "can be recovered; or get a fresh copy.")
    redrawable = ("qpdf cannot read the file's structure, but poppler reads its {pages} page(s): `pdftools repair "
                  "FILE` redraws them into a new PDF (outline, forms and tags are lost) that can be used instead; "
                  "`pdftools check FILE` lists what is wrong.")  # the hint when poppler reads its pages
    unreadable = ("The file cannot be read: neither qpdf nor poppler finds a page in it, so nothing in it can be "
                  "recovered. Get another copy of it ({{cli:from whoever made or sent it}}{{mcp:ask the user for "
                  "one}}); `pdftools check FILE` says what is wrong.")  # the hint when nothing reads it

    def __init__(self, message: str, *, hint: str | None = None, detail: str | None = None,
                 path: Any = None) -> None:
        super().__init__(message, hint=hint, detail=detail)
        self.path = path  # the file qpdf could not open (a Path), so the hint can say whether poppler reads it


class PdfProblems(PdftoolsError):
    code = "PDF_PROBLEMS"
    exit_code = 12
    hint = ("`pdftools check` found problems (its --json lists each with its object and page); `pdftools repair "
            "FILE` rewrites what can be recovered.")


class BadImage(PdftoolsError):
    code = "BAD_IMAGE"
    exit_code = 4
    hint = ("The image cannot be decoded: check the file (a truncated copy?); an image of another kind converts to "
            "PNG or TIFF first.")


class BadFont(PdftoolsError):
    code = "BAD_FONT"
    exit_code = 4
    hint = "Give a TrueType or OpenType font file, or an installed family (`fc-list : family` lists them)."


class NoPages(PdftoolsError):
    code = "NO_PAGES"
    exit_code = 4
    hint = "The document has no pages to work on."


class Encrypted(PdftoolsError):
    code = "ENCRYPTED"
    exit_code = 5
    hint = "The PDF needs a password: pass --password, or set PDFTOOLS_PASSWORD."


class BadPassword(PdftoolsError):
    code = "BAD_PASSWORD"
    exit_code = 5
    hint = "The password did not open the PDF; check it (the user or the owner password both work)."


class UploadTooLarge(PdftoolsError):
    code = "UPLOAD_TOO_LARGE"
    exit_code = 2
    hint = ("Send a smaller file: the limit is the server's setting PDFTOOLS_MAX_UPLOAD_BYTES (whoever runs the "
            "server can raise it).")


class OutputExists(PdftoolsError):
    code = "OUTPUT_EXISTS"
    exit_code = 6
    hint = "Choose another output path, or pass --force to overwrite it."


class OutputIsInput(PdftoolsError):
    code = "OUTPUT_IS_INPUT"
    exit_code = 6
    hint = "pdftools never overwrites an input; choose a different output path."


class OutputDirMissing(PdftoolsError):
    code = "OUTPUT_DIR_MISSING"
    exit_code = 6
    hint = ("{{cli:Create the folder first (`mkdir -p`), or choose an existing one.}}{{mcp:Choose an output in a "
            "folder that exists: no tool makes the folder of an output file.}}")


class PermissionDenied(PdftoolsError):
    code = "PERMISSION_DENIED"
    exit_code = 6
    hint = "Check the file and folder permissions, or write somewhere else."


class DiskFull(PdftoolsError):
    code = "DISK_FULL"
    exit_code = 6
    hint = ("{{cli:The disk (or a file-size limit, `ulimit -f`) is full; free some space or write somewhere else.}}"
            "{{mcp:The server's disk (or its file-size limit) is full: write into another root, or tell the user.}}")


class PathOutsideRoot(PdftoolsError):
    code = "PATH_OUTSIDE_ROOT"
    exit_code = 7
    hint = "Use a path inside the allowed roots."


class DependencyMissing(PdftoolsError):
    code = "DEPENDENCY_MISSING"
    exit_code = 8
    hint = "Install the missing program (see `pdftools --help` and the README)."


class EngineUnavailable(PdftoolsError):
    code = "ENGINE_UNAVAILABLE"
    exit_code = 9
    hint = "An external program kept failing; retry after a short pause, and check it with `pdftools doctor`."


class Busy(PdftoolsError):
    code = "BUSY"
    exit_code = 75
    hint = "The server is at its limit for this tool; retry in a few seconds."


class OcrLanguageMissing(PdftoolsError):
    code = "OCR_LANGUAGE_MISSING"
    exit_code = 8
    hint = "Install the tesseract language pack (see `pdftools doctor`)."


class ExternalToolFailed(PdftoolsError):
    code = "EXTERNAL_TOOL_FAILED"
    exit_code = 9
    hint = "An external program failed on this file; the message has its output."
    output = ""  # what it said on stderr (its last 4 KB), all lines: the message quotes only the last
    returncode: int | None = None  # its exit status (negative: the signal that killed it), when it ran


class InputTooLarge(PdftoolsError):
    code = "INPUT_TOO_LARGE"
    exit_code = 10
    hint = ("The input is bigger than its limit (the message names it: PDFTOOLS_MAX_INPUT_BYTES for PDFs, "
            "PDFTOOLS_MAX_INPUT_MB for documents to convert); raise the limit if you trust the file (pdftools opens "
            "nothing larger, not even to split it).")


class TooManyPages(PdftoolsError):
    code = "TOO_MANY_PAGES"
    exit_code = 10
    hint = "The PDF has more pages than PDFTOOLS_MAX_PAGES allows; raise the limit if you trust the file."


class StreamTooLarge(PdftoolsError):
    code = "STREAM_TOO_LARGE"
    exit_code = 10
    hint = ("Decompressed data would exceed PDFTOOLS_MAX_STREAM_BYTES (a decompression bomb?); raise the limit "
            "if you trust the file.")


class OutOfMemory(PdftoolsError):
    code = "OUT_OF_MEMORY"
    exit_code = 10
    hint = ("The process ran out of memory (a memory limit: `ulimit -v`, a container's); give it more, or less "
            "work at once (fewer files or pages).")


class TooManyOpenFiles(PdftoolsError):
    code = "TOO_MANY_OPEN_FILES"
    exit_code = 10
    hint = ("The open-file limit is reached (`ulimit -n` shows it; a merge keeps every input open): raise it "
            "(`ulimit -n 4096`), or merge in steps.")


class PageTooLarge(PdftoolsError):
    code = "PAGE_TOO_LARGE"
    exit_code = 10
    hint = "Lower --dpi, or raise PDFTOOLS_MAX_PIXELS if the machine has the memory."


class Timeout(PdftoolsError):
    code = "TIMEOUT"
    exit_code = 124
    hint = "The operation hit its time limit, PDFTOOLS_TIMEOUT: raise it (0: no limit), or give it less work."


class NotSmaller(PdftoolsError):
    code = "NOT_SMALLER"
    exit_code = 11
    hint = "The input is already as small as lossless compression makes it; keep it, or try --image-dpi or " \
           "--jpeg-quality (lossy). Nothing was written."


class Interrupted(PdftoolsError):
    code = "INTERRUPTED"
    exit_code = 130
    hint = "The operation was cancelled; no output was written. Run it again to finish."


class Terminated(Interrupted):
    code = "TERMINATED"
    exit_code = 143
    hint = "The operation was stopped (SIGTERM); no output was written. Run it again to finish."


class HungUp(Terminated):
    code = "HANGUP"
    exit_code = 129
    hint = ("The terminal or session went away (SIGHUP); no output was written. Run it again, under `nohup` or "
            "`setsid` to outlive the session.")


class UnknownFormat(PdftoolsError):
    code = "UNKNOWN_FORMAT"
    exit_code = 2
    hint = "Name a format pandoc knows (`pdftools convert --help` lists them), e.g. markdown, html, docx, pdf."


class WrongFormat(PdftoolsError):
    code = "WRONG_FORMAT"
    exit_code = 4
    hint = "The file is not in the format its name or --from says; give its real format with --from."


class EmptyInput(PdftoolsError):
    code = "EMPTY_INPUT"
    exit_code = 4
    hint = ("The input has nothing in it: check that you gave the right file{{cli:, or that something was piped "
            "into `-`}}.")


class OutDirBusy(PdftoolsError):
    code = "OUT_DIR_BUSY"
    exit_code = 6
    hint = "Another batch is writing into this output folder; wait for it, or choose another --out-dir."


class BatchPartial(PdftoolsError):
    code = "BATCH_PARTIAL"
    exit_code = 15
    hint = ("Some files failed (their rows say why); the others are done. Fix what the rows say and run the same "
            "command again: finished files are skipped.")


class BatchFailed(PdftoolsError):
    code = "BATCH_FAILED"
    exit_code = 16
    hint = "Every file failed; the rows say why (often one cause: a wrong option, a missing program)."


class WorkerLost(PdftoolsError):
    code = "WORKER_LOST"
    exit_code = 9
    hint = ("The workers running this file kept dying (out of memory? killed?); nothing partial was kept. Run "
            "the batch again to retry it, or give the workers more memory.")


class ClusterUnavailable(PdftoolsError):
    code = "CLUSTER_UNAVAILABLE"
    exit_code = 9
    hint = ("No Dask scheduler answered at that address; {{cli:start one (`dask scheduler`) and its workers (`dask "
            "worker tcp://HOST:8786`), or leave out --cluster / PDFTOOLS_CLUSTER to run on this machine.}}"
            "{{mcp:it is the server's setting (PDFTOOLS_CLUSTER): whoever runs the server starts the scheduler "
            "(`dask scheduler`) and its workers (`dask worker tcp://HOST:8786`), or serves without "
            "PDFTOOLS_CLUSTER to run batches on the server's machine.}}")


class NotShared(PdftoolsError):
    code = "NOT_SHARED"
    exit_code = 9
    hint = ("Every worker opens the inputs and writes the outputs at the same path as this machine: mount the "
            "same storage at the same path on every worker, or {{cli:give --send-files}}{{mcp:call again with "
            "send_files true}} (each file sent to its worker and the outputs back, up to PDFTOOLS_MAX_SEND_BYTES "
            "a file), or leave out {{cli:--cluster / PDFTOOLS_CLUSTER; then run the same command again.}}{{mcp:the "
            "server's setting PDFTOOLS_CLUSTER (whoever runs the server decides); then call again.}}")


class TooLargeToSend(PdftoolsError):
    code = "TOO_LARGE_TO_SEND"
    exit_code = 10
    hint = ("Files sent to a cluster's workers ({{cli:--send-files}}{{mcp:send_files}}) travel whole, through the "
            "Dask scheduler, so each is capped (PDFTOOLS_MAX_SEND_BYTES, default 100M): put the files on shared "
            "storage, mounted at the same path on every worker, and leave out {{cli:--send-files}}{{mcp:send_files}}, "
            "or cut a long scan with {{cli:--pages-per-task}}{{mcp:pages_per_task}} (each part is sent on its own), or "
            "raise the limit{{mcp: (the server's setting)}} if the scheduler and workers have the memory.")


class WorkerMismatch(PdftoolsError):
    code = "WORKER_MISMATCH"
    exit_code = 9
    hint = ("Every worker runs the same pdftools as this machine, with the cluster extra: install it in the Python "
            "the message names (`pip install 'pdftools[cluster]==VERSION'`, or the same checkout), restart that "
            "worker, then {{cli:run the same command again}}{{mcp:call again (whoever runs the server's cluster "
            "does this)}}: the files that failed run again, those done are skipped.")

    def __init__(self, message: str, *, worker: str | None = None, address: str | None = None,
                 hint: str | None = None) -> None:
        super().__init__(message, hint=hint)
        self.worker = worker  # which worker could not run the file (host:pid): its row says so
        self.address = address  # its address on the cluster


class ClusterExtraMissing(DependencyMissing):
    code = "CLUSTER_EXTRA_MISSING"
    hint = "Install the cluster extra: pip install 'pdftools[cluster]' (Dask distributed)."


def all_errors() -> list[type[PdftoolsError]]:
    """Every error class that has a code of its own, base first: the README's table is generated from this. A
    class that keeps its parent's code (`WebAddress`, an INVALID_ARGUMENT) is that error to a script or an agent,
    caught apart only inside pdftools."""

    def walk(cls: type[PdftoolsError]) -> list[type[PdftoolsError]]:
        own = [cls] if cls is PdftoolsError or "code" in vars(cls) else []
        return own + [c for sub in cls.__subclasses__() for c in walk(sub)]

    return walk(PdftoolsError)
