"""Ctrl+C in the terminal and SIGTERM (session logout, ``kill``) close the workbench as
File > Quit does: unsaved edits are asked about, the layout is saved, the exit status is 0.

Python runs a signal handler only when it next gets control, which a Qt event loop waiting in C++
never gives it; the handler's wake-up byte on a socket (``signal.set_wakeup_fd``) does, through a
``QSocketNotifier``, with no polling timer.
"""
from __future__ import annotations

import signal
import socket
from typing import Callable

from PySide6.QtCore import QObject, QSocketNotifier

SIGNALS = tuple(s for s in (getattr(signal, "SIGINT", None), getattr(signal, "SIGTERM", None)) if s)


class QuitOnSignal(QObject):
    """While alive, SIGINT/SIGTERM call ``on_quit`` from the event loop."""

    def __init__(self, on_quit: Callable[[], None], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.on_quit = on_quit
        self._read, self._write = socket.socketpair()
        for sock in (self._read, self._write):
            sock.setblocking(False)
        self._previous_fd = signal.set_wakeup_fd(self._write.fileno())
        self._previous = {sig: signal.signal(sig, self._note) for sig in SIGNALS}
        self._pending = False
        self.notifier = QSocketNotifier(self._read.fileno(), QSocketNotifier.Type.Read, self)
        self.notifier.activated.connect(self._wake)

    def _note(self, _signum, _frame) -> None:  # runs in Python's signal handling, not Qt's
        self._pending = True

    def _wake(self, *_args) -> None:
        try:
            self._read.recv(64)
        except BlockingIOError:
            pass
        if self._pending:
            self._pending = False
            self.on_quit()

    def restore(self) -> None:
        """Give the signals back to whoever had them (tests, or an application closing)."""
        self.notifier.setEnabled(False)
        for sig, handler in self._previous.items():
            signal.signal(sig, handler)
        signal.set_wakeup_fd(self._previous_fd)
        self._read.close()
        self._write.close()
