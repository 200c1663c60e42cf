"""The benchmarks find the corpus as the tests do (tests/conftest.py): PDFTOOLS_CORPUS, else ../shared/corpus beside
the checkout, and in either the folder itself when it holds files.json, else its sample-files/. They took
PDFTOOLS_CORPUS as sample-files/ itself, so the value the tests take (the folder holding it) sent them to files
that do not exist. Each benchmark module is loaded in a fresh interpreter of its own with each form of the
variable; each must load (benchmarks/deps.py imported names run.py no longer had) and name the tests' corpus."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import CORPUS

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
MODULES = sorted(p.stem for p in BENCHMARKS.glob("*.py"))


@pytest.mark.parametrize("given", ["parent", "sample-files", "unset"])
def test_every_benchmark_finds_the_corpus_the_tests_find(given: str, tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PDFTOOLS_CORPUS"}
    if given != "unset":
        env["PDFTOOLS_CORPUS"] = str(CORPUS.parent if given == "parent" else CORPUS)
    code = ("import sys, importlib.util; sys.path.insert(0, sys.argv[1])\n"  # as a script runs: under its own name
            "spec = importlib.util.spec_from_file_location('bench_' + sys.argv[2], f'{sys.argv[1]}/{sys.argv[2]}.py')\n"
            "module = sys.modules[spec.name] = importlib.util.module_from_spec(spec); spec.loader.exec_module(module)\n"
            "four = getattr(module, 'FOUR_PAGES', None)\n"
            "print(getattr(module, 'CORPUS', None) or (four.parents[1] if four else '-'))\n")
    found = {}
    for name in MODULES:  # each alone, as it runs (benchmarks/invoices.py is not tests/invoices/)
        ran = subprocess.run([sys.executable, "-c", code, str(BENCHMARKS), name], capture_output=True, text=True,
                             env=env, cwd=tmp_path, timeout=300)
        assert ran.returncode == 0, (name, ran.stderr[-2000:])
        found[name] = ran.stdout.strip()
    assert set(found) == set(MODULES), found
    named = {name: Path(corpus) for name, corpus in found.items() if corpus != "-"}
    assert {"batch", "deps", "load", "search", "tools"} <= set(named), named
    assert all(corpus.resolve() == CORPUS.resolve() for corpus in named.values()), named
