"""A program's own report quoted in an error (pandoc's parse error: where its reader stopped, what it expected,
the line with a caret under the column) is read at a terminal as lines, indented under the error's first line;
it was one line with `\\n` written out, the caret far from its column. Piped, the error keeps its one line and
its hint (tests/cli/test_cli_error_one_line.py: a script reading the first line gets the whole message), and
`--json` is one object whose message holds the report with its line breaks."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from terminal import run_at_terminal

PDFTOOLS = Path(sys.executable).with_name("pdftools")
BAD_LATEX = "\\begin{document}\nSome text.\n\\end{foo}\n"


def test_pandocs_report_is_lines_at_a_terminal_and_one_line_piped(tmp_path: Path) -> None:
    source = tmp_path / "bad.tex"
    source.write_text(BAD_LATEX, encoding="utf-8")
    argv = [str(PDFTOOLS), "convert", str(source), "-t", "html"]
    proc, shown = run_at_terminal(argv, tmp_path, 120, stream="stderr")
    assert proc.returncode == 4, shown
    lines = shown.decode().replace("\r\n", "\n").splitlines()
    assert lines[0] == f"error[WRONG_FORMAT]: {source} is not valid latex; pandoc says:", lines
    assert lines[-1].startswith("  hint: "), lines
    report = lines[1:-1]
    assert report and all(line.startswith("    ") for line in report), lines
    assert "    expecting \\end{document}" in report and "\\n" not in shown.decode(), lines
    caret = next(line for line in report if line.strip() == "^")
    column = 10  # pandoc's "(line 3, column 10)": the caret under it, in the indented line
    assert report[report.index(caret) - 1] == "    \\end{foo}" and caret.index("^") == 4 + column - 1, report

    piped = subprocess.run(argv, capture_output=True, text=True, timeout=120)
    assert piped.returncode == 4
    one = piped.stderr.splitlines()
    assert len(one) == 2 and one[0].startswith(f"error[WRONG_FORMAT]: {source} is not valid latex; pandoc says:\\n")
    assert "expecting \\end{document}\\n" in one[0] and one[1].startswith("  hint: "), one

    as_json = subprocess.run([*argv, "--json"], capture_output=True, text=True, timeout=120)
    assert as_json.returncode == 4 and len(as_json.stderr.splitlines()) == 1, as_json.stderr
    message = json.loads(as_json.stderr)["error"]["message"]
    assert message.startswith(f"{source} is not valid latex; pandoc says:\nError at ") and "\n\\end{foo}\n" in message


def test_a_line_break_in_the_name_stays_escaped_above_the_report(tmp_path: Path) -> None:
    source = tmp_path / "bad\nname.tex"
    source.write_text(BAD_LATEX, encoding="utf-8")
    proc, shown = run_at_terminal([str(PDFTOOLS), "convert", str(source), "-t", "html"], tmp_path, 120,
                                  stream="stderr")
    assert proc.returncode == 4
    first = shown.decode().replace("\r\n", "\n").splitlines()[0]
    assert first == f"error[WRONG_FORMAT]: {tmp_path}/bad\\nname.tex is not valid latex; pandoc says:", first
