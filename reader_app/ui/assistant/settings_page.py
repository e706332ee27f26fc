"""The assistant's settings page: the model server (a preset or an address), its API key when it
needs one, the model from the server's own list, "Test connection", the servers found running on
this computer, the consent a server elsewhere needs, answer length, how long the reader will wait
for the first words, and the query rewrite."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from reader_app.errors import ReaderError
from reader_app.rag.model.gateway import ModelGateway
from reader_app.rag.model.servers import (
    OTHER_OPENAI,
    PRESETS,
    address_sentence,
    api_keys,
    api_of,
    host_of,
    normalised,
    origin_of,
    preset_for,
    spelt_as_this_computer,
)
from reader_app.settings import SettingsStore, declared
from reader_app.translatable import QT_TRANSLATE_NOOP
from reader_app.ui.assistant.server_words import said_in_settings, server_kind, server_name
from reader_app.ui.translation import Plurals, number_text, said, translate
from reader_app.ui.workers import Workers

ANSWER_LENGTH_LABELS = {"short": QT_TRANSLATE_NOOP("AssistantSettingsPage", "Short"),
                        "medium": QT_TRANSLATE_NOOP("AssistantSettingsPage", "Medium"),
                        "long": QT_TRANSLATE_NOOP("AssistantSettingsPage", "Long")}
# "assistant.answer_wait": seconds to the first words, as the reader picks them.
WAIT_LABELS = {
    15: QT_TRANSLATE_NOOP("AssistantSettingsPage",
                          "Answer quickly (first words within about 15 s)"),
    40: QT_TRANSLATE_NOOP("AssistantSettingsPage", "Balanced (about 40 s)"),
    120: QT_TRANSLATE_NOOP("AssistantSettingsPage", "Read more (up to 2 minutes)"),
}
MODELS_LANE = "assistant:models"
PROBE_LANE = "assistant:probe"
PROBE_CONNECT_SECONDS = 0.5


def list_models(url: str, *, api_key: str = "", connect_timeout: float = 2.0,
                agreed: bool = False) -> list[str]:
    """The models the server at `url` offers (raises our errors). Nothing is asked of a server
    on another computer unless the reader `agreed` to it (RemoteServerNotAllowedError)."""
    gateway = ModelGateway(host=url, model="", api_key=api_key, timeout=5.0,
                           connect_timeout=connect_timeout, text_may_leave=agreed or None)
    try:
        return gateway.models.installed()
    finally:
        gateway.close()


# How to start llama.cpp's server so that what the model read along is kept between readings
# (rag/assistant/kept_window.py); Ollama keeps nothing between its runs.
READ_ALONG_HELP = QT_TRANSLATE_NOOP(
    "AssistantSettingsPage",
    "With llama.cpp's llama-server, what the model has read is kept from one reading to the "
    "next when the server is started with a folder to keep it in: llama-server -m MODEL.gguf "
    "--slot-save-path ~/.cache/llama-slots (add --swa-full for Gemma models).")


@dataclass(frozen=True, slots=True)
class FoundServer:
    names: str  # "LM Studio", or "llama.cpp server or LocalAI" for a shared address
    url: str
    models: tuple[str, ...]


def probe_presets() -> list[FoundServer]:
    """The preset servers running on this computer, each asked for its models (quickly: a port
    with nothing behind it answers at once, so this costs well under a second)."""
    found = []
    for url in dict.fromkeys(normalised(p.url) for p in PRESETS):
        names = translate("AssistantSettingsPage", " or ").join(
            p.name for p in PRESETS if normalised(p.url) == url)
        try:
            models = list_models(url, connect_timeout=PROBE_CONNECT_SECONDS)
        except ReaderError:
            continue
        found.append(FoundServer(names, url, tuple(models)))
    return found


def found_text(found: list[FoundServer]) -> str:
    if not found:
        return translate("AssistantSettingsPage", "No model server is running on this computer.")
    parts = []
    for server in found:
        count = len(server.models)
        parts.append(Plurals().servers_models(count).format(
            f"<a href='{server.url}'>{server.names}</a>"))
    return "; ".join(parts) + "."


class AssistantSettingsPage(QWidget):
    """A form the settings dialog embeds; `apply()` saves what the reader chose. The models are
    listed on `workers`, the window's pool (a pool of its own when the page stands alone)."""

    def __init__(self, settings: SettingsStore, parent: QWidget | None = None, *,
                 workers: Workers | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("assistantSettings")
        self.settings = settings
        self.workers = workers if workers is not None else Workers(self, max_threads=1)
        shared = self.workers
        for lane in (MODELS_LANE, PROBE_LANE):  # no reply to a closed page
            self.destroyed.connect(lambda _=None, lane=lane: shared.drop(lane))
        self._allowed = list(settings.get("assistant.allowed_remote_hosts"))
        self._treat_as_remote = tuple(settings.get("assistant.treat_as_remote"))
        # Each server's own model choice while the page is open (the saved one for the saved
        # server): a preset never inherits another server's model.
        self._model_kind = server_kind(str(settings.get("assistant.ollama_host")))
        self._models = {self._model_kind: str(settings.get("assistant.model"))}
        # The servers on this computer, as the quiet probe found them (None: not yet) and as
        # Test connection last found each one (None: nothing answered there).
        self._probed: list[FoundServer] | None = None
        self._tested: dict[str, FoundServer | None] = {}
        form = QFormLayout(self)

        self.server_combo = QComboBox(self)
        self.server_combo.setObjectName("assistantServer")
        for preset in PRESETS:
            self.server_combo.addItem(preset.name, preset.url)
        self.server_combo.addItem(self.tr(OTHER_OPENAI), "")
        self.server_combo.activated.connect(self._on_preset_chosen)
        form.addRow(self.tr("Server:"), self.server_combo)

        self.host_edit = QLineEdit(str(settings.get("assistant.ollama_host")), self)
        self.host_edit.setObjectName("assistantHost")
        self.host_edit.setPlaceholderText("http://127.0.0.1:1234/v1")
        self.host_edit.textChanged.connect(self._on_address_changed)
        form.addRow(self.tr("Address:"), self.host_edit)

        # A key belongs to the server it was entered for: another address shows its own.
        self._keys = api_keys(settings)
        self._key_origin = origin_of(self.host())
        self.key_edit = QLineEdit(self._keys.get(self._key_origin), self)
        self.key_edit.setObjectName("assistantApiKey")
        self.key_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.key_edit.setPlaceholderText(self.tr("only if the server asks for one"))
        self.key_edit.setToolTip(self._keys.where)
        self.key_label = QLabel(self.tr("API key:"), self)
        form.addRow(self.key_label, self.key_edit)

        self.remote_warning = QLabel(self)
        self.remote_warning.setObjectName("assistantRemoteWarning")
        self.remote_warning.setWordWrap(True)
        form.addRow("", self.remote_warning)
        self.consent_check = QCheckBox(self)
        self.consent_check.setObjectName("assistantRemoteConsent")
        form.addRow("", self.consent_check)

        row = QHBoxLayout()
        self.model_combo = QComboBox(self)
        self.model_combo.setObjectName("assistantModel")
        self.model_combo.setEditable(True)  # a model not yet installed can be typed, then pulled
        self.model_combo.setEditText(str(settings.get("assistant.model")))
        line = self.model_combo.lineEdit()
        if line is not None:
            line.setPlaceholderText(
                self.tr("the server's models appear here after Test connection"))
        row.addWidget(self.model_combo, 1)
        self.refresh_button = QPushButton(self.tr("Test connection"), self)
        self.refresh_button.setObjectName("assistantRefreshModels")
        self.refresh_button.clicked.connect(self.refresh_models)
        row.addWidget(self.refresh_button)
        form.addRow(self.tr("Model:"), row)
        self.models_status = QLabel("", self)  # one result at a time: the server shown's
        self.models_status.setObjectName("assistantModelsStatus")
        self.models_status.setWordWrap(True)
        form.addRow("", self.models_status)
        self.found_label = QLabel(self.tr("Looking for model servers on this computer…"), self)
        self.found_label.setObjectName("assistantFoundServers")
        self.found_label.setWordWrap(True)
        self.found_label.linkActivated.connect(self._use_found)
        form.addRow("", self.found_label)

        self.length_combo = QComboBox(self)
        self.length_combo.setObjectName("assistantAnswerLength")
        for value, label in ANSWER_LENGTH_LABELS.items():
            self.length_combo.addItem(self.tr(label), value)
        current = str(settings.get("assistant.answer_length"))
        self.length_combo.setCurrentIndex(max(self.length_combo.findData(current), 0))
        form.addRow(self.tr("Answer length:"), self.length_combo)

        self.wait_combo = QComboBox(self)
        self.wait_combo.setObjectName("assistantAnswerWait")
        for seconds, label in WAIT_LABELS.items():
            self.wait_combo.addItem(self.tr(label), seconds)
        wait = int(settings.get("assistant.answer_wait"))
        index = self.wait_combo.findData(wait)
        if index < 0:  # a wait set elsewhere (the settings command): kept, and shown
            self.wait_combo.addItem(
                self.tr("First words within about {0} s").format(number_text(wait)), wait)
            index = self.wait_combo.count() - 1
        self.wait_combo.setCurrentIndex(index)
        self.wait_combo.setToolTip(
            self.tr("On a computer without a graphics card a model reads slowly: a shorter wait "
                    "gives it fewer passages to read, a longer one more. The speed is measured "
                    "as you ask."))
        form.addRow(self.tr("Waiting:"), self.wait_combo)

        self.rewrite_check = QCheckBox(
            self.tr("Rewrite follow-up questions into searches (one extra call before the "
                    "answer)"), self)
        self.rewrite_check.setObjectName("assistantRewrite")
        self.rewrite_check.setChecked(bool(settings.get("assistant.rewrite_queries")))
        form.addRow("", self.rewrite_check)

        self.read_along_check = QCheckBox(self.tr(
            "Read along: the model reads the pages as you read them, so answers begin sooner"),
            self)
        self.read_along_check.setObjectName("assistantReadAlong")
        self.read_along_check.setChecked(bool(settings.get("assistant.read_along")))
        self.read_along_help = QLabel(self.tr(READ_ALONG_HELP), self)
        self.read_along_help.setObjectName("assistantReadAlongHelp")
        self.read_along_help.setWordWrap(True)
        self.read_along_help.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.read_along_help.setContentsMargins(22, 0, 0, 0)  # under the box's text
        along = QVBoxLayout()
        along.setSpacing(2)
        along.addWidget(self.read_along_check)
        along.addWidget(self.read_along_help)
        form.addRow("", along)
        self._on_address_changed()
        self.workers.submit(PROBE_LANE, lambda _job: probe_presets(), on_done=self._on_probed,
                            on_error=lambda _error: self.found_label.setText(""))

    # -- what the reader chose -----------------------------------------------------------------

    def host(self) -> str:
        return normalised(self.host_edit.text())

    def apply(self) -> None:
        """Save what the reader chose, as one write; an address that cannot be used is not
        saved (the one before it is kept)."""
        host = self.host()
        if self._address_problem():
            host = normalised(str(self.settings.get("assistant.ollama_host")))
        if api_of(host) == "openai" and not self._address_problem():  # this server's only
            try:
                self._keys.set(origin_of(host), self.key_edit.text())
            except OSError as error:
                self.models_status.setText(
                    self.tr("The API key could not be kept: {0}").format(error))
        chosen: dict[str, Any] = {
            "assistant.ollama_host": host,
            "assistant.api_key": "",  # a key from before keys were bound to a server: now bound
            "assistant.answer_length": self.length_combo.currentData(),
            "assistant.answer_wait": self.wait_combo.currentData(),
            "assistant.rewrite_queries": self.rewrite_check.isChecked(),
            "assistant.read_along": self.read_along_check.isChecked(),
        }
        agreed = self._remote() and self.consent_check.isChecked()
        if self._remote() and agreed != (host_of(host) in self._allowed):
            if agreed:
                self._allowed.append(host_of(host))
            else:
                self._allowed.remove(host_of(host))  # the reader took the consent back
            chosen["assistant.allowed_remote_hosts"] = list(self._allowed)
        model = self.model_combo.currentText().strip()
        if model:
            chosen["assistant.model"] = model
        self.settings.set_many(chosen)

    # -- the server ----------------------------------------------------------------------------

    def refresh_models(self) -> None:
        """Ask the server for its models, in the background, and say what was found."""
        url, key = self.host(), self.key_edit.text().strip()
        agreed = self.consent_check.isChecked()
        self._say(self.tr("Connecting to {0}…").format(url))
        self.workers.submit(
            MODELS_LANE, lambda _job: list_models(url, api_key=key, agreed=agreed),
            on_done=lambda result: self._on_listed(url, result),
            on_error=lambda error: self._on_listed(url, error),
        )

    def _on_listed(self, url: str, result: object) -> None:
        if spelt_as_this_computer(url, remote_hosts=self._treat_as_remote):  # the line below
            answered = not isinstance(result, BaseException)
            self._tested[url] = FoundServer(server_name(url), url, tuple(
                result if isinstance(result, list) else ())) if answered else None
            self._show_found()
        if isinstance(result, BaseException):
            self._say(said_in_settings(result))
            return
        assert isinstance(result, list)
        chosen = self.model_combo.currentText()
        self.model_combo.clear()
        self.model_combo.addItems(result)
        if chosen not in result and result:
            chosen = chosen if api_of(url) == "ollama" and chosen else result[0]
        self.model_combo.setEditText(chosen)
        name = self.server_combo.currentText()
        if name == self.tr(OTHER_OPENAI):
            name = self.tr("an OpenAI-compatible server")
        count = Plurals().models(len(result))
        if not result:
            self._say(self.tr("Found {0} at {1}, with no models yet.").format(name, url))
        elif chosen not in result:
            self._say(self.tr("Found {0} at {1} with {2}; “{3}” is not among them, and the "
                              "assistant panel offers to download it.").format(
                name, url, count, chosen))
        else:
            self._say(self.tr("Found {0} at {1} with {2}.").format(name, url, count))

    def _on_probed(self, found: object) -> None:
        assert isinstance(found, list)
        self._probed = found
        self._show_found()

    def _show_found(self) -> None:
        """The servers running here: the probe's, as Test connection last found each (a
        server on another port than its preset's is found only that way)."""
        if self._probed is None and not any(self._tested.values()):
            return  # still looking
        found = {server.url: server for server in self._probed or []}
        for url, tested in self._tested.items():
            if tested is None:
                found.pop(url, None)
            else:
                found[url] = FoundServer(found[url].names if url in found else tested.names,
                                         url, tested.models)
        self.found_label.setText(found_text(list(found.values())))

    def _use_found(self, url: str) -> None:
        self.host_edit.setText(url)
        self.refresh_models()

    def _on_preset_chosen(self, index: int) -> None:
        url = self.server_combo.itemData(index)
        if url:
            self.host_edit.setText(url)
        elif api_of(self.host()) != "openai":
            self.host_edit.setText("http://127.0.0.1:8080/v1")
        if not self._address_problem() and not self._remote():
            self.refresh_models()  # a server here answers at once: its own models, listed

    def _on_address_changed(self) -> None:
        problem = self._address_problem()
        self._say(problem)  # said while typing; a result for another server goes too
        if problem:
            self.remote_warning.setVisible(False)
            self.consent_check.setVisible(False)
            return
        host = self.host()
        self._follow_model(host)
        preset = preset_for(host)
        wanted = preset.name if preset else ("Ollama" if api_of(host) == "ollama"
                                             else self.tr(OTHER_OPENAI))
        if preset is None or self.server_combo.currentText() not in (
                p.name for p in PRESETS if normalised(p.url) == host):
            self.server_combo.setCurrentIndex(max(self.server_combo.findText(wanted), 0))
        needs_key = api_of(host) == "openai"
        if origin_of(host) != self._key_origin:  # another server: its own key, or none
            self._key_origin = origin_of(host)
            self.key_edit.setText(self._keys.get(self._key_origin))
        self.key_edit.setVisible(needs_key)
        self.key_label.setVisible(needs_key)
        remote = self._remote()
        name = host_of(host) or host
        self.remote_warning.setText(
            self.tr("{0} is not on this computer: the passages you have read and your questions "
                    "will be sent to it.").format(name)
        )
        self.consent_check.setText(self.tr("Send the text I have read to {0}").format(name))
        self.consent_check.setChecked(host_of(host) in self._allowed)
        self.remote_warning.setVisible(remote)
        self.consent_check.setVisible(remote)
        self._fit_window_later()

    def _follow_model(self, host: str) -> None:
        """Another kind of server brings its own model choice (LM Studio never keeps Ollama's
        "qwen2.5:3b"): the one chosen for it while the page is open (or saved), Ollama's usual
        model for Ollama, else none until Test connection lists the server's own."""
        kind = server_kind(host)
        if kind == self._model_kind:
            return
        self._models[self._model_kind] = self.model_combo.currentText().strip()
        self._model_kind = kind
        default = str(declared("assistant.model").default_value()) if kind == "Ollama" else ""
        self.model_combo.clear()
        self.model_combo.setEditText(self._models.get(kind, default))

    def _say(self, text: str) -> None:
        """The one result shown under the model: the server shown's."""
        self.models_status.setText(text)
        self._fit_window_later()

    def _fit_window_later(self) -> None:
        QTimer.singleShot(0, self, self._fit_window)

    def _fit_window(self) -> None:
        """Grow the window to the lines shown since it opened: a wrapped sentence (the warning
        over the consent box, a long result) needs the height for its width, which Qt does not
        ask for once the window is up, so it was cut the first time it appeared."""
        window = self.window()
        layout = window.layout()
        if window is self or layout is None or not window.isVisible():
            return
        needed = (layout.totalHeightForWidth(window.width()) if layout.hasHeightForWidth()
                  else layout.totalSizeHint().height())
        if needed > window.height():
            window.resize(window.width(), needed)

    def _remote(self) -> bool:
        # By its spelling, not asking a resolver on the UI thread; a name that resolves
        # elsewhere is still refused when anything is sent (servers.locate).
        return bool(self.host_edit.text().strip()) and not self._address_problem() and \
            not spelt_as_this_computer(self.host(), remote_hosts=self._treat_as_remote)

    def _address_problem(self) -> str:
        """What is wrong with the address typed so far ("" when nothing, or when empty)."""
        problem = address_sentence(self.host()) if self.host() else None
        return said(problem) if problem is not None else ""  # in the window's language
