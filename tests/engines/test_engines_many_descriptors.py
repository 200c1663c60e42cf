"""A process holding more than 1,024 open descriptors (the MCP HTTP server with many clients and uploads open, a
caller with many files open) still runs the external programs: `select.select` refuses a descriptor past
FD_SETSIZE (1,024: "filedescriptor out of range in select()"), so every pdftotext, qpdf or tesseract that such a
process ran failed, and with it every op. Each case runs in a child Python (the test process keeps its own
descriptors) that first opens descriptors until the next one is past 1,024, then calls the op as the server
does, in-process, on a real file through the real program."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest
from conftest import CORPUS
from harness import base_env

PDF = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"

# descriptors until a new one is past FD_SETSIZE; `probe` proves it (a case that passes without it proves nothing)
CROWD = textwrap.dedent("""\
    import json, os, resource, sys
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < 2048:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(2048, hard), hard))
    crowd = []
    while not crowd or crowd[-1] < 1100:
        crowd.append(os.dup(0))
    probe = os.dup(0)
    os.close(probe)
    assert probe > 1100, probe
    PDF = sys.argv[1]
""")

CASES = {
    # the text op: its pages read by pdftotext (engines.run, engines.streamed, and their wait on a pidfd)
    "text": """
        from pdftools.ops.text import text
        result = text(PDF)
        print(json.dumps([result.page_count, result.pages[0].text.split()[:3]]))
    """,
    # search: the pages read by pdftotext, matched in a forked child read through a pipe (core.forked)
    "search": """
        from pdftools.ops.search import search
        result = search("Hello", [PDF])
        print(json.dumps([result.matches, sorted({hit.page for hit in result.hits})]))
    """,
    "engines": """
        from pdftools import engines
        whole = engines.run(["pdftotext", "-f", "1", "-l", "1", PDF, "-"])
        pieces = b"".join(engines.streamed(["pdftotext", "-f", "1", "-l", "1", PDF, "-"]))
        print(json.dumps([whole == pieces, whole.split()[:3] == [b"Hello,", b"here", b"is"]]))
    """,
    # a pipe given as an input (`<(...)`, a FIFO) is read a piece at a time, Ctrl-C seen between the waits
    "pipe": """
        from pdftools.core import pipes
        read_end, write_end = os.pipe()
        assert read_end > 1024, read_end
        os.write(write_end, b"%PDF-1.4")
        os.close(write_end)
        read = pipes.reader(read_end)
        print(json.dumps([read(100).decode(), read(100).decode()]))
    """,
}

EXPECTED = {
    "text": [4, ["Hello,", "here", "is"]],
    "search": [23, [1, 2, 3, 4]],  # (7, 6, 6 and 4 times: `pdftotext -f N -l N FILE - | grep -o Hello`)
    "engines": [True, True],
    "pipe": ["%PDF-1.4", ""],
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_an_op_runs_in_a_process_with_more_than_1024_descriptors_open(case: str) -> None:
    code = CROWD + textwrap.dedent(CASES[case])
    done = subprocess.run([sys.executable, "-c", code, str(PDF)], capture_output=True, text=True, timeout=120,
                          env=base_env())
    assert done.returncode == 0, done.stderr[-3000:]
    assert json.loads(done.stdout) == EXPECTED[case]
