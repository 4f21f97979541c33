"""The command palette (Ctrl+Shift+P) and the one list of commands it shares with the F1 list.

Every command of the window is a ``QAction`` in the window's object tree: the menus, the main
toolbar, the panes' toolbars and keys, the workspace bar and the docks' View toggles all hold the
actions themselves, never copies. ``commands(window)`` reads that tree, and both the palette and
Help > Keyboard shortcuts are built from it, so an action reachable in a menu or by a key is in the
palette too (napari's lesson: an action outside the one registry is simply missing from it).

Running a pane's command first brings its pane to the front (the pane's keys work while the
focus is in it, and a person wants to see what the command did).
"""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QLabel, QLineEdit, QListWidget, QListWidgetItem, QMenu, QVBoxLayout, QWidget

from linghun.workbench.panes import Pane


@dataclass(frozen=True)
class Command:
    """One action of the window as a person finds it.

    Attributes:
        action: the action itself (triggering it runs the command).
        text: its text without the mnemonic's "&" and the trailing "…".
        where: the pane it belongs to, or the menu it is in ("Everywhere" for the window's own keys).
        pane: the NAME of its pane ("" for the window's own).
        keys: its shortcut as shown to the person ("" without one).
    """

    action: QAction
    text: str
    where: str
    pane: str
    keys: str

    @property
    def label(self) -> str:
        return f"{self.where}: {self.text}"


def clean_text(action: QAction) -> str:
    return action.text().replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip("…").strip()


def _owner_pane(action: QAction) -> Pane | None:
    owner = action.parent()
    while owner is not None and not isinstance(owner, Pane):
        owner = owner.parent()
    return owner


def _menu_of(action: QAction) -> QMenu | None:
    for obj in action.associatedObjects():
        if isinstance(obj, QMenu):
            return obj
    return None


def commands(window) -> list[Command]:
    """Every action of ``window`` a person can run: with a text, not a separator nor a submenu,
    not the invisible actions of a widget (a line edit's clear button), window actions first."""
    everywhere = QCoreApplication.translate("Palette", "Everywhere")
    window.build_every_pane()  # a pane not shown yet is built when first shown: its commands too
    found: dict[int, Command] = {}
    for action in window.findChildren(QAction):
        text = clean_text(action)
        if not text or action.isSeparator() or action.menu() is not None or id(action) in found:
            continue
        pane = _owner_pane(action)
        menu = _menu_of(action)
        if pane is not None:
            where, name = pane.title(), pane.NAME
        elif menu is not None:
            where, name = clean_text(menu.menuAction()), ""
        else:
            where, name = everywhere, ""
        keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        found[id(action)] = Command(action, text, where, name, keys)
    return sorted(found.values(), key=lambda c: (c.pane != "", c.where, c.text))


def fuzzy_score(query: str, text: str) -> int | None:
    """How well ``text`` matches ``query`` typed in the palette (higher is better), or None when
    the query's characters are not all in it in order. Matches at a word's start and runs of
    consecutive characters count most, so "rl" finds "Reset Layout" before "Reload"."""
    query, text = query.lower().strip(), text.lower()
    if not query:
        return 0
    score, at, run = 0, 0, 0
    for ch in query:
        if ch == " ":
            continue
        found = text.find(ch, at)
        if found < 0:
            return None
        run = run + 1 if found == at and at else 1
        starts_word = found == 0 or not text[found - 1].isalnum()
        score += 1 + 2 * run + (6 if starts_word else 0) - min(found - at, 5)
        at = found + 1
    if query in text:
        score += 20
    return score


def ranked(query: str, available: list[Command]) -> list[Command]:
    """The commands matching ``query``, best first (ties keep ``available``'s order)."""
    scored = []
    for n, command in enumerate(available):
        # what the command does counts above where it is: "conversation" is the workspace first,
        # the Conversation pane's Send after
        on_text = fuzzy_score(query, command.text)
        score = fuzzy_score(query, command.label)
        if on_text is not None:
            exact = command.text.lower() == query.lower().strip()
            score = max(score or 0, on_text + 10 + (30 if exact else 0))
        if score is not None:
            scored.append((-score, n, command))
    return [c for _s, _n, c in sorted(scored, key=lambda t: (t[0], t[1]))]


class CommandPalette(QDialog):
    """A filter line over ``commands(window)``: type to narrow, Up/Down to choose, Enter runs.

    Attributes:
        query: the line typed in.
        results: the matching commands, best first.
    """

    def __init__(self, window, parent: QWidget | None = None) -> None:
        super().__init__(parent or window)
        self.window_ = window
        self.setObjectName("command-palette")
        self.setWindowTitle(self.tr("Command palette"))
        self.available = commands(window)
        self.shown: list[Command] = []
        self.query = QLineEdit(self)
        self.query.setObjectName("palette-query")
        self.query.setPlaceholderText(self.tr("Type a command…"))
        self.query.setAccessibleName(self.tr("Command to run"))
        self.results = QListWidget(self)
        self.results.setObjectName("palette-results")
        self.results.setAccessibleName(self.tr("Matching commands"))
        self.results.setUniformItemSizes(True)
        self.hint = QLabel(self.tr("Enter runs the command chosen; Esc closes."), self)
        layout = QVBoxLayout(self)
        layout.addWidget(self.query)
        layout.addWidget(self.results, 1)
        layout.addWidget(self.hint)
        self.query.textChanged.connect(self._filter)
        self.query.returnPressed.connect(self.run_current)
        self.results.itemActivated.connect(self._run_item)
        self.query.installEventFilter(self)
        self.resize(min(720, window.width() - 40), min(460, window.height() - 80))
        self._filter("")

    def _filter(self, text: str) -> None:
        self.shown = ranked(text, self.available)
        self.results.clear()
        for command in self.shown:
            label = f"{command.label}    {command.keys}" if command.keys else command.label
            item = QListWidgetItem(label, self.results)
            if not command.action.isEnabled():
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
        first = next((n for n, c in enumerate(self.shown) if c.action.isEnabled()), -1)
        self.results.setCurrentRow(first)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt override
        # Up and Down in the query line move through the results, as in every palette
        if obj is self.query and event.type() == event.Type.KeyPress and event.key() in (Qt.Key.Key_Up, Qt.Key.Key_Down):
            QCoreApplication.sendEvent(self.results, event)
            return True
        return super().eventFilter(obj, event)

    def _run_item(self, item: QListWidgetItem) -> None:
        self.results.setCurrentItem(item)
        self.run_current()

    def run_current(self) -> None:
        """Run the command chosen (nothing for a disabled one) and close."""
        row = self.results.currentRow()
        if not 0 <= row < len(self.shown):
            return
        command = self.shown[row]
        if not command.action.isEnabled():
            return
        self.accept()
        if command.pane:
            self.window_.show_pane(command.pane)
        command.action.trigger()
