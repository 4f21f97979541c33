"""A plain-Python event bus: the core publishes, the GUI (through one bridge QObject) listens.

Topics are dotted strings (``entries.changed``, ``goal.transition``, ``trace.span``,
``round.finished``...). Subscribers are called synchronously in the publishing thread; a
subscriber that raises is reported on stderr and never breaks the publisher.
"""
from __future__ import annotations

import sys
import threading
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable

Callback = Callable[["Event"], None]


@dataclass(frozen=True)
class Event:
    topic: str
    payload: dict[str, Any] = field(default_factory=dict)


class EventBus:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._subs: list[tuple[str, Callback]] = []

    def subscribe(self, topic: str, callback: Callback) -> Callable[[], None]:
        """``topic`` is exact, a prefix ending in ``.*``, or ``*``; returns an unsubscribe."""
        entry = (topic, callback)
        with self._lock:
            self._subs.append(entry)

        def unsubscribe() -> None:
            with self._lock:
                if entry in self._subs:
                    self._subs.remove(entry)

        return unsubscribe

    def publish(self, topic: str, **payload: Any) -> None:
        event = Event(topic, payload)
        with self._lock:
            subs = list(self._subs)
        for pattern, callback in subs:
            if _matches(pattern, topic):
                try:
                    callback(event)
                except Exception:  # a broken listener must not break memory writes
                    traceback.print_exc(file=sys.stderr)


def _matches(pattern: str, topic: str) -> bool:
    if pattern == "*" or pattern == topic:
        return True
    return pattern.endswith(".*") and topic.startswith(pattern[:-1])


#: the process-wide bus; tests may create their own
bus = EventBus()
