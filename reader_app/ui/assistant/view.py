"""The assistant dock's own widgets: the header row, the whole-comic note, the banner, the chips.

They sit on the conversation dock (`ui/assistant/conversation_dock.py`: transcript, question box,
Send and Stop, the note); what the panel does with them is `ui/assistant/panel.py`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QMenu,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from reader_app.translatable import QT_TRANSLATE_NOOP
from reader_app.ui.assistant.conversation_dock import ConversationDock
from reader_app.ui.assistant.dock_jobs import DockShared
from reader_app.ui.assistant.flow_layout import DOCK_MIN_WIDTH, Chip, FlowLayout, HeaderRow
from reader_app.ui.translation import translate

if TYPE_CHECKING:  # the gateway (httpx) loads with the first download, not at launch
    from reader_app.rag.model.gateway import PullProgress

SelectionMode = Literal["ask", "explain", "who"]
SELECTION_PREFIXES: dict[str, str] = {
    "ask": QT_TRANSLATE_NOOP("AssistantView", "About this passage: “{text}” — "),
    "explain": QT_TRANSLATE_NOOP("AssistantView", "Explain this passage: “{text}”"),
    "who": QT_TRANSLATE_NOOP("AssistantView", "Who is {text}?"),
}


class AssistantView(ConversationDock):
    """The conversation dock with the assistant's widgets, with no behaviour of its own beyond
    showing things."""

    def __init__(self, home: Path, parent: QWidget | None, *, shared: DockShared | None) -> None:
        super().__init__(translate("AssistantView", "Assistant"), home, parent,
                         names="assistant", shared=shared)
        self.setObjectName("assistantPanel")
        self.input.setPlaceholderText(self.tr("Ask about what you've read…"))

    def _add_header(self, body: QWidget, layout: QVBoxLayout) -> None:
        self.header = QLabel(self.tr("Knows up to: nothing yet"), body)
        self.header.setObjectName("assistantKnowsUpTo")
        self.header.setToolTip(
            self.tr("The assistant answers only from what you have read up to here."))
        self.header.setWordWrap(True)  # only when it is longer than the whole dock is wide
        self.new_button = QPushButton(self.tr("New conversation"), body)
        self.new_button.setObjectName("assistantNewConversation")
        # filled by ui/companion/character_entry.py
        self.talk_button = QPushButton(self.tr("Talk to…"), body)
        self.talk_button.setObjectName("assistantTalkTo")
        self.talk_button.setMenu(QMenu(self.talk_button))
        # Narrow, the header goes above the buttons, not into a column of one word a line.
        layout.addLayout(HeaderRow(self.header, [self.new_button, self.talk_button]))

        # The one labelled exception to the boundary, visible for as long as it is on.
        self.whole_comic = QFrame(body)
        self.whole_comic.setObjectName("assistantWholeComic")
        self.whole_comic.setFrameShape(QFrame.Shape.StyledPanel)
        whole_layout = QHBoxLayout(self.whole_comic)
        self.whole_comic_text = QLabel(
            self.tr("Whole comic prepared: you let the vision model see every page. Pages past "
                    "where you are stay out of answers until you reach them."),
            self.whole_comic,
        )
        self.whole_comic_text.setWordWrap(True)
        whole_layout.addWidget(self.whole_comic_text, 1)
        self.whole_comic_off = QPushButton(self.tr("Turn off"), self.whole_comic)
        self.whole_comic_off.setObjectName("assistantWholeComicOff")
        whole_layout.addWidget(self.whole_comic_off)
        self.whole_comic.hide()
        layout.addWidget(self.whole_comic)

        self.banner = QFrame(body)
        self.banner.setObjectName("assistantBanner")
        self.banner.setFrameShape(QFrame.Shape.StyledPanel)
        banner_layout = QVBoxLayout(self.banner)
        self.banner_text = QLabel(self.banner)
        self.banner_text.setObjectName("assistantBannerText")
        self.banner_text.setWordWrap(True)
        banner_layout.addWidget(self.banner_text)
        row = QHBoxLayout()
        self.download_button = QPushButton(self.tr("Download model"), self.banner)
        self.download_button.setObjectName("assistantDownload")
        row.addWidget(self.download_button)
        self.download_progress = QProgressBar(self.banner)
        self.download_progress.setObjectName("assistantDownloadProgress")
        self.download_progress.setRange(0, 1000)
        row.addWidget(self.download_progress, 1)
        self.download_cancel = QPushButton(self.tr("Cancel"), self.banner)
        self.download_cancel.setObjectName("assistantDownloadCancel")
        row.addWidget(self.download_cancel)
        banner_layout.addLayout(row)
        self.banner.hide()
        layout.addWidget(self.banner)

    def _add_under_transcript(self, body: QWidget, layout: QVBoxLayout) -> None:
        self.suggestion_row = FlowLayout(min_width=DOCK_MIN_WIDTH)  # chips wrap, never widen
        layout.addLayout(self.suggestion_row)
        self.suggestion_buttons: list[QPushButton] = []

    def ask_about_selection(self, text: str, mode: SelectionMode) -> None:
        """Put the selected text in the question box with a prefix that fits `mode`."""
        text = " ".join(text.split())
        if len(text) > 400:
            text = text[:399] + "…"
        self.input.setPlainText(self.tr(SELECTION_PREFIXES[mode]).format(text=text))
        self.input.moveCursor(QTextCursor.MoveOperation.End)
        self.show()
        self.raise_()
        self.input.setFocus()

    def _on_pull_progress(self, progress: PullProgress) -> None:
        if progress.fraction is not None:
            self.download_progress.setValue(int(progress.fraction * 1000))
        self.download_progress.setFormat(f"{progress.status} %p%")  # the server's words

    def _banner(self, text: str, *, offer_download: bool, downloading: bool) -> None:
        self.banner_text.setText(text)
        self.download_button.setVisible(offer_download)
        self.download_progress.setVisible(downloading)
        self.download_cancel.setVisible(downloading)
        self.banner.show()

    def _show_suggestions(self, suggestions: tuple[str, ...], ask: Callable[[str], None]) -> None:
        self._clear_suggestions()
        for text in suggestions:
            button = Chip(text, self)
            button.setObjectName("assistantSuggestion")
            button.clicked.connect(lambda _=False, q=text: ask(q))
            self.suggestion_row.addWidget(button)
            self.suggestion_buttons.append(button)

    def _clear_suggestions(self) -> None:
        for button in self.suggestion_buttons:
            self.suggestion_row.removeWidget(button)
            button.deleteLater()
        self.suggestion_buttons = []
