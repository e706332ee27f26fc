"""The assistant's settings page: Ollama host, model (from the installed ones), answer length."""

from __future__ import annotations

import ipaddress
from urllib.parse import urlparse

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QWidget,
)

from reader_app.rag.model.gateway import ModelGateway
from reader_app.settings import SettingsStore
from reader_app.ui.workers import Workers

MODELS_LANE = "assistant:models"
ANSWER_LENGTH_LABELS = {"short": "Short", "medium": "Medium", "long": "Long"}


def is_local_host(host: str) -> bool:
    """True when `host` is this machine: book text sent there never leaves the computer."""
    name = urlparse(host if "://" in host else f"http://{host}").hostname or ""
    if name in ("localhost", "") or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def _list_models(host: str) -> list[str]:
    gateway = ModelGateway(host=host, model="", timeout=5.0, connect_timeout=2.0)
    try:
        return gateway.installed_models()
    finally:
        gateway.close()


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
        self.destroyed.connect(lambda: shared.drop(MODELS_LANE))  # no reply to a closed page
        form = QFormLayout(self)

        self.host_edit = QLineEdit(str(settings.get("assistant.ollama_host")), self)
        self.host_edit.setObjectName("assistantHost")
        self.host_edit.textChanged.connect(self._update_warning)
        form.addRow("Ollama host:", self.host_edit)
        self.remote_warning = QLabel(
            "This host is not on this computer: the passages you have read and your "
            "questions will be sent to it.",
            self,
        )
        self.remote_warning.setObjectName("assistantRemoteWarning")
        self.remote_warning.setWordWrap(True)
        form.addRow("", self.remote_warning)

        row = QHBoxLayout()
        self.model_combo = QComboBox(self)
        self.model_combo.setObjectName("assistantModel")
        self.model_combo.setEditable(True)  # a model not yet installed can be typed, then pulled
        self.model_combo.setEditText(str(settings.get("assistant.model")))
        row.addWidget(self.model_combo, 1)
        self.refresh_button = QPushButton("Refresh", self)
        self.refresh_button.setObjectName("assistantRefreshModels")
        self.refresh_button.clicked.connect(self.refresh_models)
        row.addWidget(self.refresh_button)
        form.addRow("Model:", row)
        self.models_status = QLabel("", self)
        self.models_status.setObjectName("assistantModelsStatus")
        self.models_status.setWordWrap(True)
        form.addRow("", self.models_status)

        self.length_combo = QComboBox(self)
        self.length_combo.setObjectName("assistantAnswerLength")
        for value, label in ANSWER_LENGTH_LABELS.items():
            self.length_combo.addItem(label, value)
        current = str(settings.get("assistant.answer_length"))
        self.length_combo.setCurrentIndex(max(self.length_combo.findData(current), 0))
        form.addRow("Answer length:", self.length_combo)

        self.rewrite_check = QCheckBox("Rewrite questions into searches (one extra call)", self)
        self.rewrite_check.setObjectName("assistantRewrite")
        self.rewrite_check.setChecked(bool(settings.get("assistant.rewrite_queries")))
        form.addRow("", self.rewrite_check)
        self._update_warning()

    def refresh_models(self) -> None:
        """List the models installed at the host, in the background."""
        self.models_status.setText("Asking Ollama for its models…")
        host = self.host()
        self.workers.submit(
            MODELS_LANE, lambda _job: _list_models(host), on_done=self._on_listed,
            on_error=self._on_listed,
        )

    def host(self) -> str:
        host = self.host_edit.text().strip().rstrip("/")
        return host if "://" in host else f"http://{host}"

    def apply(self) -> None:
        self.settings.set("assistant.ollama_host", self.host())
        model = self.model_combo.currentText().strip()
        if model:
            self.settings.set("assistant.model", model)
        self.settings.set("assistant.answer_length", self.length_combo.currentData())
        self.settings.set("assistant.rewrite_queries", self.rewrite_check.isChecked())

    def _on_listed(self, result: object) -> None:
        if isinstance(result, BaseException):
            self.models_status.setText(str(result))
            return
        assert isinstance(result, list)
        chosen = self.model_combo.currentText()
        self.model_combo.clear()
        self.model_combo.addItems(result)
        self.model_combo.setEditText(chosen if chosen else (result[0] if result else ""))
        if not result:
            self.models_status.setText("No models are installed yet.")
        elif chosen not in result:
            self.models_status.setText(
                f"“{chosen}” is not installed; the assistant panel offers to download it."
            )
        else:
            self.models_status.setText(f"{len(result)} models installed.")

    def _update_warning(self) -> None:
        self.remote_warning.setVisible(not is_local_host(self.host_edit.text().strip()))
