"""Exceptions from outside the error tree made pdftools errors: an OS error met while writing (`os_error`), the
environment's limits, memory and open files (`environment_error`), and whatever a front end meets that no op
turned into one (`unexpected`: qpdf's damage, else a bug).
"""

from __future__ import annotations

import errno

from pdftools.errors import (
    DamagedPdf,
    DiskFull,
    OutOfMemory,
    PdftoolsError,
    PermissionDenied,
    TooManyOpenFiles,
    verbatim,
)


def os_error(exc: OSError, doing: str) -> PdftoolsError:
    """An OS error met while writing, as a pdftools error: a full disk (or file-size limit), else permissions."""
    detail = f"{doing}: {verbatim(exc.strerror or exc)}"
    if exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
        return DiskFull(detail)
    return PermissionDenied(detail)


def environment_error(exc: BaseException) -> PdftoolsError | None:
    """An unexpected exception that is the environment's limit, not a bug: memory (`ulimit -v`: a MemoryError,
    pikepdf's std::bad_alloc among them), open files (`ulimit -n`) or permissions (a PermissionError no op caught:
    `Path.exists()` raises one for a file in a folder the user may not enter); None for anything else."""
    if isinstance(exc, MemoryError):
        return OutOfMemory(f"out of memory{': ' + verbatim(exc) if str(exc) else ''}")
    if isinstance(exc, OSError) and exc.errno in (errno.EMFILE, errno.ENFILE):
        return TooManyOpenFiles(f"too many open files{': ' + verbatim(exc.filename) if exc.filename else ''}")
    if isinstance(exc, PermissionError):  # a file, or a folder on its way, the user may not read (or enter)
        return PermissionDenied(f"permission denied: {verbatim(exc.filename)}" if exc.filename else "permission denied",
                                hint="The file, or a folder on its path, is not yours to read (its mode, owner "
                                     "or an ACL); give one you may read.")
    return None


def unexpected(exc: BaseException) -> PdftoolsError:
    """What a front end reports for an exception that no op turned into a pdftools error: the environment's
    limit (`environment_error`); qpdf's error on a document's data (pikepdf.PdfError: qpdf raises it for the
    damage it meets, such as a content stream that does not decode or a loop in the page tree, wherever an op
    meets it, and its message names the file and object) as DAMAGED_PDF; anything else as INTERNAL."""
    import sys

    limit = environment_error(exc)
    if limit is not None:
        return limit
    pikepdf = sys.modules.get("pikepdf")  # a PdfError can only come from a pikepdf already imported
    if pikepdf is not None and isinstance(exc, pikepdf.PdfError):
        return DamagedPdf(f"the PDF is damaged: {verbatim(exc)}")
    return PdftoolsError(f"unexpected {type(exc).__name__}: {verbatim(exc)}")
