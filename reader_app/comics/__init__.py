"""Comic pages to text: OCR, panel reading order, page descriptions (Qt-free, never imports rag).

Front door: `text.py`.

Modules:
- `describe`: Comic page descriptions: which pages may be described, the images sent, the stored
  text.
- `ocr`: Text recognition on one page image: rapidocr with its bundled models, offline and quiet.
- `reading_order`: Comic reading order: OCR lines grouped into text blocks, ordered by panel, then
  top to bottom.
- `text`: The words of a comic for the assistant: OCR of each CBZ page, cached, put into the book
  model.
"""
