"""Audio and video in a section's QTextDocument: a box of fixed size the page view covers with a
player (ui/reader/media_players.py), or the book's fallback text when nothing can be played.

The box is one object character, like a picture, so pagination treats it as a line of its height
and every locator stays the book's. What is drawn in it is only seen where no player covers it.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QRectF, QSizeF, Qt, QUrl
from PySide6.QtGui import (
    QColor,
    QFont,
    QImage,
    QPainter,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextImageFormat,
)

from reader_app.books.model import Block, Media
from reader_app.ui.page.appearance import Theme
from reader_app.ui.translation import translate

AUDIO_WIDTH = 420.0  # the widest an audio player's bar is drawn
VIDEO_WIDTH = 640.0  # a video with no width attribute is drawn this wide at most
BAR_EMS = 2.6  # a control bar's height, in ems of the reader's font


def bar_height(font_size: float) -> int:
    """The height of a player's control bar (and so of an audio box) for the reader's font."""
    return max(round(font_size * BAR_EMS), 32)


def box_size(media: Media, area: QSizeF, font_size: float) -> QSizeF:
    """The box a player fills: an audio bar, or a video picture (by its width and height
    attributes, else 16:9) with the bar under it when the book asks for controls, within `area`."""
    bar = bar_height(font_size)
    if media.kind == "audio":
        return QSizeF(min(area.width(), max(AUDIO_WIDTH, font_size * 24)), bar)
    width = float(media.width) if media.width else min(area.width(), VIDEO_WIDTH)
    ratio = media.height / media.width if media.width and media.height else 9 / 16
    width = min(width, area.width())
    room = max(area.height() - (bar if media.controls else 0.0), bar)
    picture = min(width * ratio, room)
    width = min(width, picture / ratio)
    return QSizeF(max(width, bar * 4), picture + (bar if media.controls else 0.0))


def unplayable_note(media: Media, reason: str | None) -> str:
    """What the page says after the fallback when nothing can be played, in words."""
    name = f" “{media.label}”" if media.label else ""
    audio = media.kind == "audio"
    if not media.sources:
        return (translate("Page", "[the audio{0} is not in the book]") if audio else
                translate("Page", "[the video{0} is not in the book]")).format(name)
    return (translate("Page", "[the audio{0} could not be played: {1}]") if audio else
            translate("Page", "[the video{0} could not be played: {1}]")).format(name, reason)


class RestingPictures:
    """The pictures drawn under one document's players: one for each look (kind, name, size),
    all within RESTING_PIXELS. A box past that budget (a chapter of hundreds of them, which a
    hostile book makes with a few bytes each) gets one small plain frame, stretched to it."""

    def __init__(self, doc: QTextDocument, *, theme: Theme, font_size: float) -> None:
        self.doc, self.theme, self.font_size = doc, theme, font_size
        self.pixels = 0
        self._names: dict[tuple[str, str, int, int], str] = {}
        self._plain_added = False

    def name(self, media: Media, size: QSizeF) -> str:
        """The resource drawn in a box of `size` for `media`."""
        key = (media.kind, media.label, round(size.width()), round(size.height()))
        found = self._names.get(key)
        if found is None:
            found = self._names[key] = self._new(media, size, max(key[2], 1) * max(key[3], 1))
        return found

    def _new(self, media: Media, size: QSizeF, pixels: int) -> str:
        plain = round(PLAIN_SIZE.width() * PLAIN_SIZE.height())
        if self.pixels + pixels <= RESTING_PIXELS - plain:
            self.pixels += pixels
            name = f"media:{len(self._names)}"
            picture = resting_picture(media, size, theme=self.theme, font_size=self.font_size)
            self.doc.addResource(QTextDocument.ResourceType.ImageResource, QUrl(name), picture)
            return name
        if not self._plain_added:
            self._plain_added = True
            picture = resting_picture(None, PLAIN_SIZE, theme=self.theme, font_size=0.0)
            self.doc.addResource(QTextDocument.ResourceType.ImageResource, QUrl(PLAIN_NAME),
                                 picture)
        return PLAIN_NAME


# The pixels of resting pictures one section's document holds at most (16 MB).
RESTING_PIXELS = 4_000_000
PLAIN_NAME = "media:plain"
PLAIN_SIZE = QSizeF(64, 36)


def insert_media(
    doc: QTextDocument,
    cursor: QTextCursor,
    block: Block,
    *,
    area: QSizeF,
    font_size: float,
    pictures: RestingPictures,
    theme: Theme,
    unplayable: Mapping[str, str],
) -> bool:
    """Insert `block`'s player box (True), or its fallback text and a note when none of its
    sources is in the book or all of them failed to play (`unplayable`: member -> why)."""
    media = block.media
    assert media is not None
    failed = [unplayable[s] for s in media.sources if s in unplayable]
    if not media.sources or len(failed) == len(media.sources):
        text = QTextCharFormat()
        text.setForeground(QColor(theme.text))
        note = QTextCharFormat()
        note.setForeground(QColor(theme.muted))
        note.setFontItalic(True)
        if block.text:  # the book's own fallback, its offsets the block's
            cursor.insertText(block.text + " ", text)
        cursor.insertText(unplayable_note(media, failed[-1] if failed else None), note)
        return False
    size = box_size(media, area, font_size)
    fmt = QTextImageFormat()
    fmt.setName(pictures.name(media, size))
    fmt.setWidth(size.width())
    fmt.setHeight(size.height())
    cursor.insertImage(fmt)
    return True


def resting_picture(
    media: Media | None, size: QSizeF, *, theme: Theme, font_size: float
) -> QImage:
    """The box as drawn under its player: a framed panel naming the file (None: a plain one)."""
    image = QImage(max(int(size.width()), 1), max(int(size.height()), 1),
                   QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    frame = QColor(theme.muted)
    painter.setPen(frame)
    fill = QColor(frame)
    fill.setAlpha(40)
    painter.setBrush(fill)
    painter.drawRoundedRect(QRectF(0.5, 0.5, size.width() - 1, size.height() - 1), 6, 6)
    if media is None:
        painter.end()
        return image
    font = QFont()
    font.setPointSizeF(max(font_size * 0.8, 6.0))
    painter.setFont(font)
    painter.setPen(QColor(theme.text))
    kind = translate("Page", "Audio") if media.kind == "audio" else translate("Page", "Video")
    label = f"▶  {kind}: {media.label}" if media.label else f"▶  {kind}"
    painter.drawText(QRectF(0, 0, size.width(), size.height()), Qt.AlignmentFlag.AlignCenter, label)
    painter.end()
    return image
