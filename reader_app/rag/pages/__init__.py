"""A comic's pages described by a vision model, for the answers about a comic (the page is the
unit of its boundary).

Front door: `vision.py` (`describe_pages`).

Modules:
- `vision`: A comic page described by a vision model: the request (the page's image, sealed, and a
  short prompt, nothing else), the model that can see it, and the setting-aware entry point.
"""
