"""The MCP server for outside agents: the library up to where the reader is, never beyond.

Front door: `server.py`.

Modules:
- `ask`: `ask_book`: a question answered by the assistant engine from what the reader has read.
- `keyword_only`: The search without its dense half, for when the embedding model cannot be loaded.
- `library`: What the MCP tools answer, free of the protocol: books, where the reader is, scoped
  search.
- `server`: `reader-app mcp`: the library served to agents over MCP (stdio), on the official `mcp`
  SDK.
"""
