"""`python -m pdftools`, and the `pdftools` program (its console script): `main.entry`, with the cyclic collector
held off from the first import. What start-up makes lives until the program ends; `cli.app.main` freezes it out
of the collector's way and turns the collector on for the command's own work.

Ctrl-C while the program loads, before the command's own handling is in place, is the command's
INTERRUPTED error (not Python's traceback), and no signal interrupts a native library's initialisation
(`core.signals`: pikepdf's would abort the process)."""

import gc


def main() -> None:
    gc.disable()
    try:
        from pdftools.core.signals import native_loads_held

        native_loads_held()
        from pdftools.main import entry

        entry()
    except KeyboardInterrupt:
        _interrupted()


def _interrupted() -> None:
    import os
    import signal
    import sys

    signal.signal(signal.SIGINT, signal.SIG_DFL)  # a second Ctrl-C ends the program at once
    from pdftools.cli.render import report_error
    from pdftools.errors import Interrupted

    code = report_error(Interrupted("interrupted; no output was written"), as_json="--json" in sys.argv[1:])
    sys.stderr.flush()
    os._exit(code)


if __name__ == "__main__":
    main()
