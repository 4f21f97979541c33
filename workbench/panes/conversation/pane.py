"""The conversation pane: chat as the agent, one turn per message.

Each message runs on a worker thread (``background.send_message``): the assembler round (its roles
light up live in the rounds pane, which follows any round of the home it is not already running),
the context composed for the agent, then, with an LLM configured, the model's reply and its tool
calls (shown inline; their writes reach the entries pane through the bridge), and the journal
entry. Offline the transcript says that no LLM is configured and what the agent would have been
shown, part by part; the context pane shows the full text of the selected turn.
"""
from __future__ import annotations

import json

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, QUrl, Signal, Slot
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QLineEdit, QPushButton, QTextBrowser, QVBoxLayout, QWidget

from linghun.core.events import bus
from linghun.workbench.actions import button_shortcut, name_button_shortcut, on_trigger
from linghun.workbench.icons import icon
from linghun.workbench import llm_choice, tones
from linghun.workbench.panes import Pane, register_pane
from linghun.workbench.panes.conversation import background
from linghun.workbench.plaintext import escape
from linghun.workbench.undo import AlreadyApplied
from linghun.workbench.workspaces import SHOW_PANE_TOPIC

#: the topic that tells the context pane which turn to show (payload ``home``, ``turn``)
SELECT_TURN_TOPIC = "workbench.select_turn"
TOOL_RESULT_CHARS = 160  # a tool's result is shown inline up to this many characters


