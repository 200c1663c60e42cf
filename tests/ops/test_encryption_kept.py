"""split and merge keep an encrypted input's encryption, as the editing commands do (same passwords,
permissions and cipher); `--decrypt` writes them unencrypted; the result says which."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest

from pdftools.ops.merge import merge
from pdftools.ops.split import split

OWNER = "permissionpassword"  # the corpus file's owner password (its README)


def _assert_encrypted_like(path: Path, source: Path, user: str) -> None:
    with pytest.raises(pikepdf.PasswordError):
        pikepdf.open(path)
    with pikepdf.open(path, password=user) as out, pikepdf.open(source, password=user) as src:
        assert out.is_encrypted and out.encryption.R == src.encryption.R and out.encryption.bits == src.encryption.bits
        assert out.allow == src.allow
    with pikepdf.open(path, password=OWNER) as out:
        assert out.owner_password_matched


def test_split_keeps_the_encryption(tmp_path: Path, encrypted_pdf: Path, encrypted_password: str,
                                    sample: Path) -> None:
    (tmp_path / "kept").mkdir()
    result = split(str(encrypted_pdf), out_dir=str(tmp_path / "kept"), password=encrypted_password)
    assert result.encrypted is True and result.parts
    for part in result.parts:
        _assert_encrypted_like(Path(part.path), encrypted_pdf, encrypted_password)
    (tmp_path / "open").mkdir()
    opened = split(str(encrypted_pdf), out_dir=str(tmp_path / "open"), password=encrypted_password, decrypt=True)
    assert opened.encrypted is False
    for part in opened.parts:
        with pikepdf.open(part.path) as out:
            assert not out.is_encrypted
    (tmp_path / "plain").mkdir()
    assert split(str(sample), out_dir=str(tmp_path / "plain")).encrypted is False


def test_merge_keeps_the_encryption_of_its_encrypted_input(tmp_path: Path, encrypted_pdf: Path,
                                                           encrypted_password: str, sample: Path) -> None:
    out = tmp_path / "m.pdf"
    result = merge([str(sample), str(encrypted_pdf)], output=str(out), password=encrypted_password)
    assert result.encrypted is True and result.pages == 5
    _assert_encrypted_like(out, encrypted_pdf, encrypted_password)
    with pikepdf.open(out, password=encrypted_password) as merged, pikepdf.open(sample) as first:
        assert len(merged.pages) == 5 and str(merged.docinfo.get("/Title")) == str(first.docinfo.get("/Title"))
        with merged.open_outline() as outline:
            assert len(outline.root) == 2  # a bookmark per input
    opened = merge([str(sample), str(encrypted_pdf)], output=str(tmp_path / "o.pdf"), password=encrypted_password,
                   decrypt=True)
    assert opened.encrypted is False
    with pikepdf.open(tmp_path / "o.pdf") as plain:
        assert not plain.is_encrypted and len(plain.pages) == 5
    assert merge([str(sample), str(sample)], output=str(tmp_path / "p.pdf")).encrypted is False
