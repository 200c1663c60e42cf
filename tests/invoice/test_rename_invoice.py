"""rename-invoice on generated invoices (tests/invoices) and real corpus files: the op, the CLI, MCP.

The invoice set is small (12 digital invoices, two per language, every layout; one with a Factur-X XML, one
with a broken XML, one scanned); the accuracy run over hundreds is `benchmarks/invoices.py`.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import os
import random
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import anyio
import pytest
from errors_contract import Errors  # the type of the `fails` fixture (conftest)
from invoices.generate import Expected, make_spec, write
from invoices.layouts import Text
from invoices.producers import attach_cii, cii_xml, pikepdf_pdf
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from pdftools import errors
from pdftools.core import task
from pdftools.core.naming import render
from pdftools.invoice import rename
from pdftools.invoice.reader import Options, read_invoice
from pdftools.mcp.server import build_server
from pdftools.ops.protect import protect
from pdftools.ops.rename_invoice import rename_invoice

PDFTOOLS = Path(sys.executable).with_name("pdftools")
FIELDS = ("issuer", "number", "date", "amount", "currency")
NOVEL = ["It is a truth universally acknowledged, that a single man in possession",
         "of a good fortune, must be in want of a wife. However little known the",
         "feelings or views of such a man may be on his first entering a neighbourhood,",
         "this truth is so well fixed in the minds of the surrounding families, that he",
         "is considered the rightful property of some one or other of their daughters.",
         "Chapter 1 of 61, first published on 28 January 1813."]


@dataclasses.dataclass
class InvoiceSet:
    folder: Path
    digital: list[Expected]
    xml: Expected
    broken: Expected
    scanned: Expected


@pytest.fixture(scope="session")
def invoice_set(tmp_path_factory: pytest.TempPathFactory) -> InvoiceSet:
    folder = tmp_path_factory.mktemp("invoices")
    rng = random.Random(4)
    specs = [make_spec(rng, i) for i in range(15)]

    def made(index: int, kind: str) -> Expected:
        return write(specs[index], folder, kind, random.Random(f"4-{specs[index].id}"))

    return InvoiceSet(folder, [made(i, "digital") for i in range(12)], made(12, "xml"), made(13, "xml-broken"),
                      made(14, "scanned"))


def copy_in(folder: Path, *files: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    return [Path(shutil.copy2(f, folder / f.name)) for f in files]


def expected_name(row: Expected) -> str:
    return render("{date}_{issuer}_{number}.pdf", date=dt.date.fromisoformat(row.date), issuer=row.issuer,
                  number=row.number, amount=Decimal(row.amount), currency=row.currency, stem="")


def snapshot(folder: Path, sha256: Callable[[Path], str]) -> dict[str, str]:
    return {str(p.relative_to(folder)): sha256(p) for p in sorted(folder.rglob("*")) if p.is_file()}


def novel_page(path: Path) -> Path:
    return pikepdf_pdf([[Text(72, 100 + 16 * i, line, size=11) for i, line in enumerate(NOVEL)]], path)


# ------------------------------------------------------------------------------------------- reading


def test_digital_invoices_in_six_languages_are_read_right_and_sure(invoice_set: InvoiceSet) -> None:
    assert {row.lang for row in invoice_set.digital} == {"en", "de", "fr", "nl", "es", "it"}
    for row in invoice_set.digital:
        reading = read_invoice(invoice_set.folder / row.file, None, Options())
        for key in FIELDS:
            found = reading.fields.get(key)
            assert found is not None and found.source == "text", (row.file, key)
            want = row.issuer if key == "issuer" else getattr(row, key)
            assert (found.value, found.confidence >= 0.7) == (want, True), (row.file, key, found)


def test_embedded_xml_is_exact_and_a_broken_one_falls_back_to_the_text(invoice_set: InvoiceSet) -> None:
    for row, source in ((invoice_set.xml, "xml"), (invoice_set.broken, "text")):
        reading = read_invoice(invoice_set.folder / row.file, None, Options())
        assert {k: reading.fields[k].value for k in FIELDS} == {
            k: getattr(row, k) for k in FIELDS}
        assert {reading.fields[k].source for k in FIELDS} == {source}
    xml = read_invoice(invoice_set.folder / invoice_set.xml.file, None, Options())
    assert xml.fields["amount"].confidence == 1.0
    broken = read_invoice(invoice_set.folder / invoice_set.broken.file, None, Options())
    assert any("factur-x.xml is malformed" in w and "text was used" in w for w in broken.warnings)


def test_check_pages_warns_of_exactly_the_xml_values_the_pages_do_not_show(tmp_path: Path) -> None:
    """`--check-pages`: e-invoices in six languages and five layouts whose pages print the XML's values, each in
    its own format (`5. März 2024`, `1.234,56 €`, a credit note's minus), get no warning; an XML that disagrees
    with its page gets one warning per value, naming the XML's value; a page with no text cannot be checked."""
    rng = random.Random(7)
    specs = [make_spec(rng, i) for i in range(12)]
    rows = [write(spec, tmp_path, "xml", random.Random(f"7-{spec.id}")) for spec in specs]
    assert len({(row.lang, row.layout) for row in rows}) >= 8
    files = [str(tmp_path / row.file) for row in rows]
    checked = rename_invoice(files, apply=False, check_pages=True)
    assert [(Path(r.file).name, [w for w in r.warnings if "pages" in w]) for r in checked.files] == [
        (row.file, []) for row in rows]
    assert {f.source for r in checked.files for f in r.fields.values()} == {"xml"}

    spec, number, total = specs[0], specs[0].number + "9", f"{specs[0].total + Decimal('10.00'):.2f}"
    xml = cii_xml(dataclasses.replace(spec, number=number))
    for tag in ("GrandTotalAmount", "DuePayableAmount"):
        xml = xml.replace(f"<ram:{tag}>{spec.total:.2f}<".encode(), f"<ram:{tag}>{total}<".encode())
    (tmp_path / "lied").mkdir()
    lied = write(spec, tmp_path / "lied", "digital", random.Random(f"7-{spec.id}"))
    lied_path = tmp_path / "lied" / lied.file
    attach_cii(lied_path, xml)
    row = rename_invoice([str(lied_path)], apply=False, check_pages=True).files[0]
    assert [w for w in row.warnings if "pages" in w] == [
        f"the pages do not show the XML's invoice number {number}", f"the pages do not show the XML's total {total}"]
    assert row.fields["amount"].value == total and row.status == "planned"  # the XML is still what is read
    assert not [w for w in rename_invoice([str(lied_path)], apply=False).files[0].warnings if "pages" in w]

    blank = tmp_path / "blank.pdf"
    pikepdf_pdf([[]], blank)
    attach_cii(blank, cii_xml(specs[1]))
    row = rename_invoice([str(blank)], apply=False, check_pages=True, ocr=False).files[0]
    assert "the pages were not checked against the XML: they have no text" in row.warnings
    assert not [w for w in row.warnings if "do not show" in w]


def test_a_credit_note_total_printed_with_its_minus_is_shown() -> None:
    from pdftools.invoice.pages import shown

    page = ["Gutschrift GS-77 vom 05.03.2024", "Endbetrag            -1.234,56 EUR", "Korrektur   119,00-"]
    assert shown(page, {"amount": Decimal("-1234.56"), "number": "GS-77", "date": dt.date(2024, 3, 5)}) == {
        "amount": True, "number": True, "date": True}
    assert shown(page, {"amount": "-119.00", "currency": "EUR", "issuer": "Nowhere GmbH"}) == {
        "amount": True, "currency": True, "issuer": False}


def test_a_scan_is_read_by_ocr_and_not_without_it(invoice_set: InvoiceSet) -> None:
    path = invoice_set.folder / invoice_set.scanned.file
    reading = read_invoice(path, None, Options())
    assert {k: reading.fields[k].value for k in FIELDS} == {
        k: getattr(invoice_set.scanned, k) for k in FIELDS}
    assert {reading.fields[k].source for k in FIELDS} == {"ocr"}
    assert "no text layer: read by OCR" in reading.warnings
    skipped = rename_invoice([str(path)], apply=False, ocr=False).files[0]
    assert skipped.status == "skipped" and skipped.reason == "no invoice fields found"
    assert "no text layer, and OCR is off" in skipped.warnings


# ------------------------------------------------------------------------------------------- renaming


@pytest.fixture
def mixed(tmp_path: Path, invoice_set: InvoiceSet, encrypted_pdf: Path, corpus: Path) -> Path:
    """A folder of mixed PDFs: invoices (digital, XML, broken XML), a novel's page, a corpus essay, an
    encrypted document and a text file named .pdf."""
    folder = tmp_path / "inbox"
    copy_in(folder, *(invoice_set.folder / r.file for r in
                      [*invoice_set.digital, invoice_set.xml, invoice_set.broken]), encrypted_pdf,
            corpus / "021-pdfa" / "crazyones-pdfa.pdf")
    novel_page(folder / "novel.pdf")
    (folder / "notes.pdf").write_text("not a pdf at all\n")
    return folder


def _plan(invoice_set: InvoiceSet) -> dict[str, str]:
    rows = [*invoice_set.digital, invoice_set.xml, invoice_set.broken]
    return {r.file: expected_name(r) for r in rows}


def test_dry_run_on_a_folder_of_mixed_invoices_prints_a_correct_plan(
        cli: Any, mixed: Path, invoice_set: InvoiceSet, sha256: Callable[[Path], str]) -> None:
    before = snapshot(mixed, sha256)
    result = cli("rename-invoice", mixed, "--dry-run", "--json")
    assert result.exit_code == 0, result
    data = json.loads(result.stdout)
    rows = {Path(r["file"]).name: r for r in data["files"]}
    assert data["applied"] is False and len(rows) == 18
    for name, new in _plan(invoice_set).items():
        assert (rows[name]["status"], Path(rows[name]["new_path"]).name) == ("planned", new), rows[name]
    assert rows["novel.pdf"]["status"] == rows["crazyones-pdfa.pdf"]["status"] == "skipped"
    assert rows["novel.pdf"]["reason"] == "no invoice fields found"
    encrypted = rows["libreoffice-writer-password.pdf"]
    assert encrypted["status"] == "error" and encrypted["error"] == "ENCRYPTED"
    assert errors.Encrypted.hint in encrypted["reason"]
    assert rows["notes.pdf"]["error"] == "NOT_A_PDF"
    assert (data["renamed"], data["copied"], data["planned"], data["skipped"], data["errors"]) == (0, 0, 14, 2, 2)
    assert snapshot(mixed, sha256) == before
    table = cli("rename-invoice", mixed, "--dry-run")  # the same plan for a person
    assert table.exit_code == 0 and table.stdout.count("│ planned │") == 14 and table.stdout.count("│ error") == 2
    assert "renamed" not in table.stdout and re.search(r"^planned\s+14\b", table.stdout, re.M)  # nothing was


def test_apply_renames_every_invoice_loses_nothing_and_a_second_run_changes_nothing(
        cli: Any, mixed: Path, invoice_set: InvoiceSet, sha256: Callable[[Path], str]) -> None:
    before = snapshot(mixed, sha256)
    result = cli("rename-invoice", mixed, "--json")
    assert result.exit_code == 0, result
    after = snapshot(mixed, sha256)
    assert sorted(after.values()) == sorted(before.values())  # every file is still there, unchanged
    plan = _plan(invoice_set)
    assert set(after) == {*plan.values(), "libreoffice-writer-password.pdf", "crazyones-pdfa.pdf", "novel.pdf",
                          "notes.pdf"}
    for old, new in plan.items():
        assert after[new] == before[old]
    again = json.loads(cli("rename-invoice", mixed, "--json").stdout)
    assert {r["status"] for r in again["files"] if r["error"] is None and r["reason"] is None} == {"unchanged"}
    assert snapshot(mixed, sha256) == after


def test_copy_to_leaves_the_originals_and_is_idempotent(cli: Any, tmp_path: Path, invoice_set: InvoiceSet,
                                                        sha256: Callable[[Path], str]) -> None:
    inbox = tmp_path / "inbox"
    copy_in(inbox, *(invoice_set.folder / r.file for r in invoice_set.digital[:3]))
    (tmp_path / "sorted").mkdir()
    before = snapshot(inbox, sha256)
    result = json.loads(cli("rename-invoice", inbox, "--copy-to", tmp_path / "sorted", "--json").stdout)
    assert [r["status"] for r in result["files"]] == ["copied"] * 3
    assert (result["copied"], result["renamed"], result["planned"]) == (3, 0, 0)  # integers, never null
    table = cli("rename-invoice", inbox, "--copy-to", tmp_path / "sorted2")
    assert re.search(r"^copied\s+3\b", table.stdout, re.M) and not re.search(r"^(renamed|planned)\b",
                                                                             table.stdout, re.M), table
    assert snapshot(inbox, sha256) == before
    assert sorted(p.name for p in (tmp_path / "sorted").iterdir()) == sorted(
        expected_name(r) for r in invoice_set.digital[:3])
    again = json.loads(cli("rename-invoice", inbox, "--copy-to", tmp_path / "sorted", "--json").stdout)
    assert [r["status"] for r in again["files"]] == ["unchanged"] * 3
    assert len(list((tmp_path / "sorted").iterdir())) == 3


def test_two_invoices_that_would_get_the_same_name_both_keep_theirs(
        tmp_path: Path, invoice_set: InvoiceSet, sha256: Callable[[Path], str]) -> None:
    row = invoice_set.digital[2]
    source = invoice_set.folder / row.file
    folder = tmp_path / "dup"
    copy_in(folder, source)
    shutil.copy2(source, folder / "copy.pdf")
    name = expected_name(row)
    (folder / name).write_bytes(b"someone else's file")  # already there: never overwritten
    result = rename_invoice([str(folder / row.file), str(folder / "copy.pdf")])
    stem = name.removesuffix(".pdf")
    assert [Path(r.new_path or "").name for r in result.files] == [f"{stem}_2.pdf", f"{stem}_3.pdf"]
    assert [r.status for r in result.files] == ["renamed", "renamed"]
    assert [r.warnings for r in result.files] == [["the name is taken: added _2"], ["the name is taken: added _3"]]
    assert (folder / name).read_bytes() == b"someone else's file"
    assert sha256(folder / f"{stem}_2.pdf") == sha256(folder / f"{stem}_3.pdf") == sha256(source)


def test_an_encrypted_invoice_needs_its_password(tmp_path: Path, invoice_set: InvoiceSet) -> None:
    row = invoice_set.digital[3]
    locked = tmp_path / "locked.pdf"
    protect(str(invoice_set.folder / row.file), output=str(locked), user_password="s3cret")
    refused = rename_invoice([str(locked)]).files[0]
    assert (refused.status, refused.error) == ("error", "ENCRYPTED") and "--password" in (refused.reason or "")
    assert locked.exists()
    done = rename_invoice([str(locked)], password="s3cret").files[0]
    assert done.status == "renamed" and Path(done.new_path or "").name == expected_name(row)


def test_ambiguous_dates_are_not_trusted_unless_the_order_is_given(tmp_path: Path) -> None:
    spec = make_spec(random.Random(9), 0, lang="en", layout="minimal")
    spec.currency, spec.date_style, spec.number_style = "USD", "mdy_slash", (",", ".")
    spec.date, spec.due = dt.date(2024, 3, 5), dt.date(2024, 3, 12)  # 03/05 and 03/12: either order works
    row = write(spec, tmp_path, "digital", random.Random(1))
    guessed = rename_invoice([str(tmp_path / row.file)], apply=False).files[0]
    assert guessed.status == "skipped" and "uncertain date" in (guessed.reason or "")
    assert "--date-order" in (guessed.reason or "")
    told = rename_invoice([str(tmp_path / row.file)], apply=False, date_order="mdy").files[0]
    assert told.status == "planned" and told.fields["date"].value == "2024-03-05"
    lower = rename_invoice([str(tmp_path / row.file)], apply=False, threshold=0.5).files[0]
    assert lower.status == "planned"


def test_templates_cover_a_vendor_the_labels_miss(cli: Any, tmp_path: Path) -> None:
    lines = ["Zorblax Trading", "zorblax.example", "", "Ref 99-12", "Issued 03/05/2024", "",
             "Widgets    4    250.00", "To pay    1,000.00 USD"]
    pikepdf_pdf([[Text(60, 80 + 14 * i, line) for i, line in enumerate(lines)]], tmp_path / "odd.pdf")
    without = json.loads(cli("rename-invoice", tmp_path / "odd.pdf", "--dry-run", "--json").stdout)
    assert without["files"][0]["status"] == "skipped"
    (tmp_path / "vendors").mkdir()
    (tmp_path / "vendors" / "zorblax.yaml").write_text(
        "issuer: Zorblax Trading\nmatch: zorblax.example\nnumber: 'Ref\\s+(\\S+)'\ndate: 'Issued\\s+(\\S+)'\n"
        "amount: 'To pay\\s+(.+)'\ndate_order: mdy\n")
    used = json.loads(cli("rename-invoice", tmp_path / "odd.pdf", "--templates", tmp_path / "vendors",
                          "-p", "{date}_{issuer}_{number}_{amount}{currency}.pdf", "--json").stdout)
    row = used["files"][0]
    assert row["status"] == "renamed", row
    assert Path(row["new_path"]).name == "2024-03-05_Zorblax Trading_99-12_1000.00USD.pdf"
    assert row["fields"]["number"]["how"] == "template zorblax"


def test_names_are_safe_on_every_filesystem(tmp_path: Path) -> None:
    spec = make_spec(random.Random(3), 1)
    spec.issuer = ("AC/DC: <Tools>\u202e|Ltd", *spec.issuer[1:])
    spec.number = "CON"
    path = pikepdf_pdf([[Text(60, 80, "Scan me")]], tmp_path / "weird.pdf")
    attach_cii(path, cii_xml(spec))
    result = rename_invoice([str(path)], pattern="{number}.pdf", apply=False).files[0]
    assert Path(result.new_path or "").name == "_CON.pdf"
    result = rename_invoice([str(path)], pattern="{issuer}_{date:%Y-%m}.pdf").files[0]
    assert Path(result.new_path or "").name == f"AC_DC_ _Tools_Ltd_{spec.date:%Y-%m}.pdf"


def test_folders_recursive_and_globs(tmp_path: Path, invoice_set: InvoiceSet) -> None:
    top, deep = tmp_path / "in", tmp_path / "in" / "2024"
    copy_in(top, invoice_set.folder / invoice_set.digital[0].file)
    copy_in(deep, invoice_set.folder / invoice_set.digital[1].file)
    assert len(rename_invoice([str(top)], apply=False).files) == 1
    assert len(rename_invoice([str(top)], apply=False, recursive=True).files) == 2
    assert len(rename_invoice([str(tmp_path / "in" / "*" / "*.pdf")], apply=False).files) == 1


def test_progress_counts_the_files_only(tmp_path: Path, invoice_set: InvoiceSet) -> None:
    copy_in(tmp_path, *(invoice_set.folder / r.file for r in invoice_set.digital[:5]))
    seen: list[tuple[int, int, str]] = []
    with task.running(task.Task(lambda d, t, m: seen.append((d, t, m)))):
        rename_invoice([str(tmp_path)], apply=False)
    assert seen == [(i, 5, "reading invoices") for i in range(1, 6)]


# ------------------------------------------------------------------------------------------- bad input


@pytest.fixture
def read_only(tmp_path: Path) -> Iterator[Callable[[Path], None]]:
    """Make folders unwritable, even for root (chattr +i where chmod is not enough)."""
    locked: list[Path] = []

    def lock(folder: Path) -> None:
        folder.chmod(0o555)
        if os.access(folder, os.W_OK):
            subprocess.run(["chattr", "+i", str(folder)], check=False, capture_output=True)
        locked.append(folder)
        assert not os.access(folder, os.W_OK), f"cannot make {folder} read-only here"

    yield lock
    for folder in locked:
        subprocess.run(["chattr", "-i", str(folder)], check=False, capture_output=True)
        folder.chmod(0o755)


def test_a_folder_without_write_permission_renames_nothing(fails: Errors, tmp_path: Path, invoice_set: InvoiceSet,
                                                           read_only: Callable[[Path], None]) -> None:
    inbox = tmp_path / "ro"
    files = copy_in(inbox, *(invoice_set.folder / r.file for r in invoice_set.digital[:2]))
    read_only(inbox)
    fails.run(["rename-invoice", inbox], errors.PermissionDenied, inputs=tuple(files),
              message_has=(str(inbox), "nothing was renamed"))
    target = tmp_path / "target"
    target.mkdir()
    read_only(target)
    fails.run(["rename-invoice", inbox, "--copy-to", target], errors.PermissionDenied, inputs=tuple(files),
              message_has=(str(target),))
    plan = rename_invoice([str(inbox)], apply=False)  # a dry run still shows what it would do
    assert [r.status for r in plan.files] == ["planned", "planned"]
    assert plan.warnings == [f"cannot write to {inbox}: renaming would fail"]


FIELD_HINT = "Fields: {date}, {issuer}, {number}, {amount}, {currency}, {stem}."


@pytest.mark.parametrize(("args", "says", "hint"), [
    (["-p", "{date}_{vendor}.pdf"], "vendor", FIELD_HINT), (["-p", "{date}_{issuer}"], "must end in .pdf", None),
    (["-p", "{date:%Y/%m}_{issuer}.pdf"], "not a plain file name", None), (["--threshold", "2"], "--threshold", None),
])
def test_bad_patterns_and_options_are_refused_before_anything(fails: Errors, tmp_path: Path,
                                                              invoice_set: InvoiceSet, args: list[str],
                                                              says: str, hint: str | None) -> None:
    files = copy_in(tmp_path / "in", invoice_set.folder / invoice_set.digital[0].file)
    reported = fails.run(["rename-invoice", tmp_path / "in", *args], errors.InvalidArgument, inputs=tuple(files),
                         hint=hint)
    assert says in reported["message"]


def test_missing_inputs_and_copy_to_folder(fails: Errors, tmp_path: Path, invoice_set: InvoiceSet) -> None:
    files = copy_in(tmp_path / "in", invoice_set.folder / invoice_set.digital[0].file)
    fails.run(["rename-invoice", tmp_path / "nope.pdf"], errors.FileNotFound)
    made = fails.cli("rename-invoice", tmp_path / "in", "--copy-to", tmp_path / "nowhere" / "deep")
    assert made.exit_code == 0 and (tmp_path / "nowhere" / "deep").is_dir(), made  # made, as mkdir -p (issue 12)
    assert all(f.exists() for f in files)
    (tmp_path / "empty").mkdir()
    fails.run(["rename-invoice", tmp_path / "empty"], errors.NoInputs)


# ------------------------------------------------------------------------------------------- placing files


def test_move_never_replaces_and_falls_back_without_hard_links(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "a.pdf").write_bytes(b"a")
    (tmp_path / "b.pdf").write_bytes(b"b")
    with pytest.raises(FileExistsError):
        rename.move(tmp_path / "a.pdf", tmp_path / "b.pdf")
    assert (tmp_path / "a.pdf").read_bytes() == b"a" and (tmp_path / "b.pdf").read_bytes() == b"b"

    def no_links(*args: Any, **kwargs: Any) -> None:
        raise PermissionError(1, "Operation not permitted")  # EPERM: e.g. a FAT or SMB file system

    monkeypatch.setattr(os, "link", no_links)
    with pytest.raises(FileExistsError):
        rename.move(tmp_path / "a.pdf", tmp_path / "b.pdf")
    assert (tmp_path / "b.pdf").read_bytes() == b"b"
    rename.move(tmp_path / "a.pdf", tmp_path / "c.pdf")
    rename.copy(tmp_path / "c.pdf", tmp_path / "d.pdf")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.pdf", "c.pdf", "d.pdf"]  # no .part left
    assert (tmp_path / "d.pdf").read_bytes() == b"a"


# ------------------------------------------------------------------------------------------- MCP


@pytest.fixture
def root(tmp_path: Path, invoice_set: InvoiceSet) -> Path:
    folder = tmp_path / "root"
    copy_in(folder / "inbox", *(invoice_set.folder / r.file for r in invoice_set.digital[:3]))
    (folder / "sorted").mkdir()
    return folder


def test_mcp_defaults_to_a_dry_run_and_renames_only_with_apply(root: Path, tmp_path: Path) -> None:
    before = sorted(p.name for p in (root / "inbox").iterdir())

    async def go() -> tuple[Any, ...]:
        async with Client(build_server([root])) as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            schema = tools["pdf_rename_invoice"].input_schema["properties"]
            assert schema["apply"].get("default", False) is False and tools["pdf_rename_invoice"].output_schema
            plan = await client.call_tool("pdf_rename_invoice", {"inputs": ["inbox"]})
            listed = sorted(p.name for p in (root / "inbox").iterdir())
            outside = await client.call_tool("pdf_rename_invoice", {"inputs": ["inbox"], "copy_to": str(tmp_path),
                                                                    "apply": True})
            copied = await client.call_tool("pdf_rename_invoice", {"inputs": ["inbox/*.pdf"], "copy_to": "sorted",
                                                                   "apply": True})
            done = await client.call_tool("pdf_rename_invoice", {"inputs": ["inbox"], "apply": True})
            return plan, listed, outside, copied, done

    plan, listed, outside, copied, done = anyio.run(go)
    assert plan.structured_content["applied"] is False and listed == before
    assert {r["status"] for r in plan.structured_content["files"]} == {"planned"}
    assert json.loads(outside.content[0].text)["code"] == "PATH_OUTSIDE_ROOT"
    assert {r["status"] for r in copied.structured_content["files"]} == {"copied"}
    assert {r["status"] for r in done.structured_content["files"]} == {"renamed"}
    assert sorted(p.name for p in (root / "inbox").iterdir()) == sorted(p.name for p in (root / "sorted").iterdir())


def test_mcp_check_pages_warns_an_agent_of_an_xml_its_page_does_not_show(tmp_path: Path,
                                                                         invoice_set: InvoiceSet) -> None:
    """Over MCP, `check_pages` puts the same warnings in the row: another invoice's XML attached to a page."""
    other = make_spec(random.Random(9), 0)
    (path,) = copy_in(tmp_path / "root", invoice_set.folder / invoice_set.digital[0].file)
    attach_cii(path, cii_xml(other))

    async def go() -> tuple[Any, Any]:
        async with Client(build_server([tmp_path / "root"])) as client:
            return (await client.call_tool("pdf_rename_invoice", {"inputs": [path.name], "check_pages": True}),
                    await client.call_tool("pdf_rename_invoice", {"inputs": [path.name]}))

    checked, plain = anyio.run(go)
    row = checked.structured_content["files"][0]
    assert row["fields"]["number"] == {**row["fields"]["number"], "value": other.number, "source": "xml"}
    assert f"the pages do not show the XML's invoice number {other.number}" in row["warnings"]
    assert not [w for w in plain.structured_content["files"][0]["warnings"] if "pages" in w]


def test_mcp_stdio_subprocess_plans_then_renames(root: Path) -> None:
    params = StdioServerParameters(command=str(PDFTOOLS), args=["serve", "--transport", "stdio", "--root", str(root)],
                                   env={"PATH": os.environ["PATH"]}, cwd=str(root))

    async def go() -> tuple[Any, Any]:
        async with Client(params) as client:
            plan = await client.call_tool("pdf_rename_invoice", {"inputs": ["inbox"]})
            done = await client.call_tool("pdf_rename_invoice", {"inputs": ["inbox"], "apply": True})
            return plan, done

    plan, done = anyio.run(go)
    planned = [Path(r["new_path"]).name for r in plan.structured_content["files"]]
    renamed = [Path(r["new_path"]).name for r in done.structured_content["files"]]
    assert planned == renamed and sorted(p.name for p in (root / "inbox").iterdir()) == sorted(renamed)


def test_a_file_that_cannot_be_moved_gets_an_error_row_and_the_batch_goes_on(
        tmp_path: Path, invoice_set: InvoiceSet, monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = copy_in(tmp_path, *(invoice_set.folder / r.file for r in invoice_set.digital[:2]))
    real_move = rename.move

    def flaky(src: Path, target: Path) -> None:
        if src == first:
            raise PermissionError(13, "Permission denied")
        real_move(src, target)

    monkeypatch.setattr(rename, "move", flaky)
    rows = rename_invoice([str(tmp_path)]).files
    assert [(r.status, r.error) for r in rows] == [("error", "PERMISSION_DENIED"), ("renamed", None)]
    assert "Permission denied" in (rows[0].reason or "") and rows[0].new_path is None
    assert first.exists() and not second.exists() and Path(rows[1].new_path or "").exists()


def test_a_person_tells_files_of_the_same_name_in_two_folders_apart(cli: Any, tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """`rename-invoice inbox -r --dry-run` showed each file by its name alone: `x.pdf` twice, one from `a/` and one
    from `b/`, each with another new name, and no way to tell which is which. A row names the file as it was
    found (the folder as given, then the path inside it), as `--json`'s `file` does."""
    from invoices.real import EINVOICES

    monkeypatch.chdir(tmp_path)
    for folder, source in (("a", "library__EN16931_Einfach.pdf"), ("b", "library__MustangBeispiel20221026.pdf")):
        (tmp_path / "inbox" / folder).mkdir(parents=True)
        shutil.copyfile(EINVOICES / source, tmp_path / "inbox" / folder / "x.pdf")
    table = cli("rename-invoice", "inbox", "-r", "--dry-run", "--no-ocr")
    assert table.exit_code == 0, table
    rows = [line for line in table.stdout.splitlines() if "planned │" in line or "│ planned" in line]
    assert len(rows) == 2 and "inbox/a/x.pdf" in rows[0] + rows[1] and "inbox/b/x.pdf" in rows[0] + rows[1], table
