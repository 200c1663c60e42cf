"""Reading invoices: embedded e-invoice XML read exactly, else fields from the text by labels, layout, issuer
and totals; user templates for vendors the heuristics miss; renames that never overwrite a file."""
