"""A signed PDF's restrictions removed, as qpdf's --remove-restrictions does (qpdf 11.7 on: its
removeSecurityRestrictions and disableDigitalSignatures): the catalog's /Perms (DocMDP: "no changes") gone,
/SigFlags 0, and each signature field no longer a field (/FT, /V, /SV and /Lock removed, out of the fields list).
A widget stays on its page with its appearance: the signature looks as it did, and no reader calls it valid
or locks the document by it (a rewritten file breaks the signature anyway)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pikepdf

SIGNATURE_KEYS = ("/FT", "/V", "/SV", "/Lock")


def restricted(pdf: pikepdf.Pdf) -> bool:
    """Whether there is anything to remove: /Perms, /SigFlags other than 0, or a signature field."""
    form = _form(pdf)
    return "/Perms" in pdf.Root or (form is not None and (form.get("/SigFlags", 0) != 0 or bool(_signatures(form))))


def remove_restrictions(pdf: pikepdf.Pdf) -> int:
    """Remove them (see the module); the number of signature fields disabled."""
    if "/Perms" in pdf.Root:
        del pdf.Root["/Perms"]
    form = _form(pdf)
    if form is None:
        return 0
    if "/SigFlags" in form:
        form.SigFlags = 0
    found = _signatures(form)
    for holder, index in reversed(found):  # (a list's later items first: the earlier keep their places)
        field = holder[index]
        for key in SIGNATURE_KEYS:
            if key in field:
                del field[key]
        del holder[index]
    return len(found)


def _form(pdf: pikepdf.Pdf) -> pikepdf.Dictionary | None:
    import pikepdf

    form = pdf.Root.get("/AcroForm")
    return form if isinstance(form, pikepdf.Dictionary) else None


def _signatures(form: pikepdf.Dictionary) -> list[tuple[pikepdf.Array, int]]:
    """Each signature field (its own /FT /Sig) as the list that holds it (/Fields, or a parent's /Kids) and its
    place there, each list's in order; the tree walked once, whatever loops a damaged file makes."""
    import pikepdf

    found: list[tuple[pikepdf.Array, int]] = []
    seen: set[tuple[int, int]] = set()
    fields = form.get("/Fields")
    todo = [fields] if isinstance(fields, pikepdf.Array) else []
    while todo:
        holder = todo.pop()
        for index, field in enumerate(holder):
            if not isinstance(field, pikepdf.Dictionary) or (field.is_indirect and field.objgen in seen):
                continue
            if field.is_indirect:
                seen.add(field.objgen)
            if field.get("/FT") == pikepdf.Name.Sig:
                found.append((holder, index))
            kids = field.get("/Kids")
            if isinstance(kids, pikepdf.Array):
                todo.append(kids)
    return found
