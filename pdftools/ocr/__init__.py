"""OCR beneath the `ocr` operation (`pdftools/ops/ocr.py`, which checks the request and picks the input's kind):
the request as the page workers need it (`job`), the result (`result`), a PDF's pages (`pdf`: pages with text
left alone or rasterised, the rest rasterised, recognised and given an invisible text layer), images (`images`),
and what is written besides a new searchable PDF (`outputs`: the sidecar text, the input passed through).
"""
