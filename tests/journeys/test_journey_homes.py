"""Journey: opening folders that are not memory homes (a typo, the home's own memory/ folder).

The workbench says so and offers to open the home the folder is inside, pick another folder or
start a new home there; it never shows an empty home as if it were a memory with nothing in it.
"""
from __future__ import annotations

from tests.journeys.conftest import answer_dialog, answer_file_dialog, wait_for


def test_a_folder_that_is_not_a_home_is_refused_with_choices(journey_window, demo_home, tmp_path, shots):
    typo = tmp_path / "demo-dhs"
    seen: list[str] = []
    # started with a mistyped --home: the person is told, and cancels
    answer_dialog("Cancel", seen)
    window = journey_window(typo, expect_open=False)
    assert seen[0] == f"{typo} is not a memory home: it has no linghun/ folder."
    assert window.ctx is None and not typo.exists()
    assert window.status_home.text() == "No memory home is open."

    # File > Open… on the home's memory/ folder: the dialog names the home it is inside
    memory_folder = demo_home / "linghun" / "memory"
    seen.clear()
    answer_file_dialog(memory_folder)
    answer_dialog(f"Open {demo_home}", seen)
    window.act_open.trigger()
    assert seen[0].startswith(f"{memory_folder} is not a memory home")
    assert f"This folder is inside the home {demo_home}." in seen[1]
    assert window.ctx is not None and window.ctx.home.dsh_home == demo_home
    entries = window.pane("entries")
    assert entries.model.rowCount() > 100
    shots(window, "opened-the-enclosing-home")

    # a new empty folder: the person chooses to start a memory home there
    fresh = tmp_path / "new-dsh"
    fresh.mkdir()
    seen.clear()
    answer_file_dialog(fresh)
    answer_dialog("Create a Home Here", seen)
    window.act_open.trigger()
    wait_for(lambda: window.ctx is not None and window.ctx.home.dsh_home == fresh, what="the new home")
    assert (fresh / "linghun" / "memory").is_dir()
    assert window.pane("entries").model.rowCount() == 0
    assert window.status_counts.text() == "0 entries: 0 high, 0 medium, 0 low, 0 wrong"
    shots(window, "created-a-home")
