"""Reading untrusted files safely: zip, RAR, 7z and tar containers and XML with caps, the work
one book may cause, numbers parsed with bounds.

Front door: `safezip.py`, `xmlsafe.py`.

Modules:
- `budget`: Caps on the work one book may cause, and optional members that are skipped with a note.
- `numbers`: Numbers read from book text (list starts, page indexes), parsed with bounds, never
  unbounded.
- `rar5`: What libarchive 3.6 does not tell of a RAR 5 archive: password-protected files, a cut
  end.
- `safearchive`: Reading untrusted RAR, 7z and tar comics through libarchive, under the safe zip's
  caps.
- `safezip`: Reading untrusted zip containers (EPUB, CBZ) with caps on size, count, ratio and names.
- `textdecode`: Reading a text file of unknown encoding: size cap, "is it text at all", BOM,
  UTF-8, a guess.
- `xmlsafe`: Hardened XML parsing for untrusted book files: no entities, no DTDs, no network, no
  giants.
"""
