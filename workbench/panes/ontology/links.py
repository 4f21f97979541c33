"""Asking the entries pane to show a warm entry, from any pane that points at one.

Upstream has no entry ids, only ``[n]``; a pointer found in a node, a timeline mark or a gap is
resolved here to the entry's in-process id. The entries pane of the main window (``ctx.window.pane("entries")``)
selects it and its dock is raised; the request is also published on the core event bus as
``workbench.select_entry`` (payload ``entry_id``, ``n``), which the bridge re-emits as a Qt signal,
for any other listener.
"""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication

SELECT_ENTRY_TOPIC = "workbench.select_entry"


def request_entry(ctx, n: int | None = None, entry_id: str | None = None) -> str | None:
    """Select warm entry ``[n]`` (or ``entry_id``) in the entries pane; its id, or None if gone."""
    entries = ctx.memory.entries()
    entry = None
    if entry_id is not None:
        entry = next((e for e in entries if e.id == entry_id), None)
    elif n is not None and 1 <= n <= len(entries):
        entry = entries[n - 1]
    if entry is None:
        what = f"[{n}]" if n is not None else str(entry_id)
        ctx.show_message(QCoreApplication.translate("Links", "There is no warm entry %1 any more.").replace("%1", what))
        return None
    entries_pane = entries_pane_of(ctx)
    if entries_pane is not None and hasattr(entries_pane, "select_entry"):
        entries_pane.select_entry(entry.id)
        raise_pane(ctx, "entries")
    ctx.memory.events.publish(SELECT_ENTRY_TOPIC, home=str(ctx.home.root), entry_id=entry.id, n=entry.n)
    return entry.id


def entries_pane_of(ctx):
    """The entries pane of the window showing ``ctx`` (None headless or when it failed to open)."""
    return pane_of(ctx, "entries")


def pane_of(ctx, name: str):
    """Pane ``name`` of the window showing ``ctx`` (None headless or when it failed to open)."""
    window = getattr(ctx, "window", None)
    finder = getattr(window, "pane", None)
    return finder(name) if callable(finder) else None


def raise_pane(ctx, name: str) -> None:
    """Show and raise the dock of pane ``name`` (tabified docks hide each other): the window's
    ``show_pane`` goes to a workspace that has the pane, rather than squeezing it into this one."""
    window = getattr(ctx, "window", None)
    show = getattr(window, "show_pane", None)
    if callable(show):
        show(name)
        return
    dock = (getattr(window, "docks", None) or {}).get(name)
    if dock is not None:
        dock.show()
        dock.raise_()
