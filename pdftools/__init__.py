"""pdftools: a PDF toolkit for people at a shell, CI jobs and AI agents."""

__version__ = "0.1.0"
