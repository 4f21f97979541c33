"""The checks pane: the home's memory checks red or green, what each failing one got instead
(the round's why-not for each missing entry), and the results of every run over time.

Checks run in the background (``background.run_task``) after every change of the home, folded
into one run by a single-shot timer (a burst of the agent's writes runs them once), and on Run
now. Pin the latest round, or one chosen from the list, makes a check of it: its question and
the entries its bundle delivered (``core.checks.make``); Keep gaps closed makes one for each
closed gap's question from what a round delivers for it now. Each write of ``checks.json`` is
one undo step. A link in the detail selects the entry in the entries pane. Format: core/CHECKS.md.
"""
from __future__ import annotations

import os

os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")

from datetime import datetime  # noqa: E402

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, QUrl, Signal, Slot  # noqa: E402
from PySide6.QtWidgets import (  # noqa: E402
    QAbstractItemView, QComboBox, QHeaderView, QLabel, QSplitter, QTextBrowser, QVBoxLayout, QWidget,
)

from linghun.core.errors import LinghunError  # noqa: E402
from linghun.workbench import clock  # noqa: E402
from linghun.workbench.actions import add_tool_action  # noqa: E402
from linghun.workbench.icons import icon  # noqa: E402
from linghun.workbench.panes import Pane, register_pane  # noqa: E402
from linghun.workbench.panes.checks.background import (  # noqa: E402
    NewChecks, Ran, edited_text, keep_closed_task, pin_task, removed_text, rounds_task, run_task,
)
from linghun.workbench.panes.checks.model import FAIL_COLOUR, PASS_COLOUR, ChecksModel  # noqa: E402
from linghun.workbench.panes.ontology.commands import WriteFiles  # noqa: E402
from linghun.workbench.panes.ontology.links import request_entry  # noqa: E402
from linghun.workbench.plaintext import escape, plain  # noqa: E402
from linghun.workbench.plots import pyqtgraph  # noqa: E402
from linghun.workbench.views import TableView  # noqa: E402

#: published on the event bus after each run (payload ``home``, ``passed``, ``failed``)
CHECKS_RAN_TOPIC = "checks.ran"
#: a burst of changes (the agent appending, a consolidation writing five files) runs the checks once
RUN_DELAY_MS = 800



def _paragraph(text: str) -> str:
    return f"<p>{escape(text)}</p>"


def _heading(text: str) -> str:
    return f"<p><b>{escape(text)}</b></p>"


