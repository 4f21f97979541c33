"""The health dashboard: the memory's state and cost at a glance (``core.health``), each figure
linked to what it counts.

The figures are gathered in the background (``core.health.health_report``) when the pane opens,
on Refresh and after a change of the home while the pane can be seen. Clicking a bar or a link
selects what stands behind it: entries in the entries pane, a gap in the gaps pane, a check in
the checks pane, a round in the rounds pane.
"""
from __future__ import annotations

import os

os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")

from datetime import datetime  # noqa: E402

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, Signal, Slot  # noqa: E402
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QWidget  # noqa: E402

from linghun.core.health import health_report  # noqa: E402
from linghun.workbench.actions import add_tool_action  # noqa: E402
from linghun.workbench.icons import icon  # noqa: E402
from linghun.workbench.models.gaps import gap_key  # noqa: E402
from linghun.workbench.panes import Pane, register_pane  # noqa: E402
from linghun.workbench.panes.checks.pane import CHECKS_RAN_TOPIC  # noqa: E402
from linghun.workbench.panes.ontology.links import pane_of, raise_pane, request_entry  # noqa: E402
from linghun.workbench import tones  # noqa: E402
from linghun.workbench.plaintext import escape, plain  # noqa: E402
from linghun.workbench.plots import pyqtgraph  # noqa: E402

REFRESH_DELAY_MS = 1000
#: the entry bars, in order: (refs key, colour that reads on both themes)
ENTRY_BARS = (("used", tones.SERIES["emerald"]), ("never used", tones.SERIES["silver"]),
              ("flipped", tones.SERIES["crimson"]), ("high", tones.SERIES["steel"]),
              ("medium", tones.SERIES["sky"]), ("low", tones.SERIES["amber"]))
ENTRY_LABELS = {"used": QT_TRANSLATE_NOOP("HealthPane", "used"),
                "never used": QT_TRANSLATE_NOOP("HealthPane", "never used"),
                "flipped": QT_TRANSLATE_NOOP("HealthPane", "flipped"),
                "high": QT_TRANSLATE_NOOP("HealthPane", "high"),
                "medium": QT_TRANSLATE_NOOP("HealthPane", "medium"),
                "low": QT_TRANSLATE_NOOP("HealthPane", "low")}


def health_task(state, home):
    """Task: the health figures of ``home`` (traces, history and entries are read here)."""
    state.set_progress(0.1, "health")
    return health_report(home)



def _figure(title: str, value) -> str:
    """A card's headline: its translated title and its figure, in bold."""
    return f"<b>{escape(title)}: {escape(str(value))}</b>"


