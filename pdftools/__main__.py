from pdftools.main import main

main()
