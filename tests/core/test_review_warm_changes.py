"""warm.md read change by change: the changed region found by comparing texts, on texts longer
than the comparison's chunk, with the change at the start, middle and end."""
from __future__ import annotations

import pytest

from linghun.core.formats.warm import new_entry
from linghun.core.review.warm_changes import analyse_warm, changed_region, count_entries


def _text(n: int, flip: int | None = None, extra: int = 0) -> str:
    blocks = []
    for i in range(n):
        conf = "wrong" if i == flip else "high"
        blocks.append(new_entry(f"2026-01-01 {i // 60 % 24:02d}:{i % 60:02d}", "fact", conf,
                                f"服务{i} | 端口 | {8000 + i} | 运维手册第 {i} 页").raw.rstrip("\n") + "\n\n")
    for k in range(extra):
        blocks.append(new_entry("2026-02-01 10:00", "event", "medium", f"代理 | 记录 | 第 {k} 次 | | 细节").raw + "\n")
    return "".join(blocks).rstrip("\n") + "\n"


@pytest.mark.parametrize("where", [0, 700, 1499])
def test_a_flip_anywhere_in_a_long_file_is_one_update_with_the_right_numbers(where):
    before, after = _text(1500), _text(1500, flip=where, extra=1)
    assert len(before) > 2 * 65536
    changes = analyse_warm(before, after)
    assert [c.kind for c in changes] == ["update"]
    assert changes[0].consequences[0].startswith(f"retires fact [{where + 1}] 服务{where} | 端口 | {8000 + where}")
    assert changes[0].consequences[1].startswith("adds event [1501] 代理 | 记录 | 第 0 次")


def test_the_region_is_bounded_by_entry_starts_and_the_rest_is_the_same_text():
    before, after = _text(1500), _text(1500, flip=700)
    start, end_a, end_b = changed_region(before, after)
    assert before[:start] == after[:start] and before[end_a:] == after[end_b:]
    assert count_entries(before, start) == 700 and end_a - start == end_b - start + len("high") - len("wrong")


def test_identical_texts_change_nothing():
    text = _text(300)
    assert analyse_warm(text, text) == []
