"""`unprotect --remove-restrictions` (MCP `remove_restrictions`), as qpdf's `--remove-restrictions`: a signed PDF's
restrictions removed (its catalog's /Perms, /SigFlags 0, as qpdf 11.3's command line does), and its signature
fields made plain widgets that are no fields (qpdf 11.7 on: /FT, /V, /SV and /Lock gone, out of /Fields), so a
reader neither locks the document nor shows a signature that the rewrite has broken anyway; the widgets and their
appearance stay on the page (the same pixels). With an encrypted input, its encryption goes too (qpdf's
`--decrypt --remove-restrictions`); an input with nothing to remove is copied, as qpdf copies it. The corpus has no
signed PDF: one is made here with a signature dictionary, a DocMDP /Perms, a lock and an empty signature field."""

from __future__ import annotations

import json
import subprocess
import warnings
from pathlib import Path
from typing import Any

import pikepdf
import pytest
import readback as rb
from pikepdf import Array, Dictionary, Name, String


def _signed(path: Path) -> Path:
    with pikepdf.open(rb.FOUR) as pdf:
        page = pdf.pages[0]
        look = pdf.make_stream(b"0 0 1 rg 0 0 150 40 re f", Type=Name.XObject, Subtype=Name.Form, BBox=[0, 0, 150, 40])
        signature = pdf.make_indirect(Dictionary(
            Type=Name.Sig, Filter=Name("/Adobe.PPKLite"), SubFilter=Name("/adbe.pkcs7.detached"),
            ByteRange=[0, 100, 200, 300], Contents=String(b"\0" * 64),
            Reference=[Dictionary(Type=Name.SigRef, TransformMethod=Name.DocMDP,
                                  TransformParams=Dictionary(Type=Name.TransformParams, P=1, V=Name("/1.2")))]))
        signed = pdf.make_indirect(Dictionary(
            FT=Name.Sig, T=String("Signature1"), V=signature, Type=Name.Annot, Subtype=Name.Widget,
            Rect=[50, 50, 200, 90], F=132, P=page.obj, AP=Dictionary(N=look),
            Lock=Dictionary(Type=Name.SigFieldLock, Action=Name.All)))
        empty = pdf.make_indirect(Dictionary(FT=Name.Sig, T=String("Empty"), Type=Name.Annot, Subtype=Name.Widget,
                                             Rect=[250, 50, 400, 90], F=4, P=page.obj))
        text = pdf.make_indirect(Dictionary(FT=Name.Tx, T=String("Name"), V=String("Ada"), Type=Name.Annot,
                                            Subtype=Name.Widget, Rect=[50, 100, 200, 120], P=page.obj))
        page.obj.Annots = pdf.make_indirect(Array([signed, empty, text]))
        pdf.Root.AcroForm = Dictionary(Fields=[signed, empty, text], SigFlags=3)
        pdf.Root.Perms = Dictionary(DocMDP=signature)
        pdf.save(path)
    return path


def _shape(path: Path, password: str = "") -> dict[str, Any]:
    """What a reader goes by: the catalog's restrictions, the fields listed, each widget's keys."""
    with pikepdf.open(path, password=password) as pdf:
        form = pdf.Root.AcroForm
        return {"encrypted": pdf.is_encrypted, "perms": "/Perms" in pdf.Root, "sigflags": form.get("/SigFlags"),
                "fields": [str(f.get("/T")) for f in form.Fields],
                "widgets": [sorted(k for k in a if k != "/P") for a in pdf.pages[0].Annots]}


def _qpdf12(signed: Path, out: Path) -> Path:
    """qpdf's own code as qpdf 11.7 on runs it for --remove-restrictions (pikepdf's libqpdf; the qpdf command
    here is 11.3, which removes the restrictions only)."""
    with pikepdf.open(signed) as pdf:
        if not hasattr(pdf, "acroform"):
            pytest.skip("this pikepdf has no AcroForm helper (qpdf 11.7's disableDigitalSignatures)")
        pdf.acroform.disable_digital_signatures()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            pdf.save(out)
    return out


