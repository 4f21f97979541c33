"""One QObject that turns ``core.events.bus`` events into Qt signals on the GUI thread.

The core publishes plain events from whatever thread does the work (the GUI thread for an edit,
a worker for consolidation, the agent's MCP server thread...). The bus calls ``_on_event`` in that
thread; it only emits the private ``_relay`` signal, connected with a queued connection to a bound
method of this object, which lives on the GUI thread. So every public signal below is emitted on
the GUI thread and any slot may touch widgets.
"""
from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QObject, Qt, Signal, Slot

from linghun.core.events import Event, EventBus, bus as default_bus


class EventBridge(QObject):
    """Re-emits core events as Qt signals.

    Signals:
        sig_event(str, dict): every event: topic and payload.
        sig_memory_changed(str, str): "memory.changed": the path written and what it was
            ("warm", "journal", "rules", ...).
    """

    sig_event = Signal(str, dict)
    sig_memory_changed = Signal(str, str)
    _relay = Signal(str, dict)

    def __init__(self, event_bus: EventBus | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._bus = event_bus or default_bus
        self._relay.connect(self._dispatch, Qt.ConnectionType.QueuedConnection)
        self._unsubscribe: Callable[[], None] | None = self._bus.subscribe("*", self._on_event)

    def close(self) -> None:
        """Stop listening to the bus (paired with the subscription made in ``__init__``)."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None

    def _on_event(self, event: Event) -> None:
        # Any thread: only emit; never touch Qt objects here.
        self._relay.emit(event.topic, dict(event.payload))

    @Slot(str, dict)
    def _dispatch(self, topic: str, payload: dict) -> None:
        self.sig_event.emit(topic, payload)
        if topic == "memory.changed":
            self.sig_memory_changed.emit(str(payload.get("path", "")), str(payload.get("what", "")))
