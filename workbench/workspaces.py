"""Workspaces: one screen per job, each with its own arrangement of the panes' docks.

Qt Creator's modes and VS Code's activity bar are the model: a bar at the left of the one main
window switches between jobs (Ctrl+1…), and each job keeps the docks the way the user left them.
The window holds one dock per registered pane; a workspace says which of them it shows and where,
and the window keeps one ``QMainWindow.saveState()`` per workspace (a dock a workspace does not
name is saved as hidden in it). A pane may appear in several workspaces: it is the same dock, put
where each workspace wants it.

Panes are named here by their ``NAME`` only; a name no registered pane has is skipped, so a pane
that is added later joins its workspace by the name written below (and a workspace none of whose
panes exists is not offered). A new pane not named anywhere is still in View > Panes.

Every default layout is designed for a 1280x800 laptop screen first: at most two columns and one
bottom row, each dock wide enough that its toolbar and its tables' columns show whole.
"""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt

A = Qt.DockWidgetArea

#: a pane asks the window to bring another pane in front (payload ``home``: the home's root,
#: ``pane``: its NAME), e.g. the transcript's turn link showing the Context pane
SHOW_PANE_TOPIC = "workbench.show_pane"


@dataclass(frozen=True)
class AreaLayout:
    """The docks of one dock area: groups side by side (stacked in a side area, next to each
    other in the bottom one); the panes of a group are tabs, the first one in front.

    Attributes:
        area: the dock area.
        share: its part of the window's width (left, right) or height (bottom).
        groups: the tab groups, each a tuple of pane NAMEs.
        weights: the groups' relative sizes along the area (default: equal).
    """

    area: Qt.DockWidgetArea
    share: float
    groups: tuple[tuple[str, ...], ...]
    weights: tuple[int, ...] = ()

    @property
    def orientation(self) -> Qt.Orientation:
        """How the groups of this area are split: stacked on the sides, side by side at the bottom."""
        if self.area in (A.LeftDockWidgetArea, A.RightDockWidgetArea):
            return Qt.Orientation.Vertical
        return Qt.Orientation.Horizontal


@dataclass(frozen=True)
class Workspace:
    """One job's screen.

    Attributes:
        id: stable identifier (the saved state is kept under it).
        TITLE: English title, translated through context "Workspace".
        icon: its icon on the bar (resources/icons).
        areas: the default layout, one ``AreaLayout`` per dock area used.
    """

    id: str
    TITLE: str
    icon: str
    areas: tuple[AreaLayout, ...]
    #: the bar's label when the title is too long for it (the title is then its tooltip)
    SHORT: str = ""

    def title(self) -> str:
        return QCoreApplication.translate("Workspace", self.TITLE)

    def short_title(self) -> str:
        return QCoreApplication.translate("Workspace", self.SHORT) if self.SHORT else self.title()

    def pane_names(self) -> list[str]:
        """Every pane this workspace names, registered or not, in layout order."""
        return [name for area in self.areas for group in area.groups for name in group]


#: the workspaces in the bar's order (Ctrl+1 is the first); add a pane by adding its NAME to a group
WORKSPACES: tuple[Workspace, ...] = (
    # the entries' table beside the editor and its diff need the whole width of a laptop, and so
    # does the ontology's tree beside its node editor: tabs, not columns
    Workspace("curate", QT_TRANSLATE_NOOP("Workspace", "Curate"), "entries", (
        AreaLayout(A.LeftDockWidgetArea, 1.0, (("entries", "ontology", "map"),)),
    )),
    Workspace("review", QT_TRANSLATE_NOOP("Workspace", "Review"), "diff", (
        AreaLayout(A.LeftDockWidgetArea, 1.0, (("review", "entries"),)),
    )),
    Workspace("rounds", QT_TRANSLATE_NOOP("Workspace", "Rounds"), "rounds", (
        AreaLayout(A.LeftDockWidgetArea, 1.0, (("rounds",),)),
    )),
    Workspace("conversation", QT_TRANSLATE_NOOP("Workspace", "Conversation"), "event", (
        # the context's table of parts beside its text needs the wider half
        AreaLayout(A.LeftDockWidgetArea, 0.42, (("conversation",),)),
        AreaLayout(A.RightDockWidgetArea, 0.58, (("context",),)),
    )),
    Workspace("goals", QT_TRANSLATE_NOOP("Workspace", "Goals"), "goal", (
        AreaLayout(A.LeftDockWidgetArea, 1.0, (("goals",),)),
    )),
    Workspace("gaps", QT_TRANSLATE_NOOP("Workspace", "Gaps"), "warning", (
        AreaLayout(A.LeftDockWidgetArea, 1.0, (("gaps", "entries"),)),
    )),
    Workspace("timeline", QT_TRANSLATE_NOOP("Workspace", "Timeline and history"), "event", (
        AreaLayout(A.LeftDockWidgetArea, 1.0, (("journal", "map"),)),
    ), SHORT=QT_TRANSLATE_NOOP("Workspace", "Timeline")),
    Workspace("evaluate", QT_TRANSLATE_NOOP("Workspace", "Evaluate"), "evaluation", (
        AreaLayout(A.LeftDockWidgetArea, 1.0, (("evaluation", "checks", "health"),)),
    )),
)

BY_ID: dict[str, Workspace] = {w.id: w for w in WORKSPACES}


def present_groups(area: AreaLayout, registered: set[str]) -> list[tuple[list[str], int]]:
    """The area's groups cut down to the registered panes (empty groups dropped), with weights."""
    weights = area.weights or (1,) * len(area.groups)
    found = []
    for group, weight in zip(area.groups, weights):
        names = [name for name in group if name in registered]
        if names:
            found.append((names, weight))
    return found


def offered(registered: set[str]) -> list[Workspace]:
    """The workspaces whose own pane (the first one named) is registered: Review without the
    review queue would only be the entries again."""
    return [w for w in WORKSPACES if w.pane_names()[0] in registered]


def dock_tree(window) -> dict[str, tuple]:
    """What a person sees of the docks, comparable between two moments: for each dock shown, its
    area, whether it floats, the docks it is tabbed with, whether its tab is in front, and its
    size. Two layouts with equal trees look the same."""
    tree = {}
    for name, dock in window.docks.items():
        if dock.isHidden():
            continue
        tabbed = tuple(sorted(d.objectName() for d in window.tabifiedDockWidgets(dock)))
        in_front = not dock.visibleRegion().isEmpty()
        rect = dock.geometry()
        tree[name] = (window.dockWidgetArea(dock).name, dock.isFloating(), tabbed, in_front,
                      (rect.x(), rect.y(), rect.width(), rect.height()) if in_front else None)
    return tree