def test_as_qpdf(cli: Any, tmp_path: Path) -> None:
    signed = _signed(tmp_path / "signed.pdf")
    qpdf_cli = tmp_path / "qpdf.pdf"
    subprocess.run(["qpdf", str(signed), "--remove-restrictions", str(qpdf_cli)], check=True)
    ours = tmp_path / "ours.pdf"
    done = cli("unprotect", signed, "--remove-restrictions", "-o", ours, "--json")
    assert done.exit_code == 0, done
    result = json.loads(done.stdout)
    assert result["signatures_disabled"] == 2 and result["removed"] == "", result
    shape, theirs = _shape(ours), _shape(qpdf_cli)
    assert (shape["perms"], shape["sigflags"]) == (theirs["perms"], theirs["sigflags"]) == (False, 0)
    assert shape == _shape(_qpdf12(signed, tmp_path / "qpdf12.pdf"))
    assert shape["fields"] == ["Name"]
    assert all("/FT" not in keys for keys in shape["widgets"][:2]) and "/AP" in shape["widgets"][0]
    assert rb.render(ours, dpi=40) == rb.render(qpdf_cli, dpi=40)  # the signature's look is kept
    assert rb.render(ours, dpi=40) != rb.render(rb.FOUR, dpi=40)
    checked = subprocess.run(["qpdf", "--check", str(ours)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout


def test_encrypted_and_signed(cli: Any, tmp_path: Path) -> None:
    signed = _signed(tmp_path / "signed.pdf")
    locked = tmp_path / "locked.pdf"
    subprocess.run(["qpdf", "--encrypt", "u", "o", "256", "--", str(signed), str(locked)], check=True)
    theirs = tmp_path / "theirs.pdf"
    subprocess.run(["qpdf", str(locked), "--password=u", "--decrypt", "--remove-restrictions", str(theirs)],
                   check=True)
    ours = tmp_path / "ours.pdf"
    done = cli("unprotect", locked, "--password", "u", "--remove-restrictions", "-o", ours, "--json")
    assert done.exit_code == 0, done
    assert json.loads(done.stdout)["removed"] == "AES-256"
    shape, qpdfs = _shape(ours), _shape(theirs)
    assert (shape["encrypted"], shape["perms"], shape["sigflags"]) == (False, False, 0)
    assert (qpdfs["encrypted"], qpdfs["perms"], qpdfs["sigflags"]) == (False, False, 0)
    assert shape["fields"] == ["Name"]
    assert rb.text(ours) == rb.text(theirs)


def test_nothing_to_remove_is_a_copy(cli: Any, tmp_path: Path) -> None:
    """As qpdf copies a file with nothing to remove (exit 0): was an INVALID_ARGUMENT error, exit 2."""
    done = cli("unprotect", rb.FOUR, "--remove-restrictions", "-o", tmp_path / "o.pdf")
    assert done.exit_code == 0 and "neither encrypted nor signed" in done.stderr, done
    signed = _signed(tmp_path / "signed.pdf")
    plain = cli("unprotect", signed, "-o", tmp_path / "p.pdf")
    assert plain.exit_code == 0, plain  # without it, a signed file is copied, its restrictions kept, and told so
    assert "--remove-restrictions" in plain.stderr, plain
    assert _shape(tmp_path / "p.pdf") == _shape(signed)


def test_over_mcp(tmp_path: Path) -> None:
    _signed(tmp_path / "signed.pdf")
    done = rb.mcp_call(tmp_path, "pdf_unprotect", {"input": "signed.pdf", "output": "o.pdf",
                                                   "remove_restrictions": True})
    assert not done.is_error, done
    assert done.structured_content["signatures_disabled"] == 2
    assert _shape(tmp_path / "o.pdf")["fields"] == ["Name"]
