from pdftools.cli import main

main()
