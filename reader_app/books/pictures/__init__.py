"""Pictures: identified by their bytes, sized from their headers, decoded under caps (any decoder
failure a refusal), and cover thumbnails.

Front door: `covers.py`.

Modules:
- `covers`: Image safety (pixel caps read from headers only) and cover thumbnails for the library
  grid.
- `jxl_header`: JPEG XL: the picture's size read from its header alone, and the Pillow plugin that
  decodes it.
- `picture_decode`: pictures identified by their bytes; those Qt cannot read (AVIF, JPEG XL, PSD, …)
  decoded by Pillow, under the same caps as the rest, any decoder failure a refusal.
"""
