"""Reading a text file of unknown encoding: size cap, "is it text at all", BOM, UTF-8, a guess."""

from __future__ import annotations

import codecs
from pathlib import Path

from reader_app.books.files.safezip import read_head, unreadable_file_error
from reader_app.errors import BookError, BookTooLargeError, UnsupportedFormatError
from reader_app.translatable import QT_TRANSLATE_NOOP, sentence

# War and Peace as plain text is 3.2 MB; a file ten times that is no book anyone reads as text.
MAX_TEXT_FILE_BYTES = 32 << 20
NOT_TEXT = sentence(QT_TRANSLATE_NOOP(
    "Errors", "it is not a text file (it holds binary data), nor a book Pagemate knows."))
# How much of the file the encoding guess looks at: enough for a confident answer, bounded time.
GUESS_SAMPLE_BYTES = 256 << 10
_BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),  # before UTF-16 LE, whose BOM is its prefix
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
# Among encodings that read a text about as well, the ones books are written in win (Windows
# Cyrillic over the Mac's, which decodes the same bytes into nearly the same letters).
_COMMON_ENCODINGS = ("cp1252", "cp1251", "cp1250", "koi8_r", "cp1253", "cp1254", "cp1257",
                     "iso8859_15", "gb18030", "big5", "shift_jis", "euc_jp", "euc_kr")
# Control characters that text files do not hold (tab, newlines and form feed are fine).
_BINARY_BYTES = frozenset(range(0, 9)) | frozenset(range(14, 27)) | frozenset(range(28, 32))


def bom_encoding(head: bytes) -> str | None:
    """The encoding a byte-order mark names, or None."""
    return next((name for bom, name in _BOMS if head.startswith(bom)), None)


def looks_like_text(head: bytes) -> bool:
    """Whether the first bytes of a file are text: a BOM, or no NUL and few control bytes."""
    if bom_encoding(head) is not None:
        return True
    if b"\x00" in head:
        return False
    odd = sum(1 for byte in head if byte in _BINARY_BYTES)
    return odd <= max(2, len(head) // 200)


def read_text_file(path: Path, *, max_bytes: int = MAX_TEXT_FILE_BYTES) -> tuple[str, str]:
    """(text, encoding) of the text file at `path`, newlines made "\\n". BookError when it is
    too large, cannot be read, or is not text (binary bytes)."""
    try:
        size = path.stat().st_size
    except OSError as error:
        raise unreadable_file_error(path, error) from error
    if size > max_bytes:
        raise BookTooLargeError(path, sentence(QT_TRANSLATE_NOOP(
            "Errors", "it is a text file of {mb} MB, far more than any book (the limit is "
            "{limit} MB); it was not opened."), mb=round(size / (1 << 20)),
            limit=max_bytes >> 20))
    if not looks_like_text(read_head(path, 4096)):
        raise UnsupportedFormatError(path, NOT_TEXT)
    try:
        data = path.read_bytes()[: max_bytes + 1]
    except OSError as error:
        raise unreadable_file_error(path, error) from error
    text, encoding = decode_text(data, path=path)
    return text.replace("\r\n", "\n").replace("\r", "\n"), encoding


def decode_text(data: bytes, *, path: Path) -> tuple[str, str]:
    """The text of `data` and the encoding it was read in: the BOM's, else UTF-8 (with its few
    damaged bytes replaced), else a guess (charset-normalizer), else Windows-1252 (which decodes
    any byte)."""
    encoding = bom_encoding(data[:4])
    if encoding is not None:
        bom = next(b for b, name in _BOMS if name == encoding)
        try:
            return data[len(bom) :].decode(encoding), encoding
        except UnicodeDecodeError as error:
            raise BookError(path, sentence(QT_TRANSLATE_NOOP(
                "Errors", "it says it is {encoding} text, but its bytes are damaged."),
                encoding=encoding.upper())) from error
    if b"\x00" in data:
        raise UnsupportedFormatError(path, NOT_TEXT)
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    damaged_utf8 = data.decode("utf-8", errors="replace")
    if _mostly_utf8(data, damaged_utf8):
        return damaged_utf8, "utf-8"
    guessed = _guess_encoding(data[:GUESS_SAMPLE_BYTES])
    if guessed is not None:
        try:
            return data.decode(guessed), guessed
        except (UnicodeDecodeError, LookupError):
            pass
    # cp1252 leaves five bytes undefined; latin-1 reads those as the control characters they are.
    return _cp1252_or_latin1(data), "cp1252"


def _mostly_utf8(data: bytes, decoded: str) -> bool:
    """Whether `data`, `decoded` as UTF-8 with each bad byte run made U+FFFD, is UTF-8 text with
    a little damage (a download cut inside a letter, a patch of noise) rather than text in another
    encoding: its well-formed letters of two or more bytes far outnumber the bad runs. Text in a
    one-byte code page almost never holds a well-formed UTF-8 sequence, so it is not taken."""
    bad_runs = decoded.count("\ufffd")
    multibyte_extra = len(data) - len(decoded)  # bytes beyond the first of each multibyte letter
    return multibyte_extra >= 2 * bad_runs


def _guess_encoding(sample: bytes) -> str | None:
    # charset-normalizer (MIT) is already installed with `requests`; imported late, as most
    # books are UTF-8 and never need it.
    try:
        from charset_normalizer import from_bytes
    except ImportError:  # pragma: no cover - a slimmed install: the cp1252 fallback still reads
        return None
    matches = list(from_bytes(sample, cp_isolation=None, threshold=0.2))
    if not matches:
        return None
    best = matches[0]
    if best.encoding in ("utf_8", "ascii"):
        return None
    if best.coherence < 0.1:
        # No language recognised (a short or mixed text): the code page Windows wrote most
        # books in, when the bytes are one, rather than a look-alike that decodes them too.
        try:
            sample.decode("cp1252")
        except UnicodeDecodeError:
            return str(best.encoding)
        return "cp1252"
    close = [m.encoding for m in matches
             if m.chaos <= best.chaos + 0.05 and m.coherence >= best.coherence - 0.1]
    return next((name for name in _COMMON_ENCODINGS if name in close), str(best.encoding))


def _cp1252_or_latin1(data: bytes) -> str:
    text = data.decode("cp1252", errors="replace")  # one character per byte
    if "\ufffd" not in text:
        return text
    return "".join(chr(data[i]) if char == "\ufffd" else char for i, char in enumerate(text))
