"""Character chat: talk with a character who knows only what the reader has read.

Front door: `chat.py` (`CharacterChat`).

Modules:
- `chat`: Character chat (no Qt): talk with a character who knows only what the reader has read.
- `gateway`: The model gateway for character chat: `ModelGateway` with the persona passes, the
  search rewrite, the answer in character and the chat summary.
- `persona`: A character's persona for character chat, made only from what the reader has read.
- `prompts`: Every piece of text character chat sends a model: the persona's two passes, the search
  rewrite, the answer in character and the conversation summary (rag/model/prompts.py's sibling).
- `store`: Conversations with characters: one thread per book and character, listed beside the
  assistant's own conversations.
"""
