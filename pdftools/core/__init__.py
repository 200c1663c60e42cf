"""What operations share: parameters, page ranges, paths, opening and writing PDFs."""
