"""The sizes pdftools reads, as a table: a limit's environment variable (`PDFTOOLS_MAX_INPUT_BYTES=500M`, also
counts and seconds: decimal suffixes, digit groups `1_000`, exponents `1e6`, 0 turning the limit off) and split's
`--size` (`10MB`, `2MiB`: binary prefixes too, whole bytes, at least one). Each row is what the reader gives, or
the error it refuses with: one grammar, read by one parser, each reader keeping what it takes."""

from __future__ import annotations

import pytest

from pdftools.core import limits
from pdftools.errors import InvalidArgument, TooManyPages

LIMIT = limits.Limit("PDFTOOLS_TEST_SIZE", 7, TooManyPages, "things")

ENV_TAKES = [
    ("500M", 5e8), ("2G", 2e9), ("100k", 1e5), ("100K", 1e5), ("1.5M", 1.5e6), ("10MB", 1e7), ("10mb", 1e7),
    ("10 M", 1e7), ("5 MB", 5e6), (" 7 ", 7), ("1_000", 1000), ("1_000.5", 1000.5), ("1e6", 1e6),
    ("1.5e3k", 1.5e6), ("5b", 5), ("5B", 5), ("3T", 3e12), ("0.25", 0.25), ("007", 7),
    ("0", None), ("0.0", None), ("0k", None), ("", 7.0), ("   ", 7.0),  # 0: no limit; empty: the default
]
ENV_REFUSES = [
    ("2GiB", "not a number"), ("2Ki", "not a number"), ("abc", "not a number"), ("1.5.5", "not a number"),
    (".5", "not a number"), ("1,000", "not a number"), ("1e-3", "not a number"), ("+5", "not a number"),
    ("5X", "not a number"), ("5 k b", "not a number"), ("-abc", "not a number"), ("--5", "not a number"),
    ("-5M", "negative"), ("-0", "negative"), ("-1", "negative"), ("-1_000", "negative"),
    # an underscore not between two digits: float() refused them, a ValueError (INTERNAL) out of the reader
    ("10_", "not a number"), ("1__0", "not a number"), ("1_.5", "not a number"), ("1_e3", "not a number"),
    ("_1", "not a number"),
    ("1e999", "not a number"),  # past a float: inf (a reviewer's find)
]
OPTION_TAKES = [
    ("10MB", 10_000_000), ("500k", 500_000), ("2MiB", 2 * 1024**2), ("1.5M", 1_500_000), (" 10 mb ", 10**7),
    ("1", 1), ("1.9", 1), ("2KiB", 2048), ("2kib", 2048), ("10iB", 10), ("3t", 3 * 10**12), ("10B", 10),
    ("1.5k", 1500), ("0.0015k", 1), ("1 GiB", 1024**3), ("007", 7), ("2Ti", 2 * 1024**4), ("5i", 5),
]
OPTION_REFUSES = [
    ("0", "no size"), ("0.5", "no size"), ("-0", "no size"), ("0k", "no size"), ("0.0004k", "no size"),
    ("-5M", "negative"), ("-1", "negative"), ("-0.5", "negative"),
    ("1_000", "not a size"), ("1e6", "not a size"), ("abc", "not a size"), ("", "not a size"),
    ("10 MiB B", "not a size"), ("5X", "not a size"), ("+5", "not a size"), (".5", "not a size"),
    ("1,5M", "not a size"), ("--5", "not a size"), ("5 k b", "not a size"),
    ("9" * 400, "not a size"),  # past a float: inf, then int(inf) an OverflowError (INTERNAL: a reviewer's find)
]


@pytest.mark.parametrize(("raw", "value"), ENV_TAKES, ids=[repr(r) for r, _ in ENV_TAKES])
def test_a_limit_variable_takes(raw: str, value: float | None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(LIMIT.env, raw)
    assert LIMIT.value() == value


@pytest.mark.parametrize(("raw", "kind"), ENV_REFUSES, ids=[repr(r) for r, _ in ENV_REFUSES])
def test_a_limit_variable_refuses(raw: str, kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(LIMIT.env, raw)
    with pytest.raises(InvalidArgument) as caught:
        LIMIT.value()
    assert caught.value.code == "INVALID_ARGUMENT" and caught.value.message == f"{LIMIT.env}={raw!r} is {kind}"
    assert LIMIT.env in caught.value.hint, caught.value.hint


@pytest.mark.parametrize(("raw", "value"), OPTION_TAKES, ids=[repr(r) for r, _ in OPTION_TAKES])
def test_an_option_s_size_takes(raw: str, value: int) -> None:
    got = limits.byte_size(raw, "--size")
    assert got == value and isinstance(got, int)


@pytest.mark.parametrize(("raw", "kind"), OPTION_REFUSES, ids=[repr(r)[:20] for r, _ in OPTION_REFUSES])
def test_an_option_s_size_refuses(raw: str, kind: str) -> None:
    with pytest.raises(InvalidArgument) as caught:
        limits.byte_size(raw, "--size")
    assert caught.value.code == "INVALID_ARGUMENT" and caught.value.message.startswith(f"--size {raw!r} is {kind}")
    assert "--size" in caught.value.hint, caught.value.hint


def test_a_limit_with_a_stray_underscore_is_a_usage_error_not_an_internal_one(cli: object) -> None:
    result = cli("doctor", "--json", env={"PDFTOOLS_TIMEOUT": "10_"})  # type: ignore[operator]
    assert result.exit_code == 2 and "PDFTOOLS_TIMEOUT='10_' is not a number" in result.stderr, result
