"""Fonts embedded in an EPUB: which members the book's @font-face rules name, and their bytes.

Fonts listed in META-INF/encryption.xml are obfuscated, not encrypted, by one of two public
algorithms, and are restored here:
- IDPF (`http://www.idpf.org/2008/embedding`): the first 1040 bytes are XORed with the SHA-1 of
  the package's unique identifier (whitespace removed), the 20-byte key repeated;
- Adobe (`http://ns.adobe.com/pdf/enc#RC`): the first 1024 bytes are XORed with the 16 bytes of
  the book's `urn:uuid:` identifier.
A font larger than MAX_FONT_BYTES, or more than MAX_FONTS of them, is not loaded; a remote source
is never fetched (stylesheets.StyleSheets keeps only sources inside the book).
"""

from __future__ import annotations

import hashlib
import re
import uuid
from collections.abc import Iterable
from urllib.parse import unquote

from lxml import etree

from reader_app.books.files.safezip import SafeZip
from reader_app.books.files.xmlsafe import local_name, parse_xml
from reader_app.books.model import EmbeddedFont
from reader_app.books.typography.stylesheets import FontFaceSource

MAX_FONT_BYTES = 8 * 1024 * 1024
MAX_FONTS = 16
ENCRYPTION = "META-INF/encryption.xml"
IDPF = "http://www.idpf.org/2008/embedding"
ADOBE = "http://ns.adobe.com/pdf/enc#RC"
_OBFUSCATED_BYTES = {IDPF: 1040, ADOBE: 1024}
_WHITESPACE = re.compile(r"[\x20\x09\x0d\x0a]")


def embedded_fonts(
    archive: SafeZip, package_root: etree._Element, faces: Iterable[FontFaceSource]
) -> tuple[EmbeddedFont, ...]:
    """The fonts the book's @font-face rules name that are in the archive, with their keys."""
    wanted = [face for face in faces if face.member in archive][:MAX_FONTS]
    if not wanted:
        return ()
    methods = obfuscation_methods(archive)
    fonts: list[EmbeddedFont] = []
    for face in wanted:
        method = methods.get(face.member, "")
        key = obfuscation_key(package_root, method) if method else b""
        fonts.append(
            EmbeddedFont(
                family=face.family,
                member=face.member,
                bold=face.bold,
                italic=face.italic,
                key=key,
                obfuscated=_OBFUSCATED_BYTES.get(method, 0) if key else 0,
            )
        )
    return tuple(fonts)


def obfuscation_methods(archive: SafeZip) -> dict[str, str]:
    """Member -> obfuscation algorithm, from META-INF/encryption.xml (empty if none)."""
    if ENCRYPTION not in archive:
        return {}
    try:
        root = parse_xml(archive.read(ENCRYPTION), path=archive.path, member=ENCRYPTION)
    except Exception:  # an unreadable optional file: fonts simply stay as stored
        return {}
    methods: dict[str, str] = {}
    for data in root.iter():
        if local_name(data) != "encrypteddata":
            continue
        algorithm = uri = ""
        for node in data.iter():
            if local_name(node) == "encryptionmethod":
                algorithm = (node.get("Algorithm") or "").strip()
            elif local_name(node) == "cipherreference":
                uri = unquote((node.get("URI") or "").strip()).lstrip("/")
        if algorithm in _OBFUSCATED_BYTES and uri:
            methods[uri] = algorithm
    return methods


def obfuscation_key(package_root: etree._Element, method: str) -> bytes:
    """The XOR key for `method` from the package's identifiers (b"" when it cannot be made)."""
    identifiers = [
        (element.get("id") or "", (element.text or "").strip())
        for element in package_root.iter()
        if local_name(element) == "identifier" and (element.text or "").strip()
    ]
    if method == IDPF:
        unique_id = package_root.get("unique-identifier") or ""
        chosen = next((text for ident, text in identifiers if ident == unique_id), "")
        chosen = chosen or (identifiers[0][1] if identifiers else "")
        if not chosen:
            return b""
        return hashlib.sha1(_WHITESPACE.sub("", chosen).encode("utf-8")).digest()
    if method == ADOBE:
        for _ident, text in identifiers:
            lowered = text.lower()
            if lowered.startswith("urn:uuid:") or lowered.startswith("uuid:"):
                try:
                    return uuid.UUID(lowered.rsplit(":", 1)[1]).bytes
                except ValueError:
                    continue
    return b""


def deobfuscate(data: bytes, font: EmbeddedFont) -> bytes:
    """The font's real bytes (the XOR is its own inverse)."""
    if not font.obfuscated or not font.key:
        return data
    head = bytearray(data[: font.obfuscated])
    key = font.key
    for index in range(len(head)):
        head[index] ^= key[index % len(key)]
    return bytes(head) + data[font.obfuscated :]
