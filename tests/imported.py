"""What the program imported: `pdftools ARGV` run in a child process (as a shell runs it, stdout a pipe), every
module in its `sys.modules` at the end, whether it exited or not (counted, never timed)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

CHILD = """
import json, sys
sys.argv = ["pdftools", *json.loads(sys.argv[1])]
try:
    from pdftools.main import main
    main()
except SystemExit:
    pass
finally:
    with open(OUT, "w") as fh:
        json.dump(sorted(sys.modules), fh)
"""


def imported(tmp_path: Path, *argv: str, env: dict[str, str] | None = None) -> set[str]:
    """Every module `pdftools ARGV` imported (the standard library's too), run in `tmp_path` (its list written
    there) with `env` (None: this process's)."""
    out = tmp_path / "modules.json"
    subprocess.run([sys.executable, "-c", CHILD.replace("OUT", repr(str(out))), json.dumps(list(argv))],
                   capture_output=True, check=False, cwd=tmp_path, timeout=120, env=env)
    return set(json.loads(out.read_text()))
