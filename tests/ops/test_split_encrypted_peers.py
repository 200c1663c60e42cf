"""`split` of an encrypted PDF, beside `qpdf --split-pages` and `pdftk burst`. Both write their parts unencrypted
(qpdf with or without --decrypt: each part starts from an empty PDF, though qpdf otherwise keeps an input's
encryption unless --decrypt is given; pdftk never keeps one). pdftools keeps the encryption, on purpose, as every
command that writes a PDF does: splitting a locked document must not unlock its pages. `--decrypt` writes what
qpdf and pdftk write: the same pages, unencrypted. This pins both halves."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pikepdf
import readback as rb


def _parts(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.pdf"), key=lambda p: int("".join(c for c in p.stem if c.isdigit()) or 0))


def test_split_keeps_what_qpdf_and_pdftk_drop(cli: Any, tmp_path: Path) -> None:
    locked = tmp_path / "locked.pdf"
    subprocess.run(["qpdf", "--encrypt", "u", "o", "128", "--use-aes=y", "--", str(rb.FOUR), str(locked)], check=True)
    for name in ("qpdf", "qpdf-decrypt", "pdftk", "ours", "ours-decrypt"):
        (tmp_path / name).mkdir()
    subprocess.run(["qpdf", str(locked), "--password=u", "--split-pages", str(tmp_path / "qpdf/p-%d.pdf")],
                   check=True)
    subprocess.run(["qpdf", str(locked), "--password=u", "--decrypt", "--split-pages",
                    str(tmp_path / "qpdf-decrypt/p-%d.pdf")], check=True)
    subprocess.run(["pdftk", str(locked), "input_pw", "o", "burst", "output", str(tmp_path / "pdftk/p-%d.pdf")],
                   check=True, capture_output=True)
    for name, extra in (("ours", []), ("ours-decrypt", ["--decrypt"])):
        done = cli("split", locked, "--password", "u", "-d", tmp_path / name, "-p", "p-%d.pdf", *extra)
        assert done.exit_code == 0, done
    peers = [_parts(tmp_path / name) for name in ("qpdf", "qpdf-decrypt", "pdftk")]
    ours, ours_open = _parts(tmp_path / "ours"), _parts(tmp_path / "ours-decrypt")
    assert [len(found) for found in (*peers, ours, ours_open)] == [4] * 5
    for parts in (*peers, ours_open):  # theirs unencrypted, with or without qpdf's --decrypt, and ours decrypted
        for part in parts:
            with pikepdf.open(part) as pdf:
                assert not pdf.is_encrypted, part
        assert [rb.text(p) for p in parts] == [rb.text(rb.FOUR, n) for n in range(1, 5)]
    for n, part in enumerate(ours, 1):  # ours kept: the same cipher, both passwords, the same pages
        with pikepdf.open(part, password="u") as pdf, pikepdf.open(locked, password="u") as src:
            assert pdf.is_encrypted and (pdf.encryption.R, pdf.encryption.bits) == (src.encryption.R, 128)
        with pikepdf.open(part, password="o") as pdf:
            assert pdf.owner_password_matched
        assert rb.text(part, password="u") == rb.text(rb.FOUR, n)
