"""The batch tests' own helpers, checked: what they stand on must not lose what a process wrote."""

from __future__ import annotations

import subprocess
import sys

from batch_files import rest_of


def test_the_rest_of_stdout_keeps_the_lines_readline_buffered() -> None:
    code = "import sys, time; sys.stdout.write('one\\ntwo\\n'); sys.stdout.flush(); time.sleep(0.3); print('three')"
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    assert proc.stdout.readline() == "one\n"  # `two` is in the file object's buffer now, not in the pipe
    out, err = rest_of(proc)
    assert out.splitlines() == ["two", "three"] and err == "" and proc.returncode == 0