@register_pane
class ChecksPane(Pane):
    """Memory checks: results, why-nots, history; pin, run, remove.

    Signals:
        sig_run_finished(int, int): a run ended with this many checks passing and failing.
        sig_pinned(str): a check was added (its id).
    """

    NAME = "checks"
    TITLE = QT_TRANSLATE_NOOP("Pane", "Checks")
    ICON = "confidence"
    AREA = Qt.DockWidgetArea.RightDockWidgetArea
    ORDER = 45
    BUILD_UNSEEN = True  # "N memory checks failing" is said in the status bar from the home's opening

    sig_run_finished = Signal(int, int)
    sig_pinned = Signal(str)

    def __init__(self, ctx, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.model = ChecksModel(self)
        self._run_handle = None
        self._pin_handle = None
        self._rounds_handle = None
        self._again = False
        self._select_after: str | None = None
        self._report = None
        self._build()
        self._run_timer = self.single_shot(RUN_DELAY_MS, self.run_now_on_change)
        ctx.bridge.sig_memory_changed.connect(self._on_memory_changed)
        ctx.watcher.sig_external_change.connect(self._on_external_change)
        self.retranslate_ui()
        self.run_now()
        self.load_rounds()

    def _build(self) -> None:
        self.toolbar = self.make_toolbar()
        self.act_run = add_tool_action(self.toolbar, icon("redo"), self.run_now, shortcut="Ctrl+R")
        self.act_pin = add_tool_action(self.toolbar, icon("new"), self.pin_latest)
        self.rounds = QComboBox(self)
        #: the round the user picked in the list (None: follow the newest as rounds arrive)
        self._round_picked: str | None = None
        self.rounds.activated.connect(self._on_round_picked)
        self.rounds.setMinimumContentsLength(24)
        self.rounds.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.toolbar.addWidget(self.rounds)
        self.act_pin_chosen = add_tool_action(self.toolbar, icon("save"), self.pin_chosen)
        self.act_keep_closed = add_tool_action(self.toolbar, icon("warning"), self.keep_gaps_closed)
        self.act_remove = add_tool_action(self.toolbar, icon("delete"), self.remove_current)
        self.ctx.mark_writes(self.act_pin, self.act_pin_chosen, self.act_keep_closed, self.act_remove)
        self.summary = plain(QLabel(self))
        # one line: a wrapped label gives the pane a height-for-width, and the dock's scroll area
        # then sizes the pane by its preferred height instead of the dock's
        self.summary.setMinimumWidth(60)
        self.view = TableView(self)
        self.view.setModel(self.model)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.verticalHeader().hide()
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.view.horizontalHeader().setStretchLastSection(True)
        self.view.selectionModel().currentRowChanged.connect(self._on_current)
        self.detail = QTextBrowser(self)
        self.detail.setOpenLinks(False)
        self.detail.anchorClicked.connect(self._on_link)
        # the history plot is made when the pane is first seen (``_build_plot``): the pane is built
        # unseen for its status note, and pyqtgraph's import was a 185 ms stall of the opening
        self.plot_box = QWidget(self)
        QVBoxLayout(self.plot_box).setContentsMargins(0, 0, 0, 0)
        self.plot_box.setMinimumHeight(110)
        self.plot = None
        self._history: list[dict] = []
        self.view.setMinimumHeight(90)
        self.detail.setMinimumHeight(90)
        splitter = QSplitter(Qt.Orientation.Vertical, self)
        splitter.addWidget(self.view)
        splitter.addWidget(self.detail)
        splitter.addWidget(self.plot_box)
        # scaled to the height the dock gets; the checks table never shows fewer than five rows
        # (a laptop at 1280x720 gave it four): the why-nots and the plot give way first
        rows = self.view.verticalHeader().defaultSectionSize()
        self.view.setMinimumHeight(self.view.horizontalHeader().sizeHint().height() + rows * 5 + rows // 2)
        splitter.setSizes([300, 260, 140])
        self.stack(self.toolbar, self.summary, splitter)
        self.when_seen(self._build_plot)

    def _build_plot(self) -> None:
        pg = pyqtgraph()
        self.plot = pg.PlotWidget(self.plot_box)
        self.plot.setBackground(None)
        self.plot.showGrid(y=True, alpha=0.2)
        self.plot.setMouseEnabled(x=True, y=False)
        self.legend = self.plot.addLegend(offset=(-8, 4))  # top right: the newest runs are at the right, lower
        self.curve_pass = self.plot.plot([], [], pen=pg.mkPen(PASS_COLOUR, width=2), stepMode=None,
                                         symbol="o", symbolSize=5, symbolBrush=PASS_COLOUR)
        self.curve_fail = self.plot.plot([], [], pen=pg.mkPen(FAIL_COLOUR, width=2),
                                         symbol="o", symbolSize=5, symbolBrush=FAIL_COLOUR)
        self.plot_box.layout().addWidget(self.plot)
        self._retranslate_plot()
        self._plot(self._history)

    def _retranslate_plot(self) -> None:
        if self.plot is None:
            return
        self.legend.clear()
        self.legend.addItem(self.curve_pass, self.tr("passing"))
        self.legend.addItem(self.curve_fail, self.tr("failing"))
        self.plot.setTitle(self.tr("Checks passing and failing, run after run"), size="9pt")

    def retranslate_ui(self) -> None:
        self.act_run.setText(self.tr("Run now"))
        self.act_run.setToolTip(self.tr("Run every check now (they also run after each change of the home)"))
        self.act_pin.setText(self.tr("Pin the latest round"))
        self.act_pin.setToolTip(self.tr("A check of the newest round: its question, and the entries its bundle "
                                        "delivered as what the agent must be shown"))
        self.rounds.setToolTip(self.tr("A round of this home to pin"))
        self.act_pin_chosen.setText(self.tr("Pin this round"))
        self.act_pin_chosen.setToolTip(self.tr("A check of the round chosen in the list"))
        self.act_keep_closed.setText(self.tr("Keep gaps closed"))
        self.act_keep_closed.setToolTip(self.tr("A check for each closed gap that has none: what its question gets "
                                                "now must keep reaching the agent"))
        self.act_remove.setText(self.tr("Remove"))
        self.act_remove.setToolTip(self.tr("Remove the selected check from checks.json"))
        self._retranslate_plot()
        self.model.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(self.model.COLUMNS) - 1)
        self._show_summary()
        self._show(self.current_id())

    # -- running ----------------------------------------------------------------------------
    @Slot(str, str)
    def _on_memory_changed(self, path: str, what: str) -> None:
        if path.startswith(str(self.ctx.home.root)):
            self._run_timer.start()

    @Slot(list)
    def _on_external_change(self, paths: list) -> None:
        if any(str(p).startswith(str(self.ctx.home.root)) for p in paths):
            self._run_timer.start()

    @Slot()
    def run_now_on_change(self) -> None:
        self._start_run("change")
        self.load_rounds()

    @Slot()
    def run_now(self) -> None:
        self._start_run("workbench")

    def _start_run(self, trigger: str) -> None:
        if self._run_handle is not None:  # a change during a run: run again once it ends
            self._again = True
            return
        self._again = False
        self.summary.setText(self.tr("Preparing the index…, then running the checks") if self.ctx.warming
                             else self.tr("Running the checks…"))
        self._run_handle = self.ctx.tasks.submit(self.tr("Running the memory checks"), run_task, self.ctx.home, trigger,
                                                 self.ctx.past is None)
        self._run_handle.sig_finished.connect(self._on_ran)
        self._run_handle.sig_failed.connect(self._on_run_failed)
        self._run_handle.sig_done.connect(self._on_run_done)
        self.act_run.setEnabled(False)

    @Slot(object)
    def _on_ran(self, ran: Ran) -> None:
        report = ran.report
        self._report = report
        keep = self._select_after or self.current_id()
        self._select_after = None
        self.model.set_checks([r.check for r in report.results], {r.check.id: r for r in report.results})
        self.view.resizeColumnToContents(0)
        self.view.setColumnWidth(1, max(220, min(self.view.sizeHintForColumn(1), 420)))
        if keep is None or not self.select(keep):
            failing = self.model.failing()
            if failing:
                self.select(failing[0])
            else:
                self._show(None)
        self._history = ran.history
        if self.plot is not None:
            self._plot(ran.history)
        self._show_summary()
        failed = len(report.failed)
        # the dashboard counts failing checks from the results history, which no watcher sees
        self.ctx.memory.events.publish(CHECKS_RAN_TOPIC, home=str(self.ctx.home.root), passed=len(report.results) - failed,
                                       failed=failed)
        self.sig_status_note.emit(self.tr("%1 memory check(s) failing").replace("%1", str(failed)) if failed else "")
        self.sig_run_finished.emit(len(report.results) - failed, failed)

    @Slot(object)
    def _on_run_failed(self, exc: object) -> None:
        self._report = None
        self.model.set_checks([], {})
        self.summary.setText(self.tr("The checks could not run: %1").replace("%1", str(exc)))
        self.sig_status_note.emit(self.tr("memory checks cannot run"))

    @Slot()
    def _on_run_done(self) -> None:
        self._run_handle = None
        self.act_run.setEnabled(True)
        if self._again:
            self._start_run("change")

    def _show_summary(self) -> None:
        report = self._report
        if report is None:
            return
        if not report.results:
            self.summary.setText(self.tr("No checks yet: pin a round, and its entries become a check."))
            self.summary.setToolTip(self.tr("A pinned round's question and the entries it delivered become a check, "
                                            "run after every change of the home."))
            return
        failed = len(report.failed)
        self.summary.setText(self.tr("%1 checks: %2 passing, %3 failing · run at %4 (%5 ms CPU)")
                             .replace("%1", str(len(report.results))).replace("%2", str(len(report.results) - failed))
                             .replace("%3", str(failed)).replace("%4", clock.shown_iso(report.at, "%H:%M:%S"))
                             .replace("%5", f"{report.cpu_ms:.0f}"))

    def _plot(self, history: list[dict]) -> None:
        """Passing and failing per run, run after run; the bottom axis names when some ran (runs
        minutes or days apart stay readable side by side)."""
        times, passed, failed = [], [], []
        for record in history:
            try:
                times.append(clock.in_home(datetime.fromisoformat(record["at"])))
            except (KeyError, TypeError, ValueError):
                continue
            passed.append(float(record.get("passed", 0)))
            failed.append(float(record.get("failed", 0)))
        xs = list(range(1, len(times) + 1))
        self.curve_pass.setData(xs, passed)
        self.curve_fail.setData(xs, failed)
        step = max(1, len(times) // 6)
        self.plot.getAxis("bottom").setTicks([[(x, f"{t:%m-%d %H:%M}") for x, t in zip(xs, times)][::step]])
        self.plot.setYRange(0, max(passed + failed + [1]) + 0.5, padding=0)
        self.plot.setXRange(0.5, max(len(xs), 1) + 0.5, padding=0)

    # -- selection and detail ---------------------------------------------------------------------
    def current_id(self) -> str | None:
        index = self.view.currentIndex()
        return index.data(ChecksModel.IdRole) if index.isValid() else None

    def select(self, check_id: str) -> bool:
        row = self.model.row_of(check_id)
        if row < 0:
            return False
        self.view.setCurrentIndex(self.model.index(row, 0))
        self._show(check_id)
        return True

    @Slot()
    def _on_current(self, *_args) -> None:
        self._show(self.current_id())
        self.act_remove.setEnabled(self.current_id() is not None)

    def _show(self, check_id: str | None) -> None:
        check = self.model.check(check_id) if check_id else None
        if check is None:
            self.detail.setHtml(escape(self.tr("Select a check to see what it expects and what it got.")))
            return
        result = self.model.result(check.id)
        # every tr() stands outside the f-strings: lupdate does not read inside them
        made_from = self.tr("Made from %1").replace("%1", check.made_from)
        html = [f"<h3>{escape(check.question)}</h3>", f"<p>{escape(made_from)}</p>"]
        if result is None:
            html.append(_paragraph(self.tr("Not run yet.")))
        else:
            colour = PASS_COLOUR if result.passed else FAIL_COLOUR
            verdict = self.tr("Passes: every expected entry reaches the context.") if result.passed else \
                self.tr("Fails: %1 expected entr(ies) missing, %2 forbidden shown.").replace(
                    "%1", str(len(result.missing))).replace("%2", str(len(result.shown_forbidden)))
            html.append(f'<p style="color:{colour.name()}"><b>{escape(verdict)}</b></p>')
            if result.missing:
                html.append(_heading(self.tr("Missing, and why not:")) + "<ul>")
                html += [f"<li>{self._entry_html(o)}{self._edit_links(check.id, o)}<br><i>{escape(o.why)}</i></li>"
                         for o in result.missing]
                html.append("</ul>")
            if result.shown_forbidden:
                html.append(_heading(self.tr("Shown though it must not be:")) + "<ul>")
                html += [f"<li>{self._entry_html(o)}<br><i>{escape(o.why)}</i></li>" for o in result.shown_forbidden]
                html.append("</ul>")
            if not result.passed and result.got:
                html.append(_heading(self.tr("What the round delivered instead:")) + "<ul>")
                html += [f"<li>{escape(line[2:])}</li>" for line in result.got]
                html.append("</ul>")
            shown = [o for o in result.expected if o.shown]
            if shown:
                html.append(_heading(self.tr("Shown:")) + "<ul>")
                html += [f"<li>{self._entry_html(o)} — {escape(', '.join(o.parts))}{self._edit_links(check.id, o)}</li>"
                         for o in shown]
                html.append("</ul>")
        self.detail.setHtml("".join(html))

    def _entry_html(self, outcome) -> str:
        where = (f'<a href="entry:{outcome.n}">[{outcome.n}]</a>' if outcome.n
                 else escape(self.tr("(left warm)")))
        state = "" if outcome.state == "same" else f" <small>({escape(outcome.state)})</small>"
        return f"{where} {escape(outcome.expected.text[:160])}{state}"

    def _edit_links(self, check_id: str, outcome) -> str:
        """Links that edit the expectation: drop the entry, or say it must not be shown."""
        if not self.ctx.writable:
            return ""
        key = escape(f"{check_id}/{outcome.expected.id}")
        drop, forbid = escape(self.tr("drop")), escape(self.tr("must not be shown"))
        return f' · <a href="drop:{key}">{drop}</a> · <a href="forbid:{key}">{forbid}</a>'

    @Slot(QUrl)
    def _on_link(self, url: QUrl) -> None:
        scheme, _, rest = QUrl.fromPercentEncoding(url.toEncoded()).partition(":")
        if scheme == "entry" and rest.isdigit():
            request_entry(self.ctx, n=int(rest))
        elif scheme in ("drop", "forbid"):
            check_id, _, expected_id = rest.partition("/")
            self.edit_expectation(check_id, expected_id, scheme)

    def edit_expectation(self, check_id: str, expected_id: str, to: str) -> bool:
        """Drop an expected entry of a check, or move it to the entries it must not be shown
        (one undo step)."""
        if self.ctx.refuse_if_read_only():
            return False
        try:
            path, before, after = edited_text(self.ctx.home, check_id, expected_id, to)
        except LinghunError as exc:
            self.ctx.show_message(str(exc))
            return False
        self._select_after = check_id
        return self.ctx.undo.push(WriteFiles(after={path: after}, before={path: before}),
                                  self.tr("Edit a check"))

    # -- pinning and removing ---------------------------------------------------------------------
    @Slot()
    def load_rounds(self) -> None:
        if self._rounds_handle is not None:
            return
        self._rounds_handle = self.ctx.tasks.submit(self.tr("Listing the rounds"), rounds_task, self.ctx.home)
        self._rounds_handle.sig_finished.connect(self._on_rounds)
        self._rounds_handle.sig_done.connect(self._on_rounds_done)

    @Slot(int)
    def _on_round_picked(self, index: int) -> None:
        self._round_picked = self.rounds.itemData(index)

    @Slot(object)
    def _on_rounds(self, rounds: list) -> None:
        # the list shows the newest round unless the user picked another: keeping whatever was
        # current showed an older round beside "Pin the latest round", which pinned a newer one
        self.rounds.clear()
        for r in rounds:
            self.rounds.addItem(f"{(r.get('started_at') or '')[5:16].replace('T', ' ')}  {r.get('query') or ''}",
                                r["round"])
        picked = self.rounds.findData(self._round_picked) if self._round_picked is not None else -1
        self.rounds.setCurrentIndex(picked if picked >= 0 else 0 if rounds else -1)
        self.act_pin_chosen.setEnabled(self.rounds.count() > 0)

    @Slot()
    def _on_rounds_done(self) -> None:
        self._rounds_handle = None

    @Slot()
    def pin_latest(self):
        self._round_picked = None  # the list follows the newest again, the one pinned
        return self._pin(None)

    @Slot()
    def pin_chosen(self):
        round_id = self.rounds.currentData()
        return self._pin(round_id) if round_id else None

    def _pin(self, round_id: str | None):
        return self._start_pin(self.tr("Pinning a round"), pin_task, round_id)

    @Slot()
    def keep_gaps_closed(self):
        return self._start_pin(self.tr("Keeping the closed gaps closed"), keep_closed_task)

    def _start_pin(self, title: str, task, *args):
        if self.ctx.refuse_if_read_only() or self._pin_handle is not None:
            return None
        self._pin_handle = self.ctx.tasks.submit(title, task, self.ctx.home, *args)
        self._pin_handle.sig_finished.connect(self._on_pin_ready)
        self._pin_handle.sig_failed.connect(self._on_pin_failed)
        self._pin_handle.sig_done.connect(self._on_pin_done)
        return self._pin_handle

    @Slot(object)
    def _on_pin_ready(self, new: NewChecks | None) -> None:
        if new is None:
            self.ctx.show_message(self.tr("Every closed gap already has its check."))
            return
        op = WriteFiles(after={new.path: new.after}, before={new.path: new.before})
        if not self.ctx.undo.push(op, self.tr("Pin a check") if len(new.checks) == 1 else
                                  self.tr("Pin %1 checks").replace("%1", str(len(new.checks)))):
            self.ctx.show_message(self.tr("Nothing was written: checks.json changed meanwhile. Pin again."))
            return
        self._select_after = new.checks[0].id
        # read again: after "Pin the latest round" the list beside it shows the round pinned (a
        # newer one than the list held may have arrived)
        self.load_rounds()
        self.ctx.show_message(self.tr("Check pinned: %1").replace("%1", "; ".join(c.question for c in new.checks)))
        for check in new.checks:
            self.sig_pinned.emit(check.id)

    @Slot(object)
    def _on_pin_failed(self, exc: object) -> None:
        self.ctx.show_message(self.tr("Could not pin: %1").replace("%1", str(exc)))

    @Slot()
    def _on_pin_done(self) -> None:
        self._pin_handle = None

    @Slot()
    def remove_current(self) -> bool:
        check_id = self.current_id()
        if check_id is None or self.ctx.refuse_if_read_only():
            return False
        try:
            path, before, after = removed_text(self.ctx.home, check_id)
        except LinghunError as exc:  # a broken checks.json is said, never written over
            self.ctx.show_message(str(exc))
            return False
        return self.ctx.undo.push(WriteFiles(after={path: after}, before={path: before}), self.tr("Remove a check"))

    def shutdown(self) -> None:
        self._run_timer.stop()
        self._again = False
        for handle in (self._run_handle, self._pin_handle, self._rounds_handle):
            if handle is not None:
                handle.cancel()
        for signal, slot in ((self.ctx.bridge.sig_memory_changed, self._on_memory_changed),
                             (self.ctx.watcher.sig_external_change, self._on_external_change)):
            try:
                signal.disconnect(slot)
            except (RuntimeError, TypeError):
                pass
