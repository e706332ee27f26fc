"""Which OpenType features a font really has (read from its GSUB table), for true small caps.

CSS `font-variant: small-caps` is best drawn with the font's own small-capital glyphs (the `smcp`
feature: Linux Libertine, the bundled face, has them); Qt's `Capitalization.SmallCaps` fakes them
with shrunken capitals, which look thin beside the text. Fonts without `smcp` get the fake.
"""

from __future__ import annotations

import struct

from PySide6.QtGui import QFont, QRawFont, QTextCharFormat

SMALL_CAPS = "smcp"


def gsub_features(table: bytes) -> frozenset[str]:
    """The feature tags listed in a GSUB table (empty for a missing or damaged table)."""
    try:
        feature_list = struct.unpack_from(">H", table, 6)[0]
        count = struct.unpack_from(">H", table, feature_list)[0]
        tags = set()
        for index in range(min(count, 4096)):
            start = feature_list + 2 + index * 6
            tags.add(table[start : start + 4].decode("ascii", errors="replace"))
        return frozenset(tags)
    except struct.error:
        return frozenset()


class FontFeatures:
    """Feature lookups per family, cached (a family's tables do not change while it is loaded)."""

    def __init__(self) -> None:
        self._known: dict[str, frozenset[str]] = {}

    def features(self, family: str) -> frozenset[str]:
        found = self._known.get(family)
        if found is None:
            raw = QRawFont.fromFont(QFont(family))
            table = raw.fontTable("GSUB") if raw.isValid() else None
            found = gsub_features(bytes(table.data())) if table is not None else frozenset()
            self._known[family] = found
        return found

    def small_caps(self, fmt: QTextCharFormat, family: str, on: bool) -> None:
        """Small capitals on `fmt`: the font's own `smcp` glyphs where it has them."""
        real = on and SMALL_CAPS in self.features(family)
        fmt.setFontFeatures({QFont.Tag(SMALL_CAPS): 1} if real else {})
        fake = on and not real
        fmt.setFontCapitalization(
            QFont.Capitalization.SmallCaps if fake else QFont.Capitalization.MixedCase
        )
