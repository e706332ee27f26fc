"""Preparing a book for the assistant, one path for every front end (the window, the command line,
the MCP server): text, OCR and page descriptions, index, earlier volumes.

Nothing is imported here, so the window reads the news at launch (`news.py`) without loading the
pipeline, the indexer and its numpy.

Front door: `pipeline.py` (`prepare_book`); the window's `process.py` (`PreparationProcess`).

Modules:
- `news`: What a preparation reports (`PrepareNews`), apart from the preparing itself.
- `pipeline`: The one preparation pipeline: a book's text (a comic's by OCR), sentences, chunks and
  the keyword index, the dense index in reading order, the earlier volumes of its series.
- `process`: Preparing books in a child process, so the window's process never shares its GIL with
  the work; its news relayed through a pipe, cancel, a dead child reported and resumed.
"""
