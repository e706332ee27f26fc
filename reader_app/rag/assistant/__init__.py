"""The assistant: a question answered from scoped passages, streamed, stored, checked for spoilers.

Front door: `engine.py` (`Assistant.ask`).

Modules:
- `answer_driver`: One answer driven from the question to its last token, for the assistant and
  character chat alike (no Qt): the docks start it in a worker and paint what it reports, once.
- `answer_check`: The spoiler receipt: an answer checked locally against what the book introduces
  only later.
- `answer_run`: One question being answered (no Qt): prepared as a value (`PreparedQuestion`), the
  answer streams, and is stored when it ends, however it ends (complete, stopped, incomplete, or the
  passages already read when the model cannot answer), with its spoiler check.
- `answer_view`: How an answer is drawn (Qt-free HTML): veiled sentences, the receipt line, its
  passages.
- `calls`: The assistant's model calls, each a sealed request of its own (prompts.py) sent through
  the port: the answer, the search rewrite, the ranking, the hypothetical passage, the chips, the
  summary.
- `citation_text`: How a cited passage reads for the reader under an answer: the link that jumps to
  it, with its quote. Text for the screen, never sent to a model (the quote is cut by
  `rag/scope/citations.py`).
- `comic_pages`: A comic asked about while OCR still reads its pages: say so, wait for the pages up
  to the boundary, then answer from them (or from what is ready, with a note).
- `conversation_claims`: One message at a time per conversation, across windows and processes.
- `conversations`: Conversations with the assistant per book: messages, citations, summaries,
  rewrite cache.
- `engine`: The assistant engine (no Qt): question -> rewrite -> scoped search -> prompt ->
  streamed answer.
- `followup`: Whether a question leans on the conversation before it ("what did he do next?"),
  decided on this computer with no model call: only such a question is worth rewriting into a
  search before the answer.
- `kept_window`: The window read along kept from one reading to the next where the server can
  (llama.cpp's slot files): saved as the book closes, restored as it opens.
- `model_ranking`: The chat model's optional help with retrieval: a hypothetical passage and a
  ranking, cached.
- `places`: Where a sentence of a book is, as a reader says it: "Chapter 31 (62%)".
- `pool`: Assistants kept between questions: a connection, an `Assistant`, its model gateway and
  Ollama client are built once and lent to each answer, instead of built and closed per question.
- `prompts`: Every piece of text the assistant sends a model, and the sealed requests made of it.
- `read_along`: The model server reads the pages the reader has read, in the background, as they
  are read: the window (sealed, rebuilt from the scope, growing at its end) that every later
  answer's prompt begins with.
- `term_table`: Each book's first-occurrence table of names and phrases, for the spoiler receipt.
- `transcript`: The assistant's transcript as HTML: questions, answers with their citation links,
  and the answers given further on in the book hidden (Qt-free; the panel only shows what this
  returns).
"""
