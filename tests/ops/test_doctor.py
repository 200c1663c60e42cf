"""doctor checks the real programs; a missing one makes it fail with the install command."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

PDFTOOLS = Path(sys.executable).with_name("pdftools")


def checks(path: str | None = None) -> dict[str, dict]:
    """`doctor --json`'s checks by name; `path`: the PATH it runs with."""
    env = {**os.environ, "PATH": path} if path is not None else None
    out = subprocess.run([PDFTOOLS, "doctor", "--json"], capture_output=True, text=True, check=False, env=env)
    return {c["name"]: c for c in json.loads(out.stdout)["checks"]}


def required_only(tmp_path: Path) -> str:
    """A PATH holding the programs doctor requires and nothing else."""
    bindir = tmp_path / "bin"
    bindir.mkdir()
    for name in ("pdftotext", "pdftoppm", "pdfinfo", "tesseract"):
        os.symlink(shutil.which(name), bindir / name)  # type: ignore[arg-type]
    return str(bindir)


def test_everything_is_here() -> None:
    out = subprocess.run([PDFTOOLS, "doctor", "--json"], capture_output=True, text=True, check=False)
    data = json.loads(out.stdout)
    assert out.returncode == 0 and data["ok"] is True
    checks = {c["name"]: c for c in data["checks"]}
    assert checks["tesseract"]["found"] and checks["tesseract"]["version"].startswith("5.")
    assert checks["pdftoppm"]["version"] and "eng" in data["ocr_languages"]


def test_a_missing_program_fails_with_its_install_command(tmp_path: Path) -> None:
    bindir = tmp_path / "bin"
    bindir.mkdir()
    for name in ("pdftotext", "pdftoppm", "pdfinfo"):  # poppler yes, tesseract no
        os.symlink(shutil.which(name), bindir / name)
    out = subprocess.run([PDFTOOLS, "doctor", "--json"], capture_output=True, text=True, check=False,
                         env={**os.environ, "PATH": str(bindir)})
    data = json.loads(out.stdout)
    assert out.returncode == 8 and data["ok"] is False
    tesseract = next(c for c in data["checks"] if c["name"] == "tesseract")
    assert not tesseract["found"] and tesseract["install"] == "apt-get install tesseract-ocr"


def test_convert_programs_and_pdf_engines_are_reported() -> None:
    out = subprocess.run([PDFTOOLS, "doctor", "--json"], capture_output=True, text=True, check=False)
    data = json.loads(out.stdout)
    checks = {c["name"]: c for c in data["checks"]}
    assert checks["pandoc"]["required"] and checks["pandoc"]["version"].split(".")[0] == "3"
    assert checks["weasyprint"]["found"] and checks["typst"]["found"]
    assert data["pdf_engines"] == ["weasyprint", "typst"]


def test_missing_pandoc_and_weasyprint_are_reported_with_their_install_commands(tmp_path: Path) -> None:
    bindir = tmp_path / "bin"
    bindir.mkdir()
    for name in ("pdftotext", "pdftoppm", "pdfinfo", "tesseract"):
        os.symlink(shutil.which(name), bindir / name)
    env = {**os.environ, "PATH": str(bindir), "PDFTOOLS_PANDOC": "pandoc", "PDFTOOLS_WEASYPRINT": "weasyprint"}
    out = subprocess.run([PDFTOOLS, "doctor", "--json"], capture_output=True, text=True, check=False, env=env)
    data = json.loads(out.stdout)
    checks = {c["name"]: c for c in data["checks"]}
    assert out.returncode == 8 and data["ok"] is False and data["pdf_engines"] == ["typst"]
    assert not checks["pandoc"]["found"] and "pip install pypandoc-binary" in checks["pandoc"]["install"]
    assert not checks["weasyprint"]["found"] and "pip install 'weasyprint>=68'" in checks["weasyprint"]["install"]


def test_the_qpdf_inside_pikepdf_is_named() -> None:
    """`pdftools check` and `linearize` judge with pikepdf's libqpdf, whose version may not be the qpdf command's
    (12.4 against Debian's 11.3 here, whose linearization checks differ): doctor names both."""
    import pikepdf

    out = subprocess.run([PDFTOOLS, "doctor", "--json"], capture_output=True, text=True, check=False)
    checks = {c["name"]: c for c in json.loads(out.stdout)["checks"]}
    assert f"libqpdf {pikepdf.__libqpdf_version__}" in checks["pikepdf"]["used_for"], checks["pikepdf"]


def test_setpriv_is_reported_with_what_it_is_for(tmp_path: Path) -> None:
    """util-linux's setpriv starts the programs so that they die with a pdftools killed outright (kill -9):
    doctor says whether it is there (not required: without it they only outlive such a kill)."""
    setpriv = checks()["setpriv"]
    assert setpriv["required"] is False and "kill -9" in setpriv["used_for"], setpriv
    assert setpriv["found"] is (shutil.which("setpriv") is not None), setpriv
    setpriv = checks(required_only(tmp_path))["setpriv"]
    assert not setpriv["found"] and setpriv["install"] == "apt-get install util-linux", setpriv


def test_fontconfig_is_reported_with_what_it_is_for(tmp_path: Path) -> None:
    """stamp finds fonts for text in other scripts with fontconfig's fc-match: doctor says whether it is there
    (not required: Helvetica's text and a font given as a file need it not)."""
    found = checks()["fc-match"]
    assert found["required"] is False and "stamp" in found["used_for"] and found["found"], found
    missing = checks(required_only(tmp_path))["fc-match"]
    assert not missing["found"] and missing["install"] == "apt-get install fontconfig", missing


def test_the_cluster_extra_is_named() -> None:
    """Every machine of a cluster needs pdftools with its extra (`batch --cluster`): doctor, which an operator runs
    on each, did not say whether Dask was there."""
    from importlib import metadata

    dask = checks()["dask distributed"]
    assert dask["found"] and dask["version"] == metadata.version("distributed") and not dask["required"], dask
    assert "batch" in dask["used_for"] and "cluster" in dask["used_for"], dask


def test_every_poppler_program_a_command_runs_is_checked(tmp_path: Path) -> None:
    """`repair` redraws with poppler's pdftocairo where qpdf gives up (and `--poppler`), and `crop --to-content`
    renders with pdftoppm: doctor did not check pdftocairo at all, and named pdftoppm's use as thumbnails and ocr
    only, so `doctor` said everything was there while `repair` of a file qpdf cannot read failed."""
    found = checks()
    assert "repair" in found["pdftocairo"]["used_for"] and found["pdftocairo"]["found"], found.get("pdftocairo")
    assert "crop" in found["pdftoppm"]["used_for"], found["pdftoppm"]
    cairo = checks(required_only(tmp_path))["pdftocairo"]
    assert not cairo["found"] and cairo["install"] == "apt-get install poppler-utils", cairo
