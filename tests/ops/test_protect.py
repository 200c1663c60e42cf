"""protect / unprotect on real files, through the op, the CLI (files, env, prompts, a real terminal) and MCP.

Every test that handles a password also checks that it shows up nowhere: not in stdout, stderr, results,
errors or MCP responses.
"""

from __future__ import annotations

import json
import os
import pty
import select
import shutil
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import pikepdf
import pytest
from errors_contract import Errors  # the type of the `fails` fixture (conftest)
from mcp import Client

from pdftools import errors
from pdftools.mcp.server import build_server
from pdftools.ops.protect import protect
from pdftools.ops.unprotect import unprotect

PDFTOOLS = Path(sys.executable).with_name("pdftools")
SECRET = "Tr0ub4dor&3-zebra"  # distinctive, so a leak is found by a plain substring search
OWNER = "owner-Kx9!q"


@pytest.fixture
def pdf(tmp_path: Path, sample: Path) -> Path:
    dest = tmp_path / "doc.pdf"
    shutil.copyfile(sample, dest)
    return dest


def opens(path: Path, password: str = "") -> pikepdf.Pdf | None:
    try:
        return pikepdf.open(path, password=password)
    except pikepdf.PasswordError:
        return None


def assert_no_leak(*texts: str) -> None:
    for text in texts:
        assert SECRET not in text and OWNER not in text, text[:2000]


# ------------------------------------------------------------------------------------------------ the op


def test_protect_defaults_to_aes256_opens_with_the_password_only(pdf: Path, sha256: Callable[[Path], str]) -> None:
    before = sha256(pdf)
    result = protect(str(pdf), user_password=SECRET)
    out = Path(result.output)
    assert out == pdf.with_name("doc-protected.pdf")
    assert result.cipher == "AES-256" and result.needs_password and result.owner_password == "random"
    assert result.encrypted and result.pages == 4
    assert result.denied == [] and "print" in result.allowed
    assert opens(out) is None and opens(out, "wrong") is None
    with opens(out, SECRET) as locked:
        assert locked.encryption.stream_method.name == "aesv3" and locked.encryption.bits == 256
        assert len(locked.pages) == 4 and not locked.owner_password_matched
    assert sha256(pdf) == before
    assert_no_leak(json.dumps(result.__dict__))


@pytest.mark.parametrize(("cipher", "legacy", "revision", "name"),
                         [("aes-128", False, 4, "AES-128"), ("aes-256", True, 3, "RC4-128")])
def test_aes128_and_legacy_rc4(pdf: Path, cipher: Any, legacy: bool, revision: int, name: str) -> None:
    result = protect(str(pdf), user_password=SECRET, cipher=cipher, legacy=legacy, output=str(pdf.with_name("o.pdf")))
    assert result.cipher == name
    with opens(Path(result.output), SECRET) as locked:
        assert (locked.encryption.R, locked.encryption.bits) == (revision, 128)
        assert locked.encryption.stream_method.name == ("aes" if revision == 4 else "none")  # R3: RC4, no filters
    assert opens(Path(result.output)) is None
    back = unprotect(result.output, password=SECRET, output=str(pdf.with_name("plain.pdf")))
    assert back.removed == name and back.opened_with == "user" and back.pages == 4 and not back.encrypted


def test_non_ascii_passwords_work_with_every_cipher_that_can_store_them(pdf: Path) -> None:
    for cipher, password in (("aes-256", "Ωmega-€ü"), ("aes-128", "Grüße-€")):
        out = pdf.with_name(f"{cipher}.pdf")
        protect(str(pdf), user_password=password, cipher=cipher, output=str(out))  # type: ignore[arg-type]
        assert unprotect(str(out), password=password, output=str(out.with_suffix(".plain.pdf"))).pages == 4
    with pytest.raises(errors.InvalidArgument, match="cannot store"):
        protect(str(pdf), user_password="Ωmega", cipher="aes-128", output=str(pdf.with_name("x.pdf")))
    assert not pdf.with_name("x.pdf").exists()


def test_permissions_hold_for_the_user_and_the_owner_password_gives_full_access(pdf: Path) -> None:
    result = protect(str(pdf), user_password=SECRET, owner_password=OWNER, allow="print,copy")
    assert result.allowed == ["print", "copy", "extract"] and result.owner_password == "given"
    assert result.denied == ["print-hq", "modify", "annotate", "fill-forms", "assemble"]
    with opens(Path(result.output), SECRET) as as_user:
        allow = as_user.allow
        assert allow.print_lowres and allow.extract
        assert not (allow.print_highres or allow.modify_other or allow.modify_annotation or allow.modify_form
                    or allow.modify_assembly)
    with opens(Path(result.output), OWNER) as as_owner:
        assert as_owner.owner_password_matched
    nothing = protect(str(pdf), user_password=SECRET, allow="none", output=str(pdf.with_name("n.pdf")))
    assert nothing.allowed == [] and len(nothing.denied) == 8
    hq = protect(str(pdf), user_password=SECRET, allow="print-hq", output=str(pdf.with_name("hq.pdf")))
    assert hq.allowed == ["print", "print-hq"]  # high quality printing includes printing