@register_pane
class HealthPane(Pane):
    """The dashboard.

    Signals:
        sig_loaded(): the figures shown were just gathered.
    """

    NAME = "health"
    TITLE = QT_TRANSLATE_NOOP("Pane", "Health")
    ICON = "home"
    AREA = Qt.DockWidgetArea.RightDockWidgetArea
    ORDER = 46

    sig_loaded = Signal()

    def __init__(self, ctx, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.report: dict | None = None
        self._handle = None
        self._again = False
        self._build()
        self._refresh_timer = self.single_shot(REFRESH_DELAY_MS, self.refresh)
        ctx.bridge.sig_memory_changed.connect(self._on_memory_changed)
        ctx.watcher.sig_external_change.connect(self._on_external_change)
        ctx.bridge.sig_event.connect(self._on_event)
        self.retranslate_ui()
        self.refresh()

    def _build(self) -> None:
        self.toolbar = self.make_toolbar()
        self.act_refresh = add_tool_action(self.toolbar, icon("reload"), self.refresh, shortcut="Ctrl+R")
        cards = QWidget(self)
        grid = QGridLayout(cards)
        grid.setContentsMargins(6, 6, 6, 6)
        grid.setSpacing(6)
        self.cards: dict[str, QLabel] = {}
        for i, key in enumerate(("entries", "warm", "gaps", "checks", "rounds", "review")):
            label = QLabel(cards)
            label.setObjectName(f"health-{key}")
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.RichText)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse)
            label.setFrameShape(QFrame.Shape.StyledPanel)
            label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
            label.setMargin(6)
            label.linkActivated.connect(self.follow)
            grid.addWidget(label, i // 3, i % 3)
            self.cards[key] = label
        plots = QWidget(self)
        plots_grid = QGridLayout(plots)
        plots_grid.setContentsMargins(0, 0, 0, 0)
        # imported here, for start-up time and memory (``workbench.plots``)
        from linghun.workbench.panes.health.bars import BarChart

        pg = pyqtgraph()
        self.entry_bars = BarChart(plots)
        self.entry_bars.sig_bar_clicked.connect(self._on_entry_bar)
        self.round_bars = BarChart(plots)
        self.round_bars.sig_bar_clicked.connect(self._on_round_bar)
        self.token_plot = pg.PlotWidget(plots, axisItems={"bottom": pg.DateAxisItem(orientation="bottom")})
        self.trend_plot = pg.PlotWidget(plots, axisItems={"bottom": pg.DateAxisItem(orientation="bottom")})
        for plot in (self.token_plot, self.trend_plot):
            plot.setBackground(None)
            plot.showGrid(y=True, alpha=0.2)
            plot.setMouseEnabled(x=True, y=False)
        self.token_legend = self.token_plot.addLegend(offset=(6, 2))
        self.prompt_curve = self.token_plot.plot([], [], pen=pg.mkPen(tones.SERIES["steel"], width=2), symbol="o", symbolSize=4,
                                                 symbolBrush=tones.SERIES["steel"])
        self.completion_curve = self.token_plot.plot([], [], pen=pg.mkPen(tones.SERIES["ochre"], width=2), symbol="o",
                                                     symbolSize=4, symbolBrush=tones.SERIES["ochre"])
        self.trend_curve = self.trend_plot.plot([], [], pen=pg.mkPen(tones.SERIES["emerald"], width=2), symbol="o", symbolSize=4,
                                                symbolBrush=tones.SERIES["emerald"])
        for widget in (self.entry_bars, self.round_bars, self.token_plot, self.trend_plot):
            widget.setMinimumHeight(170)
        plots_grid.addWidget(self.entry_bars, 0, 0)
        plots_grid.addWidget(self.round_bars, 0, 1)
        plots_grid.addWidget(self.token_plot, 1, 0)
        plots_grid.addWidget(self.trend_plot, 1, 1)
        self.notes = plain(QLabel(self))  # the report's notes are text (a home's name may hold "<" or "'")
        self.notes.setWordWrap(True)
        self.notes.setStyleSheet("color: palette(mid);")
        self.stack(self.toolbar, cards, self.notes, plots)

    def retranslate_ui(self) -> None:
        self.act_refresh.setText(self.tr("Refresh"))
        self.act_refresh.setToolTip(self.tr("Gather the figures again"))
        self.token_legend.clear()
        self.token_legend.addItem(self.prompt_curve, self.tr("prompt tokens"))
        self.token_legend.addItem(self.completion_curve, self.tr("completion tokens"))
        self.token_plot.setTitle(self.tr("LLM tokens per day"))
        self.trend_plot.setTitle(self.tr("Warm entries at each day's end (history)"))
        self._show()

    # -- loading ----------------------------------------------------------------------------
    @Slot(str, str)
    def _on_memory_changed(self, path: str, what: str) -> None:
        if path.startswith(str(self.ctx.home.root)):
            self.when_seen(self._refresh_timer.start)

    @Slot(list)
    def _on_external_change(self, paths: list) -> None:
        if any(str(p).startswith(str(self.ctx.home.root)) for p in paths):
            self.when_seen(self._refresh_timer.start)

    @Slot(str, dict)
    def _on_event(self, topic: str, payload: dict) -> None:
        if topic == CHECKS_RAN_TOPIC and payload.get("home") == str(self.ctx.home.root):
            self.when_seen(self._refresh_timer.start)

    @Slot()
    def refresh(self):
        if self._handle is not None:
            self._again = True
            return self._handle
        self._again = False
        self._handle = self.ctx.tasks.submit(self.tr("Gathering the memory's health"), health_task, self.ctx.home)
        self._handle.sig_finished.connect(self._on_report)
        self._handle.sig_failed.connect(self._on_failed)
        self._handle.sig_done.connect(self._on_done)
        return self._handle

    @Slot(object)
    def _on_report(self, report: dict) -> None:
        self.report = report
        self._show()
        self.sig_loaded.emit()

    @Slot(object)
    def _on_failed(self, exc: object) -> None:
        self.notes.setText(self.tr("The figures could not be gathered: %1").replace("%1", str(exc)))

    @Slot()
    def _on_done(self) -> None:
        self._handle = None
        if self._again:
            self.refresh()

    # -- showing ------------------------------------------------------------------------------
    def _show(self) -> None:
        r = self.report
        if r is None:
            for label in self.cards.values():
                label.setText(escape(self.tr("Gathering…")))
            return
        e, w, g, c, rounds = r["entries"], r["warm"], r["gaps"], r["checks"], r["rounds"]
        pct = lambda share: f"{share * 100:.0f}%"  # noqa: E731
        # every tr() stands outside the f-strings: lupdate does not read inside them
        flipped = escape(self.tr("flipped %1").replace("%1", pct(e["flipped_share"])))
        never = escape(self.tr("never used %1").replace("%1", pct(e["never_used_share"])))
        self.cards["entries"].setText(
            _figure(self.tr("Entries"), e["total"]) + "<br>"
            + escape(self.tr("%1 events, %2 facts, %3 rules").replace("%1", str(e["by_kind"].get("event", 0)))
                     .replace("%2", str(e["by_kind"].get("fact", 0))).replace("%3", str(e["by_kind"].get("rule", 0))))
            + "<br>" + f'<a href="entries:flipped">{flipped}</a>'
            + " · " + f'<a href="entries:never used">{never}</a>'
            + ("<br>" + escape(self.tr("oldest untouched:")) + " " + ", ".join(
                f'<a href="entry:{o["n"]}">[{o["n"]}]</a> {escape(o["last_access"][:10])}'
                for o in e["oldest_untouched"][:3]) if e["oldest_untouched"] else ""))
        self.cards["warm"].setText(
            f"<b>warm.md: {pct(w['share'])}</b><br>"
            + escape(self.tr("%1 of %2 bytes (memory.maxBytes)").replace("%1", f"{w['bytes']:,}")
                     .replace("%2", f"{w['max_bytes']:,}")) + "<br>"
            + escape(self.tr("%1 bytes to the next consolidation").replace("%1", f"{w['to_consolidation_bytes']:,}")))
        oldest_gap = max(g["items"], key=lambda i: i["age_days"] or 0) if g["items"] else None
        self.cards["gaps"].setText(
            _figure(self.tr("Open gaps"), g["open"])
            + ("<br>" + f'<a href="gap:{escape(gap_key(oldest_gap["at"], oldest_gap["query"]))}">'
               + escape(self.tr("the oldest: %1 days").replace("%1", f"{oldest_gap['age_days']:g}")) + "</a> "
               + escape(oldest_gap["query"][:40]) if oldest_gap else "")
            + "<br>" + escape(self.tr("%1 closed").replace("%1", str(g["closed"]))))
        failing = [i for i in c["items"] if i["passed"] is False]
        self.cards["checks"].setText(
            _figure(self.tr("Checks failing"), f"{c['failing']} / {c['total']}") + "<br>"
            + "<br>".join(f'<a href="check:{escape(i["id"])}">{escape(i["question"][:40])}</a>' for i in failing[:3])
            + ("" if c["last_run"] else escape(self.tr("not run yet"))))
        cost = rounds["cost"]
        ms = rounds["ms_per_round"]
        self.cards["rounds"].setText(
            _figure(self.tr("Rounds"), rounds["rounds"]) + " "
            + escape(self.tr("in %1 days (%2 a day)").replace("%1", str(r["days"]))
                     .replace("%2", f"{rounds['per_day']:.1f}")) + self._quiet_until(r)
            + (" " + escape(self.tr("(%n dry run(s) or re-run(s) besides, not counted)", "", rounds["dry_runs"]))
               if rounds.get("dry_runs") else "") + "<br>"
            + escape(self.tr("%1 LLM calls, %2 + %3 tokens").replace("%1", str(rounds["llm_calls"]))
                     .replace("%2", f"{rounds['prompt_tokens']:,}").replace("%3", f"{rounds['completion_tokens']:,}"))
            + self._usage_label(rounds.get("usage") or {})
            + "<br>" + escape((self.tr("%1 ms a round").replace("%1", f"{ms:.0f}") if ms is not None else "")
                              + (" · " + self.tr("cost %1 %2").replace("%1", f"{cost['amount']:.4f}")
                                 .replace("%2", cost["currency"]) if cost else ""))
            + ('<br><a href="round:' + escape(rounds["recent"][0]) + '">' + escape(self.tr("the latest round")) + "</a>"
               if rounds["recent"] else ""))
        review = r.get("review")
        if review is not None:
            contradictions = self.tr("contradictions: %1").replace("%1", str(review["contradictions"]))
            self.cards["review"].setText(_figure(self.tr("Unreviewed changes"), review["unreviewed"])
                                         + "<br>" + escape(contradictions))
        else:
            self.cards["review"].setText(
                escape(self.tr("No review queue: unreviewed changes and contradictions are not counted.")))
        self.notes.setText(" · ".join(r.get("notes") or []))
        self._plot(r)

    def _usage_label(self, calls: dict) -> str:
        """" (estimated in part: 3 of 10 calls)" when some tokens summed are not what the server
        reported (a server that sends no usage: ``core.health.round_figures``), so the figure is
        not read as measured; the card's tooltip says how they were had."""
        total = sum(calls.values())
        estimated, counted = calls.get("estimated", 0), calls.get("counted", 0)
        labels = []
        if estimated:
            labels.append(self.tr("(estimated)") if estimated == total else self.tr(
                "(estimated in part: %1 of %2 calls)").replace("%1", str(estimated)).replace("%2", str(total)))
        if counted:
            labels.append(self.tr("(counted by the server's tokenizer)") if counted == total else self.tr(
                "(counted in part: %1 of %2 calls)").replace("%1", str(counted)).replace("%2", str(total)))
        self.cards["rounds"].setToolTip(self.tr(
            "The server sent no token usage for some calls: their tokens were counted by its tokenizer "
            "or estimated from the text.") if labels else "")
        return "".join(" " + escape(label) for label in labels)

    def _quiet_until(self, r: dict) -> str:
        """" up to DAY" when the home was quiet for the whole window, which then ends on its last
        active day (``core.health.period``)."""
        until = r.get("until")
        if not until or until == r["at"][:10]:
            return ""
        return " " + escape(self.tr("up to %1, the last active day").replace("%1", until))

    def _plot(self, r: dict) -> None:
        e = r["entries"]
        counts = {**e["by_state"], **{k: e["by_confidence"].get(k, 0) for k in ("high", "medium", "low")}}
        self.entry_bars.set_bars([self.tr(ENTRY_LABELS[k]) for k, _ in ENTRY_BARS], [counts.get(k, 0) for k, _ in ENTRY_BARS],
                                 [colour for _, colour in ENTRY_BARS], self.tr("Entries by state and confidence"))
        days = r["rounds"]["days"]
        self.round_bars.set_bars([d["day"][5:] if i % max(1, len(days) // 7) == 0 else "" for i, d in enumerate(days)],
                                 [d["rounds"] for d in days], [tones.SERIES["violet"]] * len(days), self.tr("Rounds per day"))
        xs = [datetime.fromisoformat(d["day"]).timestamp() for d in days]
        self.prompt_curve.setData(xs, [d["prompt_tokens"] for d in days])
        self.completion_curve.setData(xs, [d["completion_tokens"] for d in days])
        most = max([d["prompt_tokens"] for d in days] + [d["completion_tokens"] for d in days] + [1])
        self.token_plot.setYRange(0, most * 1.1, padding=0)
        trend = r.get("trends") or []
        self.trend_curve.setData([datetime.fromisoformat(t["day"]).timestamp() for t in trend],
                                 [t["entries"] for t in trend])
        self.trend_plot.setYRange(0, max([t["entries"] for t in trend] + [1]) * 1.1, padding=0)
        if xs:  # both time plots span the days the figures cover, however few the history has
            for plot in (self.token_plot, self.trend_plot):
                plot.setXRange(xs[0] - 43200, xs[-1] + 43200, padding=0)

    # -- following a figure to what it counts ---------------------------------------------------
    @Slot(int)
    def _on_entry_bar(self, index: int) -> None:
        self.follow(f"entries:{ENTRY_BARS[index][0]}")

    @Slot(int)
    def _on_round_bar(self, index: int) -> None:
        if self.report is None:
            return
        day = self.report["rounds"]["days"][index]["day"]
        self.follow(f"rounds:{day}")

    @Slot(str)
    def follow(self, link: str) -> None:
        """Select what a figure counts: ``entries:<state|confidence>``, ``entry:<n>``, ``gap:<key>``,
        ``check:<id>``, ``round:<id>``, ``rounds:<day>``."""
        scheme, _, rest = link.partition(":")
        r = self.report or {}
        if scheme == "entries":
            refs = r.get("entries", {}).get("refs", {}).get(rest) or []
            if refs:
                request_entry(self.ctx, n=refs[0])
                self.ctx.show_message(self.tr("%1 entries: %2").replace("%1", rest).replace(
                    "%2", " ".join(f"[{n}]" for n in refs[:20])))
        elif scheme == "entry" and rest.isdigit():
            request_entry(self.ctx, n=int(rest))
        elif scheme == "gap":
            self._select_in("gaps", "select", rest)
        elif scheme == "check":
            self._select_in("checks", "select", rest)
        elif scheme == "round":
            self._select_in("rounds", "select_round", rest)
        elif scheme == "rounds":
            day = [i for i in r.get("rounds", {}).get("recent", []) if i.startswith(rest.replace("-", ""))]
            if day:
                self._select_in("rounds", "select_round", day[0])

    def _select_in(self, pane_name: str, method: str, key: str) -> bool:
        pane = pane_of(self.ctx, pane_name)
        select = getattr(pane, method, None)
        if select is None or not select(key):
            self.ctx.show_message(self.tr("Not found in the %1 pane: %2").replace("%1", pane_name).replace("%2", key))
            return False
        raise_pane(self.ctx, pane_name)
        return True

    def shutdown(self) -> None:
        self._refresh_timer.stop()
        self._again = False
        if self._handle is not None:
            self._handle.cancel()
        for signal, slot in ((self.ctx.bridge.sig_memory_changed, self._on_memory_changed),
                             (self.ctx.watcher.sig_external_change, self._on_external_change),
                             (self.ctx.bridge.sig_event, self._on_event)):
            try:
                signal.disconnect(slot)
            except (RuntimeError, TypeError):
                pass
