"""The assistant dock: ask about the book, watch the answer stream in, follow its citations.

Front door: `panel.py` (`AssistantPanel`), on `conversation_dock.py` (`ConversationDock`), the
base that character chat (`ui/companion/character_dock.py`) is built on too.

Modules:
- `assistant_line`: The status bar's assistant line: the preparation's words
  (ui/window/preparation_words.py) joined with whether the model was last reached, honestly: an
  index can be ready while Ollama is down, and then the reader is told so; a server elsewhere that
  nothing was sent to (no consent) is not called unreachable; a stale banner goes once the host or
  the consent changes, or an answer streams. (Where the reader is: ui/aids/place_line.py.)
- `conversation_dock`: The one conversation dock: a transcript, a message box, one streamed reply
  at a time, Stop.
- `conversation_jobs`: The assistant panel's conversation bookkeeping, off the UI thread.
- `dock_jobs`: What the window lends every dock fed by background jobs, and a dock's own lanes on
  its workers.
- `flow_layout`: Layouts that wrap rather than squeeze: a flow of items in rows (Qt's flow layout
  example) with chips that shrink, and a header row whose label moves above its buttons when the
  dock is narrow.
- `jobs`: The assistant panel's background jobs, run by `DockJobs`: an answer and a model
  download.
- `panel`: The assistant dock: ask about the book, watch the answer stream in, follow its
  citations.
- `server_words`: How the assistant's settings page names a server and says why Test connection
  failed: a server's kind (the model it brings) and name, and a failure's advice in words that
  fit the page the reader is on.
- `settings_page`: The assistant's settings page: the model server (a preset or an address), its
  API key when it needs one, the model from the server's own list, "Test connection", the servers
  found running on this computer, the consent a server elsewhere needs, answer length and the query
  rewrite.
- `transcript_view`: Drawing the conversation into the assistant's transcript: the stored turns
  through the Qt-free renderer (`rag/assistant/transcript.py`), the streaming answer as it grows,
  and the links in it (show a veiled sentence, open a receipt, follow a citation).
- `view`: The assistant dock's own widgets: the header row, the whole-comic note, the banner, the
  chips.
- `waiting_line`: The line under a reply while the model reads its prompt: how many passages, how
  much the server has read, and a countdown from its measured speed.
"""
