"""Synthetic invoices with known fields: the accuracy test set for `rename-invoice` (tests and benchmarks)."""
