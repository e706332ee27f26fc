"""One audio or video element's player, laid over its box on the page (ui/reader/media_players.py
places it): Qt Multimedia plays the file, video frames arrive through a QVideoSink and are painted
here, so the picture is part of the window like the page (a screenshot shows it).

The book's attributes are honoured: `controls` (a bar to play, pause and seek; without it a video
is only its picture, which a click plays or pauses, and an audio a lone play button), `loop`,
`muted`; `autoplay` is the placer's decision. Its sources are tried in the book's order; only
when every one fails to load does `failed` say why, and the page then shows the book's fallback.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import (
    QColor,
    QIcon,
    QImage,
    QMouseEvent,
    QPainter,
    QPaintEvent,
)
from PySide6.QtMultimedia import (
    QAudioOutput,
    QMediaDevices,
    QMediaPlayer,
    QVideoFrame,
    QVideoSink,
)
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QSlider,
    QStyle,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from reader_app.books.model import Media
from reader_app.ui.page.appearance import Theme
from reader_app.ui.page.safe_paint import paint_safely

Source = tuple[str, Path | None, str]  # member, the file copied out (None: not copied), why not


class MediaPlayerBox(QWidget):
    """A player for `media` over its box: the picture (video), then the control bar."""

    failed = Signal(str)  # every source failed to load: the last reason, in words
    wants_source = Signal(int)  # the source to try next is not copied out of the book yet

    def __init__(self, media: Media, parent: QWidget, *, theme: Theme, bar: int) -> None:
        super().__init__(parent)
        self.setObjectName("mediaPlayer")
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keys stay with the page (turns)
        self.media = media
        self.theme = theme
        self.frame: QImage | None = None  # the video's latest frame drawn
        self._unpainted: QVideoFrame | None = None  # a newer one, not converted yet
        self.poster: QImage | None = None  # shown until the first frame
        self.message = self.tr("Loading…")
        self._sources: list[Source] = []
        self._playing_source = -1
        self._failing: QUrl | None = None  # the source whose failure is being handled
        self._wants_play = False
        self.player = QMediaPlayer(self)
        self.audio = QAudioOutput(self)
        self.audio.setMuted(media.muted)
        self.player.setAudioOutput(self.audio)
        self.player.setLoops(QMediaPlayer.Loops.Infinite if media.loop else QMediaPlayer.Loops.Once)
        self.sink: QVideoSink | None = None
        if media.kind == "video":
            self.sink = QVideoSink(self)
            self.sink.videoFrameChanged.connect(self._frame_arrived)
            self.player.setVideoSink(self.sink)
        self.player.errorOccurred.connect(self._error)
        self.player.mediaStatusChanged.connect(self._status)
        self.player.playbackStateChanged.connect(self._state)
        self.player.durationChanged.connect(self._duration)
        self.player.positionChanged.connect(self._position)
        self.play_button = QToolButton(self)
        self.play_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.play_button.setIcon(self._icon(playing=False))
        self.play_button.setToolTip(self.tr("Play"))
        self.play_button.setEnabled(False)
        self.play_button.clicked.connect(self.toggle)
        self.seek = QSlider(Qt.Orientation.Horizontal, self)
        self.seek.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.seek.setEnabled(False)
        self.seek.sliderMoved.connect(self.player.setPosition)
        self.seek.setAccessibleName(self.tr("Position"))
        self.time = QLabel(self)
        self.time.setStyleSheet(f"color: {theme.muted}")
        bar_row = QHBoxLayout()
        bar_row.setContentsMargins(6, 2, 6, 2)
        bar_row.addWidget(self.play_button)
        bar_row.addWidget(self.seek, 1)
        bar_row.addWidget(self.time)
        self.bar = QWidget(self)
        self.bar.setLayout(bar_row)
        self.bar.setFixedHeight(bar)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addStretch(1)
        layout.addWidget(self.bar)
        if not media.controls:  # the book asked for none: a video is its picture alone
            self.seek.hide()
            self.time.hide()
            self.bar.setVisible(media.kind == "audio")
        self._show_time()

    def restyle(self, theme: Theme, bar: int) -> None:
        """The reader's colours and font size changed: the box was drawn anew at that size."""
        if (theme, bar) != (self.theme, self.bar.height()):
            self.theme = theme
            self.time.setStyleSheet(f"color: {theme.muted}")
            self.bar.setFixedHeight(bar)
            self.update()

    # -- sources ------------------------------------------------------------------------------

    def set_sources(self, sources: list[Source]) -> None:
        """The element's sources in the book's order: the first that loads plays. One with no
        file and no reason is not copied out yet: `wants_source` asks for it when its turn
        comes (`source_copied` answers), so a source after the one that plays is never copied."""
        self._sources = sources
        self._try(0)

    def source_copied(self, index: int, source: Source) -> None:
        """Source `index` copied out (its file), or why it could not be."""
        if 0 <= index < len(self._sources) and self._sources[index][1:] == (None, ""):
            self._sources[index] = source
            if index == self._playing_source:
                self._try(index)

    def _try(self, index: int) -> None:
        while index < len(self._sources) and self._sources[index][1] is None:
            if not self._sources[index][2]:  # its turn: copied out first
                self._playing_source = index
                self.wants_source.emit(index)
                return
            index += 1  # not copied out (too big, unreadable): its reason is kept
        self._playing_source = index
        if index >= len(self._sources):
            reasons = [why for _member, _path, why in self._sources if why]
            self._give_up(reasons[-1] if reasons else self.tr("no file to play"))
            return
        path = self._sources[index][1]
        assert path is not None
        self.player.setSource(QUrl.fromLocalFile(str(path)))

    def _failed_source(self, why: str) -> None:
        """The source being loaded failed: the next is tried once Qt has said all it will say
        about this one (an error, then the status), never while it is still saying it."""
        failing = self.player.source()
        if failing.isEmpty() or failing == self._failing:
            return
        self._failing = failing
        why = why[:1].lower() + why[1:]  # Qt's "Could not open file" goes inside a sentence
        QTimer.singleShot(0, self, lambda: self._move_on(failing, why))

    def _move_on(self, failing: QUrl, why: str) -> None:
        if self.player.source() != failing or not 0 <= self._playing_source < len(self._sources):
            return
        member = self._sources[self._playing_source][0]
        self._sources[self._playing_source] = (member, None, why)
        self._try(self._playing_source + 1)

    def _give_up(self, why: str) -> None:
        self._playing_source = len(self._sources)
        self.player.setSource(QUrl())
        self.message = (self.tr("Can't play this audio: {0}") if self.media.kind == "audio"
                        else self.tr("Can't play this video: {0}")).format(why)
        self.play_button.setEnabled(False)
        self.update()
        self.failed.emit(why)

    def members_failed(self) -> dict[str, str]:
        """Each source that failed, and why (for the page's fallback)."""
        return {member: why for member, path, why in self._sources if path is None and why}

    # -- playing ------------------------------------------------------------------------------

    def play(self) -> None:
        """Play, or as soon as the file is loaded; never out of sight (its page turned away or
        put away for the library): no sound without its control on screen."""
        if not self.isVisible():
            return
        self._wants_play = True
        if self.player.mediaStatus() in (QMediaPlayer.MediaStatus.LoadedMedia,
                                         QMediaPlayer.MediaStatus.BufferedMedia,
                                         QMediaPlayer.MediaStatus.EndOfMedia):  # fmt: skip
            self.player.play()

    def pause(self) -> None:
        self._wants_play = False
        if self.player.playbackState() == QMediaPlayer.PlaybackState.PlayingState:
            self.player.pause()

    def toggle(self) -> None:
        if self.is_playing():
            self.pause()
        else:
            self.play()

    def is_playing(self) -> bool:
        return self.player.playbackState() == QMediaPlayer.PlaybackState.PlayingState

    def release(self) -> None:
        """Stop and let go of the file (the book is closing, or the box is far away).

        An empty source stops the player and closes the file. Not `stop()` first: PySide holds
        Python's lock through `stop()`, while Qt Multimedia's FFmpeg threads, tearing down what
        was wired to this box's Python-made sink and audio output, wait for that lock under a Qt
        lock `stop()` then waits for (a deadlock, seen once in a test's teardown). PySide lets
        go of Python's lock for `setSource()`."""
        self._wants_play = False
        self.player.setSource(QUrl())

    # -- what the player says -----------------------------------------------------------------

    def _status(self, status: QMediaPlayer.MediaStatus) -> None:
        if status == QMediaPlayer.MediaStatus.InvalidMedia:
            self._failed_source(
                self.player.errorString() or self.tr("the file is not a format it knows"))
        elif status == QMediaPlayer.MediaStatus.LoadedMedia:
            self.message = ""
            self.play_button.setEnabled(True)
            self.seek.setEnabled(self.player.isSeekable())
            if not self.audio_outputs() and self.media.kind == "audio":
                self.message = self.tr("no sound device: playing silently")
            self._show_time()
            self.update()
            if self._wants_play and self.isVisible():
                self.player.play()

    def _error(self, error: QMediaPlayer.Error, text: str) -> None:
        if error != QMediaPlayer.Error.NoError:
            self._failed_source(text or self.tr("it could not be read"))

    def _state(self, state: QMediaPlayer.PlaybackState) -> None:
        playing = state == QMediaPlayer.PlaybackState.PlayingState
        if playing and not (self._wants_play and self.isVisible()):
            # A backend that reports the playing late, after the page was turned away (or never
            # asked to): stopped here, as no control is in sight to stop it.
            self.pause()
            return
        self.play_button.setIcon(self._icon(playing=playing))
        self.play_button.setToolTip(self.tr("Pause") if playing else self.tr("Play"))
        self.update()

    def _duration(self, duration: int) -> None:
        self.seek.setRange(0, max(duration, 0))
        self._show_time()

    def _position(self, position: int) -> None:
        if not self.seek.isSliderDown():
            self.seek.setValue(position)
        self._show_time()

    def _show_time(self) -> None:
        text = f"{clock(self.player.position())} / {clock(self.player.duration())}"
        if self.media.kind == "audio" and self.message:
            text = self.message if not self.play_button.isEnabled() else f"{text} · {self.message}"
        self.time.setText(text)
        if not self.media.controls and self.media.kind == "audio":
            self.play_button.setToolTip(self.tr("Play {0}").format(self.media.label)
                                        if self.media.label else self.tr("Play"))

    def _icon(self, *, playing: bool) -> QIcon:
        pixmap = QStyle.StandardPixmap
        return self.style().standardIcon(pixmap.SP_MediaPause if playing else pixmap.SP_MediaPlay)

    @staticmethod
    def audio_outputs() -> int:
        return len(QMediaDevices.audioOutputs())

    def _frame_arrived(self, frame: QVideoFrame) -> None:
        # Converted when painted, not here: frames that come faster than the screen is drawn
        # are dropped without the cost of converting them on the UI thread.
        self._unpainted = frame
        self.update()

    # -- drawing and input --------------------------------------------------------------------

    def picture_rect(self) -> QRectF:
        bottom = self.height() - (self.bar.height() if self.bar.isVisible() else 0)
        return QRectF(0, 0, self.width(), max(bottom, 0))

    def paintEvent(self, event: QPaintEvent) -> None:
        paint_safely(self, self._paint)  # a frame of the book's video must not break the window

    def _paint(self, painter: QPainter) -> None:
        area = self.picture_rect()
        painter.fillRect(self.rect(), QColor(self.theme.background))
        if self.media.kind == "video":
            if self._unpainted is not None:
                image = self._unpainted.toImage()
                self._unpainted = None
                self.frame = image if not image.isNull() else self.frame
            painter.fillRect(area, QColor("#000000"))
            picture = self.frame or self.poster
            if picture is not None and not picture.isNull():
                size = picture.deviceIndependentSize().toSize().scaled(
                    area.size().toSize(), Qt.AspectRatioMode.KeepAspectRatio)
                target = QRectF(0, 0, size.width(), size.height())
                target.moveCenter(area.center())
                painter.drawImage(target, picture)
            if self.message or picture is None:
                painter.setPen(QColor("#d8d6d0"))
                text = self.message or f"▶  {self.media.label}"
                painter.drawText(area.adjusted(8, 8, -8, -8),
                                 Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, text)
        painter.setPen(QColor(self.theme.muted))
        painter.drawRect(self.rect().adjusted(0, 0, -1, -1))

    def mousePressEvent(self, event: QMouseEvent) -> None:
        # A click on the picture plays or pauses (it never reaches the page: no page turn).
        on_picture = self.media.kind == "video" and self.picture_rect().contains(event.position())
        if on_picture and self.play_button.isEnabled():
            self.toggle()
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        event.accept()


def clock(milliseconds: int) -> str:
    seconds = max(milliseconds, 0) // 1000
    minutes, seconds = divmod(seconds, 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02}:{seconds:02}" if hours else f"{minutes}:{seconds:02}"
