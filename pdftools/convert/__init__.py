"""Documents through pandoc: formats and the sandbox (`pandoc`), the images a document names (`media`), the PDF
engines weasyprint and typst (`engines`), and PDF as input from poppler's text boxes (`pdfinput`)."""
