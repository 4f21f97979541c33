"""Journey: memories from mem0 come in through File > Import Memories… (what it is, the file, the
diff of warm.md, Apply), Edit > Undo takes them back to warm.md's very bytes, and File > Export
Memories… writes the home as JSONL."""
from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtWidgets import QInputDialog

from tests.journeys.conftest import _when_modal as when_modal, answer_dialog, answer_file_dialog, wait_for

MEM0 = Path(__file__).resolve().parents[1] / "fixtures" / "exchange" / "mem0_get_all.json"


def _answer_what_it_is(label: str) -> None:
    """Choose ``label`` in the next "What is it?" list and press OK."""
    def pick(dialog) -> bool:
        if not isinstance(dialog, QInputDialog):
            return False
        assert label in dialog.comboBoxItems()
        dialog.setTextValue(label)
        dialog.accept()
        return True

    when_modal(pick, 15000)


def test_memories_from_mem0_come_in_after_their_diff_and_undo_takes_them_back(journey_window, demo_home, tmp_path):
    warm = demo_home / "linghun" / "memory" / "warm.md"
    original = warm.read_bytes()
    window = journey_window(demo_home)
    memories = [m["memory"] for m in json.loads(MEM0.read_text(encoding="utf-8"))["results"]]

    seen = []
    _answer_what_it_is("mem0 export (JSON)")
    answer_file_dialog(MEM0)
    answer_dialog("Apply", seen)
    window.act_import.trigger()  # File > Import Memories…
    wait_for(lambda: seen, 20000, "the import's diff")
    assert seen[0].startswith(f"Import {len(memories)} entries from mem0_get_all.json"), seen
    text = warm.read_text(encoding="utf-8")
    assert all(m in text for m in memories) and text.startswith(original.decode("utf-8").rstrip("\n"))
    assert f"Imported {len(memories)} entries" in window.notifications.label.text()
    assert window.act_undo.text().endswith(f"Import {len(memories)} entries")

    window.act_undo.trigger()  # Edit > Undo
    assert warm.read_bytes() == original

    # the same file again after a redo: nothing new, said, nothing written
    window.act_redo.trigger()
    after = warm.read_bytes()
    _answer_what_it_is("mem0 export (JSON)")
    answer_file_dialog(MEM0)
    window.act_import.trigger()
    wait_for(lambda: "Nothing to import" in window.notifications.label.text(), 20000, "nothing new said")
    assert warm.read_bytes() == after

    out = tmp_path / "home.jsonl"
    _answer_what_it_is("linghun JSONL (lossless)")
    answer_file_dialog(out)
    window.act_export.trigger()  # File > Export Memories…
    wait_for(lambda: "Exported" in window.notifications.label.text(), 20000, "the export")
    lines = out.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0])["format"] == "linghun-warm" and len(lines) - 1 == len(window.ctx.memory.entries())


def test_a_file_that_is_not_the_format_says_why_and_writes_nothing(journey_window, demo_home, tmp_path):
    warm = demo_home / "linghun" / "memory" / "warm.md"
    original = warm.read_bytes()
    window = journey_window(demo_home)
    bad = tmp_path / "broken.json"
    bad.write_text("{not json", encoding="utf-8")
    _answer_what_it_is("mem0 export (JSON)")
    answer_file_dialog(bad)
    window.act_import.trigger()
    wait_for(lambda: "broken.json" in window.notifications.label.text(), 20000, "the error")
    assert warm.read_bytes() == original
