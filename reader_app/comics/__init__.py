"""Comic pages to text: OCR, panel reading order, page descriptions (Qt-free, never imports rag)."""
