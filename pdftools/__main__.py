"""`python -m pdftools`, and the `pdftools` program (its console script): `main.entry`, with the cyclic collector
held off from the first import. What start-up makes lives until the program ends; `cli.app.main` freezes it out
of the collector's way and turns the collector on for the command's own work."""

import gc


def main() -> None:
    gc.disable()
    from pdftools.main import entry

    entry()


if __name__ == "__main__":
    main()
