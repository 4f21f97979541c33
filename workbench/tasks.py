"""Background work with progress and cancel, in the style of Orange3's ``FutureWatcher``.

The work is a plain Python callable ``fn(state, *args)`` run on a worker thread. It never touches
Qt: it reports through ``TaskState`` (progress fraction, message, cancel flag), a thread-safe plain
object. On the GUI thread a ``TaskHandle`` watches the future and the state and emits signals.
Progress is polled on a timer, so a task that reports per token still repaints the UI at most
ten times a second.

    handle = ctx.tasks.submit(self.tr("Consolidating"), consolidate, home)
    handle.sig_progress.connect(bar.set_progress)
    handle.sig_finished.connect(self.on_result)
    on_trigger(cancel_button.clicked, handle.cancel)   # workbench.actions
"""
from __future__ import annotations

import threading
from concurrent.futures import CancelledError, Future, ThreadPoolExecutor
from typing import Any, Callable

from PySide6.QtCore import QObject, Qt, QTimer, Signal, Slot

POLL_MS = 100


class TaskCancelled(Exception):
    """Raised inside a task by ``TaskState.check_cancelled()`` once cancel was requested."""


class TaskState:
    """What a running task reports, written by the worker and read by the GUI thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._progress = 0.0
        self._message = ""
        self._cancel = threading.Event()

    def set_progress(self, fraction: float, message: str | None = None) -> None:
        with self._lock:
            self._progress = max(0.0, min(1.0, float(fraction)))
            if message is not None:
                self._message = message

    def set_message(self, message: str) -> None:
        with self._lock:
            self._message = message

    def snapshot(self) -> tuple[float, str]:
        with self._lock:
            return self._progress, self._message

    @property
    def cancel_event(self) -> threading.Event:
        """The flag ``request_cancel`` sets, for work that waits on it (a subprocess it stops)."""
        return self._cancel

    def request_cancel(self) -> None:
        self._cancel.set()

    def is_cancelled(self) -> bool:
        return self._cancel.is_set()

    def check_cancelled(self) -> None:
        """Call at safe points in the work: raises ``TaskCancelled`` once cancel was asked."""
        if self._cancel.is_set():
            raise TaskCancelled()


class TaskHandle(QObject):
    """Watches one submitted task from the GUI thread.

    Signals:
        sig_progress(float, str): coalesced progress (fraction 0..1, message).
        sig_finished(object): the result, when the task returned.
        sig_failed(object): the exception, when the task raised (not on cancel).
        sig_cancelled(): the task was cancelled (before it started or by ``TaskCancelled``).
        sig_done(): emitted last, whatever the outcome.
    """

    sig_progress = Signal(float, str)
    sig_finished = Signal(object)
    sig_failed = Signal(object)
    sig_cancelled = Signal()
    sig_done = Signal()

    def __init__(self, title: str, future: Future, state: TaskState, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.title = title
        self.future = future
        self.state = state
        self._last: tuple[float, str] | None = None
        self._reported = False

    @property
    def done(self) -> bool:
        return self._reported

    def cancel(self) -> None:
        """Ask the task to stop; a task not yet started never starts, and a result not reported yet
        never is (``sig_cancelled`` instead)."""
        self.state.request_cancel()
        self.future.cancel()

    def _poll(self) -> bool:
        """Emit what changed; True once the end was reported."""
        snap = self.state.snapshot()
        if snap != self._last:
            self._last = snap
            self.sig_progress.emit(*snap)
        if not self.future.done() or self._reported:
            return self._reported
        self._reported = True
        try:
            result = self.future.result()
            if self.state.is_cancelled():
                # cancelled after the work ended, before this poll reported it: whoever cancelled
                # no longer wants the result (a pane shut down, a newer request replaced this one)
                raise TaskCancelled()
        except (CancelledError, TaskCancelled):
            self.sig_cancelled.emit()
        except BaseException as exc:  # reported to the GUI, never swallowed silently
            self.sig_failed.emit(exc)
        else:
            self.sig_finished.emit(result)
        self.sig_done.emit()
        return True


class TaskManager(QObject):
    """Runs tasks on a small thread pool and watches them.

    Signals:
        sig_started(object): a TaskHandle was submitted.
        sig_done(object): a TaskHandle finished (any outcome).
    """

    sig_started = Signal(object)
    sig_done = Signal(object)
    _wake = Signal()

    def __init__(self, max_workers: int = 2, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool = ThreadPoolExecutor(max_workers=max_workers, thread_name_prefix="linghun-task")
        self._handles: list[TaskHandle] = []
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._poll)
        self._wake.connect(self._poll, Qt.ConnectionType.QueuedConnection)
        self._closed = False
        self._holds = 0
        self._held: list[tuple[TaskHandle, Callable[..., Any], tuple, dict]] = []

    def submit(self, title: str, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> TaskHandle:
        """Run ``fn(state, *args, **kwargs)`` on a worker thread (once ``release``d, while held)."""
        if self._closed:
            raise RuntimeError("the task manager was shut down")
        state = TaskState()
        if self._holds:
            handle = TaskHandle(title, Future(), state, self)  # cancellable until it is started
            self._held.append((handle, fn, args, kwargs))
        else:
            handle = TaskHandle(title, self._start(fn, state, args, kwargs), state, self)
        self._handles.append(handle)  # the manager keeps it while it runs
        self._timer.start()
        self.sig_started.emit(handle)
        return handle

    def submit_now(self, title: str, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> TaskHandle:
        """``submit``, started at once even while held (the work a ``hold`` waits for)."""
        holds, self._holds = self._holds, 0
        try:
            return self.submit(title, fn, *args, **kwargs)
        finally:
            self._holds = holds

    def _start(self, fn: Callable[..., Any], state: TaskState, args: tuple, kwargs: dict) -> Future:
        future = self._pool.submit(fn, state, *args, **kwargs)
        # Wake the GUI thread as soon as the work ends instead of waiting for the next tick.
        future.add_done_callback(self._on_future_done)
        return future

    def hold(self) -> None:
        """Start nothing submitted from now until ``release``: a big home's entries are parsed on
        one worker meanwhile, and any other work that reads warm.md (the checks, the index) would
        parse it a second time beside it, competing for the GIL. Holds nest."""
        self._holds += 1

    def release(self) -> None:
        """End one ``hold``; the last one starts what was submitted meanwhile, in order."""
        self._holds = max(0, self._holds - 1)
        if not self._holds:
            # started once the event loop turns: a release while the home closes (its panes shut
            # down one by one) starts nothing the shutdown right after would have to wait for
            QTimer.singleShot(0, self, self._start_held)

    @Slot()
    def _start_held(self) -> None:
        if self._holds or self._closed:
            return
        held, self._held = self._held, []
        for handle, fn, args, kwargs in held:
            if not handle.future.cancelled():
                handle.future = self._start(fn, handle.state, args, kwargs)

    @property
    def closed(self) -> bool:
        """``shutdown`` was called: nothing can be submitted any more."""
        return self._closed

    def running(self) -> list[TaskHandle]:
        return [h for h in self._handles if not h.done]

    def _on_future_done(self, _future: Future) -> None:
        self._wake.emit()  # any thread: queued to the GUI thread

    @Slot()
    def _poll(self) -> None:
        for handle in list(self._handles):
            # A listener of the handle's signals may shut the manager down, which polls again.
            if handle._poll() and handle in self._handles:
                self._handles.remove(handle)
                self.sig_done.emit(handle)
                # Owned by whoever still holds it from now on (never deleted under a listener).
                handle.setParent(None)
        if not self._handles:
            self._timer.stop()

    def shutdown(self, wait: bool = True) -> None:
        """Cancel what is pending or running and stop the worker threads (joined when ``wait``)."""
        self._closed = True
        self._held.clear()
        for handle in self._handles:
            handle.cancel()
        self._pool.shutdown(wait=wait, cancel_futures=True)
        self._timer.stop()
        if wait:
            self._poll()
