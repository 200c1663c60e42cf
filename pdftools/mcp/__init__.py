"""`pdftools serve`: every operation as an MCP tool (imported only by `serve`)."""
