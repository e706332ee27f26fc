"""The MCP server for outside agents: the library up to where the reader is, never beyond."""
