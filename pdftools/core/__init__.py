"""What every operation shares: parameters, page ranges, paths, opening and saving PDFs, the decompression
guard, tasks (progress, cancel, deadline), limits, results. Imports nothing of pdftools but `errors`."""
