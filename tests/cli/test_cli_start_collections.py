"""Start-up makes no garbage collections over what lives until the program ends, and leaves the collector on.

The program (`pdftools.__main__.main`, its console script) holds the cyclic collector off from its first import;
`cli.app.main` freezes what start-up made (`gc.freeze`) and turns the collector on: the command's own work is
collected as before (a long batch or OCR run frees its cycles), and a program importing pdftools keeps the
collector as it had it. Checked in child processes by the collector's state (never timed).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

CHILD = """
import functools, gc, json, sys
collections = [0]
def count(phase, info):  # collections before start-up's objects are frozen
    if phase == "start" and not gc.get_freeze_count():
        collections[0] += 1
gc.callbacks.append(count)
sys.argv = ["pdftools", *json.loads(sys.argv[1])]
import pdftools.ops.info as op
real = op.info
@functools.wraps(real)
def info(*args, **kwargs):
    with open(OUT, "w") as fh:
        json.dump({"enabled": gc.isenabled(), "frozen": gc.get_freeze_count(), "collections": collections[0]}, fh)
    return real(*args, **kwargs)
op.info = info
collections[0] = 0
from pdftools.__main__ import main
main()
"""


def test_a_command_runs_with_the_collector_on_after_a_start_up_without_collections(tmp_path: Path,
                                                                                   sample: Path) -> None:
    out = tmp_path / "gc.json"
    argv = json.dumps(["info", str(sample)])
    run = subprocess.run([sys.executable, "-c", CHILD.replace("OUT", repr(str(out))), argv], capture_output=True,
                         text=True, check=False, cwd=tmp_path, timeout=120)
    assert run.returncode == 0, run.stderr
    seen = json.loads(out.read_text())
    assert seen["enabled"] is True, seen  # the command's work is collected
    assert seen["frozen"] > 10_000, seen  # the modules and the command, out of the collector's way
    assert seen["collections"] == 0, seen  # none while starting up


def test_importing_the_program_leaves_the_collector_as_it_was(tmp_path: Path) -> None:
    code = ("import gc\n{before}\nimport pdftools.__main__, pdftools.main\nfrom pdftools.main import build_app\n"
            "build_app('info')\nprint(gc.isenabled(), gc.get_freeze_count())")
    for before, expected in (("", "True 0"), ("gc.disable()", "False 0")):
        out = subprocess.run([sys.executable, "-c", code.format(before=before)], capture_output=True, text=True,
                             check=True, cwd=tmp_path, timeout=120)
        assert out.stdout.split() == expected.split(), (before, out.stdout, out.stderr)
