from pdftools.main import entry

entry()
