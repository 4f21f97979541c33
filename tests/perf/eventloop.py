"""Benchmarks wait in the workbench's own event loop.

``QTest.qWait`` is not that loop: it keeps the GIL while it processes events (``app.exec`` and
``QCoreApplication.processEvents`` release it). Measured with a busy worker thread, the worker ran
at 2% of its speed during a qWait and at full speed in ``exec``. Waiting with it starves the
workers (a 10k home's index took seconds longer to warm up, a round against a local LLM server
40 s instead of 5) and turns every Python slot into a GIL hand-over, none of which the
application does: a benchmark that waits for background work runs its steps inside ``exec``.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Iterator

#: what a step waits for: seconds, or a callable that is true when done
Wait = float | Callable[[], bool]


def drive(app, scenario: Callable[[], Iterator[Wait]], *, poll_ms: int = 10) -> None:
    """Run ``scenario``, a generator function, inside ``app.exec()``: each step runs in a slot of
    the event loop, then the loop runs until what the step yielded is over."""
    from PySide6.QtCore import QTimer

    steps = scenario()
    waiting: list[Callable[[], bool]] = [lambda: True]
    poll = QTimer()
    poll.setInterval(poll_ms)

    def advance() -> None:
        if not waiting[0]():
            return
        try:
            step = next(steps)
        except StopIteration:
            poll.stop()
            app.exit(0)
            return
        if callable(step):
            waiting[0] = step
        else:
            end = time.perf_counter() + step
            waiting[0] = lambda: time.perf_counter() >= end

    poll.timeout.connect(advance)
    poll.start()
    app.exec()


def wait_for(app, done: Callable[[], bool]) -> None:
    """Run the event loop until ``done()`` is true."""
    drive(app, lambda: iter([done]))


def pause(app, seconds: float) -> None:
    """Run the event loop for ``seconds``."""
    drive(app, lambda: iter([seconds]))