def test_owner_only_protection_opens_without_password_but_restricted(pdf: Path) -> None:
    result = protect(str(pdf), user_password="", owner_password=OWNER, allow="print")
    assert not result.needs_password
    with opens(Path(result.output)) as anyone:
        assert not anyone.owner_password_matched and not anyone.allow.modify_other
    back = unprotect(result.output, password=OWNER, output=str(pdf.with_name("back.pdf")))
    assert back.opened_with == "owner"


def test_in_place_keeps_the_file_and_its_permissions(pdf: Path) -> None:
    pdf.chmod(0o640)
    locked = protect(str(pdf), user_password=SECRET, in_place=True)
    assert locked.output == str(pdf) and opens(pdf) is None and opens(pdf, SECRET) is not None
    assert pdf.stat().st_mode & 0o777 == 0o640
    opened = unprotect(str(pdf), password=SECRET, in_place=True)
    assert opened.output == str(pdf) and not opened.encrypted and opens(pdf) is not None
    assert sorted(p.name for p in pdf.parent.iterdir()) == ["doc.pdf"]


def test_the_written_file_is_checked_and_nothing_is_left_when_the_check_fails(
        pdf: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An empty owner password would let anyone open the file as its owner: the check must catch it."""
    monkeypatch.setattr("pdftools.ops.protect.secrets.token_urlsafe", lambda n: "")
    with pytest.raises(errors.PdftoolsError, match="opens without a password"):
        protect(str(pdf), user_password=SECRET)
    assert sorted(p.name for p in pdf.parent.iterdir()) == ["doc.pdf"]


@pytest.mark.parametrize(("kwargs", "error", "text"), [
    ({}, errors.InvalidArgument, "no new password"),
    ({"user_password": SECRET, "legacy": True, "cipher": "aes-128"}, errors.InvalidArgument, "exclude"),
    ({"user_password": ""}, errors.InvalidArgument, "owner password"),
    ({"user_password": SECRET, "owner_password": SECRET, "allow": "print"}, errors.InvalidArgument, "owner password"),
    ({"user_password": SECRET, "allow": "print,teleport"}, errors.InvalidArgument, "teleport"),
    # an empty list (`--allow "$PERMS"` with PERMS unset) is no list: it must not mean `all`
    ({"user_password": SECRET, "allow": ""}, errors.InvalidArgument, "is empty"),
    ({"user_password": SECRET, "allow": " , "}, errors.InvalidArgument, "is empty"),
])
def test_protect_refuses_bad_arguments(pdf: Path, kwargs: dict[str, Any], error: type, text: str) -> None:
    with pytest.raises(error, match=text) as caught:
        protect(str(pdf), **kwargs)
    assert_no_leak(caught.value.message, caught.value.hint)
    assert sorted(p.name for p in pdf.parent.iterdir()) == ["doc.pdf"]


def test_protect_reencrypts_an_encrypted_input_with_its_password(tmp_path: Path, encrypted_pdf: Path) -> None:
    with pytest.raises(errors.Encrypted):
        protect(str(encrypted_pdf), user_password=SECRET, output=str(tmp_path / "x.pdf"))
    result = protect(str(encrypted_pdf), user_password=SECRET, password="openpassword", output=str(tmp_path / "x.pdf"))
    assert opens(Path(result.output), "openpassword") is None and opens(Path(result.output), SECRET) is not None


def test_unprotect_the_corpus_file_with_user_or_owner_password(tmp_path: Path, encrypted_pdf: Path,
                                                               sha256: Callable[[Path], str]) -> None:
    before = sha256(encrypted_pdf)
    user = unprotect(str(encrypted_pdf), password="openpassword", output=str(tmp_path / "u.pdf"))
    owner = unprotect(str(encrypted_pdf), password="permissionpassword", output=str(tmp_path / "o.pdf"))
    assert (user.opened_with, owner.opened_with) == ("user", "owner")
    for result in (user, owner):
        with pikepdf.open(result.output) as plain:
            assert not plain.is_encrypted and len(plain.pages) == 1
    with pytest.raises(errors.BadPassword):
        unprotect(str(encrypted_pdf), password="nope", output=str(tmp_path / "b.pdf"))
    with pytest.raises(errors.Encrypted):
        unprotect(str(encrypted_pdf), output=str(tmp_path / "b.pdf"))
    again = unprotect(user.output, output=str(tmp_path / "again.pdf"))  # not encrypted: copied, as qpdf --decrypt
    assert (again.was_encrypted, user.was_encrypted, again.pages) == (False, True, 1)
    assert not (tmp_path / "b.pdf").exists()
    assert sha256(encrypted_pdf) == before


# ------------------------------------------------------------------------------------------------ the CLI


def test_cli_password_from_a_file_or_the_environment_never_shows(cli: Any, pdf: Path, tmp_path: Path) -> None:
    secret_file = tmp_path / "pw.txt"
    secret_file.write_text(SECRET + "\n")
    made = cli("protect", pdf, "--user-password-file", secret_file, "--allow", "print", "--json")
    assert made.exit_code == 0, made
    assert json.loads(made.stdout)["cipher"] == "AES-256"
    out = pdf.with_name("doc-protected.pdf")
    assert opens(out, SECRET) is not None and opens(out) is None
    shown = cli("info", out, "--password-file", secret_file)
    back = cli("unprotect", out, "-o", tmp_path / "plain.pdf", env={"PDFTOOLS_PASSWORD": SECRET})
    again = cli("protect", pdf, "-o", tmp_path / "env.pdf", env={"PDFTOOLS_NEW_PASSWORD": SECRET,
                                                                 "PDFTOOLS_OWNER_PASSWORD": OWNER})
    wrong = cli("unprotect", out, "--password", SECRET + "x", "-o", tmp_path / "w.pdf")
    assert (shown.exit_code, back.exit_code, again.exit_code, wrong.exit_code) == (0, 0, 0, 5), (back, wrong)
    assert "BAD_PASSWORD" in wrong.stderr
    assert opens(tmp_path / "env.pdf", OWNER).owner_password_matched  # type: ignore[union-attr]
    for result in (made, shown, back, again, wrong):
        assert_no_leak(result.stdout, result.stderr)


def test_cli_without_any_password_source_and_no_terminal(fails: Errors, pdf: Path) -> None:
    reported = fails.run(["protect", pdf], errors.InvalidArgument, inputs=(pdf,),
                         hint="Give it with --user-password-file FILE or PDFTOOLS_NEW_PASSWORD, or run at a "
                              "terminal to be asked.")
    assert "no new password" in reported["message"]


def test_cli_password_given_for_the_new_one_says_which_is_which(fails: Errors, pdf: Path) -> None:
    """`protect FILE --password x` (pdfcpu's and qpdf's users write the new password so) said only `no new password
    given`, with --password given: --password opens an encrypted input; the new one is --user-password."""
    reported = fails.run(["protect", pdf, "--password", "x"], errors.InvalidArgument, inputs=(pdf,),
                         hint="--password opens an encrypted input; give the new password with --user-password, "
                              "--user-password-file FILE or PDFTOOLS_NEW_PASSWORD, or run at a terminal to be asked.")
    assert reported["message"] == "no new password given (--password is the password of the input)", reported


def test_cli_password_file_problems(fails: Errors, pdf: Path, tmp_path: Path) -> None:
    missing = tmp_path / "nope.txt"
    fails.run(["protect", pdf, "--user-password-file", missing], errors.FileNotFound, inputs=(pdf,),
              message_has=("--user-password-file",), hint="Check the path of the file that holds the value.")
    empty = tmp_path / "empty.txt"
    empty.write_text("\n")
    fails.run(["protect", pdf, "--user-password-file", empty], errors.InvalidArgument, inputs=(pdf, empty),
              message_has=("empty",))
    given = tmp_path / "pw.txt"
    given.write_text(SECRET)
    reported = fails.run(["protect", pdf, "--user-password", SECRET, "--user-password-file", given],
                         errors.InvalidArgument, inputs=(pdf, given), message_has=("not both",))
    assert_no_leak(json.dumps(reported))


def test_cli_wrong_password(fails: Errors, tmp_path: Path, encrypted_pdf: Path) -> None:
    locked = tmp_path / "locked.pdf"
    shutil.copyfile(encrypted_pdf, locked)
    reported = fails.run(["unprotect", locked, "--password", SECRET], errors.BadPassword, inputs=(locked,),
                         not_created=(tmp_path / "locked-unprotected.pdf",))
    assert_no_leak(json.dumps(reported))


def test_cli_prompts_at_a_terminal_hidden_and_twice(cli: Any, pdf: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("pdftools.cli.values.interactive", lambda: True)
    made = cli("protect", pdf, "--json", input=f"{SECRET}\n{SECRET}\n")
    assert made.exit_code == 0, made
    assert "New password" in made.stderr and "Repeat for confirmation" in made.stderr
    assert json.loads(made.stdout)["needs_password"] is True  # stdout is the result only
    assert opens(pdf.with_name("doc-protected.pdf"), SECRET) is not None
    back = cli("unprotect", pdf.with_name("doc-protected.pdf"), "-o", pdf.with_name("p.pdf"), input=f"{SECRET}\n")
    assert back.exit_code == 0 and "Password" in back.stderr
    gave_up = cli("protect", pdf, "-o", pdf.with_name("never.pdf"), input=f"{SECRET}\nsomething else\n")
    assert gave_up.exit_code == 130 and "INTERRUPTED" in gave_up.stderr  # mismatch, then end of input
    assert not pdf.with_name("never.pdf").exists()
    for result in (made, back, gave_up):
        assert_no_leak(result.stdout, result.stderr)


def test_real_terminal_prompt_hides_the_password(pdf: Path) -> None:
    """The CLI in a pseudo-terminal: it asks twice, echoes nothing, and protects the file."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: the real command, its stdin a terminal
        os.execv(str(PDFTOOLS), [str(PDFTOOLS), "protect", str(pdf), "-o", str(pdf.with_name("tty.pdf"))])
    seen = b""

    def read_until(marker: bytes) -> None:
        nonlocal seen
        deadline = time.monotonic() + 60
        while marker not in seen and time.monotonic() < deadline:
            ready, _, _ = select.select([fd], [], [], 1)
            if ready:
                try:
                    seen += os.read(fd, 1024)
                except OSError:
                    return
        assert marker in seen, seen

    read_until(b"New password: ")  # the space comes from getpass, once echo is off (typing earlier is flushed)
    os.write(fd, SECRET.encode() + b"\n")
    read_until(b"Repeat for confirmation: ")
    os.write(fd, SECRET.encode() + b"\n")
    read_until(b"tty.pdf")
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, seen
    assert SECRET.encode() not in seen  # never echoed
    assert opens(pdf.with_name("tty.pdf"), SECRET) is not None


def test_cli_protect_to_stdout(cli: Any, pdf: Path, tmp_path: Path) -> None:
    result = cli("protect", pdf, "-o", "-", env={"PDFTOOLS_NEW_PASSWORD": SECRET})
    assert result.exit_code == 0 and result.stdout_bytes.startswith(b"%PDF-")
    (tmp_path / "piped.pdf").write_bytes(result.stdout_bytes)
    assert opens(tmp_path / "piped.pdf") is None and opens(tmp_path / "piped.pdf", SECRET) is not None
    assert_no_leak(result.stderr)


# ------------------------------------------------------------------------------------------------ MCP


def test_mcp_protect_and_unprotect(tmp_path: Path, sample: Path, encrypted_pdf: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    shutil.copyfile(sample, root / "doc.pdf")
    shutil.copyfile(encrypted_pdf, root / "locked.pdf")

    async def go() -> list[Any]:
        async with Client(build_server([root])) as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            assert tools["pdf_protect"].annotations.destructive_hint in (None, True)  # absent: the default, true
            assert "user_password" in tools["pdf_protect"].input_schema["properties"]
            return [
                await client.call_tool("pdf_protect", {"input": "doc.pdf", "user_password": SECRET,
                                                       "allow": "print"}),
                await client.call_tool("pdf_unprotect", {"input": "doc-protected.pdf", "password": SECRET,
                                                         "output": "plain.pdf"}),
                await client.call_tool("pdf_unprotect", {"input": "locked.pdf", "password": SECRET}),
                await client.call_tool("pdf_protect", {"input": "doc.pdf", "output": "../out.pdf",
                                                       "user_password": SECRET}),
            ]

    made, back, wrong, outside = anyio.run(go)
    assert made.structured_content["cipher"] == "AES-256"
    assert made.structured_content["denied"][0] == "print-hq"
    assert back.structured_content["opened_with"] == "user"
    assert json.loads(wrong.content[0].text)["code"] == "BAD_PASSWORD"
    assert json.loads(outside.content[0].text)["code"] == "PATH_OUTSIDE_ROOT" and not (tmp_path / "out.pdf").exists()
    assert opens(root / "doc-protected.pdf", SECRET) is not None and opens(root / "plain.pdf") is not None
    for result in (made, back, wrong, outside):
        assert_no_leak(json.dumps(result.structured_content or {}), *(c.text for c in result.content))
