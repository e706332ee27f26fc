"""Character chat: talk with a character who knows only what the reader has read.

Front door: `chat.py` (`CharacterChat`).

Modules:
- `calls`: Character chat's model calls over the port, each a sealed request of its own
  (prompts.py): the persona's two passes, the search rewrite and the chat's summary.
- `chat`: Character chat (no Qt): talk with a character who knows only what the reader has read.
- `persona`: A character's persona for character chat, made only from what the reader has read.
- `prompts`: Every piece of text character chat sends a model, and the sealed requests made of it:
  the persona's two passes, the search rewrite, the answer in character and the summary.
- `store`: Conversations with characters: one thread per book and character, listed beside the
  assistant's own conversations.
"""
