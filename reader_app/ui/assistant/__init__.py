"""The assistant dock: ask about the book, watch the answer stream in, follow its citations.

Front door: `panel.py` (`AssistantPanel`).

Modules:
- `assistant_line`: The status bar's assistant line: the preparation's words
  (ui/window/preparation_words.py) joined with whether the model was last reached, honestly: an
  index can be ready while Ollama is down, and then the reader is told so; a stale "isn't running"
  banner goes once the host changes or an answer streams. (Where the reader is:
  ui/aids/place_line.py.)
- `conversation_jobs`: The assistant panel's conversation bookkeeping, off the UI thread.
- `flow_layout`: A layout that wraps its items into rows (Qt's flow layout example), and chips that
  shrink.
- `jobs`: The assistant panel's background jobs, run by `Workers`: an answer and a model download.
- `panel`: The assistant dock: ask about the book, watch the answer stream in, follow its
  citations.
- `settings_page`: The assistant's settings page: the model server (a preset or an address), its
  API key when it needs one, the model from the server's own list, "Test connection", the servers
  found running on this computer, the consent a server elsewhere needs, answer length and the query
  rewrite.
- `transcript_view`: Drawing the conversation into the assistant's transcript: the stored turns
  through the Qt-free renderer (`rag/assistant/transcript.py`), the streaming answer as it grows,
  and the links in it (show a veiled sentence, open a receipt, follow a citation).
- `view`: The assistant dock's widgets: the header, the notes and banners, the transcript, the
  question box and its buttons, and how they show a note, a banner or suggestion chips.
"""