@register_pane
class ConversationPane(Pane):
    """Transcript, message box, LLM choice and Send.

    Attributes:
        exchanges: one dict per message sent: ``message``, ``state`` (running / done / failed),
            and when done ``reply`` (``ChatReply.to_dict()``) and ``turn`` (the turn's record).

    Signals:
        sig_turn_finished(str): a message's turn finished (the turn id).
    """

    NAME = "conversation"
    TITLE = QT_TRANSLATE_NOOP("Pane", "Conversation")
    ICON = "event"
    AREA = Qt.DockWidgetArea.RightDockWidgetArea
    ORDER = 55

    sig_turn_finished = Signal(str)

    def __init__(self, ctx, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.exchanges: list[dict] = []
        self._history: list[dict] = []
        self._handle = None
        self.transcript = QTextBrowser(self)
        self.transcript.setOpenLinks(False)
        self.transcript.anchorClicked.connect(self._on_anchor)
        self.message = QLineEdit(self)
        self.message.setClearButtonEnabled(True)
        self.message.returnPressed.connect(self.send)
        self.message.textChanged.connect(self._update_actions)
        self.llm_choice = QComboBox(self)
        self.btn_send = QPushButton(icon("rounds"), "", self)
        on_trigger(self.btn_send.clicked, self.send)
        self.act_send = button_shortcut(self, self.btn_send, "Ctrl+Return")
        self.btn_stop = QPushButton(icon("cancel"), "", self)
        on_trigger(self.btn_stop.clicked, self.stop)
        self.status = QLabel(self)
        self.status.setWordWrap(True)
        # the message gets the whole width of its line (half a laptop screen is narrow); the model
        # and the buttons go on the line below it
        row = QWidget(self)
        ask = QVBoxLayout(row)
        ask.setContentsMargins(4, 2, 4, 2)
        ask.addWidget(self.message)
        controls = QHBoxLayout()
        controls.addWidget(self.llm_choice, 1)
        controls.addWidget(self.btn_send)
        controls.addWidget(self.btn_stop)
        ask.addLayout(controls)
        self.stack(self.status, row, self.transcript)
        ctx.enable_write(self.message)  # a turn writes the journal: not in the past
        ctx.settings.sig_llm_changed.connect(self._fill_llm_choices)
        self.retranslate_ui()
        self._update_actions()

    def retranslate_ui(self) -> None:
        self.llm_choice.setAccessibleName(self.tr("Language model answering"))
        self.message.setPlaceholderText(self.tr("Message the agent (Enter sends)"))
        self.btn_send.setText(self.tr("Send"))
        self.btn_stop.setText(self.tr("Stop"))
        self.btn_stop.setToolTip(self.tr("Stop the reply: the request is closed, the model stops writing"))
        name_button_shortcut(self.act_send, self.btn_send)
        self._fill_llm_choices()
        if not self.ctx.writable:
            self.status.setText(self.ctx.read_only)
        elif self._handle is None:
            self.status.setText(self.tr("Each message runs a turn: the assembler round, the context the agent is "
                                        "shown, the reply with its tool calls, the journal entry."))
        self._render()

    @Slot()
    def _fill_llm_choices(self) -> None:
        llm_choice.fill(self.llm_choice, self.ctx.settings)

    def showEvent(self, event) -> None:  # noqa: N802 - Qt override
        self._fill_llm_choices()  # the settings dialog may have set an LLM up meanwhile
        super().showEvent(event)

    # -- sending ------------------------------------------------------------------------------
    @Slot()
    def send(self):
        """Send the typed message: its turn runs in the background, one at a time."""
        text = self.message.text().strip()
        if not text or self._handle is not None or self.ctx.refuse_if_read_only():  # a turn writes the home
            return None
        go, llm = llm_choice.chosen(self.ctx, self.llm_choice)  # a snapshot: the client is built by the task
        if not go:
            return None
        self.exchanges.append({"message": text, "state": "running"})
        self.message.clear()
        self._handle = self.ctx.tasks.submit(self.tr("Conversation turn"), background.send_message, self.ctx.home,
                                             text, history=list(self._history), llm=llm)
        self._handle.sig_progress.connect(self._on_progress)
        self._handle.sig_finished.connect(self._on_finished)
        self._handle.sig_failed.connect(self._on_failed)
        self._handle.sig_cancelled.connect(self._on_cancelled)
        self._handle.sig_done.connect(self._on_done)
        self.status.setText(self.tr("Preparing the index…, then running the turn") if self.ctx.warming
                            else self.tr("Running the turn…"))
        self._render()
        self._update_actions()
        return self._handle

    @Slot()
    def stop(self) -> None:
        """Stop the running message: a reply being streamed stops at its next piece."""
        if self._handle is not None:
            self._handle.cancel()

    @Slot(float, str)
    def _on_progress(self, _fraction: float, message: str) -> None:
        if message.startswith(background.TOOL_PREFIX):  # the tool the model just called
            self.status.setText(self.tr("Running the turn… the agent called %1").replace(
                "%1", message[len(background.TOOL_PREFIX):]))
        elif message.startswith(background.REPLY_PREFIX) and self.exchanges:  # the reply so far
            self.exchanges[-1]["partial"] = message[len(background.REPLY_PREFIX):]
            self.status.setText(self.tr("The agent is writing…"))
            self._render()

    @Slot(object)
    def _on_finished(self, outcome: dict) -> None:
        exchange = self.exchanges[-1]
        exchange.update(state="done", reply=outcome["reply"], turn=outcome["turn"])
        self._history = outcome["history"]
        if outcome["undo"] is not None:
            # the agent's new entries are one undo step: undo deletes them (refused once changed)
            numbers = ", ".join(f"[{n}]" for n in outcome["appended"])
            self.ctx.undo.push(AlreadyApplied(outcome["undo"]), self.tr("Agent appended %1").replace("%1", numbers))
        reply = outcome["reply"]
        self.status.setText(self.tr("The reply failed: %1").replace("%1", reply["error"]) if reply.get("error")
                            else self.tr("Turn finished: round %1.").replace("%1", _round_state(outcome["turn"])))
        self._render()
        turn_id = outcome["turn"]["id"]
        bus.publish(SELECT_TURN_TOPIC, home=str(self.ctx.home.root), turn=turn_id)
        self.sig_turn_finished.emit(turn_id)

    @Slot(object)
    def _on_failed(self, exc: object) -> None:
        self.exchanges[-1].update(state="failed", error=str(exc))
        self.status.setText(self.tr("The turn failed: %1").replace("%1", str(exc)))
        self._render()

    @Slot()
    def _on_cancelled(self) -> None:
        self.exchanges[-1].update(state="failed", error=self.tr("Stopped: the reply was not finished."))
        self.status.setText(self.tr("Stopped."))
        self._render()

    @Slot()
    def _on_done(self) -> None:
        self._handle = None
        self._update_actions()

    def _update_actions(self, *_args) -> None:
        self.ctx.enable_write(self.btn_send, self._handle is None and bool(self.message.text().strip()))
        self.btn_stop.setEnabled(self._handle is not None)

    @Slot(QUrl)
    def _on_anchor(self, url: QUrl) -> None:
        """A turn's link in the transcript: show that turn in the context pane."""
        if url.scheme() == "turn":
            bus.publish(SELECT_TURN_TOPIC, home=str(self.ctx.home.root), turn=url.path())
            bus.publish(SHOW_PANE_TOPIC, home=str(self.ctx.home.root), pane="context")

    # -- the transcript -------------------------------------------------------------------------
    def transcript_text(self) -> str:
        """What the transcript shows, as plain text."""
        return self.transcript.toPlainText()

    def _render(self) -> None:
        blocks = [self._exchange_html(e) for e in self.exchanges]
        empty = self.tr("No messages yet.")
        muted = tones.css("muted")
        self.transcript.setHtml("".join(blocks) or f"<p style='color:{muted}'>{escape(empty)}</p>")
        bar = self.transcript.verticalScrollBar()
        bar.setValue(bar.maximum())

    def changeEvent(self, event) -> None:  # noqa: N802 - Qt override
        # the transcript is HTML coloured from the palette: built again on a theme switch
        if tones.follows_palette(event):
            self._render()
        super().changeEvent(event)

    def _exchange_html(self, exchange: dict) -> str:
        muted, error, machine = tones.css("muted"), tones.css("error"), tones.css("machine")
        you = escape(self.tr("You"))
        out = [f"<p><b>{you}:</b> {escape(exchange['message'])}</p>"]
        if exchange["state"] == "running":
            if exchange.get("partial"):  # the reply as far as the model has written it
                agent = escape(self.tr("Agent"))
                out.append(f"<p><b>{agent}:</b> {escape(exchange['partial'])} ▍</p>")
            else:
                running = self.tr("Running the turn…")
                out.append(f"<p style='color:{muted}'>{escape(running)}</p>")
            return "".join(out)
        if exchange["state"] == "failed":
            return "".join(out) + f"<p style='color:{error}'>{escape(exchange.get('error', ''))}</p>"
        turn, reply = exchange["turn"], exchange["reply"]
        link = escape(self.tr("turn %1, round %2").replace("%1", turn["id"]).replace("%2", _round_state(turn)))
        out.append(f"<p style='color:{muted}; font-size:small'><a href='turn:{turn['id']}'>{link}</a></p>")
        for call in reply.get("tool_calls") or []:
            args = json.dumps(call.get("arguments"), ensure_ascii=False)
            result = json.dumps(call.get("result"), ensure_ascii=False)
            if len(result) > TOOL_RESULT_CHARS:
                result = result[:TOOL_RESULT_CHARS] + "…"
            out.append(f"<p style='margin-left:16px; font-family:monospace; color:{machine}'>⚙ "
                       f"{escape(call.get('name', ''))}({escape(args)}) → {escape(result)}</p>")
        agent = escape(self.tr("Agent"))
        if reply.get("offline"):
            parts = turn["context"]["parts"]
            summary = " · ".join(f"{p['title']} {p['chars']}/{p['budget'] or '∞'}" for p in parts)
            note = self.tr("No LLM is configured: nothing was asked. The agent would have been shown %1 characters "
                           "in %2 parts (the Context pane shows them):").replace(
                "%1", str(turn["context"]["chars"])).replace("%2", str(len(parts)))
            out.append(f"<p><b>{agent}:</b> <i>{escape(note)}</i><br/>{escape(summary)}</p>")
        elif reply.get("error"):
            out.append(f"<p style='color:{error}'><b>{agent}:</b> {escape(reply['error'])}</p>")
        else:
            out.append(f"<p><b>{agent}:</b> {escape(reply.get('answer') or '')}</p>")
        if reply.get("notes"):  # what was given up for the model (no tool call, a window too small...)
            notes = self.tr("Notes: %1").replace("%1", "; ".join(reply["notes"]))
            out.append(f"<p style='color:{muted}; font-size:small'>{escape(notes)}</p>")
        return "".join(out)

    def shutdown(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
        try:
            self.ctx.settings.sig_llm_changed.disconnect(self._fill_llm_choices)
        except (RuntimeError, TypeError):
            pass


def _round_state(turn: dict) -> str:
    info = turn.get("round") or {}
    return str(info.get("status") or "?")
